package dev.gbakprof.run;

import dev.gbakprof.firebird.ServerFileAccess;
import dev.gbakprof.monitor.DatabaseHeader;
import dev.gbakprof.monitor.FileKind;
import dev.gbakprof.store.RunStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;

/**
 * What a restore refuses before it starts, for the backup file and the databases of its {@link RunOptions} that are
 * files on this machine: a backup gbak cannot read or that is surely none ({@link FileKind}), a database name that is
 * a folder, a database that is the backup file by any name, one that exists (without {@code --replace}) or was left
 * by a killed run, one in a folder that does not exist, and what {@code --replace} needs of the database it replaces
 * (a Firebird database, a plain file, not in use). Each refusal is one line ({@link RunRefusedException}); nothing is
 * touched.
 */
final class TargetChecks {
    private final RunOptions options;
    /**
     * The checks of {@code run}, not {@code matrix}: what a refusal leaves the DBA to do differs. A database name that
     * is taken: {@code run} offers {@code --replace}; {@code matrix} restores into names of its own beside {@code
     * --database} and replaces none. A database given as the backup: {@code run} offers {@code --backup-from}.
     */
    private final boolean forRun;

    /** The checks of {@code run}. */
    TargetChecks(RunOptions options) {
        this(options, true);
    }

    private TargetChecks(RunOptions options, boolean forRun) {
        this.options = options;
        this.forRun = forRun;
    }

    /** The checks of {@code matrix}, whose refusals of a taken name say what a matrix user can do (it has no --replace). */
    static TargetChecks ofMatrix(RunOptions options) {
        return new TargetChecks(options, false);
    }

    /**
     * Refuses a backup file of this machine that cannot be restored: gbak's (embedded, or through a server over TCP,
     * which gets only its records) that is not there, is a folder or that gbak cannot read; one a server on this
     * machine reads itself (the services API, gbak's {@code -se}) that is not there, is a folder, or that the server's
     * account may not read ({@link ServerFileAccess#whyServerCannotRead}). A backup on another machine is its server's
     * to look at.
     */
    void checkBackup() {
        Path backup = options.backupPath();
        if (backup == null) {
            return;
        }
        if (Files.isDirectory(backup)) {
            throw new RunRefusedException(backup + ": a folder, not a backup file; give the backup file (gbak -b's "
                    + "output), e.g. " + backup.resolve("erp.fbk"));
        }
        if (!Files.isRegularFile(backup)) {
            throw new RunRefusedException(backup + ": no such backup file");
        }
        if (!options.serverReadsBackup()) {
            if (!Files.isReadable(backup)) {
                throw new RunRefusedException(backup + ": backup file not readable");
            }
        } else {
            String why = ServerFileAccess.whyServerCannotRead(backup);
            if (why != null) {
                throw new RunRefusedException(backup + ": the server " + options.serverFor(options.database())
                        + " reads the backup itself, but " + why + "; let it read the file, or restore with gbak here"
                        + " (without --via service or -se)");
            }
        }
        refuseNoBackup(backup);
    }

    /**
     * Refuses a backup file that is surely none ({@link FileKind#surelyNoBackup}): an empty file, a database, a PNG
     * picture, a text file (a log). gbak would fail at its first record, and a night be recorded as a failed restore
     * (matrix: every arm's). A file this user cannot read (the server's, read by the server) or of another kind goes
     * to gbak as it is.
     */
    private void refuseNoBackup(Path backup) {
        FileKind kind;
        try {
            kind = Files.isReadable(backup) ? FileKind.of(backup) : FileKind.OTHER;
        } catch (IOException ex) {
            return; // gbak will say what is wrong
        }
        if (!kind.surelyNoBackup()) {
            return;
        }
        String what = kind == FileKind.DATABASE
                ? kind.words() + " (ODS " + DatabaseHeader.ods(backup) + ")"
                : kind == FileKind.TEXT ? kind.words() + " (a log?)" : kind.words();
        String why = kind == FileKind.EMPTY ? " (a backup that failed, or one still being written?)" : "";
        throw new RunRefusedException(backup + ": " + what + ", not a gbak backup" + why + "; give the backup file"
                + " (gbak -b's output)"
                + (kind == FileKind.DATABASE && forRun
                        ? ", or back this database up and restore that backup: --backup-from " + backup
                        : ""));
    }

