package dev.gbakprof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gbakprof.testutil.Cli;
import dev.gbakprof.testutil.Cli.Result;
import dev.gbakprof.testutil.Logs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ParseCommandTest {

    /**
     * The guide's parse examples (docs/guide/read-logs.md) are what parse prints: the shop restore, the shop backup
     * and the article excerpt, and so is the shop restore README shows (an edit once cut the shop restore's example
     * in two and dropped the start of the backup paragraph).
     */
    @Test
    void theDocsParseExamplesAreWhatParsePrints() throws Exception {
        String guide = Files.readString(Path.of("docs/guide/read-logs.md"));
        String readme = Files.readString(Path.of("README.md"));
        for (String log : new String[] {
            "samples/shop-tdrw.log",
            "src/test/resources/backup-logs/shop-backup-tdrw.log",
            "samples/article-balanced.log"
        }) {
            assertExample(guide, "docs/guide/read-logs.md", log);
        }
        assertExample(readme, "README.md", "samples/shop-tdrw.log");
        assertThat(guide).contains("**Backup logs** (`gbak -b -v -st tdrw`");
    }

    private static void assertExample(String doc, String docName, String log) {
        Result r = Cli.run("parse", log);
        String first = r.out().lines().findFirst().orElseThrow();
        int at = doc.indexOf("\n" + first + "\n");
        assertThat(at).as(log + " in " + docName).isPositive();
        String block = doc.substring(at + 1, doc.indexOf("\n```", at) + 1);
        assertThat(block).as(log + " in " + docName).isEqualTo(r.out().stripTrailing() + "\n");
    }

    private static void assertOneLineError(Result r, String... fragments) {
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err().strip().lines()).hasSize(1);
        assertThat(r.err()).doesNotContain("Exception").doesNotContain("\tat ");
        for (String f : fragments) {
            assertThat(r.err()).contains(f);
        }
    }

    /**
     * A log cut during the data (the shop restore's first half): the metadata and data phases gbak had not gone past
     * are unknown on parse's console, with the time the log shows as a lower bound, as in its JSON ({@code cut}) and
     * in report's key table; no phase gets a share of a total nobody knows.
     */
    @Test
    void aPhaseTheLogEndsInIsUnknownInParseAsInReportWithItsTimeSoFarAsALowerBound(@TempDir Path dir) throws Exception {
        byte[] whole = Files.readAllBytes(Path.of("samples/shop-tdrw.log"));
        Path cut = dir.resolve("cut.log");
        Files.write(cut, java.util.Arrays.copyOf(whole, whole.length / 2));

        Result r = Cli.run("parse", cut.toString());
        assertThat(r.code()).isZero();
        assertThat(r.out())
                .contains(
                        "    setup          0.172 s\n",
                        "    metadata       unknown  (≥ 0.009 s, unfinished where the log ends)\n",
                        "    data           unknown  (≥ 3.499 s, unfinished where the log ends)\n",
                        "    indexes        unknown\n")
                .doesNotContainPattern("\\d%\n");
        ObjectMapper m = new ObjectMapper();
        List<String> phases = new ArrayList<>();
        m.readTree(Cli.run("parse", "--json", cut.toString()).out())
                .get("phases")
                .forEach(p -> phases.add(p.get("name").asText() + "=" + p.get("seconds")
                        + (p.get("cut").asBoolean() ? " cut" : "")));
        assertThat(phases)
                .containsExactly("setup=0.172", "metadata=0.009 cut", "data=3.499 cut", "indexes=null", "finish=null");
        JsonNode report = m.readTree(Cli.run(
                                "report",
                                "--json",
                                cut.toString(),
                                "--out",
                                dir.resolve("rep").toString())
                        .out())
                .get("configurations")
                .get(0)
                .get("phases");
        assertThat(report.get("setup").get("median").asDouble()).isEqualTo(0.172);
        assertThat(report.get("metadata").get("median").isNull()).isTrue();
        assertThat(report.get("data").get("median").isNull()).isTrue();
        // a log that reached gbak's end keeps its shares
        assertThat(Cli.run("parse", "samples/shop-tdrw.log").out()).contains("    data           5.317 s   30.9%\n");
    }

    @Test
    void theTableTheLogEndsInShowsItsLastCountAsALowerBound() {
        // the backup file ended during ORDERS: gbak's last count, 380,000, is what it had restored at least
        Result r = Cli.run("parse", "src/test/resources/more-logs/shop-truncated-backup.log");
        assertThat(r.out())
                .containsPattern("unknown  ORDERS +≥ 380,000 records\n")
                .containsPattern("1.048 s  ORDER_LINES +100,000 records  95,420 rows/s\n");
    }

    @Test
    void aLogKeptCompressedIsReadAsItIsAndABadOneGetsOneLine(@TempDir Path dir) throws Exception {
        Path plain = Logs.realShape(dir);
        Result gz = Cli.run("parse", "--json", "samples/real-shape-tdrw.log.gz");
        Result log = Cli.run("parse", "--json", plain.toString());
        assertThat(gz.code()).as(gz.err()).isZero();
        assertThat(gz.out().replace("samples/real-shape-tdrw.log.gz", "LOG"))
                .isEqualTo(log.out().replace(plain.toString(), "LOG"))
                .contains("\"label\" : \"real-shape-tdrw\"");
        Path notGzip = Files.writeString(dir.resolve("restore.log.gz"), "gbak: text, not gzip\n");
        assertOneLineError(Cli.run("parse", notGzip.toString()), notGzip.toString(), "named .gz but not gzip's format");
        byte[] bytes = Files.readAllBytes(Path.of("samples/real-shape-tdrw.log.gz"));
        Path cut = Files.write(dir.resolve("cut.log.gz"), java.util.Arrays.copyOf(bytes, 3_000));
        String expected = ": the gzip file is cut or damaged; expected a whole gbak log compressed with gzip (what is"
                + " left of it: zcat ";
        assertOneLineError(Cli.run("parse", cut.toString()), cut + expected + cut + " > restore.log, then read that)");
        // cut in its last bytes (gzip's length and checksum), or damaged in the middle: the same words, not zlib's
        Path trailer = Files.write(dir.resolve("trailer.log.gz"), java.util.Arrays.copyOf(bytes, bytes.length - 3));
        byte[] flipped = bytes.clone();
        flipped[bytes.length / 2] ^= (byte) 0xff;
        Path damaged = Files.write(dir.resolve("damaged.log.gz"), flipped);
        for (Path bad : List.of(trailer, damaged)) {
            for (Result r : List.of(
                    Cli.run("parse", bad.toString()),
                    Cli.run(
                            "report",
                            bad.toString(),
                            "--out",
                            dir.resolve("rep").toString()))) {
                assertOneLineError(r, bad + expected);
                assertThat(r.err()).doesNotContain("ZLIB", "Unexpected", "cannot read");
            }
        }
    }

    @Test
    void anOutputThatIsOneOfTheLogsIsRefusedAndTheLogKept(@TempDir Path dir) throws Exception {
        byte[] log = Files.readAllBytes(Logs.log("shop-tdrw.log"));
        Path victim = Files.write(dir.resolve("victim.log"), log);
        Path other = Files.write(dir.resolve("other.log"), log);
        Result r = Cli.run("parse", "-o", victim.toString(), other.toString(), victim.toString());
        assertOneLineError(r);
        assertThat(r.err())
                .isEqualTo("gbakprof: " + victim + ": is also an input (" + victim + "); it was left untouched, "
                        + "and nothing was written. Choose another -o FILE\n");
        assertThat(r.out()).isEmpty();
        // the same file by another name: a link
        Path link = Files.createSymbolicLink(dir.resolve("link.json"), victim);
        assertOneLineError(
                Cli.run("parse", "-o", link.toString(), victim.toString()),
                link + ": is also an input (" + victim + ")");
        assertThat(Files.readAllBytes(victim)).isEqualTo(log);
    }

    @Test
    void anExistingFileIsReplacedOnlyWhenItIsARunRecord(@TempDir Path dir) throws Exception {
        String log = Logs.log("shop-tdrw.log").toString();
        Path backup = Files.write(dir.resolve("shop.fbk"), new byte[] {0x01, 0x00, 0x00, 0x00, 0x0a, 0x42});
        Result r = Cli.run("parse", "-o", backup.toString(), log);
        assertOneLineError(r);
        assertThat(r.err())
                .isEqualTo(
                        "gbakprof: " + backup + ": exists and is not a gbakprof run record (a log, a backup, "
                                + "a database?); it was left untouched, and nothing was written. Choose another -o FILE, or remove the file first\n");
        assertThat(Files.readAllBytes(backup)).containsExactly(0x01, 0x00, 0x00, 0x00, 0x0a, 0x42);
        // JSON that is not a gbakprof run record, even with a "schema" of its own, is kept too
        for (String other : List.of(
                "{\"schema\": \"public\", \"tables\": [\"ORDERS\"]}\n",
                "[{\"name\":\"ORDERS\",\"schema\":\"sales\"}]\n")) {
            Path json = Files.writeString(dir.resolve("other.json"), other);
            assertOneLineError(
                    Cli.run("parse", "-o", json.toString(), log), json + ": exists and is not a gbakprof run record");
            assertThat(Files.readString(json)).isEqualTo(other);
        }
        // an earlier record of the same name is what -o replaces
        Path json = dir.resolve("run.json");
        assertThat(Cli.run("parse", "-o", json.toString(), log).code()).isZero();
        assertThat(Cli.run("parse", "-o", json.toString(), "--label", "again", log)
                        .code())
                .isZero();
        assertThat(Files.readString(json)).contains("\"label\" : \"again\"");
    }

    @Test
    void anOutputThatIsADirectoryIsBadUsage(@TempDir Path dir) {
        Result r =
                Cli.run("parse", "-o", dir.toString(), Logs.log("shop-tdrw.log").toString());
        assertOneLineError(r);
        assertThat(r.err())
                .isEqualTo("gbakprof: -o " + dir + ": a directory; expected the name of the JSON file to write\n");
    }

    @Test
    void summaryNamesTotalPhasesIndexesAndTables() {
        Result r = Cli.run("parse", Logs.log("shop-tdrw.log").toString());
        assertThat(r.code()).isZero();
        assertThat(r.out())
                .contains(
                        "status     completed",
                        "phases",
                        "indexes",
                        "ORDERS",
                        "1,000,000 records",
                        "rows/s",
                        "top 10 indexes by build time (of 14)");
    }

    @Test
    void anExcerptIsCalledAnExcerptAndThePhasesItDoesNotShowAreUnknownNotZero() throws Exception {
        Result r = Cli.run("parse", "samples/article-balanced.log");
        assertThat(r.code()).isZero();
        assertThat(r.out())
                .contains(
                        "  status     excerpt (the log starts after gbak's start: it times only what its lines show)\n",
                        "    setup          unknown\n",
                        "    data           unknown\n",
                        "    indexes     3774.995 s\n", // the lines' time: no share of a total it does not show
                        "    finish         unknown\n")
                .doesNotContain("0.000 s", "incomplete");
        JsonNode json = new ObjectMapper()
                .readTree(Cli.run("parse", "--json", "samples/article-balanced.log")
                        .out());
        assertThat(json.get("status").asText()).isEqualTo("incomplete"); // the record's: the output just stops
        List<String> phases = new java.util.ArrayList<>();
        json.get("phases").forEach(p -> phases.add(p.get("name").asText() + "=" + p.get("seconds")));
        assertThat(phases)
                .containsExactly("setup=null", "metadata=null", "data=null", "indexes=3774.995", "finish=null");
    }

    /**
     * rows is null, not 0, where the log shows no table's data and cannot say there was none: the article's excerpt
     * (it starts in the index phase), the published end of a restore (#7465, no -st), the first lines of a Firebird 5
     * restore (they end in the setup), a crash during a table's data before its first count (#7992). A log that shows
     * the data keeps its count, also when the restore stopped after it.
     */
    @Test
    void theRowsOfALogThatDoesNotShowTheDataAreNullNotZero() throws Exception {
        ObjectMapper m = new ObjectMapper();
        for (String log : List.of(
                "samples/article-balanced.log",
                "src/test/resources/published/fb3-issue7465-quoted.log",
                "src/test/resources/published/fb5-issue8140-excerpt.log",
                "src/test/resources/published/fb5-issue7992-assertion.log")) {
            JsonNode j = m.readTree(Cli.run("parse", "--json", log).out());
            assertThat(j.get("rows").isNull()).as(log + ": " + j.get("rows")).isTrue();
            assertThat(j.get("rowsPerSecond").isNull()).as(log).isTrue();
        }
        assertThat(m.readTree(Cli.run("parse", "--json", "samples/shop-cut.log").out())
                        .get("rows")
                        .asLong())
                .isEqualTo(1_121_000);
        assertThat(m.readTree(Cli.run("parse", "--json", "src/test/resources/published/fb6-issue9075-excerpt.log")
                                .out())
                        .get("rows")
                        .asLong())
                .as("an excerpt that shows the tables' data: the rows it shows")
                .isEqualTo(2);
    }

    /**
     * gbak's {@code N records ignored} names no table: those of FirebirdSQL/firebird#9075 are the skipped TAB_1_A and
     * TAB_1_B's, printed after TAB_2_A's data, which had none ignored. One warning for the lines in a row, no table.
     */
    @Test
    void recordsIgnoredAreNotPinnedOnTheTableBeforeThem() throws Exception {
        JsonNode warnings = new ObjectMapper()
                .readTree(Cli.run("parse", "--json", "src/test/resources/published/fb6-issue9075-excerpt.log")
                        .out())
                .get("warnings");
        List<String> ignored = new ArrayList<>();
        warnings.forEach(w -> {
            if (w.asText().contains("records ignored")) {
                ignored.add(w.asText());
            }
        });
        assertThat(ignored).hasSize(1);
        assertThat(ignored.get(0))
                .startsWith("2 records ignored (2 lines): gbak does not say of which table")
                .doesNotContain("TAB_2_A");
    }

    @Test
    void jsonFollowsTheRunRecordContract() throws Exception {
        Result r = Cli.run("parse", "--json", Logs.log("small-tdrw.log").toString());
        assertThat(r.code()).isZero();
        JsonNode j = new ObjectMapper().readTree(r.out());
        assertThat(j.get("schema").asText()).isEqualTo("gbakprof.run/1");
        assertThat(j.get("label").asText()).isEqualTo("small-tdrw");
        assertThat(j.get("via").asText()).isEqualTo("log");
        assertThat(j.get("status").asText()).isEqualTo("completed");
        assertThat(j.has("startedAt")).isTrue();
        assertThat(j.get("startedAt").isNull()).isTrue();
        for (String field : List.of(
                "source",
                "exitCode",
                "command",
                "columns",
                "totalSeconds",
                "phases",
                "tables",
                "indexes",
                "errors",
                "warnings",
                "environment",
                "cpuSamples")) {
            assertThat(j.has(field)).as(field).isTrue();
        }
        JsonNode idx = j.get("indexes").get(0);
        for (String field : List.of("name", "table", "startSeconds", "seconds", "reads", "writes")) {
            assertThat(idx.has(field)).as(field).isTrue();
        }
        JsonNode t = j.get("tables").get(0);
        for (String field : List.of("name", "records", "startSeconds", "seconds")) {
            assertThat(t.has(field)).as(field).isTrue();
        }
        assertThat(j.get("phases").get(0).get("name").asText()).isEqualTo("setup");
    }

    @Test
    void severalLogsWithJsonGiveAnArrayAndOutputFileIsWritten(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("runs.json");
        Result r = Cli.run(
                "parse",
                "--json",
                "-o",
                out.toString(),
                Logs.log("small-tdrw.log").toString(),
                Logs.log("shop-t.log").toString());
        assertThat(r.code()).isZero();
        JsonNode j = new ObjectMapper().readTree(r.out());
        assertThat(j.isArray()).isTrue();
        assertThat(j).hasSize(2);
        assertThat(new ObjectMapper().readTree(out.toFile())).isEqualTo(j);
    }

    @Test
    void oneLogHoldingThreeAppendedRunsGivesThreeSummariesOrAJsonArray(@TempDir Path dir) throws Exception {
        String run = Files.readString(Logs.log("small-tdrw.log"));
        Path log = dir.resolve("loop.log");
        Files.writeString(log, run + run + run); // for i in 1 2 3; do gbak -c -v -st tdrw ... >> loop.log; done
        Result text = Cli.run("parse", log.toString());
        assertThat(text.code()).isZero();
        assertThat(text.out().split("loop  \\(", -1)).hasSize(4);
        assertThat(text.out()).contains("restore 1 of 3", "restore 2 of 3", "restore 3 of 3");
        Result json = Cli.run("parse", "--json", log.toString());
        JsonNode j = new ObjectMapper().readTree(json.out());
        assertThat(j.isArray()).isTrue();
        assertThat(j).hasSize(3);
        for (JsonNode r : j) {
            assertThat(r.get("label").asText()).isEqualTo("loop");
            assertThat(r.get("totalSeconds").asDouble())
                    .isEqualTo(Logs.read("small-tdrw.log").totalSeconds());
        }
    }

    @Test
    void labelOverridesTheFileName() {
        Result r = Cli.run(
                "parse",
                "--label",
                "High performance",
                Logs.log("small-tdrw.log").toString());
        assertThat(r.out()).startsWith("High performance  (");
    }

    @Test
    void failedRestoreExitsOne() {
        Result r = Cli.run("parse", Logs.log("dupfail-tdrw.log").toString());
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.out()).contains("status     failed", "cannot commit index UX_ITEMS_NORM_CODE");
    }

    @Test
    void aCompletedRestoreThenAnotherCallRefusedAtItsStartExitsOneWithBothRecords() throws Exception {
        // gbak -c -v -st tdrw -y small-y-then-exists.log ..., then gbak -c ... >> small-y-then-exists.log 2>&1
        Path log = Path.of(ParseCommandTest.class
                .getResource("/more-logs/small-y-then-exists.log")
                .toURI());
        Result r = Cli.run("parse", "--json", log.toString());
        assertThat(r.code()).isEqualTo(1); // a log that shows a failed gbak call
        JsonNode j = new ObjectMapper().readTree(r.out());
        assertThat(j).hasSize(2);
        assertThat(j.get(0).get("status").asText()).isEqualTo("completed");
        assertThat(j.get(0).get("totalSeconds").asDouble()).isEqualTo(0.406);
        assertThat(j.get(1).get("status").asText()).isEqualTo("failed");
    }

    @Test
    void aBadFileAmongLogsIsNamedInOneLineTheOthersAreParsedAndTheExitIs2(@TempDir Path dir) throws Exception {
        Path sql = Files.writeString(dir.resolve("not-a-log.sql"), "create table t (id integer);\n");
        Path missing = dir.resolve("missing.log");
        String a = Logs.log("small-tdrw.log").toString();
        String b = Logs.log("shop-tdrw.log").toString();
        Result r = Cli.run("parse", a, sql.toString(), missing.toString(), b);
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.out()).contains("small-tdrw", "shop-tdrw");
        List<String> err = r.err().lines().toList();
        assertThat(err).hasSize(3);
        assertThat(err.get(0)).startsWith("gbakprof: " + sql + ": ").contains("no gbak restore message in 1 line (");
        assertThat(err.get(1)).startsWith("gbakprof: " + missing + ": ");
        assertThat(err.get(2))
                .isEqualTo("gbakprof: 2 of 4 files are not a readable gbak log (said above); the other 2 were parsed");
    }

    /**
     * --json's shape follows the logs given, not how many could be read: several logs are an array also when one of
     * them is not a gbak log (a script reading [0] of two logs must not get an object because the other one was bad).
     */
    @Test
    void severalLogsGiveAnArrayAlsoWhenOneIsNotReadable(@TempDir Path dir) throws Exception {
        Path empty = Files.createFile(dir.resolve("empty.log"));
        Path out = dir.resolve("runs.json");
        Result json = Cli.run("parse", "--json", "-o", out.toString(), "samples/shop-tdrw.log", empty.toString());
        assertThat(json.code()).isEqualTo(2);
        JsonNode j = new ObjectMapper().readTree(json.out());
        assertThat(j.isArray()).as(json.out()).isTrue();
        assertThat(j).hasSize(1);
        assertThat(j.get(0).get("source").asText()).isEqualTo("samples/shop-tdrw.log");
        assertThat(j.get(0).get("totalSeconds").asDouble()).isEqualTo(17.183);
        assertThat(new ObjectMapper().readTree(out.toFile())).isEqualTo(j);
        assertThat(json.err())
                .isEqualTo("gbakprof: " + empty + ": empty file; expected the output of gbak -c -v -st tdrw\n"
                        + "gbakprof: 1 of 2 files is not a readable gbak log (said above); the other one was parsed\n");
        // the bad one first: still an array, the good log's record its only element
        Result first = Cli.run("parse", "--json", empty.toString(), "samples/shop-tdrw.log");
        assertThat(new ObjectMapper().readTree(first.out()).get(0).get("label").asText())
                .isEqualTo("shop-tdrw");
        // none readable: an empty array, exit 2
        Result none = Cli.run("parse", "--json", empty.toString(), empty.toString());
        assertThat(none.code()).isEqualTo(2);
        assertThat(new ObjectMapper().readTree(none.out()).isArray()).isTrue();
        assertThat(new ObjectMapper().readTree(none.out())).isEmpty();
        // one log is one object, as before
        assertThat(new ObjectMapper()
                        .readTree(Cli.run("parse", "--json", "samples/shop-tdrw.log")
                                .out())
                        .isObject())
                .isTrue();
    }

    @Test
    void aLogWithoutStatisticsSaysSoOnItsColumnsLine() throws Exception {
        Path log = Path.of(ParseCommandTest.class
                .getResource("/more-logs/small-nost-exists.log")
                .toURI());
        Result r = Cli.run("parse", log.toString());
        assertThat(r.out()).contains("  columns    none (no -st)");
        assertThat(Cli.run("parse", Logs.log("small-tdrw.log").toString()).out())
                .contains("  columns    time delta reads writes");
    }

    @Test
    void emptyFile(@TempDir Path dir) throws Exception {
        Path f = Files.createFile(dir.resolve("empty.log"));
        assertOneLineError(Cli.run("parse", f.toString()), "empty.log", "empty file", "gbak -c -v");
    }

    @Test
    void binaryFile(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("backup.fbk");
        byte[] b = new byte[4096];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) (i * 31);
        }
        Files.write(f, b);
        assertOneLineError(Cli.run("parse", f.toString()), "backup.fbk", "binary data");
    }

    @Test
    void nulBytesFarIntoARealLogNameTheirLine(@TempDir Path dir) throws Exception {
        // past the first 64 KB the decoder no longer sniffs: the line splitter itself must notice
        List<String> lines = new java.util.ArrayList<>(Files.readAllLines(Logs.log("shop-tdrw.log")));
        while (String.join("\n", lines).length() < 100_000) {
            lines.addAll(lines.subList(0, 100));
        }
        int bad = lines.size() - 3;
        lines.set(bad - 1, lines.get(bad - 1) + "\0\0\0");
        Path f = dir.resolve("nul.log");
        Files.writeString(f, String.join("\n", lines) + "\n");
        assertOneLineError(Cli.run("parse", f.toString()), "nul.log:" + bad + ":", "binary data (NUL bytes)");
        Path u = dir.resolve("nul16.log");
        Files.writeString(u, "\uFEFF" + String.join("\r\n", lines), java.nio.charset.StandardCharsets.UTF_16LE);
        assertOneLineError(Cli.run("parse", u.toString()), "nul16.log:" + bad + ":", "binary data (NUL bytes)");
    }

    @Test
    void aLongTextThatIsNotGbakOutputIsGivenUpEarly(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("server.log");
        Files.write(
                f,
                java.util.stream.IntStream.range(0, 200_000)
                        .mapToObj(i -> "2026-11-29 12:00:00 INFO request " + i + " served")
                        .toList());
        assertOneLineError(Cli.run("parse", f.toString()), "server.log", "no gbak restore message in 5000 lines");
    }

    @Test
    void indexAndTableNamesBeyondLatin1SurviveTheFile(@TempDir Path dir) throws Exception {
        String text = Files.readString(Logs.log("shop-tdrw.log"))
                .replace("PK_AUDIT_EMPTY", "PK_AUDIT_\uD83D\uDE00_\u7D22\u5F15Z")
                .replace("ORDER_LINES", "ORDER_\u00C7\u00C3O");
        Path f = dir.resolve("names.log");
        Files.writeString(f, text);
        JsonNode run = new ObjectMapper()
                .readTree(Cli.run("parse", "--json", f.toString()).out());
        assertThat(run.get("indexes").findValuesAsText("name")).contains("PK_AUDIT_\uD83D\uDE00_\u7D22\u5F15Z");
        assertThat(run.get("tables").findValuesAsText("name")).contains("ORDER_\u00C7\u00C3O");
    }

    @Test
    void aLongTextWithNulBytesAfterLine5000IsStillNotGbakOutput(@TempDir Path dir) throws Exception {
        // the first error in line order wins, as when the lines are read one at a time
        StringBuilder text = new StringBuilder();
        for (int i = 1; i <= 5100; i++) {
            text.append("2026-11-29 12:00:00 INFO request ").append(i).append('\n');
        }
        text.append("binary\0\0\0\n");
        Path f = dir.resolve("mixed.log");
        Files.writeString(f, text);
        for (int i = 0; i < 20; i++) {
            assertOneLineError(Cli.run("parse", f.toString()), "mixed.log", "no gbak restore message in 5000 lines");
        }
    }

    @Test
    void textThatIsNotGbakOutput() {
        assertOneLineError(
                Cli.run("parse", Logs.log("README.md").toString()),
                "README.md",
                "no gbak restore message",
                "gbak -c -v -st tdrw");
    }

    @Test
    void aBackupLogIsParsedAsABackup() {
        Result r = Cli.run("parse", Logs.log("small-backup.log").toString());

        assertThat(r.code()).isEqualTo(0);
        assertThat(r.out())
                .contains("  backup     small.fdb -> small-backup-verbose.fbk, 26,112 bytes written\n")
                .contains("  total      0.047 s")
                .contains("top 4 tables by write time (of 4)");
    }

    @Test
    void aFailedBackupExitsOne() {
        Result r = Cli.run("parse", Logs.backupLog("small-backup-nodir.log").toString());

        assertThat(r.code()).isEqualTo(1);
        assertThat(r.out())
                .contains("  status     failed")
                .contains("ERROR:cannot open backup file /nonexistent-dir/small.fbk");
    }

    @Test
    void reportRefusesALogOfBackupsOnly(@TempDir Path dir) {
        assertOneLineError(
                Cli.run(
                        "report",
                        "--out",
                        dir.resolve("rep").toString(),
                        Logs.log("small-backup.log").toString()),
                "small-backup.log",
                "a backup (gbak -b), not a restore");
    }

    @Test
    void restoreLogWithoutTimingColumnsIsReadWithItsTimesUnknown() {
        Cli.Result r = Cli.run("parse", Logs.log("shop-nost.log").toString());

        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("status     completed", "total      unknown", "columns    none (no -st)");
        assertThat(r.out()).contains("its times are unknown; add -st tdrw to time it");
    }

    /**
     * What the guide says of a log without time columns is what parse does: the published end of a Firebird 3
     * restore and the output of a Firebird 5 restore without -v (no -st either) are failed records with their errors,
     * exit 1, not refused; one that ends within gbak's setup is refused.
     */
    @Test
    void aLogWithoutTimeColumnsIsReadAsTheGuideSays(@TempDir Path dir) throws Exception {
        String guide = Files.readString(Path.of("docs/guide/read-logs.md")).replaceAll("\\s+", " ");
        assertThat(guide)
                .doesNotContain("cannot be timed and is refused")
                .contains("A log without a time or delta column (no `-st`) cannot be timed, but is read for what it"
                        + " shows once gbak got past its setup")
                .contains("one that ends within its setup without an error is refused (exit 2)");
        for (String log : List.of(
                "src/test/resources/published/fb3-issue7465-quoted.log",
                "src/test/resources/published/fb5-issue8263-classic.log")) {
            Result r = Cli.run("parse", "--json", log);
            assertThat(r.code()).as(log + ": " + r.err()).isEqualTo(1);
            JsonNode j = new ObjectMapper().readTree(r.out());
            assertThat(j.get("status").asText()).isEqualTo("failed");
            assertThat(j.get("totalSeconds").isNull()).isTrue();
            assertThat(j.get("errors").get(0).asText()).startsWith("cannot commit index ");
            assertThat(j.get("warningCodes").toString()).isEqualTo("[\"untimed\"]");
        }
        Path setup = Files.writeString(
                dir.resolve("setup.log"), "gbak:opened file x.fbk\ngbak:transportable backup -- data in XDR format\n");
        assertOneLineError(
                Cli.run("parse", setup.toString()),
                setup + ":1: restore log with no statistics columns, no time or delta; expected gbak -c -v -st tdrw");
    }

    /**
     * A log cut in the middle of a line (head -c of a real restore log) says which line, in a warning, and exits 0 as
     * any incomplete log does; cut at a line end it has no such warning, and neither has a failed restore whose last
     * line gbak printed without a line end (a backup file that ends early: its ERROR line).
     */
    @Test
    void aLogCutInTheMiddleOfALineNamesTheLineAndExitsZero(@TempDir Path dir) throws Exception {
        byte[] shop = Files.readAllBytes(Path.of("samples/shop-tdrw.log"));
        Path cut = Files.write(dir.resolve("cut.log"), java.util.Arrays.copyOf(shop, 3000));
        String head = new String(shop, 0, 3000, java.nio.charset.StandardCharsets.US_ASCII);
        long line = head.chars().filter(c -> c == '\n').count() + 1;
        assertThat(head).doesNotEndWith("\n");
        Result r = Cli.run("parse", cut.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out())
                .contains("  status     incomplete\n")
                .contains("    - the log ends in the middle of line " + line + " (no line end after it): the file was"
                        + " cut there, or gbak was stopped while writing it; what the line did not say is unknown\n");
        JsonNode j = new ObjectMapper()
                .readTree(Cli.run("parse", "--json", cut.toString()).out());
        assertThat(j.get("warningCodes").toString()).isEqualTo("[\"last-line-cut\"]");
        Path whole = Files.write(
                dir.resolve("lines.log"),
                head.substring(0, head.lastIndexOf('\n') + 1).getBytes());
        assertThat(Cli.run("parse", whole.toString()).out()).doesNotContain("the log ends in the middle");
        Result failed = Cli.run("parse", "src/test/resources/more-logs/shop-truncated-backup.log");
        assertThat(failed.code()).isEqualTo(1);
        assertThat(failed.out()).doesNotContain("the log ends in the middle");
    }

    @Test
    void missingFile() {
        assertOneLineError(Cli.run("parse", "/nonexistent/restore.log"), "/nonexistent/restore.log", "no such file");
    }

    @Test
    void directory(@TempDir Path dir) {
        assertOneLineError(Cli.run("parse", dir.toString()), "is a directory");
    }

    @Test
    void debugShowsTheStackTrace(@TempDir Path dir) {
        Result r = Cli.run("parse", "--debug", dir.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("LogFormatException").contains("\tat ");
    }

    @Test
    void versionAndHelp() {
        assertThat(Cli.run("--version").code()).isZero();
        Result help = Cli.run("--help");
        assertThat(help.out())
                .contains("parse", "run", "inspect", "plan", "report", "compare", "matrix", "demo", "help");
        assertThat(Cli.run("help", "parse").out()).contains("Usage: gbakprof parse");
        assertThat(Cli.run("--debug", "parse", "--help").out()).contains("Usage: gbakprof parse");
        Result typo = Cli.run("pars", "x.log");
        assertThat(typo.code()).isEqualTo(2);
        assertThat(typo.err()).contains("unknown command 'pars' (did you mean parse?)", "gbakprof --help");
    }

    @Test
    void onlyTheCommandNamedIsBuilt() {
        // every command: what help lists (the count grows as commands are added)
        java.util.List<String> all = Main.commandsFor(new String[] {});
        assertThat(all)
                .contains(
                        "parse", "run", "report", "compare", "estimate", "matrix", "demo", "history", "check", "help");
        assertThat(Main.commandsFor(new String[] {"parse", "x.log"})).containsExactly("parse");
        assertThat(Main.commandsFor(new String[] {"--debug", "report", "run"})).containsExactly("report");
        assertThat(Main.commandsFor(new String[] {"--help"})).isEqualTo(all);
        assertThat(Main.commandsFor(new String[] {"help", "parse"})).isEqualTo(all);
        assertThat(Main.commandsFor(new String[] {"pars"})).isEqualTo(all);
        assertThat(Main.commandsFor(new String[] {"-h", "parse"})).isEqualTo(all);
        assertThat(Main.commandsFor(new String[] {"parse", "--help"})).containsExactly("parse");
        assertThat(Cli.run("-h", "parse").out()).contains("report", "matrix", "demo", "estimate");
    }
}
