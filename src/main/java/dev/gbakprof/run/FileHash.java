package dev.gbakprof.run;

import dev.gbakprof.exec.GbakLocator;
import dev.gbakprof.store.ReportDir;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * The SHA-256 of a backup file, at the speed of the machine: {@code sha256sum} (coreutils) where it is on the PATH and
 * the file is large, else the JDK's digest. A JVM limited to the C1 compiler (as {@code run} and {@code matrix} are,
 * to leave the CPU to gbak) hashes at about 87 MB/s without the CPU's SHA instructions; {@code sha256sum} at 343–360
 * MB/s here: minutes on a backup of 100 GB. A file hashed once in this process is not hashed again while its size and
 * modification time are the same (the restores of {@code --repeat} and {@code matrix} read one backup).
 */
final class FileHash {
    /** Smaller files are hashed in the JVM: starting a process costs more than it saves. */
    static final long EXTERNAL_FROM = 16L << 20;

    private static final Pattern HEX = Pattern.compile("[0-9a-f]{64}");
    private static final Map<Key, String> DONE = new ConcurrentHashMap<>();

    /** A file as it is now: its real path (links resolved), size and modification time. */
    record Key(Path file, long size, FileTime modified) {}

    private FileHash() {}

    /** {@code file}'s {@link Key}, {@code null} when it cannot be read. */
    static Key key(Path file) {
        try {
            Path real = file.toRealPath();
            return new Key(real, Files.size(real), Files.getLastModifiedTime(real));
        } catch (IOException ex) {
            return null;
        }
    }

    /** The hash of the file as {@code key} says it is, when this process has made it; else {@code null}. */
    static String known(Key key) {
        return DONE.get(key);
    }

    /** Keeps {@code sha} as the hash of the file as {@code key} says it is; returns it. */
    static String remember(Key key, String sha) {
        DONE.put(key, sha);
        return sha;
    }

    /** The SHA-256 of {@code file}'s bytes in hex; {@code ""} when it cannot be read. */
    static String sha256(Path file) {
        Key key = key(file);
        if (key == null) {
            return "";
        }
        String known = known(key);
        if (known != null) {
            return known;
        }
        String sha = key.size() >= EXTERNAL_FROM ? sha256sum(key.file()) : null;
        if (sha == null) {
            sha = ReportDir.sha256(key.file());
        }
        return sha.isEmpty() ? sha : remember(key, sha);
    }

    /** The hash at the start of sha256sum's output, or {@code null} when it does not start with one. */
    static String hex(String sha256sumOutput) {
        String sha = sha256sumOutput.length() >= 64 ? sha256sumOutput.substring(0, 64) : "";
        return HEX.matcher(sha).matches() ? sha : null;
    }

    /** {@code sha256sum FILE}'s hash, or {@code null} when there is no sha256sum or it fails. */
    static String sha256sum(Path file) {
        try {
            Process p = sha256sum("--", file.toString());
            if (p == null) {
                return null;
            }
            p.getOutputStream().close();
            return result(p);
        } catch (IOException ex) {
            return null;
        }
    }

    /** {@code sha256sum ARGS} started (output and errors on one stream), {@code null} where there is none. */
    static Process sha256sum(String... args) throws IOException {
        Path tool = GbakLocator.system().findTool("sha256sum", null).orElse(null);
        if (tool == null) {
            return null;
        }
        List<String> command = new ArrayList<>(List.of(tool.toString()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectErrorStream(true).start();
    }

    /** The hash a started {@code sha256sum} prints once its input is closed; {@code null} when it fails. */
    static String result(Process p) {
        try {
            byte[] out;
            try (InputStream in = p.getInputStream()) {
                out = in.readNBytes(4096);
            }
            if (!p.waitFor(1, TimeUnit.HOURS) || p.exitValue() != 0) {
                p.destroyForcibly();
                return null;
            }
            return hex(new String(out, StandardCharsets.US_ASCII));
        } catch (IOException ex) {
            return null;
        } catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
