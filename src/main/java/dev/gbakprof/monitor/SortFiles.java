package dev.gbakprof.monitor;

import dev.gbakprof.model.FirebirdConf;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The sort files of Firebird. A sort larger than {@code TempCacheLimit} writes its runs to {@code fb_sort_XXXXXX}
 * files in Firebird's temp directory ({@link #directories}: {@code TempDirectories}, else {@code FIREBIRD_TMP}, else
 * the system's temp directory).
 *
 * <p><b>Linux</b> unlinks each one as soon as it is created (TempFile.cpp), so the directory never shows them and only
 * the process's open files do: {@code /proc/PID/fd}, each link {@code /tmp/fb_sort_1pX6KE (deleted)}, its size read
 * through the link. That is the worker's own.
 *
 * <p><b>Windows</b> creates them with {@code FILE_FLAG_DELETE_ON_CLOSE}: they stay in the directory, under their name,
 * until the sort closes them. There the sampler lists Firebird's temp directories: the sort files of every Firebird
 * process using them count (another attachment's sort too), and a file being written may show its size late.
 */
public final class SortFiles {
    static final String PREFIX = "fb_sort_";
    private static final Path PROC_SELF_FD = Path.of("/proc/self/fd");
    private static final Pattern WINDOWS_ABSOLUTE = Pattern.compile("^([A-Za-z]:)?[\\\\/].*");

    private SortFiles() {}

    /** Bytes of the sort files process {@code pid} has open now; {@code null} when its open files cannot be read. */
    public static Long bytes(long pid) {
        return bytes(pid, List.of());
    }

    /**
     * Bytes of the sort files process {@code pid} has open now (Linux), or of the sort files in {@code directories}
     * (where a process's open files cannot be listed: Windows); {@code null} when neither can be read.
     */
    public static Long bytes(long pid, List<Path> directories) {
        if (Files.isDirectory(PROC_SELF_FD)) {
            return bytes(Path.of("/proc", Long.toString(pid), "fd"));
        }
        // elsewhere only Windows keeps the files in the directory (Unix unlinks them: an empty listing says nothing)
        return directories == null || directories.isEmpty() ? null : inDirectories(directories);
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

    /** Bytes of the {@code fb_sort_*} files in these directories; {@code null} when none of them can be listed. */
    static Long inDirectories(List<Path> directories) {
        Long total = null;
        for (Path dir : directories == null ? List.<Path>of() : directories) {
            try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, PREFIX + "*")) {
                long sum = 0;
                for (Path f : files) {
                    try {
                        sum += Files.size(f);
                    } catch (IOException ex) {
                        // closed and deleted meanwhile: its sort is over
                    }
                }
                total = (total == null ? 0 : total) + sum;
            } catch (IOException | RuntimeException ex) {
                // missing or unreadable: the next directory
            }
        }
        return total;
    }

    /**
     * Firebird's temp directories as Firebird resolves them (TempDirectoryList, TempFile::getTempPath): the
     * {@code TempDirectories} list of firebird.conf (separated by {@code ;}, a relative one under Firebird's root, the
     * folder of firebird.conf); else {@code FIREBIRD_TMP}; else the system's: on Windows {@code GetTempPath}'s
     * {@code TMP}, {@code TEMP}, {@code USERPROFILE}, the Windows folder; elsewhere {@code TMP}; else {@code c:\temp}
     * or {@code /tmp}. A Firebird server on Windows runs as a service, whose temp directory is not gbakprof's: for a
     * server there ({@code server}), the Windows folder's {@code Temp} (LocalSystem's) comes first.
     *
     * @param conf    the firebird.conf in force, or {@code null}
     * @param env     the environment (gbak embedded inherits gbakprof's)
     * @param windows whether Firebird runs on Windows
     * @param server  whether a local server does the work (not gbak embedded)
     */
    public static List<String> directories(
            FirebirdConf conf, Map<String, String> env, boolean windows, boolean server) {
        List<String> out = new ArrayList<>();
        String listed = conf == null ? null : conf.tempDirectories();
        if (listed != null && !listed.isBlank()) {
            // Firebird's root: the folder of firebird.conf (its path in the OS's own form, so cut at either separator)
            String path = conf.path() == null ? "" : conf.path();
            int cut = Math.max(path.lastIndexOf('/'), windows ? path.lastIndexOf('\\') : -1);
            String root = cut > 0 ? path.substring(0, cut) : null;
            for (String d : listed.split(";")) {
                String dir = d.strip();
                if (dir.isEmpty()) {
                    continue;
                }
                boolean absolute = windows ? WINDOWS_ABSOLUTE.matcher(dir).matches() : dir.startsWith("/");
                out.add(absolute || root == null ? dir : root + (windows ? "\\" : "/") + dir);
            }
            return out;
        }
        String fbTmp = firstSet(env, "FIREBIRD_TMP");
        if (fbTmp != null) {
            return List.of(fbTmp);
        }
        if (windows) {
            String system = env.getOrDefault("SystemRoot", env.get("WINDIR"));
            if (server && system != null) {
                out.add(system + "\\Temp");
            }
            String own = firstSet(env, "TMP", "TEMP", "USERPROFILE"); // GetTempPath's order
            out.add(own != null ? own : system != null ? system : "c:\\temp");
            return out.stream().distinct().toList();
        }
        String tmp = firstSet(env, "TMP");
        return List.of(tmp != null ? tmp : "/tmp");
    }

    private static String firstSet(Map<String, String> env, String... names) {
        for (String n : names) {
            String v = env.get(n);
            if (v != null && !v.isEmpty()) {
                return v;
            }
        }
        return null;
    }

    /** Whether this JVM runs on Windows (where Firebird keeps its sort files visible in its temp directory). */
    public static boolean windows() {
        return System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("windows");
    }
}
