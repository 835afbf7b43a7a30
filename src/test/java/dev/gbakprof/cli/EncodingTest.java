package dev.gbakprof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gbakprof.testutil.Cli;
import dev.gbakprof.testutil.Cli.Result;
import dev.gbakprof.testutil.Firebird;
import dev.gbakprof.testutil.FirebirdTest;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --encoding}: a Turkish Windows server's gbak log in windows-1254, made here by restoring the fixture
 * database "turkish" (scripts/fixtures/turkish.sql) with the real gbak and re-encoding its UTF-8 output, as cmd's
 * {@code >} writes it on a Turkish Windows.
 */
@FirebirdTest
class EncodingTest {
    private static final Charset CP1254 = Charset.forName("windows-1254");

    @TempDir
    static Path dir;

    static Path utf8;
    static Path cp1254;
    static Path cp1254again;

    @BeforeAll
    static void turkishLogs() throws Exception {
        Path fbk = Firebird.backup("turkish");
        String log = Firebird.run(List.of(
                Firebird.GBAK.toString(),
                "-c",
                "-v",
                "-st",
                "tdrw",
                "-user",
                "SYSDBA",
                fbk.toString(),
                dir.resolve("turkish.fdb").toString()));
        assertThat(log).contains("restoring index IX_SİPARİŞ");
        utf8 = Files.writeString(dir.resolve("turkish-utf8.log"), log, StandardCharsets.UTF_8);
        cp1254 = Files.write(dir.resolve("turkish-cp1254.log"), log.getBytes(CP1254));
        assertThat(new String(Files.readAllBytes(cp1254), CP1254)).isEqualTo(log); // every letter has a cp1254 byte
        String again = Firebird.run(List.of(
                Firebird.GBAK.toString(),
                "-c",
                "-v",
                "-st",
                "tdrw",
                "-user",
                "SYSDBA",
                fbk.toString(),
                dir.resolve("turkish2.fdb").toString()));
        cp1254again = Files.write(dir.resolve("turkish2-cp1254.log"), again.getBytes(CP1254));
    }

    private static JsonNode json(String... args) throws Exception {
        Result r = Cli.run(args);
        assertThat(r.code()).as(r.err()).isZero();
        return new ObjectMapper().readTree(r.out());
    }

    private static List<String> indexNames(JsonNode run) {
        return StreamSupport.stream(run.get("indexes").spliterator(), false)
                .map(i -> i.get("name").asText())
                .toList();
    }

    @Test
    void withoutEncodingACp1254LogReadsAsWindows1252AndAWarningSaysSoAndNamesEncoding() throws Exception {
        JsonNode run = json("parse", "--json", cp1254.toString());
        assertThat(indexNames(run)).contains("IX_SÝPARÝÞ").doesNotContain("IX_SİPARİŞ");
        assertThat(run.get("warnings").toString())
                .contains("not UTF-8 and were read as windows-1252")
                .contains("--encoding")
                .contains("windows-1254 (Turkish)");
        Result text = Cli.run("parse", cp1254.toString());
        assertThat(text.out()).contains("read as windows-1252");
    }

    @Test
    void encodingWindows1254ReadsTheNamesAsTheUtf8LogHasThemWithoutWarning() throws Exception {
        JsonNode asUtf8 = json("parse", "--json", "--label", "tr", utf8.toString());
        for (String name : new String[] {"windows-1254", "cp1254", "1254", "WINDOWS-1254"}) {
            JsonNode run = json("parse", "--json", "--label", "tr", "--encoding", name, cp1254.toString());
            assertThat(indexNames(run)).as(name).contains("IX_SİPARİŞ", "IX_AÇIKLAMA_ĞÜŞİÖÇı", "FK_SİPARİŞ_MÜŞTERİ");
            assertThat(run.get("warnings").toString()).doesNotContain("windows-1252");
            assertThat(run.get("indexes")).isEqualTo(asUtf8.get("indexes"));
            assertThat(run.get("tables")).isEqualTo(asUtf8.get("tables"));
        }
        assertThat(asUtf8.get("warnings").toString())
                .as("a UTF-8 log needs no --encoding")
                .doesNotContain("windows-1252");
    }

