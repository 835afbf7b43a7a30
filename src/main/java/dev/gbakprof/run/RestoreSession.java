package dev.gbakprof.run;

import dev.gbakprof.exec.GbakInvocation;
import dev.gbakprof.firebird.DatabaseInspector;
import dev.gbakprof.firebird.FirebirdAccessException;
import dev.gbakprof.firebird.RunVerifier;
import dev.gbakprof.firebird.Server;
import dev.gbakprof.firebird.ServerFileAccess;
import dev.gbakprof.firebird.ServiceRestore;
import dev.gbakprof.log.LinePipeline;
import dev.gbakprof.model.Environment;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.model.Warning;
import dev.gbakprof.model.WarningCode;
import dev.gbakprof.monitor.CpuSampler;
import dev.gbakprof.store.RunJson;
import dev.gbakprof.timeline.RestoreTimeline;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * One live restore, by gbak or by the server's services API: streams every line through the same
 * pipeline as {@code parse} while the restore works, writes the raw output to {@code gbak.log} as it
 * arrives and {@code run.json} atomically at the end (also after a failure, a timeout or Ctrl-C), and
 * never leaves a gbak process behind. With {@code --inspect} a completed restore is then opened through
 * the server, described and verified against its log.
 */
public final class RestoreSession {
    private static final DateTimeFormatter DIR_TIME = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    private final RunOptions options;
    private final Path gbak;
    private final java.util.function.Supplier<Environment> environment;
    private final PrintStream progressOut;
    private final boolean terminal;

    /** What one restore left behind. */
    public record Outcome(RestoreRun run, Path runDir) {
    }

    public RestoreSession(RunOptions options, Path gbak, Environment environment, PrintStream progressOut,
                          boolean terminal) {
        this(options, gbak, () -> environment, progressOut, terminal);
    }

    /**
     * @param environment asked for at the end of each restore, so a slow probe (OSHI, {@code gbak -z}) can run
     *                    while gbak works instead of delaying its start
     */
    public RestoreSession(RunOptions options, Path gbak, java.util.function.Supplier<Environment> environment,
                          PrintStream progressOut, boolean terminal) {
        this.options = options;
        this.gbak = gbak;
        this.environment = environment;
        this.progressOut = progressOut;
        this.terminal = terminal;
    }

