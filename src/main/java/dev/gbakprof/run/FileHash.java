package dev.gbakprof.run;

import dev.gbakprof.exec.GbakLocator;
import dev.gbakprof.store.ReportDir;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
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

    private record Key(Path file, long size, FileTime modified) {}

    private FileHash() {}

    /** The SHA-256 of {@code file}'s bytes in hex; {@code ""} when it cannot be read. */
    static String sha256(Path file) {
        Key key;
        try {
            Path abs = file.toAbsolutePath();
            key = new Key(abs, Files.size(abs), Files.getLastModifiedTime(abs));
        } catch (IOException ex) {
            return "";
        }
        String known = DONE.get(key);
        if (known != null) {
            return known;
        }
        String sha = key.size() >= EXTERNAL_FROM ? sha256sum(key.file()) : null;
        if (sha == null) {
            sha = ReportDir.sha256(key.file());
        }
        if (!sha.isEmpty()) {
            DONE.put(key, sha);
        }
        return sha;
    }

    /** {@code sha256sum FILE}'s hash, or {@code null} when there is no sha256sum or it fails. */
    static String sha256sum(Path file) {
        Path tool = GbakLocator.system().findTool("sha256sum", null).orElse(null);
        if (tool == null) {
            return null;
        }
        try {
            Process p = new ProcessBuilder(tool.toString(), "--", file.toString())
                    .redirectErrorStream(true)
                    .start();
            p.getOutputStream().close();
            byte[] out;
            try (InputStream in = p.getInputStream()) {
                out = in.readNBytes(4096);
            }
            if (!p.waitFor(1, TimeUnit.HOURS) || p.exitValue() != 0) {
                p.destroyForcibly();
                return null;
            }
            String text = new String(out, StandardCharsets.US_ASCII);
            String sha = text.length() >= 64 ? text.substring(0, 64) : "";
            return HEX.matcher(sha).matches() ? sha : null;
        } catch (IOException ex) {
            return null;
        } catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
