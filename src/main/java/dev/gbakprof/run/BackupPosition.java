package dev.gbakprof.run;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Supplier;

/**
 * How far the restoring process is in the backup file: on Linux the read position of its descriptor of the
 * backup ({@code /proc/<pid>/fdinfo/<fd>}, line {@code pos:}). The process is gbak (its pid known), or for
 * the services route the local server, found by the descriptor that names the backup. Where none can be read
 * (not Linux, a remote server, no permission) {@link #read()} gives {@code null} and {@link #why()} says why.
 */
final class BackupPosition {
    private final Path proc;
    private final Path backup;
    private final Supplier<Long> pid;
    private final boolean anyProcess;
    private final String who;
    private Path fdinfo;
    private String where;
    private String why = "not read yet";
    private long lastSearchNanos;

    /**
     * @param backup     the backup file
     * @param pid        gbak's process id ({@code null} until it started); {@code null} supplier: any process (the server)
     */
    BackupPosition(Path proc, Path backup, Supplier<Long> pid, String who) {
        this.who = who;
        this.proc = proc;
        this.backup = backup.toAbsolutePath().normalize();
        this.pid = pid;
        this.anyProcess = pid == null;
    }

    /** @param who what the process is, for {@link #where()}: {@code gbak}, {@code server} */
    static BackupPosition of(String backup, Supplier<Long> pid, String who) {
        return new BackupPosition(Path.of("/proc"), Path.of(backup), pid, who);
    }

    /** Bytes read so far, or {@code null} when the position cannot be read. */
    synchronized Long read() {
        if (fdinfo == null) {
            long now = System.nanoTime();
            if (lastSearchNanos != 0 && now - lastSearchNanos < 1_000_000_000L) {
                return null; // looked less than a second ago
            }
            lastSearchNanos = now;
            find();
            if (fdinfo == null) {
                return null;
            }
        }
        try {
            for (String line : Files.readAllLines(fdinfo)) {
                if (line.startsWith("pos:")) {
                    return Long.parseLong(line.substring(4).strip());
                }
            }
            why = fdinfo + " has no pos: line";
        } catch (IOException | NumberFormatException ex) {
            why = "the descriptor is closed (" + fdinfo + ")";
        }
        fdinfo = null;
        return null;
    }

    /** Which process and descriptor, e.g. {@code gbak pid 4711, fd 3}; {@code null} before one was found. */
    synchronized String where() {
        return where;
    }

    /** Why no position could be read. */
    synchronized String why() {
        return why;
    }

    private void find() {
        if (!Files.isDirectory(proc)) {
            why = "no " + proc + " (not Linux)";
            return;
        }
        Path real;
        try {
            real = backup.toRealPath();
        } catch (IOException ex) {
            why = "the backup " + backup + " is not a local file";
            return;
        }
        if (!anyProcess) {
            Long p = pid.get();
            if (p == null) {
                why = who + " has not started";
                return;
            }
            search(proc.resolve(String.valueOf(p)), real, who);
            if (fdinfo == null) {
                why = who + " (pid " + p + ") has no descriptor of " + real + " open";
            }
            return;
        }
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(
                proc, d -> d.getFileName().toString().chars().allMatch(Character::isDigit))) {
            for (Path d : dirs) {
                if (search(d, real, who)) {
                    return;
                }
            }
        } catch (IOException ex) {
            // proc unreadable: said below
        }
        why = "no local process has " + real + " open (a remote server?)";
    }

    private boolean search(Path processDir, Path real, String who) {
        try (DirectoryStream<Path> fds = Files.newDirectoryStream(processDir.resolve("fd"))) {
            for (Path fd : fds) {
                try {
                    if (Files.readSymbolicLink(fd).equals(real)) {
                        fdinfo = processDir.resolve("fdinfo").resolve(fd.getFileName());
                        where = who + " pid " + processDir.getFileName() + ", fd " + fd.getFileName();
                        return true;
                    }
                } catch (IOException | UnsupportedOperationException ex) {
                    // closed meanwhile, or not a link
                }
            }
        } catch (IOException ex) {
            why = "cannot read " + processDir.resolve("fd") + " (permission?)";
        }
        return false;
    }
}
