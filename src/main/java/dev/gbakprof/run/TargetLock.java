package dev.gbakprof.run;

import dev.gbakprof.model.UtcMinute;
import dev.gbakprof.store.RunMarker;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The claim of one run on one database name: a lock file {@code NAME.gbakprof-lock} beside the database, locked
 * (an operating-system lock, released by the kernel if gbakprof dies) from before the run looks whether the
 * database exists until after it has removed or replaced what it created. A second run to the same name,
 * in this process or another, is refused while the first holds it; a lock file left by a killed run is
 * taken over. The lock file is removed when the run ends.
 */
final class TargetLock implements AutoCloseable {
    static final String SUFFIX = ".gbakprof-lock";

    private final Path file;
    private final FileChannel channel;
    private final FileLock lock;

    private TargetLock(Path file, FileChannel channel, FileLock lock) {
        this.file = file;
        this.channel = channel;
        this.lock = lock;
    }

    /** The lock file of {@code database}: {@code /data/erp.fdb.gbakprof-lock}. */
    static Path fileOf(Path database) {
        return database.resolveSibling(database.getFileName() + SUFFIX);
    }

    /**
     * Takes the claim on {@code database}.
     *
     * @throws RunRefusedException when another run holds it, or the lock file cannot be made
     */
    static TargetLock take(Path database) {
        return take(database, true);
    }

    /**
     * @param required {@code false} for a database a server on this machine creates: in a folder only the server's
     *                 user may write, the run goes on without a claim (then only a database gbak reported creating
     *                 is removed); {@code null} is returned then
     */
    static TargetLock take(Path database, boolean required) {
        Path file = fileOf(database.toAbsolutePath());
        FileChannel channel = null;
        try {
            channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            FileLock lock;
            try {
                lock = channel.tryLock();
            } catch (OverlappingFileLockException sameProcess) {
                lock = null;
            }
            if (lock == null) {
                channel.close();
                throw new RunRefusedException(
                        database + ": another gbakprof run is restoring into this database (it holds " + file
                                + "); it was left untouched. Wait for that run to end, or choose another --database");
            }
            channel.truncate(0);
            channel.write(ByteBuffer.wrap(RunMarker.whoAndWhen()), 0); // a lock file left behind names its process
            return new TargetLock(file, channel, lock);
        } catch (IOException ex) {
            closeQuietly(channel);
            if (!required && ex instanceof AccessDeniedException) {
                return null;
            }
            String why = ex instanceof AccessDeniedException ? "permission denied" : ex.getMessage();
            throw new RunRefusedException(database + ": cannot create the run's lock file " + file + " (" + why
                    + "); gbak could not create the database there either. Choose a folder you can write");
        }
    }

    /**
     * The lock file of {@code database} left by a run that is gone (killed, a power cut), in words: {@code left by
     * gbakprof process 4242 (no longer running), which started at 2026-12-06 03:15 UTC}; {@code null} when there is
     * none, or a living run holds it.
     */
    static String leftBehind(Path database) {
        Path file = fileOf(database.toAbsolutePath());
        RunMarker.State s = RunMarker.readFile(file);
        if (s == null || s.live()) {
            return null;
        }
        return "the lock file " + file + " was left by " + run(s, " (no longer running)");
    }

    /**
     * The living run that holds the lock of {@code database}, in words: {@code gbakprof process 4242, which started at
     * 2026-12-06 03:15 UTC, holds /db/erp.fdb.gbakprof-lock}; {@code null} when none does, or this process does. Not
     * for a run that holds the lock: reading the file ends this process's lock on it (POSIX record locks).
     */
    static String heldBy(Path database) {
        Path file = fileOf(database.toAbsolutePath());
        RunMarker.State s = RunMarker.readFile(file);
        if (s == null
                || !s.live()
                || (s.pid() != null && s.pid() == ProcessHandle.current().pid())) {
            return null; // none, a dead run's, or one of this process's (a test's runs share its JVM)
        }
        return run(s, "") + (s.startedAt() == null ? "" : ",") + " holds " + file;
    }

    /** The run a lock file names: {@code gbakprof process 4242<state>, which started at 2026-12-06 03:15 UTC}. */
    private static String run(RunMarker.State s, String state) {
        return (s.pid() == null ? "a gbakprof run" : "gbakprof process " + s.pid() + state)
                + (s.startedAt() == null ? "" : ", which started at " + UtcMinute.of(s.startedAt()) + " UTC");
    }

    /** Removes the lock file, then releases the lock. */
    @Override
    public void close() {
        try {
            Files.deleteIfExists(file);
        } catch (IOException ex) {
            // a lock file that cannot be removed is taken over by the next run
        }
        try {
            lock.release();
        } catch (IOException ex) {
            // closing the channel releases it too
        }
        closeQuietly(channel);
    }

    private static void closeQuietly(FileChannel c) {
        if (c == null) {
            return;
        }
        try {
            c.close();
        } catch (IOException ex) {
            // nothing left to release
        }
    }
}
