package dev.gbakprof.run;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * The backup's SHA-256, read while gbak restores from it and never ahead of it: every 0.2 s the bytes gbak has read
 * since (its file offset in {@code /proc/PID/fdinfo}) go to a hashing program ({@link FileHash#start}), from the page cache where gbak has just
 * put them, so the hash neither reads the disk a second time nor warms the cache for gbak (which would make the
 * restore look faster). When gbak ends, what it did not read is hashed then. A restore of a backup of 100 GB no longer
 * waits minutes for its hash after gbak has finished (bench/wrapper-overhead).
 *
 * <p>Where gbak's offset cannot be read (no {@code /proc}: Windows; the server reads the backup: {@code --via
 * service}), no hashing program, or a backup under {@link FileHash#EXTERNAL_FROM}, the whole file is hashed after
 * the restore as {@link FileHash#sha256} does. A backup whose size or modification time changed meanwhile is hashed
 * again, whole, after the restore.
 */
final class BackupHash implements AutoCloseable {
    private static final long POLL_MS = 200;

    private final Path file;
    private final Supplier<Long> reader;
    private final FileHash.Key key;
    private final Thread follower;
    private volatile boolean stop;
    private Process sum;
    private OutputStream sumIn;
    private FileChannel channel;
    private long hashed; // bytes sent to the hashing program, from the file's start
    private long hashedWhileReading; // of which while gbak was reading (for tests and the figures)
    private Path fd; // /proc/PID/fdinfo/N of the reader's descriptor of the backup, once found
    private boolean failed;

    private BackupHash(Path file, Supplier<Long> reader, FileHash.Key key, boolean follow) {
        this.file = file;
        this.reader = reader;
        this.key = key;
        this.follower = follow ? new Thread(this::follow, "gbakprof-backup-hash") : null;
    }

    /**
     * Starts following the process {@code reader} gives (gbak, or a wrapper whose descendant is gbak; {@code null}
     * while it has not started) as it reads {@code backup}; {@code backup} {@code null}: nothing to hash.
     */
    static BackupHash follow(Path backup, Supplier<Long> reader) {
        FileHash.Key key = backup == null ? null : FileHash.key(backup);
        boolean follow = key != null
                && FileHash.known(key) == null
                && key.size() >= FileHash.EXTERNAL_FROM
                && Files.isDirectory(Path.of("/proc/self/fdinfo"));
        BackupHash h = new BackupHash(backup, reader, key, follow);
        if (h.follower != null) {
            h.follower.setDaemon(true);
            h.follower.start();
        }
        return h;
    }

    /** Bytes hashed while gbak was still reading the backup. */
    synchronized long hashedWhileReading() {
        return hashedWhileReading;
    }

    private void follow() {
        try {
            while (!stop) {
                synchronized (this) {
                    if (!failed) {
                        catchUp();
                    }
                }
                Thread.sleep(POLL_MS);
            }
        } catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
        }
    }

    /** Sends what the reader has read since the last call; a step that fails ends the following (hashed after). */
    private void catchUp() {
        try {
            if (fd == null) {
                fd = descriptor();
                if (fd == null) {
                    return;
                }
            }
            long pos = offset(fd);
            if (pos < 0) {
                fd = null; // the reader closed it or ended
                return;
            }
            long to = Math.min(pos, key.size());
            if (to > hashed) {
                send(to);
                hashedWhileReading = hashed;
            }
        } catch (IOException ex) {
            failed = true;
        }
    }

    /** The {@code fdinfo} file of the reader's (or a descendant's) open descriptor of the backup, or {@code null}. */
    private Path descriptor() throws IOException {
        Long pid = reader.get();
        if (pid == null) {
            return null;
        }
        List<Long> pids = new ArrayList<>();
        pids.add(pid);
        ProcessHandle.of(pid).ifPresent(p -> p.descendants().forEach(d -> pids.add(d.pid())));
        for (long p : pids) {
            try (DirectoryStream<Path> fds = Files.newDirectoryStream(Path.of("/proc", Long.toString(p), "fd"))) {
                for (Path f : fds) {
                    try {
                        if (Files.readSymbolicLink(f).equals(key.file())) {
                            return Path.of("/proc", Long.toString(p), "fdinfo", String.valueOf(f.getFileName()));
                        }
                    } catch (IOException ex) {
                        // closed meanwhile, or not ours to read
                    }
                }
            } catch (IOException ex) {
                // ended meanwhile, or not ours to read
            }
        }
        return null;
    }

    /** The {@code pos:} of an fdinfo file, -1 when it cannot be read. */
    private static long offset(Path fdinfo) {
        try {
            for (String line : Files.readAllLines(fdinfo, StandardCharsets.US_ASCII)) {
                if (line.startsWith("pos:")) {
                    return Long.parseLong(line.substring(4).strip());
                }
            }
        } catch (IOException | NumberFormatException ex) {
            // the descriptor is gone
        }
        return -1;
    }

    /** Sends the file's bytes from {@link #hashed} up to {@code to} to the hashing program, started at the first call. */
    private void send(long to) throws IOException {
        if (sum == null) {
            sum = FileHash.start(null);
            if (sum == null) {
                throw new IOException("no openssl or sha256sum");
            }
            sumIn = sum.getOutputStream();
            channel = FileChannel.open(file, StandardOpenOption.READ);
        }
        ByteBuffer buf = ByteBuffer.allocate(1 << 16);
        while (hashed < to) {
            buf.clear().limit((int) Math.min(buf.capacity(), to - hashed));
            int n = channel.read(buf, hashed);
            if (n < 0) {
                throw new IOException("the backup is shorter than it was");
            }
            sumIn.write(buf.array(), 0, n);
            hashed += n;
        }
    }

    /**
     * The SHA-256 in hex once the restore has ended: the rest of the file sent, or the whole file hashed now where it
     * could not be followed; {@code ""} when the file cannot be read.
     */
    String result() {
        stopFollowing();
        synchronized (this) {
            if (key == null) {
                return "";
            }
            String known = FileHash.known(key);
            if (known != null) {
                return known;
            }
            String sha = failed || sum == null || !key.equals(FileHash.key(file)) ? null : finish();
            close();
            return sha != null ? FileHash.remember(key, sha) : FileHash.sha256(file);
        }
    }

    private String finish() {
        try {
            send(key.size());
            sumIn.close();
            return FileHash.result(sum);
        } catch (IOException ex) {
            return null;
        }
    }

    private void stopFollowing() {
        stop = true;
        if (follower != null) {
            follower.interrupt();
            try {
                follower.join(TimeUnit.SECONDS.toMillis(5));
            } catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Ends the following and the hashing program, if the result was never asked for (a restore refused or failed early). */
    @Override
    public void close() {
        stopFollowing();
        synchronized (this) {
            try {
                if (channel != null) {
                    channel.close();
                }
            } catch (IOException ex) {
                // read only
            }
            if (sum != null && sum.isAlive()) {
                sum.destroyForcibly();
            }
        }
    }
}
