package dev.gbakprof.run;

import dev.gbakprof.firebird.FirebirdAccessException;
import dev.gbakprof.firebird.Server;
import dev.gbakprof.firebird.ServerAddress;
import dev.gbakprof.firebird.ServerFileAccess;
import dev.gbakprof.model.Durations;
import dev.gbakprof.model.Environment;
import dev.gbakprof.model.FailureReason;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunKind;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.model.Validation;
import dev.gbakprof.model.WarningCode;
import dev.gbakprof.store.RunMarker;
import dev.gbakprof.store.RunStore;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * {@code gbakprof run --backup-from DATABASE}: the whole drill in one run folder. A backup of the database
 * ({@code gbak -b -v -st tdrw}, or the services backup) into a new file of the run folder, then the restore of that
 * file, then the checks asked for ({@code --inspect}, {@code --validate}); both logs are read as records through the
 * one pipeline, the backup's SHA-256 and size recorded, and a stage that fails stops the drill. The database is only
 * read (as by any backup); the backup file is new; nothing else of the DBA's is written.
 */
public final class Drill {
    private final RunOptions options;
    private final Path gbak;
    private final Supplier<Environment> environment;
    private final PrintStream out;
    private final boolean terminal;
    /** What the gbak that restores said it is, once {@link #check()} asked it. */
    private String gbakVersion;

    /**
     * What a drill left: its folder, the backup's record, the restore's outcome ({@code null} when the backup failed
     * and nothing was restored) and the one line that says how each stage went.
     *
     * @param unsaved what could not be written to the run folder, or {@code null}
     */
    public record Result(Path runDir, RestoreRun backup, RestoreSession.Outcome restore, String line, String unsaved) {
        /** The records of the drill, backup first. */
        public List<RestoreRun> runs() {
            List<RestoreRun> runs = new ArrayList<>(List.of(backup));
            if (restore != null) {
                runs.add(restore.run());
            }
            return runs;
        }

        /** Every stage ran and passed: the backup, the restore and its checks. */
        public boolean passed() {
            return backup.status() == RunStatus.COMPLETED
                    && restore != null
                    && restore.run().status() == RunStatus.COMPLETED;
        }
    }

    public Drill(RunOptions options, Path gbak, Supplier<Environment> environment, PrintStream out, boolean terminal) {
        if (!options.drill()) {
            throw new IllegalArgumentException("not a drill: no --backup-from");
        }
        this.options = options;
        this.gbak = gbak;
        this.environment = environment;
        this.out = out;
        this.terminal = terminal;
    }

    /** The backup file's name in the run folder: the database's file name with {@code .fbk} ({@code erp.fdb → erp.fbk}). */
    static String backupName(String database) {
        ServerAddress.Remote r = ServerAddress.remote(database);
        String path = (r != null ? r.path() : database).replace('\\', '/');
        String name = path.substring(path.lastIndexOf('/') + 1);
        int dot = name.lastIndexOf('.');
        String stem = dot > 0 ? name.substring(0, dot) : name;
        return RunStore.fileSafe(stem) + ".fbk";
    }

