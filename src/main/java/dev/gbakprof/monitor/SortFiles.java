package dev.gbakprof.monitor;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The sort files a Firebird process has open. A sort larger than {@code TempCacheLimit} writes its runs to
 * {@code fb_sort_XXXXXX} files in Firebird's temp directory ({@code TempDirectories}, else {@code FIREBIRD_TMP},
 * {@code TMP}, {@code /tmp}); on Linux Firebird unlinks each one as soon as it is created (TempFile.cpp), so the
 * directory never shows them and only the process's open files do: {@code /proc/PID/fd}, each link
 * {@code /tmp/fb_sort_1pX6KE (deleted)}, its size read through the link.
 */
public final class SortFiles {
    static final String PREFIX = "fb_sort_";

    private SortFiles() {}

    /** Bytes of the sort files process {@code pid} has open now; {@code null} when its open files cannot be read. */
    public static Long bytes(long pid) {
        return bytes(Path.of("/proc", Long.toString(pid), "fd"));
    }

    static Long bytes(Path fdDir) {
        if (!Files.isDirectory(fdDir)) {
            return null;
        }
        long total = 0;
        try (DirectoryStream<Path> fds = Files.newDirectoryStream(fdDir)) {
            for (Path fd : fds) {
                try {
                    String target = Files.readSymbolicLink(fd).toString();
                    Path name =
                            Path.of(target.replaceFirst(" \\(deleted\\)$", "")).getFileName();
                    if (name != null && name.toString().startsWith(PREFIX)) {
                        total += Files.size(fd); // follows the link: the open file's size, deleted or not
                    }
                } catch (IOException | RuntimeException ex) {
                    // closed meanwhile, a socket or pipe, or a name that is not a path
                }
            }
        } catch (IOException ex) {
            return null; // another user's process, or it ended
        }
        return total;
    }
}
