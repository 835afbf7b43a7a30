package dev.gbakprof.run;

import dev.gbakprof.exec.GbakInvocation;
import dev.gbakprof.firebird.DatabaseInspector;
import dev.gbakprof.firebird.FirebirdAccessException;
import dev.gbakprof.firebird.RunVerifier;
import dev.gbakprof.firebird.Server;
import dev.gbakprof.firebird.ServerConf;
import dev.gbakprof.firebird.ServerFileAccess;
import dev.gbakprof.firebird.ServiceRestore;
import dev.gbakprof.model.Durations;
import dev.gbakprof.model.Environment;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RestoreRunBuilder;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.model.WarningCode;
import dev.gbakprof.monitor.DatabaseHeader;
import dev.gbakprof.stats.Confounder;
import dev.gbakprof.store.AtomicFiles;
import dev.gbakprof.store.RunJson;
import dev.gbakprof.store.RunMarker;
import dev.gbakprof.store.RunStore;
import dev.gbakprof.timeline.RestoreTimeline;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

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
    private final Supplier<Environment> environment;
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
            Supplier<Environment> environment,
            PrintStream progressOut,
            boolean terminal) {
        this(options, gbak, environment, progressOut, terminal, null);
    }

    /** @param routes makes the route of each restore; {@code null}: gbak or the services API, as the options say */
    RestoreSession(
            RunOptions options,
            Path gbak,
            Supplier<Environment> environment,
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
    private Duration exitWait = ProgressDisplay.EXIT_WAIT;

    /** The restore's place in a series ({@link Placement#NONE}: a single restore or a drill). */
    private Placement place = Placement.NONE;

    /** A test's {@link #exitWait}, shorter than a minute. */
    RestoreSession exitWait(Duration wait) {
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
        return restore(database, label, tag, Placement.NONE);
    }

    /** Restores once as one restore of a series: {@code place} goes into its record. */
    Outcome restore(String database, String label, String tag, Placement place) throws IOException {
        this.place = place;
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
                throw new RunRefusedException(StagedReplace.remoteReplace(database));
            }
            TargetChecks.checkReplaceable(database, file, claimed);
        }
        RestoredDatabase into = replacing ? target.staging() : target;
        // gbak reads the backup here also when it restores through a server over TCP: its size is known then too
        Path backupHere = options.backupHere();
        Long backupBytes = backupHere != null ? Files.size(backupHere) : null;

        // a --baseline that cannot be read is refused before a run folder exists
        RestoreRoute route = routes.route(into.name());
        String way = Confounder.route(route.via(), route.command(), into.name());
        ProgressDisplay.Eta eta = new RestoreEta(options).of(route, way, backupBytes, database);
        Path runDir = drillDir != null ? drillDir : newRunDir(label, tag);
        // a drill's folder has its marker from the drill
        RunMarker marker = drillDir != null ? null : RunMarker.open(runDir, options.backup(), label, database, way);
        Path rawLog = runDir.resolve(RunStore.GBAK_LOG);
        RawLog raw;
        try {
            raw = RawLog.create(rawLog, route::interrupt);
        } catch (IOException ex) {
            if (drillDir == null) {
                if (marker != null) {
                    marker.finished(); // nothing ran: the folder goes
                }
                Files.deleteIfExists(runDir);
            }
            throw new RunRefusedException(rawLog + ": cannot write the raw log (" + reason(ex)
                    + "); nothing was restored. " + "Choose a --runs-dir you can write");
        }

        RestoreTimeline timeline = new RestoreTimeline();
        ValidateStep validation = new ValidateStep(options, gbak, progressOut);
        Signals.Hold stopping = Signals.hold(() -> {
            route.interrupt(); // Ctrl-C: stop the restore; the record is written as after any other end
            validation.interrupt();
        });

        RouteRun runs = new RouteRun(options, gbak, environment, progressOut, terminal, exitWait);
        RouteRun.Worker worker = runs.worker(route, database);
        // a drill's backup was hashed when it was made; else the backup is hashed as gbak reads it
        BackupHash hash = BackupHash.follow(before == null ? backupHere : null, route::ownWorkerPid);
        RouteRun.Streamed streamed;
        try {
            streamed = runs.stream(route, timeline, raw, rawLog, eta, worker, runs.databaseDisk(database), marker);
        } catch (RuntimeException | Error ex) {
            hash.close();
            stopping.close();
            throw ex;
        }
        try {
            RestoreRun run = runs.finish(
                    timeline, streamed, route, worker, label, rawLog, backupBytes, raw.failure(), options.backup());
            run = followed(
                    run,
                    marker != null
                            ? marker.followsRunStartedAt()
                            : before != null ? before.followsRunStartedAt() : null);
            run = run.toBuilder()
                    .etaBasis(streamed.etaBasis())
                    // which server restored: a services restore's database names none (inspect --run opens it there)
                    .server(
                            options.throughServer()
                                    ? options.serverFor(into.name()).toString()
                                    : null)
                    .build();
            if (options.throughServer() && run.environment() != null) { // the server's settings, not this machine's
                ServerConf conf = ServerConf.of(
                        new Server(options.serverFor(into.name()), options.credentials()),
                        options.serverPath(into.name()),
                        run.environment().engineVersion());
                run = run.toBuilder()
                        .environment(run.environment().withServerConf(conf.conf(), conf.unknown()))
                        .build();
            }
            if (options.inspect()) {
                run = inspect(run, into.name());
            }
            if (options.validate()) {
                run = validation.validate(run, into.name(), runDir);
            }
            if (run.wentToTheEnd()) {
                run = run.toBuilder().ods(DatabaseHeader.ods(into.localFile())).build();
            }
            PartialDatabase partial = new PartialDatabase(options, progressOut);
            if (replacing) {
                run = new StagedReplace(progressOut, partial, marker).replace(run, target, file, into, claimed);
            } else if (PartialDatabase.partial(run)) {
                // A restore that never reached "finishing, closing, and going home" (stopped, or gbak gave up on a
                // truncated backup) leaves a partial database nobody can use; one that finished but failed an index
                // is kept: the DBA fixes it with gfix -online.
                String left = partial.remove(target, claimed, existedBefore, run);
                if (left != null) {
                    run = run.withWarning(WarningCode.PARTIAL_DATABASE_KEPT, left);
                }
            }
            run = run.toBuilder()
                    .backupSha256(before != null ? before.backupSha256() : backupSha256(hash, backupHere, progressOut))
                    .backupFrom(options.backupFrom())
                    .placement(place.round(), place.position(), place.warmup())
                    .build();
            if (options.backupChoice() != null) {
                run = run.withWarning(WarningCode.BACKUP_CHOSEN, options.backupChoice());
            }
            String unsaved = raw.failure() == null ? null : "cannot write the raw log " + raw.failure();
            unsaved = save(runDir, before == null ? run : List.of(before, run), unsaved, before);
            return new Outcome(run, runDir, unsaved);
        } finally {
            hash.close();
            RunStore.ended(runDir, marker);
            stopping.close();
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
        Map<String, String> known = new HashMap<>();
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
     * The SHA-256 of the backup: read behind gbak as it restored ({@link BackupHash}), else after the restore (never
     * before it: the read would put the backup in the page cache and speed the restore up); {@code null} when there is
     * no file here or it cannot be read.
     */
    static String backupSha256(Path backup, PrintStream progressOut) {
        return backupSha256(null, backup, progressOut);
    }

    /** As {@link #backupSha256(Path, PrintStream)}, with what {@code hash} (if not {@code null}) read behind gbak. */
    static String backupSha256(BackupHash hash, Path backup, PrintStream progressOut) {
        if (backup == null) {
            return null;
        }
        try {
            long left = Files.size(backup) - (hash == null ? 0 : hash.hashedWhileReading());
            if (left > (256L << 20)) {
                progressOut.println(
                        String.format(Locale.ROOT, "gbakprof: SHA-256 of %s (%,d bytes) ...", backup, left));
            }
            String sha = hash != null ? hash.result() : FileHash.sha256(backup);
            return sha.isEmpty() ? null : sha;
        } catch (IOException ex) {
            progressOut.println("gbakprof: cannot read " + backup + " for its SHA-256 (" + ex.getMessage() + ")");
            return null;
        }
    }

    /** The gfix {@code --validate} runs: beside gbak, else the PATH and the usual places. */
    public static Optional<Path> gfix(Path gbak) {
        return ValidateStep.gfix(gbak);
    }

    /**
     * {@code run} with {@code follows} ({@link RunMarker#followsRunStartedAt}): its runs folder held a run started
     * later than it when it began; the record says so in {@code followsRunStartedAt} and a warning. {@code run} itself
     * when {@code follows} is {@code null}.
     */
    static RestoreRun followed(RestoreRun run, String follows) {
        if (follows == null) {
            return run;
        }
        return run.toBuilder()
                .followsRunStartedAt(follows)
                .build()
                .withWarning(
                        WarningCode.RUNS_FOLDER_AHEAD,
                        "the runs folder held a run started at " + follows + ", later than this one (" + run.startedAt()
                                + "): this machine's clock went back (or the clock of another machine writing there"
                                + " is ahead); check says UNKNOWN for this job until a run starts after that");
    }

    static String reason(IOException ex) {
        if (ex instanceof AtomicFiles.WriteFailedException w) {
            return w.reason(); // its message names the file, which the caller's does
        }
        if (ex instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (ex instanceof FileAlreadyExistsException) {
            return "exists";
        }
        if (ex instanceof NoSuchFileException) {
            return "no such file or folder";
        }
        return ex.getMessage() == null ? ex.toString() : ex.getMessage();
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

    /**
     * Opens the restored database through the server and verifies it; any failure to do so fails the run, in
     * gbakprof's words ({@code failure}), the restore's total kept.
     */
    private RestoreRun inspect(RestoreRun run, String database) {
        if (run.status() != RunStatus.COMPLETED) {
            return run.withWarning(WarningCode.NOT_INSPECTED, "--inspect: not inspected, the restore did not complete");
        }
        RestoreRunBuilder checked = run.toBuilder();
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
            // gbakprof's words, not one of gbak's lines; the restore's own facts (its total) stay as gbak gave them
            return checked.status(RunStatus.FAILED)
                    .failure("the restore completed"
                            + (run.totalSeconds() == null ? "" : " in " + Durations.human(run.totalSeconds()))
                            + "; the inspection failed: " + ex.getMessage())
                    .warning(
                            WarningCode.INSPECTION_FAILED,
                            "--inspect: the database of the completed restore could not be inspected (the run's"
                                    + " failure says why); the run is failed")
                    .build();
        }
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
