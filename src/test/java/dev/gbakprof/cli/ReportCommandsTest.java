package dev.gbakprof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.model.ExitCode;
import dev.gbakprof.output.Lang;
import dev.gbakprof.output.Texts;
import dev.gbakprof.store.ReportDir;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** report, compare and demo through the command line, on the real samples. */
class ReportCommandsTest {
    private static final String[] FULL = {
        "src/test/resources/report/ab/full-cpu/run1.log",
        "src/test/resources/report/ab/full-cpu/run2.log",
        "src/test/resources/report/ab/full-cpu/run3.log"
    };
    private static final String[] QUOTA = {
        "src/test/resources/report/ab/cpu-quota-50/run1.log",
        "src/test/resources/report/ab/cpu-quota-50/run2.log",
        "src/test/resources/report/ab/cpu-quota-50/run3.log"
    };

    @TempDir
    Path tmp;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return Main.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    private String[] ab(String... options) {
        List<String> args = new ArrayList<>(List.of("compare", "--label-from", "dir", "--out", tmp.toString()));
        args.addAll(List.of(FULL));
        args.addAll(List.of(QUOTA));
        args.addAll(List.of(options));
        return args.toArray(new String[0]);
    }

    @Test
    void failIfSlowerExitsOneWhenTheCandidateIsSlowerThanAllowed() {
        assertThat(run(ab("--fail-if-slower", "10"))).isEqualTo(ExitCode.FAILED);
        assertThat(out.toString())
                .contains(
                        "FAIL cpu-quota-50: median total 26.442 s is 103.8% slower than full-cpu (12.972 s); allowed: 10% slower");
    }

    @Test
    void theMarginIsTakenWithItsPercentSignAndShownWithTheDecimalsItNeeds() throws Exception {
        assertThat(run(ab("--margin", "5"))).isEqualTo(ExitCode.OK);
        String five = out.toString();
        String summary = Files.readString(tmp.resolve("summary.md"));
        assertThat(summary).contains("the same when it lies within ±5%, else");
        for (String written : List.of("5%", "5 %")) {
            out.getBuffer().setLength(0);
            assertThat(run(ab("--margin", written))).isEqualTo(ExitCode.OK);
            assertThat(out.toString().replace(", replacing the report gbakprof wrote there before", ""))
                    .isEqualTo(five);
            assertThat(tmp.resolve("summary.md")).hasContent(summary);
        }
        assertThat(run(ab("--margin", "0.05"))).isEqualTo(ExitCode.OK);
        assertThat(tmp.resolve("summary.md"))
                .content()
                .contains("the same when it lies within ±0.05%, else")
                .doesNotContain("±0%");
        assertThat(run(ab("--margin", "0.05", "--lang", "tr"))).isEqualTo(ExitCode.OK);
        assertThat(tmp.resolve("summary.md")).content().contains("±%0,05");
    }

    @Test
    void aMarginOfZeroOrAHundredPercentOrNoNumberIsRefusedInOneLine() {
        for (String margin : List.of("0", "0%", "100", "100 %", "-5", "5x", "%", "")) {
            err.getBuffer().setLength(0);
            assertThat(run(ab("--margin", margin))).as(margin).isEqualTo(ExitCode.BAD_INPUT);
            assertThat(err.toString())
                    .isEqualTo("gbakprof: --margin '" + margin.strip()
                            + "': expected a percentage above 0 and below 100 (e.g. 5 or 5%)\n");
        }
        err.getBuffer().setLength(0);
        assertThat(run("advise", "--margin", "0.0", FULL[0])).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(err.toString())
                .isEqualTo("gbakprof: --margin '0.0': expected a percentage above 0 and below 100 (e.g. 5 or 5%)\n");
    }

    @Test
    void failIfSlowerExitsZeroWithinTheAllowance() {
        assertThat(run(ab("--fail-if-slower", "104"))).isEqualTo(ExitCode.OK);
        assertThat(out.toString()).contains("ok cpu-quota-50: median total 26.442 s is 103.8% slower than full-cpu");
    }

