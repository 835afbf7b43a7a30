package dev.gbakprof.run;

import dev.gbakprof.exec.GbakInvocation;
import dev.gbakprof.firebird.DatabaseInspector;
import dev.gbakprof.firebird.FirebirdAccessException;
import dev.gbakprof.firebird.RunVerifier;
import dev.gbakprof.firebird.Server;
import dev.gbakprof.firebird.ServerFileAccess;
import dev.gbakprof.firebird.ServiceRestore;
import dev.gbakprof.log.Event;
import dev.gbakprof.log.EventListener;
import dev.gbakprof.log.LinePipeline;
import dev.gbakprof.model.Environment;
import dev.gbakprof.model.Phase;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.model.Warning;
import dev.gbakprof.model.WarningCode;
import dev.gbakprof.monitor.CpuSampler;
import dev.gbakprof.monitor.PhaseUse;
import dev.gbakprof.monitor.WorkerProcess;
import dev.gbakprof.store.RunJson;
import dev.gbakprof.store.RunStore;
import dev.gbakprof.timeline.RestoreTimeline;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;
import java.time.Instant;
import java.time.LocalDateTime;
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

    private final RunOptions options;
    private final Path gbak;
    private final java.util.function.Supplier<Environment> environment;
    private final PrintStream progressOut;
    private final boolean terminal;
    private final RestoreRoute.Factory routes;

    /**
     * What one restore left behind.
     *
     * @param unsaved what could not be written to the run folder (the raw log, run.json), naming the file and the
     *                reason; {@code null} when both were written
     */
    public record Outcome(RestoreRun run, Path runDir, String unsaved) {
        public Outcome(RestoreRun run, Path runDir) {
            this(run, runDir, null);
        }
    }

    public RestoreSession(
            RunOptions options, Path gbak, Environment environment, PrintStream progressOut, boolean terminal) {
        this(options, gbak, () -> environment, progressOut, terminal);
    }

    /**
     * @param environment asked for at the end of each restore, so a slow probe (OSHI, {@code gbak -z}) can run
     *                    while gbak works instead of delaying its start
     */
    public RestoreSession(
            RunOptions options,
            Path gbak,
            java.util.function.Supplier<Environment> environment,
            PrintStream progressOut,
            boolean terminal) {
        this(options, gbak, environment, progressOut, terminal, null);
    }

    /** @param routes makes the route of each restore; {@code null}: gbak or the services API, as the options say */
    RestoreSession(
            RunOptions options,
            Path gbak,
            java.util.function.Supplier<Environment> environment,
            PrintStream progressOut,
            boolean terminal,
            RestoreRoute.Factory routes) {
        this.options = options;
        this.gbak = gbak;
        this.environment = environment;
        this.progressOut = progressOut;
        this.terminal = terminal;
        this.routes = routes != null ? routes : this::route;
    }

    /** How long gbak may stay after the last line of a finished run before it is said ({@link ProgressDisplay#EXIT_WAIT}). */
    private java.time.Duration exitWait = ProgressDisplay.EXIT_WAIT;

    /** What gbak does after its last line without printing, as the warnings say it: a restore sets FLAGS first. */
    private static final String FLAGS = "setting the database's ONLINE and FORCED WRITES flags, ";

    private static final String DETACH =
            "detaching; an embedded Firebird tool can hang at its detach: FirebirdSQL/firebird#7589";

    /** A test's {@link #exitWait}, shorter than a minute. */
    RestoreSession exitWait(java.time.Duration wait) {
        this.exitWait = wait;
        return this;
    }

    /**
     * Restores once into {@code database}.
     *
     * @param database the database file for this restore (a fresh name for repeated runs)
     * @param label    the run's label
     * @param tag      suffix of the run folder (for repeated runs), or empty
     */
    public Outcome restore(String database, String label, String tag) throws IOException {
        return restore(database, label, tag, null, null);
    }

    /**
     * The restore of a drill ({@link Drill}): of the backup it just made, into the run folder that holds that backup;
     * the folder's run.json then holds the backup's record first, the restore's second.
     */
    Outcome restoreDrill(String database, String label, Path runDir, RestoreRun backupRecord) throws IOException {
        return restore(database, label, "", runDir, backupRecord);
    }

    private Outcome restore(String database, String label, String tag, Path drillDir, RestoreRun before)
            throws IOException {
        RestoredDatabase target = new RestoredDatabase(options, database);
        Path file = target.localFile();
        // held from before the look at the database to after its removal or replacement: a second run to this name
        // is refused instead of racing this one (and removing what this one restores)
        try (TargetLock claim = file == null ? null : TargetLock.take(file, !options.throughServer())) {
            return restoreClaimed(target, file, claim != null, label, tag, drillDir, before);
        }
    }

    private Outcome restoreClaimed(
            RestoredDatabase target,
            Path file,
            boolean claimed,
            String label,
            String tag,
            Path drillDir,
            RestoreRun before)
            throws IOException {
        String database = target.name();
        boolean existedBefore = target.exists();
        if (existedBefore && !options.replace() && file != null) {
            throw new RunRefusedException(database + ": database exists (it appeared after the checks: another program "
                    + "restoring into it?); it was left untouched. Choose another --database");
        }
        // --replace never lets gbak write over the database: the restore goes beside it, and only a completed (with
        // --inspect, verified) restore is moved over it
        boolean replacing = existedBefore && options.replace();
        if (replacing) {
            if (file == null) {
                throw new RunRefusedException(remoteReplace(database));
            }
            RunOptions.checkReplaceable(database, file);
        }
        RestoredDatabase into = replacing ? target.staging() : target;
        // gbak reads the backup here also when it restores through a server over TCP: its size is known then too
        Path backupHere = options.backupHere();
        Long backupBytes = backupHere != null ? Files.size(backupHere) : null;

        // a --baseline that cannot be read is refused before a run folder exists
        RestoreRoute route = routes.route(into.name());
        String way = dev.gbakprof.stats.Confounder.route(route.via(), route.command(), into.name());
        ProgressDisplay.Eta eta = eta(
                (options.drill()
                        ? Baselines.findDrill(
                                options.baseline(), options.runsDir(), options.backupFrom(), route.via(), way)
                        : Baselines.find(
                                options.baseline(),
                                options.runsDir(),
                                options.backup(),
                                backupBytes,
                                route.via(),
                                way)),
                route,
                way,
                backupBytes,
                database);
        Path runDir = drillDir != null ? drillDir : newRunDir(label, tag);
        Path rawLog = runDir.resolve(RunStore.GBAK_LOG);
        RawLog raw;
        try {
            raw = RawLog.create(rawLog, route::interrupt);
        } catch (IOException ex) {
            if (drillDir == null) {
                Files.deleteIfExists(runDir);
            }
            throw new RunRefusedException(rawLog + ": cannot write the raw log (" + reason(ex)
                    + "); nothing was restored. " + "Choose a --runs-dir you can write");
        }

        RestoreTimeline timeline = new RestoreTimeline();
        CountDownLatch recorded = new CountDownLatch(1);
        ValidateStep validation = new ValidateStep(options, gbak, progressOut);
        Thread hook = addCtrlCHook(
                () -> {
                    route.interrupt(); // Ctrl-C: stop the restore, then let the record be written
                    validation.interrupt();
                },
                recorded);

        Worker worker = worker(route, database);
        Streamed streamed = stream(route, timeline, raw, rawLog, eta, worker, databaseDisk(database));
        try {
            RestoreRun run =
                    finish(timeline, streamed, route, label, rawLog, backupBytes, raw.failure(), options.backup());
            run = run.toBuilder()
                    .worker(worker.name(streamed.samples()))
                    .phaseResources(PhaseUse.of(streamed.samples()))
                    .etaBasis(streamed.etaBasis())
                    .build();
            if (options.inspect()) {
                run = inspect(run, into.name());
            }
            if (options.validate()) {
                run = validation.validate(run, into.name(), runDir);
            }
            if (replacing) {
                run = replace(run, target, file, into, claimed);
            } else if (partial(run)) {
                // A restore that never reached "finishing, closing, and going home" (stopped, or gbak gave up on a
                // truncated backup) leaves a partial database nobody can use; one that finished but failed an index
                // is kept: the DBA fixes it with gfix -online.
                run = warn(run, WarningCode.PARTIAL_DATABASE_KEPT, removePartial(target, claimed, existedBefore, run));
            }
            run = run.toBuilder()
                    .backupSha256(before != null ? before.backupSha256() : backupSha256(backupHere))
                    .backupFrom(options.backupFrom())
                    .build();
            String unsaved = raw.failure() == null ? null : "cannot write the raw log " + raw.failure();
            unsaved = save(runDir, before == null ? run : List.of(before, run), unsaved, before);
            return new Outcome(run, runDir, unsaved);
        } finally {
            recorded.countDown();
            removeCtrlCHook(hook);
        }
    }

    /**
     * Writes run.json (a record, or a drill's two) and then {@value RunStore#CHECKSUMS}, the SHA-256 of every file of
     * the run folder; returns what could not be written, added to {@code unsaved} ({@code null}: all was).
     */
    static String save(Path runDir, Object records, String unsaved, RestoreRun backupRecord) {
        Path json = runDir.resolve(RunStore.RUN_JSON);
        try {
            RunJson.writeAtomically(records, json);
        } catch (IOException ex) {
            return (unsaved == null ? "" : unsaved + "; ") + "cannot write the run record " + json + " (" + reason(ex)
                    + ")";
        }
        java.util.Map<String, String> known = new java.util.HashMap<>();
        if (backupRecord != null && backupRecord.backupSha256() != null && backupRecord.backupFile() != null) {
            known.put(Path.of(backupRecord.backupFile()).getFileName().toString(), backupRecord.backupSha256());
        }
        try {
            RunStore.writeChecksums(runDir, known);
        } catch (IOException ex) {
            return (unsaved == null ? "" : unsaved + "; ") + "cannot write " + runDir.resolve(RunStore.CHECKSUMS) + " ("
                    + reason(ex) + ")";
        }
        return unsaved;
    }

    /**
     * The SHA-256 of the backup, read after the restore (before it, the read would put the backup in the page cache
     * and speed the restore up); {@code null} when there is no file here or it cannot be read.
     */
    String backupSha256(Path backup) {
        if (backup == null) {
            return null;
        }
        try {
            long size = Files.size(backup);
            if (size > (256L << 20)) {
                progressOut.println(
                        String.format(java.util.Locale.ROOT, "gbakprof: SHA-256 of %s (%,d bytes) ...", backup, size));
            }
            String sha = dev.gbakprof.store.ReportDir.sha256(backup);
            return sha.isEmpty() ? null : sha;
        } catch (IOException ex) {
            progressOut.println("gbakprof: cannot read " + backup + " for its SHA-256 (" + ex.getMessage() + ")");
            return null;
        }
    }

    /**
     * What a route's run gave: its end, the samples, the ETA's basis, when it started and its wall time, and how long
     * gbak stayed after the last line of a finished run ({@code null}: not finished, or no gbak here).
     */
    private record Streamed(
            RestoreRoute.Ending result,
            List<dev.gbakprof.model.CpuSample> samples,
            List<String> sampleWarnings,
            String etaBasis,
            String startedAt,
            double wall,
            Double afterEnd) {}

    /**
     * Runs one route (a restore, or a drill's backup) to its end: each line to the raw log and, through the pipeline,
     * to the timeline and the progress display, while the worker's CPU is sampled.
     */
    @SuppressWarnings(
            "try") // the sampler is closed as soon as the route ends, so its samples stop there; closing twice is safe
    private Streamed stream(
            RestoreRoute route,
            RestoreTimeline timeline,
            RawLog raw,
            Path rawLog,
            ProgressDisplay.Eta eta,
            Worker worker,
            dev.gbakprof.monitor.DatabaseDisk disk) {
        PhaseNow phaseNow = new PhaseNow();
        String startedAt = Instant.now().truncatedTo(ChronoUnit.MILLIS).toString();
        long t0 = System.nanoTime();
        RestoreRoute.Ending result;
        List<String> sampleWarnings;
        List<dev.gbakprof.model.CpuSample> samples;
        String etaBasis;
        Double afterEnd;
        try (raw;
                ProgressDisplay display = new ProgressDisplay(
                        timeline,
                        progressOut,
                        terminal,
                        eta,
                        route.via() == dev.gbakprof.model.Via.GBAK ? exitWait : null);
                CpuSampler sampler = new CpuSampler(
                        options.sampleInterval().toMillis(), worker::pid, phaseNow::get, disk, sortDirectories())) {
            LinePipeline pipeline = new LinePipeline(timeline, display, phaseNow);
            progressOut.println("gbakprof: " + route.command());
            progressOut.println("gbakprof: raw log " + rawLog);
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

    /** Ctrl-C: {@code stop} stops the work, then the hook waits (up to 20 s) until the record is written. */
    private static Thread addCtrlCHook(Runnable stop, CountDownLatch recorded) {
        Thread hook = new Thread(
                () -> {
                    stop.run();
                    try {
                        recorded.await(20, TimeUnit.SECONDS);
                    } catch (InterruptedException ex) {
                        Thread.currentThread().interrupt();
                    }
                },
                "gbakprof-ctrl-c");
        Runtime.getRuntime().addShutdownHook(hook);
        return hook;
    }

    private static void removeCtrlCHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException ex) {
            // already shutting down (Ctrl-C): the hook is running and waits for the latch
        }
    }

    /**
     * The first stage of a drill ({@code run --backup-from}): {@code gbak -b -v -st tdrw} of the database (or the
     * services backup) into {@code file}, a new file in the run folder, its output in {@value RunStore#BACKUP_LOG}
     * as it arrives and through the same pipeline as every restore: a record of kind backup, timed as a restore is.
     */
    RestoreRun backUp(Path file, Path runDir, String label) throws IOException {
        Path rawLog = runDir.resolve(RunStore.BACKUP_LOG);
        RestoreRoute route = options.viaService()
                ? new ServiceRoute(dev.gbakprof.firebird.ServiceRestore.backup(
                        new Server(options.server(), options.credentials()), options.backupFrom(), file.toString()))
                : new GbakRoute(GbakInvocation.backup(
                        gbak, options.backupFrom(), file.toString(), options.backupUser(), options.password()));
        RawLog raw;
        try {
            raw = RawLog.create(rawLog, route::interrupt);
        } catch (IOException ex) {
            throw new RunRefusedException(rawLog + ": cannot write the backup's log (" + reason(ex)
                    + "); nothing was backed up or restored. Choose a --runs-dir you can write");
        }
        RestoreTimeline timeline = new RestoreTimeline();
        CountDownLatch recorded = new CountDownLatch(1);
        Thread hook = addCtrlCHook(route::interrupt, recorded);
        try {
            dev.gbakprof.firebird.ServerAddress server = options.viaService()
                    ? options.server()
                    : options.backupThroughServer()
                            ? dev.gbakprof.firebird.ServerAddress.remote(options.backupFrom())
                                    .server()
                            : null;
            Worker worker = server == null
                    ? new Worker(route, null)
                    : new Worker(null, server.onThisMachine() ? WorkerProcess.localServer() : null);
            Streamed streamed = stream(route, timeline, raw, rawLog, ProgressDisplay.Eta.NONE, worker, null);
            Long bytes = Files.isRegularFile(file) ? Files.size(file) : null;
            RestoreRun run = finish(timeline, streamed, route, label, rawLog, bytes, raw.failure(), file.toString());
            // gbak that failed before its first line does not say it was backing up: here it was
            List<Warning> warnings = run.warnings().stream()
                    .filter(w -> !w.is(WarningCode.KIND_UNKNOWN))
                    .toList();
            return run.toBuilder()
                    .kind(dev.gbakprof.model.RunKind.BACKUP)
                    .warnings(warnings)
                    .worker(worker.name(streamed.samples()))
                    .phaseResources(PhaseUse.of(streamed.samples()))
                    .build();
        } finally {
            recorded.countDown();
            removeCtrlCHook(hook);
        }
    }

    /** The gfix {@code --validate} runs: beside gbak, else the PATH and the usual places. */
    public static java.util.Optional<Path> gfix(Path gbak) {
        return ValidateStep.gfix(gbak);
    }

    /** Why {@code --replace} is refused for a database on another machine. */
    static String remoteReplace(String database) {
        return database + ": --replace of a database on another machine is refused: gbakprof restores beside the "
                + "database and moves it over only after the restore completed, which needs the server's files on this "
                + "machine (gbak -rep would destroy the database when the restore fails). Restore into a new --database";
    }

    private static RestoreRun warn(RestoreRun run, WarningCode code, String warning) {
        return warning == null ? run : run.withWarning(code, warning);
    }

    /**
     * {@code --replace}: moves the restored database ({@code into}, beside the target) over the target when the
     * restore completed (and, with --inspect, verified) and nobody opened the target meanwhile; otherwise the target
     * stays as it was, a partial restore is removed and a finished but failed one is kept beside it for a look.
     */
    private RestoreRun replace(
            RestoreRun run, RestoredDatabase target, Path file, RestoredDatabase into, boolean claimed) {
        Path staged = into.localFile();
        String kept = target.name() + " was left as it was; the restored database is kept at " + staged;
        if (run.status() == RunStatus.COMPLETED) {
            OpenFiles.Holders h = OpenFiles.of(file);
            String refused = !h.holders().isEmpty()
                    ? target.name() + " came into use during the restore (open in " + String.join(", ", h.holders())
                            + "): not replaced; " + kept
                    : null;
            if (refused == null) {
                try {
                    keepOwnerAndMode(file, staged);
                    try {
                        Files.move(staged, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                    } catch (java.nio.file.AtomicMoveNotSupportedException ex) {
                        Files.move(staged, file, StandardCopyOption.REPLACE_EXISTING);
                    }
                    progressOut.println("gbakprof: replaced " + target.name() + " with the restored database (restored "
                            + "beside it as " + staged + ")");
                    return run.toBuilder()
                            .database(run.database() == null ? null : target.name())
                            .build();
                } catch (IOException ex) {
                    refused = "cannot move " + staged + " over " + target.name() + " (" + reason(ex) + "); " + kept;
                }
            }
            List<String> errors = new ArrayList<>(run.errors());
            errors.add("gbakprof: " + refused);
            progressOut.println("gbakprof: " + refused);
            return run.toBuilder().status(RunStatus.FAILED).errors(errors).build();
        }
        if (partial(run)) {
            String left = removePartial(into, claimed, false, run);
            return warn(
                    run,
                    WarningCode.NOT_REPLACED,
                    (left != null ? left + "; " : "") + "--replace: the restore did not complete, so " + target.name()
                            + " was left as it was");
        }
        return warn(
                run,
                WarningCode.NOT_REPLACED,
                "--replace: the restore did not succeed, so " + kept + " (remove it when done)");
    }

    /** The restored file takes the owner, group and permissions of the database it replaces (as root). */
    private static void keepOwnerAndMode(Path from, Path to) {
        try {
            PosixFileAttributes a = Files.readAttributes(from, PosixFileAttributes.class);
            PosixFileAttributeView view = Files.getFileAttributeView(to, PosixFileAttributeView.class);
            view.setPermissions(a.permissions());
            view.setOwner(a.owner());
            view.setGroup(a.group());
        } catch (IOException | UnsupportedOperationException ex) {
            // not root, or not a POSIX file system: the restored file keeps what gbak or the server gave it
        }
    }

    static String reason(IOException ex) {
        if (ex instanceof java.nio.file.AccessDeniedException) {
            return "permission denied";
        }
        if (ex instanceof java.nio.file.FileAlreadyExistsException) {
            return "exists";
        }
        if (ex instanceof java.nio.file.NoSuchFileException) {
            return "no such file or folder";
        }
        return ex.getMessage() == null ? ex.toString() : ex.getMessage();
    }

    /** The restore's phase as of gbak's latest line, for the sampler's thread. */
    private static final class PhaseNow implements EventListener {
        private volatile Phase phase;

        @Override
        public void onEvent(Event event) {
            if (event.kind().phase() != null) {
                phase = event.kind().phase();
            }
        }

        Phase get() {
            return phase;
        }
    }

    /**
     * The process whose resources are sampled: gbak when it restores embedded, the server on this machine when
     * a server does the work (services API, {@code -se}, {@code host:path}), none for a server elsewhere.
     */
    private record Worker(RestoreRoute route, Long serverPid) {
        Long pid() {
            return serverPid != null ? serverPid : route == null ? null : route.ownWorkerPid();
        }

        String name(List<dev.gbakprof.model.CpuSample> samples) {
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
    private dev.gbakprof.monitor.DatabaseDisk databaseDisk(String database) {
        try {
            if (!options.throughServer()) {
                return dev.gbakprof.monitor.DatabaseDisk.of(Path.of(database));
            }
            return options.serverFor(database).onThisMachine() // its own address too, not only a localhost name
                    ? dev.gbakprof.monitor.DatabaseDisk.of(Path.of(options.serverPath(database)))
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
        if (!dev.gbakprof.monitor.SortFiles.windows()) {
            return List.of();
        }
        return dev.gbakprof.monitor.SortFiles.directories(
                        dev.gbakprof.monitor.FirebirdConfReader.find(gbak, null),
                        System.getenv(),
                        true,
                        options.throughServer())
                .stream()
                .map(Path::of)
                .toList();
    }

    private Worker worker(RestoreRoute route, String database) {
        if (!options.throughServer()) {
            return new Worker(route, null);
        }
        // a server at one of this machine's own addresses is this machine's too: its process is sampled
        Long server = options.serverFor(database).onThisMachine() ? WorkerProcess.localServer() : null;
        return new Worker(null, server);
    }

    /**
     * What the ETA is computed from: the baseline's model, and the backup's read position when it can be had (gbak's
     * descriptor of it; with the services API or gbak -se, a local server's).
     */
    private ProgressDisplay.Eta eta(
            List<RestoreRun> baselines, RestoreRoute route, String way, Long backupBytes, String database) {
        RestoreRun baseline = baselines.isEmpty() ? null : baselines.get(baselines.size() - 1);
        if (baseline == null || baseline.restoreSeconds() == null) {
            // a --baseline that failed, stopped or is an excerpt has no total and no time for the phases it misses
            return new ProgressDisplay.Eta(
                    null,
                    null,
                    null,
                    baseline == null
                            ? "no completed restore of this backup on the " + route.via() + " route"
                                    + (way == null || route.via() != dev.gbakprof.model.Via.GBAK
                                            ? ""
                                            : " (" + way + ")")
                                    + " in " + options.runsDir() + " (or give --baseline)"
                            : "the baseline " + baseline.source() + " is not a completed restore (status "
                                    + baseline.status() + "): it has no total to forecast from");
        }
        dev.gbakprof.forecast.LiveEta model = new dev.gbakprof.forecast.LiveEta(baselines, chosen(baseline, route));
        boolean serverReads = options.serverReadsBackup();
        dev.gbakprof.firebird.ServerAddress reader = serverReads ? options.serverFor(database) : null;
        if (reader != null && !reader.onThisMachine()) {
            // its own address, not only localhost: a server on this machine has its descriptors in /proc here too
            return new ProgressDisplay.Eta(
                    model,
                    null,
                    null,
                    "the backup is read by the server on " + reader.host()
                            + ", a remote server: its descriptors are not seen from here");
        }
        Long bytes = backupBytes;
        if (bytes == null) {
            try {
                bytes = Files.size(Path.of(options.backup()));
            } catch (IOException | RuntimeException ex) {
                return new ProgressDisplay.Eta(model, null, null, "the backup's size cannot be read here");
            }
        }
        Long server = serverReads ? WorkerProcess.localServer() : null;
        BackupPosition position = !serverReads
                ? BackupPosition.of(options.backup(), route::ownWorkerPid, "gbak")
                : server != null
                        ? BackupPosition.of(options.backup(), () -> server, "server")
                        : BackupPosition.of(options.backup(), null, "server");
        return new ProgressDisplay.Eta(model, position, bytes, null);
    }

    /**
     * How the ETA's baseline was chosen, for the record's etaBasis: found in the runs folder, of the same backup (a
     * drill: of the same database) on the same route; given with --baseline, and then what differs from this run.
     */
    private String chosen(RestoreRun baseline, RestoreRoute route) {
        if (options.baseline() == null) {
            // several: the baseline's name says which (LiveEta#baselineName)
            return options.drill() ? "an earlier drill of the same database, same route" : "same backup and route";
        }
        List<String> differs = new ArrayList<>();
        if (baseline.via() == dev.gbakprof.model.Via.LOG) {
            differs.add("a gbak log, its route unknown");
        } else if (baseline.via() != null && baseline.via() != route.via()) {
            differs.add("restored through " + baseline.via() + ", this run through " + route.via()
                    + ": the routes restore at different speeds");
        }
        if (!options.drill()
                && baseline.backupFile() != null
                && !baseline.backupFile().equals(options.backup())) {
            differs.add("of another backup file, " + baseline.backupFile());
        }
        return "given with --baseline" + (differs.isEmpty() ? "" : "; " + String.join("; ", differs));
    }

    /**
     * The restore left a partial database: it never reached gbak's finishing line (stopped, or gave up). A restore that
     * printed its end and was stopped after it (a timeout or Ctrl-C while gbak hung in its last steps) left every table
     * and index: not partial ({@link #stoppedAfterItsEnd}).
     */
    static boolean partial(RestoreRun run) {
        return (run.status() == RunStatus.INCOMPLETE || run.status() == RunStatus.FAILED) && !run.wentToTheEnd();
    }

    /**
     * What a timeout or Ctrl-C that stopped gbak after it printed the end of the restore leaves, for its warning: gbak
     * was in what it does after its last line without printing (it sets the database's ONLINE and FORCED WRITES flags,
     * then detaches, where an embedded Firebird tool can hang: FirebirdSQL/firebird#7589), and the database is not
     * removed as partial ({@link #partial}); {@code ""} for a restore stopped before its end.
     */
    private static String stoppedAfterItsEnd(RestoreRun parsed) {
        if (!parsed.wentToTheEnd() || parsed.kind() == dev.gbakprof.model.RunKind.BACKUP) {
            return "";
        }
        return "; gbak had printed the end of the restore"
                + (parsed.lastSeenSeconds() == null
                        ? ""
                        : String.format(
                                java.util.Locale.ROOT,
                                " (its last line at %.3f s on its clock)",
                                parsed.lastSeenSeconds()))
                + " and was then stopped in what it does after its last line without printing (" + FLAGS + DETACH
                + "). Every table and index was restored, so the database is not removed as"
                + " partial: check it before use (gstat -h: its Attributes say whether it is shut down, gfix -online"
                + " normal brings it online; gfix -v -full)";
    }

    /**
     * Removes the partial database this restore provably created (a file that did not exist when this run took its
     * claim on the name; through a server elsewhere, one gbak reported creating), a file or through the server;
     * returns a warning when a partial database is left in place, {@code null} when none is.
     */
    private String removePartial(RestoredDatabase target, boolean claimed, boolean existedBefore, RestoreRun run) {
        if (existedBefore) {
            return null; // gbak and the services restore refuse an existing database without -rep: it is as it was
        }
        if (options.viaService() && run.status() == RunStatus.INCOMPLETE) {
            return null; // stopped: the server may still be restoring it (the stop warning says so)
        }
        String left = "the partial database " + target.where() + " is left in place: ";
        if (!claimed && run.database() == null) {
            return target.exists() ? left + "gbak did not report creating it, so it may not be this run's" : null;
        }
        if (options.keepPartial()) {
            return left + "--keep-partial";
        }
        try {
            if (target.remove()) {
                progressOut.println(
                        "gbakprof: removed the partial database " + target.where() + " (--keep-partial keeps it)");
            }
            return null;
        } catch (FirebirdAccessException | IOException ex) {
            return left + ex.getMessage();
        }
    }

    /**
     * The raw log as the restore's output reaches it: the first write error (a full disk) is kept and stops the
     * restore at once, instead of surfacing at the end when the measurement is lost.
     */
    static final class RawLog extends OutputStream {
        private final OutputStream out;
        private final Path path;
        private final Runnable stop;
        private volatile String failure;

        RawLog(OutputStream out, Path path, Runnable stop) {
            this.out = out;
            this.path = path;
            this.stop = stop;
        }

        /** A new file (never one that exists) that {@code stop}s the work at its first write error. */
        static RawLog create(Path path, Runnable stop) throws IOException {
            return new RawLog(
                    new BufferedOutputStream(
                            Files.newOutputStream(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)),
                    path,
                    stop);
        }

        /** {@code PATH (reason)} of the first write error, or {@code null}. */
        String failure() {
            return failure;
        }

        @Override
        public void write(int b) {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) {
            if (failure == null) {
                try {
                    out.write(b, off, len);
                } catch (IOException ex) {
                    fail(ex);
                }
            }
        }

        @Override
        public void flush() {
            if (failure == null) {
                try {
                    out.flush();
                } catch (IOException ex) {
                    fail(ex);
                }
            }
        }

        @Override
        public void close() {
            try {
                out.close();
            } catch (IOException ex) {
                if (failure == null) {
                    failure = path + " (" + reason(ex) + ")";
                }
            }
        }

        private void fail(IOException ex) {
            failure = path + " (" + reason(ex) + ")";
            stop.run();
        }
    }

    private RestoreRoute route(String database) {
        if (options.viaService()) {
            return new ServiceRoute(new ServiceRestore(
                    new Server(options.server(), options.credentials()), options.backup(), database, false));
        }
        // never -rep: --replace restores beside the database (see replace)
        return new GbakRoute(GbakInvocation.restore(
                gbak, options.backup(), database, false, options.gbakUser(), options.password(), options.extraArgs()));
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
            return RunVerifier.verify(checked.build(), new DatabaseInspector(server).inspect(path));
        } catch (FirebirdAccessException | IOException ex) {
            List<String> errors = new ArrayList<>(run.errors());
            errors.add("--inspect: " + ex.getMessage());
            return checked.status(RunStatus.FAILED).errors(errors).build();
        }
    }

    /**
     * The record of a route's run: what the pipeline made of its lines, and what only a live run knows.
     *
     * @param backupFile the backup's name when the log does not give it
     */
    private RestoreRun finish(
            RestoreTimeline timeline,
            Streamed streamed,
            RestoreRoute route,
            String label,
            Path rawLog,
            Long backupBytes,
            String rawFailure,
            String backupFile) {
        RestoreRoute.Ending result = streamed.result();
        RestoreRun parsed = timeline.toRun(label, rawLog.toString());
        String what = parsed.kind() == dev.gbakprof.model.RunKind.BACKUP ? "backup" : "restore";
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
                            + stoppedAfterItsEnd(parsed)));
        } else if (result.launchError() != null) {
            status = RunStatus.FAILED;
            errors.add(result.launchError());
        } else if (result.timedOut()) {
            status = RunStatus.INCOMPLETE;
            warnings.add(new Warning(
                    WarningCode.TIMEOUT,
                    "timeout of " + options.timeout().toString().substring(2).toLowerCase() + ": " + result.stopNote()
                            + stoppedAfterItsEnd(parsed)));
        } else if (result.interrupted()) {
            status = RunStatus.INCOMPLETE;
            warnings.add(new Warning(
                    WarningCode.INTERRUPTED,
                    "interrupted (Ctrl-C): " + result.stopNote() + stoppedAfterItsEnd(parsed)));
        } else if (result.exitCode() != null && result.exitCode() != 0) {
            status = RunStatus.FAILED;
            if (errors.isEmpty() && failure == null) {
                failure = "gbak exited with code " + result.exitCode() + " without an error message";
            }
        } else if (result.error() != null) {
            status = RunStatus.FAILED;
            errors.add(result.error());
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
                && !result.interrupted()) {
            warnings.add(new Warning(
                    WarningCode.LATE_EXIT,
                    "gbak exited " + dev.gbakprof.report.Durations.human(afterEnd) + " after the last line of the "
                            + what + ": what gbak does after that line prints nothing ("
                            + (what.equals("backup") ? "" : FLAGS) + DETACH
                            + ");"
                            + " the wall time"
                            + " includes that wait, the total on gbak's clock does not"));
        }
        return parsed.toBuilder()
                .via(route.via())
                .startedAt(streamed.startedAt())
                .exitCode(result.exitCode())
                .command(route.command())
                .status(status)
                .errors(errors)
                .failure(failure)
                .warnings(warnings)
                .environment(environment.get())
                .cpuSamples(streamed.samples())
                .backupFile(parsed.backupFile() != null ? parsed.backupFile() : backupFile)
                // a backup's: the bytes gbak says it wrote (as parse reads them), else the file's size
                .backupBytes(parsed.backupBytes() != null ? parsed.backupBytes() : backupBytes)
                .wallSeconds(Math.round(streamed.wall() * 1000) / 1000.0)
                .build();
    }

    private Path newRunDir(String label, String tag) throws IOException {
        try {
            return new RunStore(options.runsDir()).create(label, tag, LocalDateTime.now());
        } catch (IOException ex) {
            throw new RunRefusedException(options.runsDir() + ": cannot create the run folder (" + reason(ex) + "); "
                    + "nothing was restored. Choose a --runs-dir you can write");
        }
    }
}
