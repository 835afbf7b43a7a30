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
 * The SHA-256 of a backup file, at the speed of the machine: OpenSSL ({@code openssl dgst -sha256}, with the CPU's SHA
 * instructions where it has them) or else coreutils' {@code sha256sum}, the first on the PATH, where the file is large;
 * else the JDK's digest. Measured here on a backup of 286 MB: OpenSSL 0.22 CPU s (0.7 ms per MB), sha256sum 0.83 s; a
 * JVM limited to the C1 compiler (as {@code run} and {@code matrix} are, to leave the CPU to gbak) hashes at about 87
 * MB/s. A file hashed once in this process is not hashed again while its size and modification time are the same (the
 * restores of {@code --repeat} and {@code matrix} read one backup).
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
        String sha = key.size() >= EXTERNAL_FROM ? external(key.file()) : null;
        if (sha == null) {
            sha = ReportDir.sha256(key.file());
        }
        return sha.isEmpty() ? sha : remember(key, sha);
    }

    /** The hash at the start of a hashing program's output, or {@code null} when it does not start with one. */
    static String hex(String output) {
        String sha = output.length() >= 64 ? output.substring(0, 64) : "";
        return HEX.matcher(sha).matches() ? sha : null;
    }

    /** The hashing programs, fastest first. */
    static final List<String> TOOLS = List.of("openssl", "sha256sum");

    /** {@code file}'s hash by the first hashing program on the PATH, or {@code null} when there is none or it fails. */
    static String external(Path file) {
        try {
            Process p = start(file);
            if (p == null) {
                return null;
            }
            p.getOutputStream().close();
            return result(p);
        } catch (IOException ex) {
            return null;
        }
    }

    /**
     * The first hashing program on the PATH started on {@code file}, or on what is written to its input where
     * {@code file} is {@code null} (output and errors on one stream); {@code null} where there is none.
     */
    static Process start(Path file) throws IOException {
        for (String tool : TOOLS) {
            Process p = start(tool, file);
            if (p != null) {
                return p;
            }
        }
        return null;
    }

    /** {@code tool} (one of {@link #TOOLS}) started as {@link #start(Path)} says; {@code null} when it is not there. */
    static Process start(String tool, Path file) throws IOException {
        Path exe = GbakLocator.system().findTool(tool, null).orElse(null);
        if (exe == null) {
            return null;
        }
        List<String> command = new ArrayList<>(List.of(exe.toString()));
        // both print the hash first: "HEX *FILE" (openssl -r), "HEX  FILE" (sha256sum); the path is absolute
        command.addAll(tool.equals("openssl") ? List.of("dgst", "-sha256", "-r") : List.of("--"));
        if (file != null) {
            command.add(file.toString());
        }
        return new ProcessBuilder(command).redirectErrorStream(true).start();
    }

    /** The hash a started hashing program prints once its input is closed; {@code null} when it fails. */
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