    /**
     * Refuses a local database name gbak must not or cannot create: the backup itself (by any name: a hard link,
     * a bind mount, a symbolic link, another path to the same file), a folder, an existing file (unless {@code --replace}),
     * a name in a folder that does not exist (gbak would fail only after it started); with {@code --replace},
     * a database that is not a plain file or no Firebird database, that is in use, or whose staging name is taken.
     */
    void checkLocalTarget(String target) {
        checkLocalTarget(target, Path.of(target), options.backup() == null ? null : Path.of(options.backup()));
    }

    /**
     * Through a server: one on this machine has its files here, and they get the local checks (the backup by
     * another name, an existing database, a folder that does not exist, --replace's needs) and the server's account
     * must be able to write the database's folder ({@link ServerFileAccess#whyServerCannotCreate}); a database on
     * another machine cannot be replaced safely.
     */
    void checkServerTargets(List<String> targets) {
        for (String t : targets) {
            // its folder need not exist here to be looked at: the server would fail to create it there
            Path file = new RestoredDatabase(options, t).pathHere();
            if (file == null) {
                if (options.replace()) {
                    throw new RunRefusedException(StagedReplace.remoteReplace(t));
                }
                continue;
            }
            Path b = options.backup() == null ? null : Path.of(options.backup());
            checkLocalTarget(t, file, b != null && b.isAbsolute() && Files.exists(b) ? b : null);
            String why = ServerFileAccess.whyServerCannotCreate(file);
            if (why != null) {
                throw new RunRefusedException(t + ": the server " + options.serverFor(t) + " creates the database,"
                        + " but " + why + "; restore into a folder it can write, or let it write into that one");
            }
        }
    }

    /**
     * As {@link #checkLocalTarget(String)} for a database file seen on this machine.
     *
     * @param target    the database as the DBA gave it, for messages
     * @param file      its file on this machine
     * @param backupFile the backup's file on this machine, or {@code null} when it is not seen here
     */
    void checkLocalTarget(String target, Path file, Path backupFile) {
        refuseFolder(options.database(), new RestoredDatabase(options, options.database()).pathHere());
        refuseFolder(target, file);
        if (backupFile != null && sameFile(file, backupFile)) {
            throw new RunRefusedException(target + ": the database would overwrite the backup file " + options.backup()
                    + (file.toAbsolutePath()
                                    .normalize()
                                    .equals(backupFile.toAbsolutePath().normalize())
                            ? ""
                            : " (the same file by another name: a hard link, a bind mount or a symbolic link)")
                    + "; both were left untouched. Choose another --database");
        }
        boolean exists = Files.exists(file, LinkOption.NOFOLLOW_LINKS);
        String killed = exists ? TargetLock.leftBehind(file) : null;
        if (killed != null && !options.replace()) {
            throw new RunRefusedException(target + ": database exists, and " + killed + ": a run killed while it "
                    + "restored into it (a partial database) or replaced it (see that night's run folder: gbakprof "
                    + "check or history); it was left untouched. Look at it; remove it and the lock file, "
                    + (forRun ? "or add --replace, " : "or choose another --database, ")
                    + "and run again");
        }
        if (exists && !options.replace()) {
            throw new RunRefusedException(target + ": database exists; it was left untouched. "
                    + (forRun
                            ? "Add --replace to replace it (the restore goes beside it and is moved over it once"
                                    + " complete), or choose another --database"
                            : "matrix restores each run into a name of its own beside --database and replaces none:"
                                    + " remove or move this file (an earlier matrix's, kept by --keep?), or choose"
                                    + " another --database"));
        }
        Path dir = file.toAbsolutePath().getParent();
        if (dir != null && !Files.isDirectory(dir)) {
            throw new RunRefusedException(
                    target + ": folder " + dir + " does not exist; create it or choose another --database");
        }
        if (exists) {
            checkReplaceable(target, file);
        }
    }

    /**
     * What {@code --replace} needs of an existing database: a plain file (not a link or a device) that is a Firebird
     * database (not another backup, a log, an empty file), not in use, and a free name beside it to restore into
     * first.
     */
    static void checkReplaceable(String target, Path file) {
        checkReplaceable(target, file, false);
    }