    @Test
    void failIfSlowerAgainstTheSlowerBaselinePasses() {
        assertThat(run(ab("--baseline", "cpu-quota-50", "--fail-if-slower", "0")))
                .isEqualTo(ExitCode.OK);
        assertThat(out.toString()).contains("ok full-cpu: median total 12.972 s is 50.9% shorter than cpu-quota-50");
    }

    @Test
    void failIfSlowerCannotPassWithoutATotal() {
        int code = run(
                "compare",
                "--out",
                tmp.toString(),
                "Balanced=src/test/resources/report/article-balanced.log",
                "High performance=src/test/resources/report/article-high-performance.log",
                "--fail-if-slower",
                "10");
        assertThat(code).isEqualTo(ExitCode.FAILED);
        assertThat(out.toString()).contains("FAIL High performance: cannot check --fail-if-slower 10%");
    }

    @Test
    void compareWritesEveryFileAndPrintsTheHeadline() throws Exception {
        assertThat(run(ab())).isEqualTo(ExitCode.OK);
        assertThat(out.toString())
                .startsWith("full-cpu restored in 13.0 s, 51% less time than cpu-quota-50 (26.4 s), 3 runs each.\n");
        try (Stream<Path> files = Files.list(tmp)) {
            assertThat(files.map(p -> p.getFileName().toString()))
                    .containsExactlyInAnyOrder(
                            "report.png",
                            "report.html",
                            "total.png",
                            "phases.png",
                            "indexes.png",
                            "tables.png",
                            "timeline.png",
                            "summary.md",
                            "runs.csv",
                            "indexes.csv",
                            "tables.csv",
                            ReportDir.MANIFEST);
        }
        // --no-html: the same report without its page; the page written before is gbakprof's, so it goes
        assertThat(run(ab("--no-html"))).isEqualTo(ExitCode.OK);
        assertThat(tmp.resolve("report.html")).doesNotExist();
        assertThat(tmp.resolve("report.png")).exists();
    }

    @Test
    void filesOfAReportsNameThatGbakprofDidNotWriteAreRefusedAndKept() throws Exception {
        Path u = Files.createDirectory(tmp.resolve("u"));
        for (String name : List.of("cpu.png", "total.png", "tables.png")) {
            Files.writeString(u.resolve(name), "mine\n");
        }
        assertThat(run(
                        "compare",
                        "--out",
                        u.toString(),
                        "samples/article-balanced.log",
                        "samples/article-high-performance.log"))
                .isEqualTo(ExitCode.BAD_INPUT);
        assertThat(err.toString())
                .isEqualTo("gbakprof: " + u.resolve("total.png") + ": not written by gbakprof; it was "
                        + "left untouched, and nothing was written. Choose another --out, or move the file away\n");
        try (Stream<Path> files = Files.list(u)) {
            assertThat(files.map(p -> p.getFileName().toString()))
                    .containsExactlyInAnyOrder("cpu.png", "total.png", "tables.png");
        }
        for (String name : List.of("cpu.png", "total.png", "tables.png")) {
            assertThat(u.resolve(name)).hasContent("mine");
        }
    }

