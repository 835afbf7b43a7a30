package dev.gbakprof.exec;

import java.io.File;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Finds gbak: the path the user gave, else {@code gbak} on the PATH, else the usual install places
 * (Debian's {@code /usr/bin/gbak}, {@code /opt/firebird/bin/gbak}; on Windows {@code %FIREBIRD%} and
 * {@code C:\Program Files\Firebird\Firebird_*\gbak.exe}).
 */
public final class GbakLocator {
    private final Map<String, String> env;
    private final boolean windows;

    public GbakLocator(Map<String, String> env, boolean windows) {
        this.env = env;
        this.windows = windows;
    }

    /** Whether it looks for Windows' programs ({@code gbak.exe}) in Windows' places. */
    public boolean windows() {
        return windows;
    }

    public static GbakLocator system() {
        return new GbakLocator(
                System.getenv(), System.getProperty("os.name", "").toLowerCase().startsWith("windows"));
    }

    /** The gbak to run, or empty when none was found. */
    public Optional<Path> find(Path given) {
        if (given != null) {
            return Files.isRegularFile(given) && Files.isExecutable(given) ? Optional.of(given) : Optional.empty();
        }
        for (Path p : candidates()) {
            if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    /**
     * Another Firebird tool ({@code gfix}): beside the gbak given or found (the same installation), else the
     * PATH and the usual places, as gbak.
     */
    public Optional<Path> findTool(String tool, Path gbak) {
        String exe = windows ? tool + ".exe" : tool;
        List<Path> places = new ArrayList<>();
        Path folder = gbak == null ? null : gbak.getParent();
        if (folder != null) {
            places.add(folder.resolve(exe));
        }
        places.addAll(candidates(tool));
        return places.stream()
                .filter(p -> Files.isRegularFile(p) && Files.isExecutable(p))
                .findFirst();
    }

    List<Path> candidates() {
        return candidates("gbak");
    }

    private List<Path> candidates(String tool) {
        String exe = windows ? tool + ".exe" : tool;
        List<Path> out = new ArrayList<>();
        String path = env.getOrDefault("PATH", env.getOrDefault("Path", ""));
        for (String dir : path.split(File.pathSeparator)) {
            if (!dir.isBlank()) {
                out.add(Path.of(dir, exe));
            }
        }
        if (windows) {
            String fb = env.get("FIREBIRD");
            if (fb != null) {
                out.add(Path.of(fb, exe));
                out.add(Path.of(fb, "bin", exe));
            }
            for (String pf : new String[] {env.get("ProgramFiles"), env.get("ProgramFiles(x86)")}) {
                if (pf == null) {
                    continue;
                }
                Path base = Path.of(pf, "Firebird");
                if (Files.isDirectory(base)) {
                    try (DirectoryStream<Path> ds = Files.newDirectoryStream(base, "Firebird_*")) {
                        List<Path> dirs = new ArrayList<>();
                        ds.forEach(dirs::add);
                        dirs.sort((a, b) -> b.getFileName()
                                .toString()
                                .compareTo(a.getFileName().toString()));
                        for (Path d : dirs) {
                            out.add(d.resolve(exe));
                            out.add(d.resolve("bin").resolve(exe));
                        }
                    } catch (IOException ignored) {
                        // an unreadable Program Files folder just offers no candidate
                    }
                }
            }
        } else {
            out.add(Path.of("/usr/bin", exe));
            out.add(Path.of("/opt/firebird/bin", exe));
        }
        return out;
    }
}