    @Test
    void reportAndCompareTakeEncodingToo(@TempDir Path out) throws Exception {
        Result report = Cli.run(
                "report",
                "--encoding",
                "windows-1254",
                "--out",
                out.resolve("r").toString(),
                cp1254.toString());
        assertThat(report.code()).as(report.err()).isZero();
        assertThat(Files.readString(out.resolve("r/indexes.csv"))).contains("IX_SİPARİŞ");
        Result compare = Cli.run(
                "compare",
                "--encoding",
                "cp1254",
                "--out",
                out.resolve("c").toString(),
                "a=" + cp1254,
                "b=" + cp1254again);
        assertThat(compare.code()).as(compare.err()).isIn(0, 1);
        // it once wrote no indexes.csv on a clean CI run (exit 0 or 1): say what compare printed when it does not
        assertThat(out.resolve("c/indexes.csv"))
                .as(compare.out() + compare.err())
                .exists();
        assertThat(Files.readString(out.resolve("c/indexes.csv"))).contains("IX_SİPARİŞ");
        assertThat(compare.out()).doesNotContain("read as windows-1252");
        // without --encoding the names the console prints (the Why's indexes) may be wrong: it says so there
        Result guessed = Cli.run("compare", "--out", out.resolve("g").toString(), "a=" + cp1254, "b=" + cp1254again);
        assertThat(guessed.code()).as(guessed.err()).isIn(0, 1);
        assertThat(guessed.out())
                .contains("  - 2 logs were read as windows-1252 (lines not UTF-8): if a name looks wrong (FK_ÇÀÊÀÇÛ for"
                        + " FK_ЗАКАЗЫ), give the logs' code page with --encoding, e.g. windows-1251 (Cyrillic) or"
                        + " windows-1250 (Central European); summary.md names the lines.");
        // and where the names show on the page and in the files: under the headline of report.png (the page's notes),
        // summary.md and report.html, and as a note with its code in --json
        String note = "2 logs were read as windows-1252 (lines not UTF-8)";
        String md = Files.readString(out.resolve("g/summary.md"));
        assertThat(md.substring(0, md.indexOf("| Configuration"))).contains("- " + note);
        assertThat(Files.readString(out.resolve("g/report.html"))).contains(note);
        Result json = Cli.run("compare", "--json", "a=" + cp1254, "b=" + cp1254again);
        JsonNode notes = new ObjectMapper().readTree(json.out()).get("notes");
        JsonNode last = notes.get(notes.size() - 1);
        assertThat(last.get("code").asText()).isEqualTo("code-page");
        assertThat(last.get("message").asText()).startsWith(note);
    }

    @Test
    void namesAsAWindowsDbaWritesThemAndWrongOnesAreRefused() {
        assertThat(Encodings.parse("OEM 857").name()).isEqualTo("IBM857");
        assertThat(Encodings.parse("cp857").name()).isEqualTo("IBM857");
        assertThat(Encodings.parse("866").name()).isEqualTo("IBM866");
        assertThat(Encodings.parse("oem850").name()).isEqualTo("IBM850");
        assertThat(Encodings.parse("windows-1250").name()).isEqualTo("windows-1250");
        assertThat(Encodings.parse("1251").name()).isEqualTo("windows-1251");
        assertThat(Encodings.parse("utf-8")).isSameAs(StandardCharsets.UTF_8);
        assertThat(Encodings.parse("UTF-16LE")).isSameAs(StandardCharsets.UTF_16LE);
        Result bad = Cli.run("parse", "--encoding", "turkish", cp1254.toString());
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err()).contains("'turkish' is not a code page Java knows; expected e.g. windows-1250");
        Result utf32 = Cli.run("parse", "--encoding", "UTF-32", cp1254.toString());
        assertThat(utf32.code()).isEqualTo(2);
        assertThat(utf32.err()).contains("does not write ASCII as ASCII");
    }
}