    @Test
    void historyOutReplacesOnlyTheTrendItWroteAndSharesItsFolderWithAReport() throws Exception {
        Path mine = Files.createDirectory(tmp.resolve("mine"));
        Files.writeString(mine.resolve("trend.png"), "mine\n");
        assertThat(run("history", "samples/seven", "--out", mine.toString())).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(err.toString())
                .isEqualTo("gbakprof: " + mine.resolve("trend.png") + ": not written by gbakprof; it was "
                        + "left untouched, and nothing was written. Choose another --out, or move the file away\n");
        assertThat(out.toString()).isEmpty();
        try (Stream<Path> files = Files.list(mine)) {
            assertThat(files).containsExactly(mine.resolve("trend.png"));
        }
        assertThat(mine.resolve("trend.png")).hasContent("mine");

        // its own trend.png, night after night, and a report beside it: each replaces only its own files
        Path both = tmp.resolve("both");
        for (String[] args : List.of(
                new String[] {"history", "samples/seven", "--out", both.toString()},
                new String[] {"report", "samples/shop-tdrw.log", "--out", both.toString()},
                new String[] {"history", "samples/seven", "--out", both.toString()},
                new String[] {"report", "samples/shop-tdrw.log", "--out", both.toString()})) {
            err.getBuffer().setLength(0);
            assertThat(run(args)).as(String.join(" ", args) + ": " + err).isEqualTo(ExitCode.OK);
        }
        assertThat(Files.readAllLines(both.resolve(ReportDir.MANIFEST)).stream()
                        .map(l -> l.substring(66))
                        .toList())
                .contains("trend.png", "report.png", "summary.md")
                .doesNotHaveDuplicates();
        assertThat(Files.readAllBytes(both.resolve("trend.png")))
                .startsWith(0x89, 'P', 'N', 'G')
                .hasSizeGreaterThan(10_000);
    }

    @Test
    void anInputAmongTheReportsFilesIsRefusedAndKept() throws Exception {
        // a gbak log pasted into a Markdown file is an input like any log; here it has the name of the report's summary
        Path d = Files.createDirectory(tmp.resolve("d"));
        byte[] log = Files.readAllBytes(Path.of("src/test/resources/report/shop-tdrw.log"));
        Path summary = Files.write(d.resolve("summary.md"), log);
        assertThat(run("report", "--out", d.toString(), summary.toString())).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(err.toString())
                .isEqualTo("gbakprof: " + summary + ": is also an input (" + summary + "); it was left "
                        + "untouched, and nothing was written. Choose another --out\n");
        assertThat(Files.readAllBytes(summary)).isEqualTo(log);
        try (Stream<Path> files = Files.list(d)) {
            assertThat(files).containsExactly(summary);
        }
    }

    @Test
    void aLaterReportReplacesAnEarlierOneAndRemovesItsChartsThatNoLongerApply() {
        assertThat(run("report", "--out", tmp.toString(), "samples/shop-cpu.json"))
                .isEqualTo(ExitCode.OK);
        assertThat(tmp.resolve("cpu.png")).exists();
        assertThat(run("report", "--out", tmp.toString(), "src/test/resources/report/shop-tdrw.log"))
                .as(err.toString())
                .isEqualTo(ExitCode.OK);
        assertThat(tmp.resolve("cpu.png")).doesNotExist();
        assertThat(tmp.resolve("report.png")).exists();
    }

    @Test
    void anOutThatIsARegularFileIsBadUsage() throws Exception {
        Path file = Files.writeString(tmp.resolve("outfile"), "mine\n");
        assertThat(run("report", "--out", file.toString(), "src/test/resources/report/shop-tdrw.log"))
                .isEqualTo(ExitCode.BAD_INPUT);
        assertThat(err.toString())
                .isEqualTo("gbakprof: " + file + ": not a directory; the report's files go into a "
                        + "directory (created if missing): choose another --out\n");
        assertThat(file).hasContent("mine");
    }

    @Test
    void theCommittedChartsAreTheDemosOwnSoDemoMayReplaceThem() throws Exception {
        try (Stream<Path> sets = Files.list(Path.of("charts"))) {
            List<Path> dirs = sets.filter(Files::isDirectory).toList();
            assertThat(dirs).isNotEmpty();
            for (Path dir : dirs) {
                ReportWriter.check(dir, List.of());
                assertThat(dir.resolve(ReportDir.MANIFEST)).exists();
            }
        }
    }

    @Test
    void labelEqualsPathLabelsAnInput() {
        assertThat(run("report", "--out", tmp.toString(), "shop=src/test/resources/report/shop-tdrw.log"))
                .isEqualTo(ExitCode.OK);
        assertThat(out.toString()).startsWith("shop restored in 11.6 s (1 run).");
    }

