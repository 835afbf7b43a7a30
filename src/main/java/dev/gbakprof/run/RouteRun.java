package dev.gbakprof.run;

import dev.gbakprof.firebird.ServerAddress;
import dev.gbakprof.log.Event;
import dev.gbakprof.log.EventListener;
import dev.gbakprof.log.LinePipeline;
import dev.gbakprof.model.CpuInterval;
import dev.gbakprof.model.CpuSample;
import dev.gbakprof.model.Durations;
import dev.gbakprof.model.Environment;
import dev.gbakprof.model.FailureReason;
import dev.gbakprof.model.GbakExit;
import dev.gbakprof.model.Interruption;
import dev.gbakprof.model.Phase;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunKind;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.model.Via;
import dev.gbakprof.model.Warning;
import dev.gbakprof.model.WarningCode;
import dev.gbakprof.monitor.CpuSampler;
import dev.gbakprof.monitor.DatabaseDisk;
import dev.gbakprof.monitor.FirebirdConfReader;
import dev.gbakprof.monitor.PhaseUse;
import dev.gbakprof.monitor.SortFiles;
import dev.gbakprof.monitor.WorkerProcess;
import dev.gbakprof.store.RunMarker;
import dev.gbakprof.timeline.RestoreTimeline;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Runs one route (a restore, or a drill's backup) to its end and makes its record: each line to the raw log and,
 * through the pipeline, to the timeline and the progress display, while the worker's CPU is sampled; then what the
 * pipeline made of the lines with what only a live run knows (how it ended, the samples, the wall time).
 *
 * @param exitWait how long gbak may stay after the last line of a finished run before it is said ({@link
 *     ProgressDisplay#EXIT_WAIT})
 */
record RouteRun(
        RunOptions options,
        Path gbak,
        Supplier<Environment> environment,
        PrintStream progressOut,
        boolean terminal,
        Duration exitWait) {

    /** What gbak does after its last line without printing, as the warnings say it: a restore sets FLAGS first. */
    private static final String FLAGS = "setting the database's ONLINE and FORCED WRITES flags, ";

    private static final String DETACH =
            "detaching; an embedded Firebird tool can hang at its detach: FirebirdSQL/firebird#7589";

    /**
     * What a route's run gave: its end, the samples, the ETA's basis, when it started and its wall time, and how long
     * gbak stayed after the last line of a finished run ({@code null}: not finished, or no gbak here).
     */
    record Streamed(
            RestoreRoute.Ending result,
            List<CpuSample> samples,
            List<String> sampleWarnings,
            String etaBasis,
            String startedAt,
            double wall,
            Double afterEnd) {}

    /**
     * Runs one route (a restore, or a drill's backup) to its end: each line to the raw log and, through the pipeline,
     * to the timeline and the progress display, while the worker's CPU is sampled.
     *
     * @param marker the run folder's marker, told the ETA ({@code status}); {@code null}: none
     */
    @SuppressWarnings(
            "try") // the sampler is closed as soon as the route ends, so its samples stop there; closing twice is safe
    Streamed stream(
            RestoreRoute route,
            RestoreTimeline timeline,
            RawLog raw,
            Path rawLog,
            ProgressDisplay.Eta eta,
            Worker worker,
            DatabaseDisk disk,
            RunMarker marker) {
        PhaseNow phaseNow = new PhaseNow();
        String startedAt = Instant.now().truncatedTo(ChronoUnit.MILLIS).toString();
        long t0 = System.nanoTime();
        RestoreRoute.Ending result;
        List<String> sampleWarnings;
        List<CpuSample> samples;
        String etaBasis;
        Double afterEnd;
        try (raw;
                ProgressDisplay display = new ProgressDisplay(
                        timeline, progressOut, terminal, eta, route.via() == Via.GBAK ? exitWait : null);
                CpuSampler sampler = new CpuSampler(
                        options.sampleInterval().toMillis(), worker::pid, phaseNow::get, disk, sortDirectories())) {
            display.reportTo(marker);
            LinePipeline pipeline = new LinePipeline(timeline, display, phaseNow);
            progressOut.println("gbakprof: " + route.command());
            progressOut.println("gbakprof: raw log " + rawLog);
            phaseNow.onEnd(sampler::phaseEnded);
            sampler.start(t0);
            result = route.run(raw, pipeline::push, options.timeout());
            afterEnd = display.secondsAfterEnd();
            sampler.close();
            samples = sampler.samples();
            sampleWarnings = sampler.warnings();
            etaBasis = display.etaBasis();
        }
        double wall = (System.nanoTime() - t0) / 1e9;
        return new Streamed(result, samples, sampleWarnings, etaBasis, startedAt, wall, afterEnd);
    }

    /**
     * The restore's phase as of gbak's latest line, for the sampler's thread: gbak's start-up before its first line
     * is the setup's, as the timeline counts it. The first line of a phase later than any before it (metadata, data,
     * indexes, finish) ends the phase of the line before it: {@link #onEnd} is told, once per phase (gbak's lines go
     * back and forth between metadata and data: an index's definition comes right before its table's data).
     */
    private static final class PhaseNow implements EventListener {
        private volatile Phase phase = Phase.SETUP;
        private Phase furthest = Phase.SETUP;
        private volatile Consumer<Phase> onEnd = ended -> {};

        void onEnd(Consumer<Phase> onEnd) {
            this.onEnd = onEnd;
        }

        @Override
        public void onEvent(Event event) {
            Phase next = event.kind().phase();
            if (next == null) {
                return;
            }
            if (next.ordinal() > furthest.ordinal()) {
                furthest = next;
                onEnd.accept(phase);
            }
            phase = next;
        }

        Phase get() {
            return phase;
        }
    }

    /**
     * The process whose resources are sampled: gbak when it restores embedded, the server on this machine when
     * a server does the work (services API, {@code -se}, {@code host:path}), none for a server elsewhere.
     *
     * @param elsewhere the server that does the work on another machine; {@code null} when the work runs here
     */
    record Worker(RestoreRoute route, Long serverPid, ServerAddress elsewhere) {

        /**
         * The worker of {@code route} through {@code server} ({@code null}: gbak does the work itself). A server at
         * one of this machine's own addresses is this machine's too: its process is sampled.
         */
        static Worker of(RestoreRoute route, ServerAddress server) {
            if (server == null) {
                return new Worker(route, null, null);
            }
            return server.onThisMachine()
                    ? new Worker(null, WorkerProcess.localServer(server.port()), null)
                    : new Worker(null, null, server);
        }

        /** What the record says of the machine that did the work: unknown where a server elsewhere did it. */
        Environment environment(Environment probed) {
            return probed == null || elsewhere == null ? probed : probed.workElsewhere(elsewhere.toString());
        }

        Long pid() {
            return serverPid != null ? serverPid : route == null ? null : route.ownWorkerPid();
        }

        String name(List<CpuSample> samples) {
            if (samples.stream().noneMatch(s -> s.processCpuSeconds() != null)) {
                return null;
            }
            return serverPid != null ? "Firebird server (pid " + serverPid + ")" : "gbak (pid " + pid() + ")";
        }
    }

    /**
     * The disk the database is written to, where it is on this machine (embedded, or a local server's path) and the
     * OS says ({@link dev.gbakprof.monitor.DatabaseDisk}); {@code null} for a server elsewhere.
     */
    DatabaseDisk databaseDisk(String database) {
        try {
            if (!options.throughServer()) {
                return DatabaseDisk.of(Path.of(database));
            }
            return options.serverFor(database).onThisMachine() // its own address too, not only a localhost name
                    ? DatabaseDisk.of(Path.of(options.serverPath(database)))
                    : null;
        } catch (RuntimeException ex) {
            return null; // a name that is no path here: unknown
        }
    }

    /**
     * Firebird's temp directories, where Windows keeps a sort's files visible while it runs ({@link
     * dev.gbakprof.monitor.SortFiles}); empty elsewhere (Linux reads the worker's open files instead).
     */
    private List<Path> sortDirectories() {
        if (!SortFiles.windows()) {
            return List.of();
        }
        return SortFiles.directories(
                        FirebirdConfReader.find(gbak, null), System.getenv(), true, options.throughServer())
                .stream()
                .map(Path::of)
                .toList();
    }

    Worker worker(RestoreRoute route, String database) {
        return Worker.of(route, options.throughServer() ? options.serverFor(database) : null);
    }

    /**
     * What a timeout or Ctrl-C that stopped gbak after it printed the end of the restore leaves, for its warning: gbak
     * was in what it does after its last line without printing (it sets the database's ONLINE and FORCED WRITES flags,
     * then detaches, where an embedded Firebird tool can hang: FirebirdSQL/firebird#7589), and the database is not
     * removed as partial ({@link PartialDatabase#partial}); {@code ""} for a restore stopped before its end.
     */
    private static final String REPEATED =
            " (a series of restores, --repeat or matrix, still removes it after its run, as every restore's, unless"
                    + " --keep)";

    private static String stoppedAfterItsEnd(RestoreRun parsed, RestoreRoute.Ending result) {
        if (!parsed.wentToTheEnd() || parsed.kind() == RunKind.BACKUP) {
            return "";
        }
        // printed after the stop by gbak's own clock (which starts after the process did): it went on, the stop
        // did not cut it; a line read after the stop may have been printed before it
        if (result.wentOnAt() != null
                && parsed.lastSeenSeconds() != null
                && parsed.lastSeenSeconds() > result.wentOnAt()) {
            return String.format(
                            Locale.ROOT,
                            "; gbak went on after the stop (sent %.1f s after it started: embedded gbak does not always"
                                    + " answer a SIGTERM at once) and reached the end of the restore",
                            result.wentOnAt())
                    + String.format(Locale.ROOT, " (its last line at %.3f s on its clock)", parsed.lastSeenSeconds())
                    + ". Every table and index was restored, so the database is not removed as partial" + REPEATED
                    + ": check it before use (gfix -v -full)";
        }
        return "; gbak had printed the end of the restore"
                + (parsed.lastSeenSeconds() == null
                        ? ""
                        : String.format(
                                Locale.ROOT, " (its last line at %.3f s on its clock)", parsed.lastSeenSeconds()))
                + " and was then stopped in what it does after its last line without printing (" + FLAGS + DETACH
                + "). Every table and index was restored, so the database is not removed as"
                + " partial" + REPEATED
                + ": check it before use (gstat -h: its Attributes say whether it is shut down, gfix -online"
                + " normal brings it online; gfix -v -full)";
    }

    /**
     * What stopped gbak when a SIGINT gbakprof did not get ended it ({@link GbakExit#bySigint}): {@code SIGINT reached
     * gbak but not gbakprof, …; taken as Ctrl-C (gbak exit code 1, ERROR:connection shutdown)}.
     */
    private static String signalledNote(Integer exitCode, List<String> errors) {
        return "SIGINT reached gbak but not gbakprof, which was started with SIGINT ignored (a background job of a"
                + " script): a Ctrl-C to the process group stopped gbak alone; taken as Ctrl-C ("
                + GbakExit.words(exitCode, null) + ", " + FailureReason.gbakError(errors) + ")";
    }

    /** gbakprof's words on its stop, unless gbak's lines already had gbakprof say why the run failed. */
    private static String stop(String failure, WarningCode by, Double seconds) {
        if (failure != null) {
            return failure;
        }
        return FailureReason.stopped(
                by, by == WarningCode.INTERRUPTED ? Interruption.word() : FailureReason.stopper(by), seconds);
    }

    /**
     * The record of a route's run: what the pipeline made of its lines, and what only a live run knows.
     *
     * @param backupFile the backup's name when the log does not give it
     */
    RestoreRun finish(
            RestoreTimeline timeline,
            Streamed streamed,
            RestoreRoute route,
            Worker worker,
            String label,
            Path rawLog,
            Long backupBytes,
            String rawFailure,
            String backupFile) {
        RestoreRoute.Ending result = streamed.result();
        // a SIGINT gbakprof did not get ended gbak (gbakprof started with it ignored: a Ctrl-C to the process group
        // reached gbak alone): a stop, taken as gbakprof's Ctrl-C, not a failed restore
        boolean signalled = rawFailure == null
                && result.launchError() == null
                && !result.timedOut()
                && !result.interrupted()
                && route.via() == Via.GBAK
                && GbakExit.bySigint(result.exitCode(), timeline.errors(), Signals.ctrlCIgnored());
        if (signalled) {
            Signals.reachedGbakOnly("INT");
        }
        boolean stopped = rawFailure != null
                || result.launchError() == null && (result.timedOut() || result.interrupted() || signalled);
        if (stopped) {
            timeline.stoppedByGbakprof(); // what gbak printed as it ended is the stop's doing (errorsAfterStop)
        }
        RestoreRun parsed = timeline.toRun(label, rawLog.toString());
        String what = parsed.kind() == RunKind.BACKUP ? "backup" : "restore";
        List<String> errors = new ArrayList<>(parsed.errors());
        List<Warning> warnings = new ArrayList<>(parsed.warnings());
        streamed.sampleWarnings().forEach(w -> warnings.add(new Warning(WarningCode.CPU_SAMPLING, w)));
        RunStatus status = parsed.status();
        String failure = parsed.failure(); // gbakprof's words, kept apart from gbak's (errors)
        if (rawFailure != null) {
            status = RunStatus.INCOMPLETE;
            warnings.add(new Warning(
                    WarningCode.RAW_LOG_UNWRITABLE,
                    "gbakprof stopped the " + what + ": cannot write the raw log " + rawFailure
                            + stoppedAfterItsEnd(parsed, result)));
            failure = stop(failure, WarningCode.RAW_LOG_UNWRITABLE, result.stoppedAt());
        } else if (result.launchError() != null) {
            status = RunStatus.FAILED;
            errors.add(result.launchError());
        } else if (result.timedOut()) {
            status = RunStatus.INCOMPLETE;
            warnings.add(new Warning(
                    WarningCode.TIMEOUT,
                    "timeout of " + options.timeout().toString().substring(2).toLowerCase() + ": " + result.stopNote()
                            + stoppedAfterItsEnd(parsed, result)));
            failure = stop(failure, WarningCode.TIMEOUT, options.timeout().toMillis() / 1000.0);
        } else if (result.interrupted() || signalled) {
            status = RunStatus.INCOMPLETE;
            warnings.add(new Warning(
                    WarningCode.INTERRUPTED,
                    "interrupted (" + Interruption.word() + "): "
                            + (signalled ? signalledNote(result.exitCode(), timeline.errors()) : result.stopNote())
                            + stoppedAfterItsEnd(parsed, result)));
            // when gbakprof did not stop gbak, gbak's end is when the signal came
            Double at = signalled ? Double.valueOf(streamed.wall()) : result.stoppedAt();
            failure = stop(failure, WarningCode.INTERRUPTED, at);
        } else if (result.exitCode() != null && result.exitCode() != 0) {
            status = RunStatus.FAILED;
            if (errors.isEmpty() && failure == null) {
                String meaning = GbakExit.meaning(result.exitCode(), null);
                failure = "gbak exited with code " + result.exitCode() + (meaning == null ? "" : " (" + meaning + ")")
                        + " without an error message";
            }
        } else if (result.error() != null) {
            status = RunStatus.FAILED;
            // gbakprof's sentence around the server's words (the services API's failure, a lost connection): the
            // reason, not one of gbak's lines
            failure = failure == null ? result.error() : failure + "; " + result.error();
        } else if (status == RunStatus.INCOMPLETE && options.viaService()) {
            // the service ended on its own before gbak's "finishing, closing, and going home": Firebird 3 reports
            // no error for a truncated backup there, where gbak says "Backup incomplete"
            status = RunStatus.FAILED;
            failure = result.brokenReply() == null
                    ? "the services " + what + " ended before finishing (no error from the server)"
                    : "gbakprof lost the services " + what + "'s output: the server's reply broke off out of step"
                            + " with the wire protocol (" + result.brokenReply() + "), other bytes were mixed into"
                            + " the connection (a Firebird 3 server started without -d prints gbak's prompt for a"
                            + " next backup volume, of this or another services restore whose backup file ends"
                            + " early, into a client's connection); the server may go on "
                            + (what.equals("backup") ? "backing up" : "restoring");
        } else if (status == RunStatus.COMPLETED && timeline.columns().isEmpty() && !options.viaService()) {
            warnings.add(new Warning(
                    WarningCode.NO_STATISTICS,
                    "gbak printed no statistics columns: pass -st tdrw (or leave -st out of the extra arguments)"));
        }
        Double afterEnd = streamed.afterEnd();
        if (afterEnd != null
                && afterEnd >= exitWait.toNanos() / 1e9
                && rawFailure == null
                && !result.timedOut()
                && !result.interrupted()
                && !signalled) {
            warnings.add(new Warning(
                    WarningCode.LATE_EXIT,
                    "gbak exited " + Durations.human(afterEnd) + " after the last line of the "
                            + what + ": what gbak does after that line prints nothing ("
                            + (what.equals("backup") ? "" : FLAGS) + DETACH
                            + ");"
                            + " the wall time"
                            + " includes that wait, the total on gbak's clock does not"));
        }
        Environment machine = worker.environment(environment.get());
        return parsed.toBuilder()
                // a run gbakprof stopped has no total, also when gbak went on to its end (it did not always answer
                // the stop, or the stop cut what it does after its last line): lastSeenSeconds and reachedEnd say so
                .totalSeconds(stopped ? null : parsed.totalSeconds())
                .via(route.via())
                .startedAt(streamed.startedAt())
                .exitCode(result.exitCode())
                .command(route.command())
                .status(status)
                .errors(errors)
                .failure(failure)
                .warnings(warnings)
                .environment(machine)
                .worker(worker.name(streamed.samples()))
                .phaseResources(PhaseUse.of(streamed.samples(), CpuInterval.cores(machine)))
                .cpuSamples(streamed.samples())
                .backupFile(parsed.backupFile() != null ? parsed.backupFile() : backupFile)
                // a backup's: the bytes gbak says it wrote (as parse reads them), else the file's size
                .backupBytes(parsed.backupBytes() != null ? parsed.backupBytes() : backupBytes)
                .wallSeconds(Math.round(streamed.wall() * 1000) / 1000.0)
                .build();
    }
}