    /**
     * @param holdsLock this run holds the database's lock ({@link TargetLock}): its lock file is not read then, since
     *                  closing any handle of a file ends every lock this process holds on it (POSIX record locks)
     */
    static void checkReplaceable(String target, Path file, boolean holdsLock) {
        if (Files.isSymbolicLink(file)) {
            throw new RunRefusedException(target + ": a symbolic link; it was left untouched. --replace replaces a "
                    + "database file: give the file it points to as --database");
        }
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            throw new RunRefusedException(
                    target + ": not a database file (a folder or a device); it was left untouched");
        }
        String running = holdsLock ? null : TargetLock.heldBy(file);
        if (running != null) { // its staging file is that run's, not one a killed run left
            throw new RunRefusedException(target + ": another gbakprof run is restoring into this database (" + running
                    + "); it was left untouched. Wait for that run to end (a hung gbak: stop that run), or choose"
                    + " another --database");
        }
        refuseNoDatabase(target, file);
        Path staging = Path.of(RunOptions.sibling(file.toString(), RestoredDatabase.STAGING));
        if (Files.exists(staging, LinkOption.NOFOLLOW_LINKS)) {
            String left = holdsLock ? null : TargetLock.leftBehind(file); // a held lock is no one's left behind
            throw new RunRefusedException(target + ": --replace restores into " + staging + " first, and that name "
                    + "exists (left by a run that was killed?"
                    + (left == null ? "" : " " + left)
                    + "); both were left untouched. Look at it, remove it, and run again");
        }
        Path dir = file.toAbsolutePath().getParent();
        if (dir != null && !Files.isWritable(dir)) {
            throw new RunRefusedException(target + ": --replace moves the restored database over it, and folder " + dir
                    + " is not writable for this user; it was left untouched. Run as its owner (or root)");
        }
        OpenFiles.Holders h = OpenFiles.of(file);
        if (!h.holders().isEmpty()) {
            throw new RunRefusedException(target + ": database in use (open in " + String.join(", ", h.holders())
                    + ": an attachment through the server, or a tool); it was left untouched. Disconnect its users "
                    + "(or shut it down: gfix -shut full -force 0) and run again");
        }
    }

    /**
     * Refuses a database name that is a folder at once, with or without {@code --replace} (which would refuse it as
     * no database file only after "database exists" offered it): {@code --database} names the file to create.
     */
    private void refuseFolder(String database, Path file) {
        if (file != null && Files.isDirectory(file)) {
            String source = options.backup() != null ? options.backup() : options.backupFrom();
            String name = source == null ? "erp" : RunStore.fileName(source).replaceFirst("\\.[^.]*$", "");
            throw new RunRefusedException(database + ": a folder, not a database file; give the database file to"
                    + " create, e.g. " + file.resolve((name.isEmpty() ? "erp" : name) + ".fdb"));
        }
    }

    /**
     * Refuses to replace a file that is no Firebird database ({@link FileKind}): a gbak backup (the backup and the
     * database swapped on the command line), a log, an empty file; the restore would take its place. A file this user
     * cannot read is refused too: what it is cannot be told.
     */
    private static void refuseNoDatabase(String target, Path file) {
        FileKind kind;
        try {
            kind = FileKind.of(file);
        } catch (IOException ex) {
            throw new RunRefusedException(target + ": cannot read it to tell whether it is a Firebird database ("
                    + RestoreSession.reason(ex) + "); it was left untouched. --replace replaces only a database: run"
                    + " as a user who can read it (or root)");
        }
        if (kind == FileKind.DATABASE) {
            return;
        }
        throw new RunRefusedException(target + ": "
                + (kind == FileKind.BACKUP
                        ? "a gbak backup, not a database"
                        : kind == FileKind.OTHER
                                ? "not a Firebird database (its first page is not a database header)"
                                : kind.words() + ", not a Firebird database")
                + "; it was left untouched. --replace replaces only a Firebird database: "
                + (kind == FileKind.BACKUP
                        ? "give the database to replace as --database (the backup to restore is --backup)"
                        : "remove or move this file, or choose another --database"));
    }

    /** The same file by any name (device and inode: hard links, bind mounts, links), or the same path. */
    static boolean sameFile(Path a, Path b) {
        if (a.toAbsolutePath().normalize().equals(b.toAbsolutePath().normalize())) {
            return true;
        }
        try {
            return Files.exists(a) && Files.exists(b) && Files.isSameFile(a, b);
        } catch (IOException ex) {
            return false; // one of them cannot be looked at: gbak will say what is wrong
        }
    }
}