    @Test
    void compareOfOneLabelIsBadUsage() {
        assertThat(run(
                        "compare",
                        "--out",
                        tmp.toString(),
                        "src/test/resources/report/ab/full-cpu/run1.log",
                        "src/test/resources/report/ab/full-cpu/run2.log",
                        "--label-from",
                        "dir"))
                .isEqualTo(ExitCode.BAD_INPUT);
        assertThat(err.toString()).contains("compare needs at least two labels; all 2 runs are labelled 'full-cpu'");
    }

    @Test
    void anUnknownBaselineIsBadUsage() {
        assertThat(run(ab("--baseline", "nope"))).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(err.toString()).contains("--baseline: no run is labelled 'nope'; labels: full-cpu, cpu-quota-50");
    }

    @Test
    void aSizeTooSmallToReadIsRefusedWithTheMinimum() {
        assertThat(run(
                        "report",
                        "--out",
                        tmp.toString(),
                        "--size",
                        "640x360",
                        "src/test/resources/report/shop-tdrw.log"))
                .isEqualTo(ExitCode.BAD_INPUT);
        assertThat(err.toString())
                .isEqualTo("gbakprof: --size 640x360 is too small to read: charts need at "
                        + "least 800x450 pixels (default 1600x900)\n");
        assertThat(tmp.resolve("report.png")).doesNotExist();
        // the smallest readable size is taken
        assertThat(run(
                        "report",
                        "--out",
                        tmp.toString(),
                        "--size",
                        "800x450",
                        "src/test/resources/report/shop-tdrw.log"))
                .isZero();
    }

    /**
     * The console's last line, naming the files written, is in --lang as the summary above it: a Turkish summary does
     * not end in an English line.
     */
    @Test
    void theLineNamingTheFilesWrittenIsInTheReportsLanguage() {
        String files = ": report.png, report.html, total.png, phases.png, indexes.png, tables.png, timeline.png,"
                + " summary.md, runs.csv, indexes.csv, tables.csv\n";
        String log = "src/test/resources/report/shop-tdrw.log";
        assertThat(run("report", "--lang", "tr", "--out", tmp.toString(), log)).isZero();
        assertThat(out.toString())
                .contains("Yapılandırma")
                .endsWith("\n" + tmp + " klasörüne 11 dosya yazıldı" + files);
        out.getBuffer().setLength(0);
        assertThat(run(ab("--lang", "pt-BR"))).isZero(); // compare, into the same folder
        assertThat(out.toString())
                .containsPattern("\n1[0-9] arquivos gravados em " + java.util.regex.Pattern.quote(tmp.toString())
                        + ", substituindo o relatório que o gbakprof gravou ali antes: report.png, report.html, ");
        out.getBuffer().setLength(0);
        assertThat(run("report", "--lang", "es", "--out", tmp.toString(), log)).isZero();
        assertThat(out.toString())
                .endsWith("\n11 archivos escritos en " + tmp + ", reemplazando el informe que gbakprof escribió allí"
                        + " antes" + files);
        assertThat(Texts.of(Lang.EN).get("report.wrote", 1, "r", "", "report.png"))
                .isEqualTo("wrote 1 file to r: report.png");
    }

    @Test
    void badSizeLanguageOrFileAreBadUsage() {
        assertThat(run("report", "--out", tmp.toString(), "--size", "big", "src/test/resources/report/shop-tdrw.log"))
                .isEqualTo(ExitCode.BAD_INPUT);
        assertThat(run("report", "--out", tmp.toString(), "--lang", "de", "src/test/resources/report/shop-tdrw.log"))
                .isEqualTo(ExitCode.BAD_INPUT);
        assertThat(run("report", "--out", tmp.toString(), "samples/no-such.log"))
                .isEqualTo(ExitCode.BAD_INPUT);
        assertThat(err.toString()).contains("'big' is not a size WxH").contains("unknown language 'de'");
    }

