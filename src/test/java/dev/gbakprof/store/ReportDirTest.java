package dev.gbakprof.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A report directory: gbakprof replaces or removes only the files it wrote there, unchanged since. */
class ReportDirTest {
    private static final List<String> NAMES = List.of("a.png", "b.csv", "c.png");

    @TempDir
    Path dir;

    private static Map<String, byte[]> files(String... nameThenContent) {
        Map<String, byte[]> files = new LinkedHashMap<>();
        for (int i = 0; i < nameThenContent.length; i += 2) {
            files.put(nameThenContent[i], nameThenContent[i + 1].getBytes(StandardCharsets.UTF_8));
        }
        return files;
    }

    private List<String> listing() throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void theManifestListsEachFileWrittenWithItsSha256() throws Exception {
        new ReportDir(dir, NAMES, List.of()).write(files("a.png", "one", "b.csv", "two"));
        String sha = HexFormat.of()
                .formatHex(MessageDigest.getInstance("SHA-256").digest("one".getBytes(StandardCharsets.UTF_8)));
        assertThat(Files.readString(dir.resolve(ReportDir.MANIFEST)))
                .startsWith(sha + "  a.png\n")
                .contains("  b.csv\n");
        assertThat(listing()).containsExactly(ReportDir.MANIFEST, "a.png", "b.csv");
    }

    @Test
    void aLaterReportReplacesItsOwnFilesAndRemovesTheOnesThatNoLongerApply() throws Exception {
        new ReportDir(dir, NAMES, List.of()).write(files("a.png", "one", "b.csv", "two", "c.png", "three"));
        new ReportDir(dir, NAMES, List.of()).write(files("a.png", "ONE", "b.csv", "TWO"));
        assertThat(listing()).containsExactly(ReportDir.MANIFEST, "a.png", "b.csv");
        assertThat(Files.readString(dir.resolve("a.png"))).isEqualTo("ONE");
        new ReportDir(dir, NAMES, List.of()).check();
    }

    @Test
    void aFileGbakprofDidNotWriteIsRefusedAndNothingIsWritten() throws Exception {
        Files.writeString(dir.resolve("c.png"), "mine");
        assertThatThrownBy(() -> new ReportDir(dir, NAMES, List.of()).write(files("a.png", "one")))
                .isInstanceOf(OutputRefusedException.class)
                .hasMessage(dir.resolve("c.png") + ": not written by gbakprof; it was left untouched, and nothing was "
                        + "written. Choose another --out, or move the file away");
        assertThat(listing()).containsExactly("c.png");
        assertThat(Files.readString(dir.resolve("c.png"))).isEqualTo("mine");
    }

    @Test
    void aFileChangedSinceGbakprofWroteItIsRefused() throws Exception {
        new ReportDir(dir, NAMES, List.of()).write(files("a.png", "one", "b.csv", "two"));
        Files.writeString(dir.resolve("b.csv"), "my notes\n", java.nio.file.StandardOpenOption.APPEND);
        String manifest = Files.readString(dir.resolve(ReportDir.MANIFEST));
        assertThatThrownBy(() -> new ReportDir(dir, NAMES, List.of()).write(files("a.png", "ONE")))
                .hasMessageStartingWith(
                        dir.resolve("b.csv") + ": changed since gbakprof wrote it; it was left untouched");
        assertThat(Files.readString(dir.resolve("a.png"))).isEqualTo("one");
        assertThat(Files.readString(dir.resolve("b.csv"))).isEqualTo("twomy notes\n");
        assertThat(Files.readString(dir.resolve(ReportDir.MANIFEST))).isEqualTo(manifest);
    }

    @Test
    void otherFilesInTheDirectoryAreNeverTouched() throws Exception {
        Files.writeString(dir.resolve("notes.txt"), "mine");
        new ReportDir(dir, NAMES, List.of()).write(files("a.png", "one"));
        new ReportDir(dir, NAMES, List.of()).write(files("b.csv", "two"));
        assertThat(listing()).containsExactly(ReportDir.MANIFEST, "b.csv", "notes.txt");
    }

    @Test
    void theFilesOfAnotherReportsNamesStayListedWhileTheyAreThere() throws Exception {
        List<String> trend = List.of("trend.png");
        new ReportDir(dir, trend, List.of()).write(files("trend.png", "night 1"));
        new ReportDir(dir, NAMES, List.of()).write(files("a.png", "one"));
        new ReportDir(dir, trend, List.of()).write(files("trend.png", "night 2")); // still gbakprof's
        new ReportDir(dir, NAMES, List.of()).write(files("a.png", "ONE"));
        assertThat(Files.readString(dir.resolve(ReportDir.MANIFEST)).lines().map(l -> l.substring(66)))
                .containsExactly("trend.png", "a.png");
        Files.delete(dir.resolve("trend.png")); // moved away: no longer listed
        new ReportDir(dir, NAMES, List.of()).write(files("a.png", "1"));
        assertThat(Files.readString(dir.resolve(ReportDir.MANIFEST)).lines().map(l -> l.substring(66)))
                .containsExactly("a.png");
    }

    @Test
    void aManifestGbakprofDidNotWriteIsRefused() throws Exception {
        Files.writeString(dir.resolve(ReportDir.MANIFEST), "my own list\n");
        assertThatThrownBy(() -> new ReportDir(dir, NAMES, List.of()).check())
                .hasMessageStartingWith(dir.resolve(ReportDir.MANIFEST) + ": line 1 is not 'SHA-256  FILE', so not "
                        + "gbakprof's list of the files it wrote there; it was left untouched");
    }

    @Test
    void aPathThatIsNotADirectoryIsRefused() throws Exception {
        Path file = Files.writeString(dir.resolve("outfile"), "mine");
        assertThatThrownBy(() -> new ReportDir(file, NAMES, List.of()).write(files("a.png", "one")))
                .isInstanceOf(OutputRefusedException.class)
                .hasMessage(file + ": not a directory; the report's files go into a directory (created if missing): "
                        + "choose another --out");
        assertThat(Files.readString(file)).isEqualTo("mine");
    }

    @Test
    void aNameListedTwiceAcceptsEitherVersionAsAnInterruptedReportLeavesIt() throws Exception {
        // write() lists the old and the new version of each file before it writes them: stopped after its
        // first file, the next report still takes every file there as gbakprof's
        new ReportDir(dir, NAMES, List.of()).write(files("a.png", "one", "c.png", "three"));
        String first = Files.readString(dir.resolve(ReportDir.MANIFEST));
        Files.writeString(dir.resolve("a.png"), "ONE");
        Files.writeString(
                dir.resolve(ReportDir.MANIFEST),
                first
                        + HexFormat.of()
                                .formatHex(MessageDigest.getInstance("SHA-256")
                                        .digest("ONE".getBytes(StandardCharsets.UTF_8)))
                        + "  a.png\n");
        new ReportDir(dir, NAMES, List.of()).write(files("a.png", "1"));
        assertThat(listing()).containsExactly(ReportDir.MANIFEST, "a.png");
        assertThat(Files.readString(dir.resolve(ReportDir.MANIFEST)).lines()).hasSize(1);
    }
}