    /**
     * What can be checked before the backup starts (throws {@link RunRefusedException}): the restore's own checks
     * (the runs folder, the target database, the server's login), one drill at a time, a database to back up that
     * exists (embedded) and is not the one the restore writes, and, through the services API, a server on this
     * machine that can reach the runs folder (it writes the backup file there).
     *
     * @return the server's version when the checks attached to one, else {@code null}
     */
    public String check() {
        if (options.backup() != null) {
            throw new RunRefusedException("--backup and --backup-from: give one. --backup restores an existing backup; "
                    + "--backup-from backs a database up into the run folder and restores that backup");
        }
        if (options.repeat() > 1) {
            throw new RunRefusedException("--backup-from makes one backup and restores it once; --repeat restores an "
                    + "existing backup (--backup) several times");
        }
        String source = options.backupFrom();
        String target = options.database();
        if (options.viaService()) {
            if (ServerAddress.remote(source) != null) {
                throw new RunRefusedException(source + ": with --via service give the database to back up as the "
                        + "server's path and the server with --host HOST[/PORT]");
            }
            if (!options.server().onThisMachine()) {
                throw new RunRefusedException("--backup-from with --via service: the server writes the backup file, "
                        + "so it must run on this machine to write it into the run folder (" + options.server()
                        + " does not). Back up through gbak instead: --backup-from "
                        + options.server().host() + ":"
                        + source);
            }
            String unreachable =
                    ServerFileAccess.unreachableFolder(options.runsDir().resolve("x"));
            if (unreachable != null) {
                throw new RunRefusedException("--backup-from with --via service: the server writes the backup into "
                        + "the run folder, but " + unreachable + "; choose a --runs-dir it can reach");
            }
        } else if (ServerAddress.remote(source) == null) {
            Path file = Path.of(source);
            if (!Files.isRegularFile(file)) {
                throw new RunRefusedException(source + ": no such database file (to back up); give the database "
                        + "file, or host:path to back it up through its server");
            }
            if (!Files.isReadable(file)) {
                throw new RunRefusedException(source + ": database file not readable for this user");
            }
        }
        refuseSameDatabase(source, target);
        RestoreSeries series = new RestoreSeries(options, gbak, environment, out, terminal);
        series.check();
        gbakVersion = series.gbakVersion();
        String version = series.serverVersion();
        if (version == null && options.backupThroughServer()) {
            // gbak backs up through the server: a wrong password or a server that does not answer is said now
            ServerAddress server = options.viaService()
                    ? options.server()
                    : ServerAddress.remote(source).server();
            try {
                version = new Server(server, options.credentials()).version();
            } catch (FirebirdAccessException ex) {
                throw new RunRefusedException(ex.getMessage());
            }
        }
        return version;
    }

    /** What the gbak that restores said it is ({@code gbak -z}), once {@link #check()} asked it, else {@code null}. */
    public String gbakVersion() {
        return gbakVersion;
    }

    /** The restore must never write the database being backed up, by any name, with or without --replace. */
    private void refuseSameDatabase(String source, String target) {
        boolean same;
        if (options.viaService()) {
            same = TargetChecks.sameFile(Path.of(source), Path.of(target));
        } else {
            Path s = localFile(source);
            Path t = localFile(target);
            same = s != null && t != null ? TargetChecks.sameFile(s, t) : source.equals(target);
        }
        if (same) {
            throw new RunRefusedException(target + ": the restore would write over the database being backed up ("
                    + source + "); both were left untouched. Restore into another --database");
        }
    }

    /** A database's file on this machine: a local path, or the path of {@code host:path} on a server here. */
    private static Path localFile(String database) {
        ServerAddress.Remote r = ServerAddress.remote(database);
        if (r == null) {
            return Path.of(database);
        }
        return r.server().onThisMachine() ? Path.of(r.path()) : null;
    }

    /** Backs up, restores and checks; each stage's outcome is in the records and in the one line. */
    public Result run(String label) throws IOException {
        Path runDir;
        try {
            runDir = new RunStore(options.runsDir()).create(label, "", LocalDateTime.now());
        } catch (IOException ex) {
            throw new RunRefusedException(options.runsDir() + ": cannot create the run folder ("
                    + RestoreSession.reason(ex) + "); nothing was backed up. Choose a --runs-dir you can write");
        }
        RunMarker marker = RunMarker.open(runDir, options.backupFrom(), label, options.database());
        try {
            return drill(runDir, label, marker == null ? null : marker.followsRunStartedAt());
        } finally {
            RunStore.ended(runDir, marker);
        }
    }

    /** @param follows the start of a later run the runs folder held as the drill began ({@link RunMarker}), or null */
    private Result drill(Path runDir, String label, String follows) throws IOException {
        Path file = runDir.resolve(backupName(options.backupFrom())).toAbsolutePath();
        if (options.viaService()) {
            String note = ServerFileAccess.openFolder(runDir);
            if (note != null) {
                out.println("gbakprof: " + note);
            }
        }
        if (!options.viaService()) {
            ownerOnly(file);
        }
        out.println("gbakprof: drill: backup of " + options.backupFrom() + " into " + file);
        RestoreRun backup = new DrillBackup(options, gbak, environment, out, terminal).backUp(file, runDir, label);
        if (backup.status() != RunStatus.COMPLETED) { // the night's record: it says what came after what
            backup = RestoreSession.followed(removePartial(backup, file), follows);
            String unsaved = RestoreSession.save(runDir, List.of(backup), null, null);
            String line = "gbakprof: drill stopped: the backup " + outcome(backup) + "; nothing was restored (" + runDir
                    + ")";
            return new Result(runDir, backup, null, line, unsaved);
        }
        backup = backup.toBuilder()
                .backupFile(file.toString())
                .backupSha256(RestoreSession.backupSha256(file, out))
                .followsRunStartedAt(follows) // the restore's record says it too, with the warning
                .build();
        out.println("gbakprof: drill: restore of " + file + " into " + options.database());
        RunOptions restoring = options.withBackup(file.toString());
        RestoreSession.Outcome restore = new RestoreSession(restoring, gbak, environment, out, terminal)
                .restoreDrill(options.database(), label, runDir, backup);
        return new Result(runDir, backup, restore, line(backup, restore.run(), runDir), restore.unsaved());
    }

