package dev.gbakprof.store;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A directory that receives a report's files ({@code report}, {@code compare}, {@code matrix}, {@code demo}) or
 * {@code history}'s charts. gbakprof lists what it wrote there in {@value #MANIFEST} (the format of {@code
 * sha256sum}, so {@code sha256sum -c} checks it), and replaces or removes only a file listed there and unchanged
 * since: a file of a report's name that gbakprof did not write, or that was changed since, refuses the whole report
 * before anything is written. The list keeps the files of the others' names that are still there, so a report and a
 * history can share the directory.
 */
public final class ReportDir {
    /** The list of the files gbakprof wrote in the directory, with their SHA-256. */
    public static final String MANIFEST = ".gbakprof-files";

    private static final Pattern LINE = Pattern.compile("([0-9a-f]{64})  ([^/\\\\]+)");

    private final Path dir;
    private final List<String> names;
    private final List<Path> inputs;

    /**
     * @param dir   the directory (created when missing; the folder that holds it must exist)
     * @param names  every file name a report may write there; other files in it are never touched
     * @param inputs the files the report is made from: none of them may be one of its files
     */
    public ReportDir(Path dir, Collection<String> names, Collection<Path> inputs) {
        this.dir = dir;
        this.names = List.copyOf(new LinkedHashSet<>(names)); // in report order: the first conflict is named
        this.inputs = List.copyOf(inputs);
    }

    /**
     * Refuses, with an {@link OutputRefusedException} naming the file, a directory a report cannot be
     * written to without losing something: a path that is not a directory, one of the inputs among the
     * report's files, or a file of a report's name that gbakprof did not write (or that was changed since).
     *
     * @return the SHA-256 values of each file gbakprof lists there, by name (also of names this report does not
     *     write)
     */
    public Map<String, Set<String>> check() {
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new OutputRefusedException(dir + ": not a directory; the report's files go into a directory "
                    + "(created if missing): choose another --out");
        }
        Outputs.refuseUnwritableDir(dir, "--out");
        Outputs.refuseInput(dir.resolve(MANIFEST), inputs, "--out");
        for (String name : names) {
            Outputs.refuseInput(dir.resolve(name), inputs, "--out");
        }
        Map<String, Set<String>> written = readManifest();
        for (String name : names) {
            Path file = dir.resolve(name);
            if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
                continue;
            }
            Set<String> hashes = written.get(name);
            if (hashes == null
                    || !Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)
                    || !hashes.contains(sha256(file))) {
                throw new OutputRefusedException(
                        file + ": " + (hashes == null ? "not written by gbakprof" : "changed since gbakprof wrote it")
                                + "; it was left untouched, and nothing was written. "
                                + "Choose another --out, or move the file away");
            }
        }
        return written;
    }

    /**
     * Writes a report's files, each atomically, after {@link #check()}; removes the files of an earlier
     * report there that this one does not have (e.g. cpu.png). At every moment the manifest lists every
     * report file gbakprof wrote there, so an interrupted report leaves nothing it would refuse to replace.
     *
     * @param files file name → content, in report order
     * @return the files written, in report order
     */
    public List<Path> write(Map<String, byte[]> files) throws IOException {
        Map<String, Set<String>> earlier = check();
        if (!Files.isDirectory(dir)) {
            Files.createDirectory(dir); // the directory alone: check() proved the folder that holds it exists
        }
        Map<String, String> now = new LinkedHashMap<>();
        files.forEach((name, content) -> now.put(name, hex(digest().digest(content))));
        List<String> both = new ArrayList<>();
        earlier.forEach((name, hashes) -> hashes.forEach(h -> both.add(line(h, name))));
        now.forEach((name, hash) -> both.add(line(hash, name)));
        writeManifest(both);
        List<String> lines = new ArrayList<>(); // the other names' files, still there (a history's, a report's)
        earlier.forEach((name, hashes) -> {
            if (!names.contains(name) && Files.exists(dir.resolve(name), LinkOption.NOFOLLOW_LINKS)) {
                hashes.forEach(h -> lines.add(line(h, name)));
            }
        });
        List<Path> written = new ArrayList<>();
        for (Map.Entry<String, byte[]> f : files.entrySet()) {
            Path target = dir.resolve(f.getKey());
            AtomicFiles.write(target, f.getValue());
            written.add(target);
        }
        // e.g. cpu.png from an earlier report of runs that had CPU samples: it would be mistaken for this one's
        for (String name : names) {
            if (!files.containsKey(name)) {
                Files.deleteIfExists(dir.resolve(name)); // check() proved it is gbakprof's
            }
        }
        now.forEach((name, hash) -> lines.add(line(hash, name)));
        writeManifest(lines);
        return written;
    }

    /** The report files gbakprof lists in the directory's {@value #MANIFEST} (none when there is no list). */
    public Set<String> written() {
        Set<String> written = new HashSet<>(readManifest().keySet());
        written.retainAll(names);
        return written;
    }

    private Map<String, Set<String>> readManifest() {
        Path manifest = dir.resolve(MANIFEST);
        Map<String, Set<String>> written = new LinkedHashMap<>();
        if (!Files.exists(manifest, LinkOption.NOFOLLOW_LINKS)) {
            return written;
        }
        if (!Files.isRegularFile(manifest, LinkOption.NOFOLLOW_LINKS)) {
            throw notAManifest(manifest, "not a regular file");
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(manifest, StandardCharsets.UTF_8);
        } catch (IOException ex) {
            throw notAManifest(manifest, "cannot read it: " + ex.getMessage());
        }
        for (int i = 0; i < lines.size(); i++) {
            Matcher m = LINE.matcher(lines.get(i));
            if (!m.matches()) {
                throw notAManifest(manifest, "line " + (i + 1) + " is not 'SHA-256  FILE'");
            }
            written.computeIfAbsent(m.group(2), n -> new LinkedHashSet<>()).add(m.group(1));
        }
        return written;
    }

    private static OutputRefusedException notAManifest(Path manifest, String why) {
        return new OutputRefusedException(manifest + ": " + why + ", so not gbakprof's list of the files it wrote "
                + "there; it was left untouched, and nothing was written. Choose another --out, or remove it");
    }

    private void writeManifest(List<String> lines) throws IOException {
        AtomicFiles.writeString(dir.resolve(MANIFEST), String.join("", lines));
    }

    private static String line(String hash, String name) {
        return hash + "  " + name + "\n"; // "\n" on every OS: the manifest of charts/ is committed
    }

    /** The SHA-256 of a file's bytes, read in pieces (a log may be huge); "" when it cannot be read. */
    public static String sha256(Path file) {
        MessageDigest sha = digest();
        try (var in = Files.newInputStream(file)) {
            byte[] buffer = new byte[1 << 16];
            for (int n = in.read(buffer); n > 0; n = in.read(buffer)) {
                sha.update(buffer, 0, n);
            }
            return hex(sha.digest());
        } catch (IOException ex) {
            return ""; // a directory or an unreadable file of a report's name: not one gbakprof wrote
        }
    }

    private static MessageDigest digest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException ex) {
            throw new IllegalStateException("every Java has SHA-256", ex);
        }
    }

    private static String hex(byte[] bytes) {
        return HexFormat.of().formatHex(bytes);
    }
}