    @Test
    void aJsonFileWithoutRunRecordsIsBadInputNamingTheFile() throws Exception {
        Path empty = Files.writeString(tmp.resolve("empty.json"), "[]\n");
        assertThat(run("report", "--out", tmp.resolve("r").toString(), empty.toString()))
                .isEqualTo(ExitCode.BAD_INPUT);
        Path foreign = Files.writeString(tmp.resolve("foreign.json"), "[{\"foo\":1}]\n");
        assertThat(run("report", "--out", tmp.resolve("r").toString(), foreign.toString()))
                .isEqualTo(ExitCode.BAD_INPUT);
        assertThat(err.toString())
                .isEqualTo("gbakprof: " + empty + ": an empty JSON array, no run records in it; "
                        + "expected a gbakprof run record or an array of them\n"
                        + "gbakprof: " + foreign + ": element 1 of the array: not a gbakprof run record "
                        + "(no \"schema\": \"gbakprof.run/1\"); expected a gbakprof run record or a gbak log\n");
        assertThat(tmp.resolve("r")).doesNotExist();
    }

    @Test
    void oneLogGivenTwiceIsRefusedAsOneRestoreCountedTwice() throws Exception {
        Path copy = Files.copy(Path.of(FULL[0]), tmp.resolve("copy.log"));
        // the same restore three times a side would give a "real" difference with an interval of zero width
        assertThat(run("compare", "--out", tmp.resolve("r").toString(), "A=" + FULL[0], "A=" + copy, "B=" + QUOTA[0]))
                .isEqualTo(ExitCode.BAD_INPUT);
        assertThat(err.toString())
                .isEqualTo("gbakprof: " + copy + ": the same restore as " + FULL[0]
                        + " (the same statistics lines: every clock, row count, read and write); each run must be a restore "
                        + "of its own: give it once\n");
        assertThat(tmp.resolve("r")).doesNotExist();
    }

    @Test
    void oneRestoreSavedAsUtf8CrlfAndUtf16IsOneRestoreNotThree() {
        // the same gbak output in three encodings: different bytes, the same statistics lines
        String logs = "src/test/resources/logs/";
        assertThat(run(
                        "report",
                        "--out",
                        tmp.resolve("r").toString(),
                        logs + "small-tdrw.log",
                        logs + "small-tdrw.crlf.log"))
                .isEqualTo(ExitCode.BAD_INPUT);
        assertThat(err.toString()).contains("small-tdrw.crlf.log: the same restore as " + logs + "small-tdrw.log");
        err.getBuffer().setLength(0);
        assertThat(run(
                        "report",
                        "--out",
                        tmp.resolve("r").toString(),
                        logs + "small-tdrw.utf16le.log",
                        logs + "small-tdrw.utf8bom.log"))
                .isEqualTo(ExitCode.BAD_INPUT);
        assertThat(err.toString())
                .contains("small-tdrw.utf8bom.log: the same restore as " + logs + "small-tdrw.utf16le.log");
        assertThat(tmp.resolve("r")).doesNotExist();
    }

    @Test
    void aRunRecordAndItsOwnRawLogAreOneRestore() throws Exception {
        // parse -o writes the record of a log: given with the log it came from, it is the same restore
        Path record = tmp.resolve("run1.json");
        assertThat(run("parse", FULL[0], "-o", record.toString())).isZero();
        assertThat(run("report", "--out", tmp.resolve("r").toString(), record.toString(), FULL[0]))
                .isEqualTo(ExitCode.BAD_INPUT);
        assertThat(err.toString()).contains(": the same restore as ");
    }