    /**
     * Restores once into {@code database}.
     *
     * @param database the database file for this restore (a fresh name for repeated runs)
     * @param label    the run's label
     * @param tag      suffix of the run folder (for repeated runs), or empty
     */
    public Outcome restore(String database, String label, String tag) throws IOException {
        boolean local = !options.throughServer();
        RestoredDatabase target = new RestoredDatabase(options, database);
        boolean existedBefore = target.exists();
        Long backupBytes = local && Files.isRegularFile(Path.of(options.backup())) ? Files.size(Path.of(options.backup())) : null;

        // a --baseline that cannot be read is refused before a run folder exists
        Double baseline = Baselines.find(options.baseline(), options.runsDir(), options.backup(), backupBytes)
                .map(RestoreRun::totalSeconds).orElse(null);
        Path runDir = newRunDir(label, tag);
        Path rawLog = runDir.resolve("gbak.log");
        RestoreRoute route = route(database);

        RestoreTimeline timeline = new RestoreTimeline();
        CountDownLatch recorded = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            route.interrupt(); // Ctrl-C: stop the restore, then let the record be written
            try {
                recorded.await(20, TimeUnit.SECONDS);
            } catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
            }
        }, "gbakprof-ctrl-c");
        Runtime.getRuntime().addShutdownHook(hook);

        String startedAt = Instant.now().truncatedTo(ChronoUnit.MILLIS).toString();
        long t0 = System.nanoTime();
        RestoreRoute.Ending result;
        List<String> sampleWarnings;
        List<dev.gbakprof.model.CpuSample> samples;
        try (OutputStream raw = new BufferedOutputStream(Files.newOutputStream(rawLog));
             ProgressDisplay display = new ProgressDisplay(timeline, progressOut, terminal, baseline);
             CpuSampler sampler = new CpuSampler(options.sampleInterval().toMillis())) {
            LinePipeline pipeline = new LinePipeline(timeline, display);
            progressOut.println("gbakprof: " + route.command());
            progressOut.println("gbakprof: raw log " + rawLog);
            sampler.start(t0);
            result = route.run(raw, pipeline::push, options.timeout());
            sampler.close();
            samples = sampler.samples();
            sampleWarnings = sampler.warnings();
        }
        double wall = (System.nanoTime() - t0) / 1e9;
        try {
            RestoreRun run = finish(timeline, result, route, label, rawLog, startedAt, wall, backupBytes,
                    samples, sampleWarnings);
            if (options.inspect()) {
                run = inspect(run, database);
            }
            // A restore that never reached "finishing, closing, and going home" (stopped, or gbak gave up on a
            // truncated backup) leaves a partial database nobody can use; one that finished but failed an index
            // is kept: the DBA fixes it with gfix -online.
            String left = partial(run) ? removePartial(target, existedBefore, run.status()) : null;
            if (left != null) {
                run = run.withWarning(WarningCode.PARTIAL_DATABASE_KEPT, left);
            }
            RunJson.write(run, runDir.resolve("run.json"));
            return new Outcome(run, runDir);
        } finally {
            recorded.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException ex) {
                // already shutting down (Ctrl-C): the hook is running and waits for the latch above
            }
        }
    }

    /** The restore left a partial database: it never reached gbak's finishing line (stopped, or gave up). */
    static boolean partial(RestoreRun run) {
        return run.status() == RunStatus.INCOMPLETE || (run.status() == RunStatus.FAILED && run.totalSeconds() == null);
    }

    /**
     * Removes the partial database this restore created (a file, or through the server); returns a warning
     * when a partial database is left in place, {@code null} when none is.
     */
    private String removePartial(RestoredDatabase target, boolean existedBefore, RunStatus status) {
        if (options.viaService() && status == RunStatus.INCOMPLETE) {
            return null; // stopped: the server may still be restoring it (the stop warning says so)
        }
        String left = "the partial database " + target.where() + " is left in place: ";
        if (existedBefore) {
            // without --replace gbak and the services restore refuse an existing database and leave it as it was
            return options.replace() ? left + "it existed before this run" : null;
        }
        if (options.keepPartial()) {
            return left + "--keep-partial";
        }
        try {
            if (target.remove()) {
                progressOut.println("gbakprof: removed the partial database " + target.where() + " (--keep-partial keeps it)");
            }
            return null;
        } catch (FirebirdAccessException | IOException ex) {
            return left + ex.getMessage();
        }
    }

    private RestoreRoute route(String database) {
        if (options.viaService()) {
            return new ServiceRoute(new ServiceRestore(new Server(options.server(), options.credentials()),
                    options.backup(), database, options.replace()));
        }
        return new GbakRoute(GbakInvocation.restore(gbak, options.backup(), database, options.replace(),
                options.gbakUser(), options.password(), options.extraArgs()));
    }

    /** Opens the restored database through the server and verifies it; any failure to do so fails the run. */
    private RestoreRun inspect(RestoreRun run, String database) {
        if (run.status() != RunStatus.COMPLETED) {
            return run.withWarning(WarningCode.NOT_INSPECTED, "--inspect: not inspected, the restore did not complete");
        }
        RestoreRun.Builder checked = run.toBuilder();
        Server server = new Server(options.serverFor(database), options.credentials());
        String path = options.serverPath(database);
        try {
            if (!options.throughServer()) {
                String note = ServerFileAccess.handOver(Path.of(database));
                if (note != null) {
                    progressOut.println("gbakprof: " + note);
                    checked.warning(WarningCode.FILE_HANDED_OVER, note);
                }
            }
            progressOut.println("gbakprof: inspecting " + path + " through " + server.address());
            return RunVerifier.verify(checked.build(),
                    new DatabaseInspector(server).inspect(path));
        } catch (FirebirdAccessException | IOException ex) {
            List<String> errors = new ArrayList<>(run.errors());
            errors.add("--inspect: " + ex.getMessage());
            return checked.status(RunStatus.FAILED).errors(errors).build();
        }
    }

    private RestoreRun finish(RestoreTimeline timeline, RestoreRoute.Ending result, RestoreRoute route, String label,
                              Path rawLog, String startedAt, double wall, Long backupBytes,
                              List<dev.gbakprof.model.CpuSample> samples, List<String> sampleWarnings) {
        RestoreRun parsed = timeline.toRun(label, rawLog.toString());
        List<String> errors = new ArrayList<>(parsed.errors());
        List<Warning> warnings = new ArrayList<>(parsed.warnings());
        sampleWarnings.forEach(w -> warnings.add(new Warning(WarningCode.CPU_SAMPLING, w)));
        RunStatus status = parsed.status();
        if (result.launchError() != null) {
            status = RunStatus.FAILED;
            errors.add(result.launchError());
        } else if (result.timedOut()) {
            status = RunStatus.INCOMPLETE;
            warnings.add(new Warning(WarningCode.TIMEOUT, "timeout of "
                    + options.timeout().toString().substring(2).toLowerCase() + ": " + result.stopNote()));
        } else if (result.interrupted()) {
            status = RunStatus.INCOMPLETE;
            warnings.add(new Warning(WarningCode.INTERRUPTED, "interrupted (Ctrl-C): " + result.stopNote()));
        } else if (result.exitCode() != null && result.exitCode() != 0) {
            status = RunStatus.FAILED;
            if (errors.isEmpty()) {
                errors.add("gbak exited with code " + result.exitCode() + " without an error message");
            }
        } else if (result.error() != null) {
            status = RunStatus.FAILED;
            errors.add(result.error());
        } else if (status == RunStatus.INCOMPLETE && options.viaService()) {
            // the service ended on its own before gbak's "finishing, closing, and going home": Firebird 3 reports
            // no error for a truncated backup there, where gbak says "Backup incomplete"
            status = RunStatus.FAILED;
            errors.add("gbakprof: the services restore ended before finishing (no error from the server)");
        } else if (status == RunStatus.COMPLETED && timeline.columns().isEmpty() && !options.viaService()) {
            warnings.add(new Warning(WarningCode.NO_STATISTICS,
                    "gbak printed no statistics columns: pass -st tdrw (or leave -st out of the extra arguments)"));
        }
        return parsed.toBuilder()
                .via(route.via())
                .startedAt(startedAt)
                .exitCode(result.exitCode())
                .command(route.command())
                .status(status)
                .errors(errors)
                .warnings(warnings)
                .environment(environment.get())
                .cpuSamples(samples)
                .backupFile(parsed.backupFile() != null ? parsed.backupFile() : options.backup())
                .backupBytes(backupBytes)
                .wallSeconds(Math.round(wall * 1000) / 1000.0)
                .build();
    }

    private Path newRunDir(String label, String tag) throws IOException {
        String safe = RunOptions.fileSafe(label);
        String base = LocalDateTime.now().format(DIR_TIME) + "-" + safe + tag;
        Path dir = options.runsDir().resolve(base);
        int n = 2;
        while (Files.exists(dir)) {
            dir = options.runsDir().resolve(base + "-" + n++);
        }
        Files.createDirectories(dir);
        return dir;
    }
}
