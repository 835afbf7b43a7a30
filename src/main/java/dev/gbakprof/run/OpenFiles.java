package dev.gbakprof.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Which processes hold a file open, read from Linux's {@code /proc/PID/fd}: a database that a server (for an
 * attachment) or an embedded tool has open is in use, and is not replaced under it. As root every process is
 * seen; otherwise only one's own, and the answer says it is incomplete. Elsewhere (Windows) nothing is seen:
 * there the server's open file cannot be moved over, and the move fails instead.
 */
final class OpenFiles {
    private static final Path PROC = Path.of("/proc");

    private OpenFiles() {}

    /**
     * @param holders  {@code "firebird (pid 4374)"} for each process that has the file open
     * @param complete whether every process could be looked at
     */
    record Holders(List<String> holders, boolean complete) {}

    static Holders of(Path file) {
        if (!Files.isDirectory(PROC.resolve("self").resolve("fd"))) {
            return new Holders(List.of(), false);
        }
        Object key;
        try {
            key = Files.readAttributes(file, BasicFileAttributes.class).fileKey();
        } catch (IOException ex) {
            return new Holders(List.of(), true); // no such file: nobody holds it
        }
        if (key == null) {
            return new Holders(List.of(), false);
        }
        List<String> holders = new ArrayList<>();
        boolean complete = true;
        try (DirectoryStream<Path> pids = Files.newDirectoryStream(
                PROC, p -> p.getFileName().toString().chars().allMatch(Character::isDigit))) {
            for (Path pid : pids) {
                try (DirectoryStream<Path> fds = Files.newDirectoryStream(pid.resolve("fd"))) {
                    for (Path fd : fds) {
                        if (sameKey(fd, key)) {
                            holders.add(name(pid) + " (pid " + pid.getFileName() + ")");
                            break;
                        }
                    }
                } catch (AccessDeniedException ex) {
                    complete = false; // another user's process
                } catch (IOException ex) {
                    // the process ended while we looked
                }
            }
        } catch (IOException ex) {
            return new Holders(holders, false);
        }
        return new Holders(holders, complete);
    }

    private static boolean sameKey(Path fd, Object key) {
        try {
            return Objects.equals(
                    Files.readAttributes(fd, BasicFileAttributes.class).fileKey(), key);
        } catch (IOException ex) {
            return false; // a socket, a pipe, or an fd closed meanwhile
        }
    }

    private static String name(Path pid) {
        try {
            return new String(Files.readAllBytes(pid.resolve("comm")), StandardCharsets.UTF_8).strip();
        } catch (IOException ex) {
            return "a process";
        }
    }
}