    @Test
    void twoMatrixRoundsAreComparedAsTwoGroupsAndTheFooterAndNotesSaySo() throws Exception {
        // the run folders of the sample matrix's warm-up and rounds 1 and 2 only: what matrix --repeat 2 leaves
        Path runs = copySeven(tmp.resolve("two-rounds"), r -> r.contains("\"round\" : 3") ? null : r);
        Path report = tmp.resolve("r");

        assertThat(run("compare", "--out", report.toString(), runs.toString())).isEqualTo(ExitCode.OK);
        String summary = Files.readString(report.resolve("summary.md"));
        String note = "Compared as unpaired groups (Welch): 2 rounds are too few to pair;"
                + " a paired test by round needs 3 or more (matrix --repeat 3).";

        assertThat(out.toString())
                .contains("2 against 2 runs as two groups: Welch's t-test")
                .contains("  - " + note + "\n");
        assertThat(summary)
                .contains(note)
                .contains("Unpaired: Welch's t-test on the log-times.")
                .doesNotContain("Paired by round");
        out.getBuffer().setLength(0);
        assertThat(run("compare", "--json", runs.toString())).isEqualTo(ExitCode.OK);
        assertThat(out.toString())
                .contains("\"pairing\" : {\n    \"method\" : \"none\",\n    \"rounds\" : null,\n"
                        + "    \"reason\" : \"few-rounds\"\n  }");
    }

    @Test
    void aFailedRestoreInOneRoundMakesTheFooterNameBothTests() throws Exception {
        // the sample matrix's three rounds, -bu 100's restore of round 2 failed: its total is unknown, so -bu 100's
        // total against -bu 50 has 2 rounds with both times and gets Welch's test, the other measures the paired one
        Path runs = copySeven(
                tmp.resolve("one-failed"),
                r -> r.contains("\"label\" : \"-bu 100\"") && r.contains("\"round\" : 2,")
                        ? r.replace("\"status\" : \"completed\"", "\"status\" : \"failed\"")
                                .replaceFirst("\"totalSeconds\" : [0-9.]+", "\"totalSeconds\" : null")
                        : r);
        Path report = tmp.resolve("r");

        run("compare", "--out", report.toString(), runs.toString());
        assertThat(out.toString()).contains("as two groups: Welch's t-test").contains("paired t-test by round");
        assertThat(Files.readString(report.resolve("summary.md")))
                .contains("Paired by round: paired t-test on the log-ratios, whose ratio is the geometric mean of the"
                        + " rounds' ratios, not the ratio of the medians; where fewer than 3 rounds give both"
                        + " restores a time (a failed restore), or a comparison's runs cannot be cut into rounds"
                        + " (its note says why), Welch's t-test on the log-times, as that verdict says.");
    }

    /**
     * The sample matrix's run folders (samples/seven: a warm-up and 3 rounds of 7 configurations) copied to {@code to},
     * each record through {@code edit}: {@code null} leaves the folder out, a changed record its SHA256SUMS.
     */
    private static Path copySeven(Path to, UnaryOperator<String> edit) throws IOException {
        try (Stream<Path> folders = Files.list(Path.of("samples/seven"))) {
            for (Path folder : folders.sorted().toList()) {
                String record = Files.readString(folder.resolve("run.json"));
                String edited = edit.apply(record);
                if (edited == null) {
                    continue;
                }
                Path copy = Files.createDirectories(to.resolve(folder.getFileName()));
                Files.copy(folder.resolve("gbak.log"), copy.resolve("gbak.log"));
                Files.writeString(copy.resolve("run.json"), edited);
                if (edited.equals(record)) {
                    Files.copy(folder.resolve("SHA256SUMS"), copy.resolve("SHA256SUMS"));
                }
            }
        }
        return to;
    }

    @Test
    void aFailedRestoreIsReportedAndExitsOne() {
        assertThat(run("report", "--out", tmp.toString(), "src/test/resources/report/dupfail-tdrw.log"))
                .isEqualTo(ExitCode.FAILED);
        assertThat(Files.exists(tmp.resolve("report.png"))).isTrue();
    }

