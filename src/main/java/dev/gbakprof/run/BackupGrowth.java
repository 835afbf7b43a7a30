package dev.gbakprof.run;

import dev.gbakprof.model.FailureReason;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.WarningCode;
import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;

/**
 * How large a drill's backup file grew while gbak (or the server) wrote it, looked at every {@value #EVERY_MS} ms: gbak
 * removes the file of a backup it could not finish, so that afterwards only this tells whether the backup took all
 * the free space of its file system (the disk was full) when gbak could write no more.
 */
final class BackupGrowth implements AutoCloseable {
    static final long EVERY_MS = 100;

    /** The system's words for a full disk (ENOSPC), as Java gives them on Linux. */
    static final String NO_SPACE = "No space left on device";

    /**
     * The disk was full when the space free now, after gbak removed its file, is within this of the largest size seen
     * (or within a twentieth of it: between two looks, gbak writes on).
     */
    static final long FULL_SLACK_BYTES = 64L << 20;

    private final Path file;
    private final AtomicLong largest = new AtomicLong(-1);
    private final Thread looker;
    private volatile boolean closed;

    private BackupGrowth(Path file) {
        this.file = file;
        this.looker = new Thread(this::look, "gbakprof-backup-growth");
        looker.setDaemon(true);
    }

    /** Starts looking at {@code file}. */
    static BackupGrowth of(Path file) {
        BackupGrowth g = new BackupGrowth(file);
        g.looker.start();
        return g;
    }

    private void look() {
        while (!closed) {
            seen();
            try {
                Thread.sleep(EVERY_MS);
            } catch (InterruptedException ex) {
                return;
            }
        }
    }

    private void seen() {
        try {
            long size = Files.size(file);
            largest.accumulateAndGet(size, Math::max);
        } catch (IOException ex) {
            // not there yet, or removed
        }
    }

    /** The largest size seen, bytes; -1 when the file was never seen. */
    long largest() {
        seen();
        return largest.get();
    }

    @Override
    public void close() {
        closed = true;
        looker.interrupt();
    }

    /**
     * {@code backup} with its failure in the words of what happened when gbak could not write on its file (it asked
     * for the next volume: gbak's words when a write fails) and the file took all the free space of its file system:
     * the disk was full, on which file system, how large the file had grown and what is free now; a write that failed
     * with space left is said as such. {@code backup} itself for any other failure, or when the file system cannot be
     * asked.
     */
    RestoreRun said(RestoreRun backup) {
        boolean logFull = backup.stoppedBy() == WarningCode.RAW_LOG_UNWRITABLE
                && backup.warnings().stream()
                        .anyMatch(w -> w.is(WarningCode.RAW_LOG_UNWRITABLE)
                                && w.message().contains(NO_SPACE));
        boolean endsEarly = backup.failure() != null && backup.failure().startsWith(FailureReason.ENDS_EARLY);
        Path folder = file.toAbsolutePath().getParent();
        if (!logFull && !endsEarly || folder == null) {
            return backup;
        }
        long grown = largest();
        try {
            FileStore store = Files.getFileStore(folder);
            long free = store.getUsableSpace();
            if (logFull) { // the backup's log, in the same run folder, filled it first
                return backup.toBuilder()
                        .failure(String.format(
                                Locale.ROOT,
                                "the disk was full: the backup's log could not be written on %s (%s), so gbakprof"
                                        + " stopped the backup; %,d bytes are free there now",
                                store,
                                NO_SPACE,
                                free))
                        .build();
            }
            String size = grown <= 0 ? "" : String.format(Locale.ROOT, " (%,d bytes or more when gbak stopped)", grown);
            long left = free - Math.max(0, grown);
            boolean full = left < Math.max(FULL_SLACK_BYTES, grown / 20);
            String failure = full
                    ? String.format(
                            Locale.ROOT,
                            "the disk was full: the backup file%s took the free space of %s; gbak removed it, and %,d"
                                    + " bytes are free there now",
                            size,
                            store,
                            free)
                    : String.format(
                            Locale.ROOT,
                            "gbak could not write more of the backup file%s on %s (it asked for another volume), with"
                                    + " %,d bytes free there now: a limit on the file's size (ulimit -f) or a quota?",
                            size,
                            store,
                            free);
            return backup.toBuilder().failure(failure).build();
        } catch (IOException ex) {
            return backup; // the file system cannot be asked: gbak's words stay
        }
    }
}
