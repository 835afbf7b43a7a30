package dev.gbakprof.monitor;

import dev.gbakprof.model.FirebirdConf;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Finds and reads the {@code firebird.conf} of the Firebird that gbak belongs to: {@code $FIREBIRD} first (the
 * root directory Firebird itself honours), then beside gbak and one folder up (Windows, {@code /opt/firebird}),
 * then Debian's {@code /etc/firebird/X.Y} for gbak's version. Only the settings {@link FirebirdConf} holds.
 */
public final class FirebirdConfReader {
    private static final Pattern SETTING = Pattern.compile("^\\s*([A-Za-z]+)\\s*=\\s*(.*?)\\s*$");
    private static final Pattern VERSION = Pattern.compile("V(\\d+)\\.(\\d+)");

    private FirebirdConfReader() {}

    /** The configuration in force for this gbak, or {@code null} when no firebird.conf is found or readable. */
    public static FirebirdConf find(Path gbak, String gbakVersion) {
        for (Path p : candidates(System.getenv("FIREBIRD"), gbak, gbakVersion)) {
            if (Files.isRegularFile(p) && Files.isReadable(p)) {
                try {
                    return read(p);
                } catch (IOException ex) {
                    return null;
                }
            }
        }
        return null;
    }

    static List<Path> candidates(String firebirdRoot, Path gbak, String gbakVersion) {
        List<Path> out = new ArrayList<>();
        if (firebirdRoot != null && !firebirdRoot.isBlank()) {
            out.add(Path.of(firebirdRoot, "firebird.conf"));
        }
        if (gbak != null) {
            Path real = gbak;
            try {
                real = gbak.toRealPath();
            } catch (IOException ex) {
                // not there: its own name then
            }
            Path dir = real.toAbsolutePath().getParent();
            if (dir != null) {
                out.add(dir.resolve("firebird.conf"));
                Path up = dir.getParent();
                if (up != null) {
                    out.add(up.resolve("firebird.conf"));
                }
            }
        }
        Matcher m = gbakVersion == null ? null : VERSION.matcher(gbakVersion);
        if (m != null && m.find()) {
            out.add(Path.of("/etc/firebird", m.group(1) + "." + m.group(2), "firebird.conf"));
        }
        out.add(Path.of("/etc/firebird/firebird.conf"));
        return out;
    }

    /**
     * Whether {@code name} is an alias of this machine's {@code databases.conf} ({@code $FIREBIRD}'s, Debian's
     * {@code /etc/firebird/X.Y/}, {@code /opt/firebird/}): a server here then opens the database the alias names,
     * and the name is sent to it as given. Aliases are compared without regard to case, as Firebird does.
     */
    public static boolean isDatabaseAlias(String name) {
        List<Path> files = new ArrayList<>();
        String root = System.getenv("FIREBIRD");
        if (root != null && !root.isBlank()) {
            files.add(Path.of(root, "databases.conf"));
        }
        try (Stream<Path> versions = Files.list(Path.of("/etc/firebird"))) {
            versions.sorted().forEach(d -> files.add(d.resolve("databases.conf")));
        } catch (IOException ex) {
            // no Debian layout
        }
        files.add(Path.of("/etc/firebird/databases.conf"));
        files.add(Path.of("/opt/firebird/databases.conf"));
        for (Path f : files) {
            try {
                if (Files.isRegularFile(f)
                        && aliases(Files.readAllLines(f, StandardCharsets.ISO_8859_1))
                                .contains(name.toLowerCase(Locale.ROOT))) {
                    return true;
                }
            } catch (IOException ex) {
                // not readable here: not known as an alias
            }
        }
        return false;
    }

    /** The aliases of a databases.conf, lower case: {@code NAME = PATH} lines outside the {@code { }} blocks. */
    static Set<String> aliases(List<String> lines) {
        Set<String> out = new HashSet<>();
        int depth = 0;
        for (String line : lines) {
            int hash = line.indexOf('#');
            String l = (hash >= 0 ? line.substring(0, hash) : line).strip();
            int eq = l.indexOf('=');
            if (depth == 0 && eq > 0 && !l.startsWith("{")) {
                out.add(l.substring(0, eq).strip().toLowerCase(Locale.ROOT));
            }
            depth += (int) (l.chars().filter(c -> c == '{').count()
                    - l.chars().filter(c -> c == '}').count());
            depth = Math.max(0, depth);
        }
        return out;
    }

    /** The settings of one file: the last uncommented line of each key wins, keys in any case. */
    public static FirebirdConf read(Path file) throws IOException {
        String mode = null;
        String tempCache = null;
        Integer par = null;
        Integer maxPar = null;
        String tempDirs = null;
        for (String line : Files.readAllLines(file, StandardCharsets.ISO_8859_1)) {
            int hash = line.indexOf('#');
            Matcher m = SETTING.matcher(hash >= 0 ? line.substring(0, hash) : line);
            if (!m.matches() || m.group(2).isEmpty()) {
                continue;
            }
            String value = m.group(2);
            switch (m.group(1).toLowerCase(Locale.ROOT)) {
                case "servermode" -> mode = value;
                case "tempcachelimit" -> tempCache = value;
                case "parallelworkers" -> par = integer(value);
                case "maxparallelworkers" -> maxPar = integer(value);
                case "tempdirectories" -> tempDirs = value;
                default -> {}
            }
        }
        return new FirebirdConf(file.toString(), mode, tempCache, par, maxPar, tempDirs);
    }

    /**
     * Bytes of a size as firebird.conf writes it ({@code 64M}, {@code 1G}, {@code 8388608}, {@code 512K}), or
     * {@code null} when it is not one.
     */
    public static Long bytes(String size) {
        if (size == null) {
            return null;
        }
        Matcher m = Pattern.compile("(?i)(\\d+)\\s*([kmg]?)b?").matcher(size.strip());
        if (!m.matches()) {
            return null;
        }
        long n = Long.parseLong(m.group(1));
        return switch (m.group(2).toLowerCase(Locale.ROOT)) {
            case "k" -> n << 10;
            case "m" -> n << 20;
            case "g" -> n << 30;
            default -> n;
        };
    }

    private static Integer integer(String v) {
        try {
            return Integer.valueOf(v.strip());
        } catch (NumberFormatException ex) {
            return null;
        }
    }
}