    @Test
    void demoRendersEverySampleSet() {
        assertThat(run("demo", "--out", tmp.toString())).isEqualTo(ExitCode.OK);
        assertThat(out.toString())
                .contains(tmp.resolve("ab") + ": 6 runs, 11 files")
                .contains(tmp.resolve("article") + ": 2 runs, 9 files")
                .contains(tmp.resolve("small-tdrw") + ": 1 run, 11 files")
                .contains(tmp.resolve("ab-tr") + ": 6 runs, 11 files")
                .contains(tmp.resolve("seven") + ": 22 runs, 13 files") // matrix's run folders, 7 configurations
                .contains(tmp.resolve("real-shape-tdrw") + ": 1 run, 11 files"); // read compressed
        assertThat(tmp.resolve("ab/report.png")).exists();
        assertThat(tmp.resolve("ab-pt-BR/summary.md")).content().startsWith("# Tempo de restauração do Firebird");
        assertThat(tmp.resolve("real-shape-tdrw/indexes.csv")).content().hasLineCount(6_001);
        assertThat(tmp.resolve("small-tdrw/report.html")).exists();
        assertThat(tmp.resolve("article/indexes.png")).exists();
        assertThat(tmp.resolve("shop-tdrw/tables.png")).exists();
    }

    /** gbakprof in a process of its own started in {@code dir}: what a DBA sees there. */
    private static String[] inFolder(Path dir, String... args) throws Exception {
        Path o = dir.resolveSibling(dir.getFileName() + ".out");
        Path e = dir.resolveSibling(dir.getFileName() + ".err");
        Process p = new ProcessBuilder(dev.gbakprof.testutil.Jvm.command(args))
                .directory(dir.toFile())
                .redirectOutput(o.toFile())
                .redirectError(e.toFile())
                .start();
        int code = p.waitFor();
        return new String[] {String.valueOf(code), Files.readString(o), Files.readString(e)};
    }

    @Test
    void withoutOutTheReportGoesToGbakprofReportInTheCurrentFolderSaysWhereAndTakesNothingOfTheUsers()
            throws Exception {
        Path cwd = Files.createDirectories(tmp.resolve("work"));
        String a = Path.of(FULL[0]).toAbsolutePath().toString();
        String b = Path.of(QUOTA[0]).toAbsolutePath().toString();
        Path report = cwd.resolve("gbakprof-report");
        String[] first = inFolder(cwd, "compare", "A=" + a, "B=" + b);
        assertThat(first[0]).as(first[2]).isEqualTo("0");
        // where it wrote, the whole path (the current folder is not always the one the DBA thinks)
        assertThat(first[1])
                .contains("wrote 11 files to gbakprof-report (" + report.toRealPath() + "): report.png, report.html");
        assertThat(report.resolve("report.png")).exists();
        // again: its own earlier report is replaced, and it says so; a file of the DBA's there is not touched
        Path mine = Files.writeString(report.resolve("notes.txt"), "mine\n");
        String[] second = inFolder(cwd, "compare", "A=" + a, "B=" + b);
        assertThat(second[1]).contains("), replacing the report gbakprof wrote there before: report.png");
        assertThat(mine).hasContent("mine");
        // a report file the DBA changed, or a gbakprof-report that is the DBA's file: refused, kept, exit 2
        Files.writeString(report.resolve("summary.md"), "my edits\n");
        String[] edited = inFolder(cwd, "compare", "A=" + a, "B=" + b);
        assertThat(edited[0]).isEqualTo("2");
        assertThat(edited[2]).contains("gbakprof-report/summary.md: changed since gbakprof wrote it");
        assertThat(report.resolve("summary.md")).hasContent("my edits");
        Path other = Files.createDirectories(tmp.resolve("other"));
        Path file = Files.writeString(other.resolve("gbakprof-report"), "a file of mine\n");
        String[] onFile = inFolder(other, "compare", "A=" + a, "B=" + b);
        assertThat(onFile[0]).isEqualTo("2");
        assertThat(file).hasContent("a file of mine");
    }
}