    /**
     * The backup file made empty, for its owner alone ({@code rw-------}), before gbak writes the backup into it (gbak
     * writes into a file that exists, and keeps its mode): it is a whole copy of the database, which a umask of 022
     * would leave readable by every user of the machine. The services route's file is the server's to make.
     */
    private static void ownerOnly(Path file) throws IOException {
        if (file.getFileSystem().supportedFileAttributeViews().contains("posix")) {
            Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        }
    }

    /**
     * A backup that did not complete leaves a partial file in the run folder, gbakprof's own (the folder is new): it is
     * removed, and the record says so.
     */
    private RestoreRun removePartial(RestoreRun backup, Path file) {
        try {
            if (Files.deleteIfExists(file)) {
                String note = "the partial backup file " + file + " was removed";
                out.println("gbakprof: " + note);
                return backup.withWarning(WarningCode.PARTIAL_BACKUP_REMOVED, note);
            }
        } catch (IOException ex) {
            return backup.withWarning(
                    WarningCode.PARTIAL_BACKUP_REMOVED,
                    "the partial backup file " + file + " is left in place: " + RestoreSession.reason(ex));
        }
        return backup;
    }

    /** {@code gbakprof: drill: backup completed in 6.3 s, restore completed in 18.4 s, validation passed in 0.2 s (DIR)}. */
    static String line(RestoreRun backup, RestoreRun restore, Path runDir) {
        List<String> stages = new ArrayList<>();
        stages.add("backup " + outcome(backup));
        // a restore that finished and then failed a check is a completed restore: the check says what failed
        stages.add("restore "
                + ((restore.failedAfterCompleting() || restore.validationStopped()) && restore.totalSeconds() != null
                        ? "completed in " + Durations.human(restore.totalSeconds())
                        : outcome(restore)));
        if (restore.hasWarning(WarningCode.INSPECTION_FAILED)) {
            stages.add("inspection FAILED (the restore's failure says why)");
        }
        if (restore.inspection() != null && restore.inspection().verifiedAgainst() != null) {
            stages.add("verification "
                    + (restore.inspection().problems().isEmpty()
                            ? "passed"
                            : "FAILED: " + restore.inspection().problems().get(0)));
        }
        Validation v = restore.validation();
        if (v != null) {
            stages.add("validation "
                    + (v.result() == Validation.Result.FAILED
                            ? "FAILED"
                            : v.result().toString())
                    + (v.seconds() == null ? "" : " in " + Durations.human(v.seconds())));
        }
        boolean passed = restore.status() == RunStatus.COMPLETED;
        return "gbakprof: drill " + (passed ? "passed" : "FAILED") + ": " + String.join(", ", stages) + " (" + runDir
                + ")";
    }

    /** {@code completed in 6.3 s (47,809,024 bytes)}, or {@code FAILED: why} ({@link FailureReason}). */
    private static String outcome(RestoreRun r) {
        if (r.status() == RunStatus.COMPLETED) {
            String size = r.kind() == RunKind.BACKUP && r.backupBytes() != null
                    ? String.format(Locale.ROOT, " (%,d bytes)", r.backupBytes())
                    : "";
            return "completed in " + Durations.human(r.totalSeconds()) + size;
        }
        String why = Objects.requireNonNullElse(FailureReason.of(r), "status " + r.status());
        return (r.status() == RunStatus.INCOMPLETE ? "did NOT finish: " : "FAILED: ") + why;
    }
}
