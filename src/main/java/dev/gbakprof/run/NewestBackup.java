package dev.gbakprof.run;

import dev.gbakprof.model.UtcMinute;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * {@code run --backup-dir DIR}: the newest complete backup in a folder a nightly backup writes into. A backup still
 * being written grows and its modification time moves with every write, so a file is complete when it was last
 * modified at least {@code --settle} ago (its size and modification time unchanged for that long); a newer one is
 * named and passed over.
 */
public final class NewestBackup {
    private NewestBackup() {}

    /**
     * The file chosen and why, in words for the record: {@code newest of 3 files matching *.fbk in /backups:
     * erp-1206.fbk (modified 2026-12-06 03:10 UTC, 48 MB, unchanged for 2.5 h)}.
     */
    public record Choice(Path file, String why) {}

    /**
     * @param glob   the file names to consider ({@code --pattern}, a glob: {@code *.fbk})
     * @param settle how long a file must be unchanged to be complete
     * @throws RunRefusedException when the folder cannot be read or holds no complete backup (one line, naming it)
     */
    public static Choice in(Path dir, String glob, Duration settle, Instant now) {
        if (!Files.isDirectory(dir)) {
            throw new RunRefusedException("--backup-dir " + dir + ": "
                    + (Files.exists(dir)
                            ? "not a folder; give the folder the backups are written into, or --backup" + " FILE"
                            : "no such folder"));
        }
        List<Path> files = new ArrayList<>();
        List<Instant> times = new ArrayList<>();
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir, glob)) {
            for (Path p : s) {
                BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
                if (a.isRegularFile() || a.isSymbolicLink() && Files.isRegularFile(p)) {
                    files.add(p);
                    times.add(Files.getLastModifiedTime(p).toInstant());
                }
            }
        } catch (IOException | IllegalArgumentException ex) {
            throw new RunRefusedException("--backup-dir " + dir + " --pattern " + glob + ": cannot list ("
                    + (ex instanceof IOException io ? RestoreSession.reason(io) : ex.getMessage()) + ")");
        }
        if (files.isEmpty()) {
            throw new RunRefusedException(
                    "--backup-dir " + dir + ": no file matches --pattern " + glob + "; nothing was restored");
        }
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < files.size(); i++) {
            order.add(i);
        }
        // newest first; the name breaks a tie, so the choice does not depend on the folder's listing order
        order.sort(Comparator.comparing((Integer i) -> times.get(i))
                .reversed()
                .thenComparing(i -> files.get(i).getFileName().toString(), Comparator.reverseOrder()));
        List<String> passed = new ArrayList<>();
        for (int i : order) {
            Duration unchanged = Duration.between(times.get(i), now);
            if (unchanged.compareTo(settle) < 0) {
                passed.add(files.get(i).getFileName() + " (modified " + Math.max(0, unchanged.toSeconds())
                        + " s ago, within --settle: still being written?)");
                continue;
            }
            String why = "newest complete backup of " + files.size() + (files.size() == 1 ? " file" : " files")
                    + " matching " + glob + " in " + dir + ": " + files.get(i).getFileName() + " (modified "
                    + UtcMinute.of(times.get(i)) + " UTC, unchanged for "
                    + unchanged.toSeconds() + " s, --settle " + settle.toSeconds() + " s)"
                    + (passed.isEmpty() ? "" : "; passed over: " + String.join(", ", passed));
            return new Choice(files.get(i), why);
        }
        throw new RunRefusedException("--backup-dir " + dir + ": no complete backup matching " + glob + ": "
                + String.join(", ", passed) + "; a backup counts as complete once unchanged for --settle "
                + settle.toSeconds() + " s. Nothing was restored; run again later");
    }
}
