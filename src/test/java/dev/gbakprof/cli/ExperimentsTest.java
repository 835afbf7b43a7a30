package dev.gbakprof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gbakprof.testutil.Cli;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code compare} on experiments made once with the real gbak and the real gbakprof and committed as run folders
 * (scripts/make-experiments.sh): their statistics and sentences are asserted here, never on a live load.
 *
 * <p>{@code experiments/hog}: eight rounds of a DBA's own alternating {@code gbakprof run}s on a loaded 2-core machine,
 * each an "alone" restore then a "hog" restore, both pinned to one CPU, a busy loop pinned to it during "hog".
 */
class ExperimentsTest {
    private static final Path HOG = Path.of("src/test/resources/experiments/hog");
    private static final ObjectMapper JSON = new ObjectMapper();

    private static List<Path> folders(Path experiment) throws IOException {
        try (Stream<Path> s = Files.list(experiment)) {
            return s.filter(Files::isDirectory).sorted().toList();
        }
    }

    /** The headline {@code compare --json --lang LANG} gives of a folder. */
    private static String headline(Path folder, String lang) throws IOException {
        return JSON.readTree(Cli.run("compare", "--json", "--lang", lang, folder.toString())
                        .out())
                .get("headline")
                .asText();
    }

    private static JsonNode total(JsonNode root) {
        for (JsonNode c : root.get("comparisons")) {
            if (c.get("measure").asText().equals("total")) {
                return c;
            }
        }
        throw new AssertionError("no comparison of the total");
    }

    @Test
    void alternatingRunsArePairedByTheirStartTimesAndTheHogIsSlowerInSevenOfEightRounds() throws Exception {
        Cli.Result r = Cli.run("compare", "--json", HOG.toString());
        assertThat(r.code()).isZero();
        // the golden comparison: every number, every sentence (regenerate with compare --json on the folder)
        assertThat(r.out())
                .isEqualTo(Files.readString(
                        Path.of("src/test/resources/experiments/hog-compare.json"), StandardCharsets.UTF_8));
        JsonNode root = JSON.readTree(r.out());
        assertThat(root.get("schema").asText()).isEqualTo("gbakprof.compare/2");
        assertThat(root.get("pairing").get("method").asText()).isEqualTo("time-order");
        assertThat(root.get("pairing").get("rounds").asInt()).isEqualTo(8);
        JsonNode total = total(root);
        assertThat(total.get("label").asText()).isEqualTo("hog");
        assertThat(total.get("method").asText()).isEqualTo("paired");
        assertThat(total.get("pairs").asInt()).isEqualTo(8);
        assertThat(total.get("pairsSlower").asInt()).isEqualTo(7);
        assertThat(total.get("verdict").asText()).isEqualTo("slower");
        // the geometric mean of the within-round ratios and the paired t interval (scipy: PairedTest)
        assertThat(total.get("ratio").asDouble()).isBetween(1.56603, 1.56604);
        assertThat(total.get("interval").get("low").asDouble()).isBetween(1.22633, 1.22634);
        assertThat(total.get("interval").get("high").asDouble()).isBetween(1.99983, 1.99984);
        assertThat(root.get("headline").asText())
                .isEqualTo("alone restored in 14.6 s, 35% less time than hog (22.4 s), 8 runs each.");
        assertThat(root.get("notes").get(0).get("message").asText())
                .isEqualTo("alone is 1.57× faster than hog, more than the run-to-run spread explains (95% CI 1.23–2.00,"
                        + " faster in 7 of 8 rounds: paired t-test by round).");
    }

    @Test
    void runsThatCannotBeCutIntoRoundsAreComparedUnpairedAndTheNoteSaysWhy() throws Exception {
        // alone of rounds 1 and 2, hog of rounds 3 and 4: in start order A A B B
        List<String> args = new ArrayList<>(List.of("compare", "--json"));
        List<Path> all = folders(HOG);
        args.add(all.get(0).toString()); // round 1 alone
        args.add(all.get(2).toString()); // round 2 alone
        args.add(all.get(5).toString()); // round 3 hog
        args.add(all.get(7).toString()); // round 4 hog
        assertThat(all.get(0).getFileName().toString()).endsWith("-alone");
        assertThat(all.get(7).getFileName().toString()).endsWith("-hog");
        Cli.Result r = Cli.run(args.toArray(new String[0]));
        assertThat(r.code()).isZero();
        JsonNode root = JSON.readTree(r.out());
        assertThat(root.get("pairing").get("method").asText()).isEqualTo("none");
        assertThat(root.get("pairing").get("reason").asText()).isEqualTo("repeated-in-round");
        assertThat(total(root).get("method").asText()).isEqualTo("welch");
        List<String> notes = new ArrayList<>();
        root.get("notes")
                .forEach(n -> notes.add(
                        n.get("code").asText() + ": " + n.get("message").asText()));
        assertThat(notes)
                .contains(
                        "unpaired: Compared as unpaired groups (Welch): in start order, round 1 would hold two runs of"
                                + " alone; alternate the configurations (A B A B or A B B A) to pair them.");
    }

    @Test
    void anOddRunLeftOverIsUnevenAndSaidSo() throws Exception {
        List<String> args = new ArrayList<>(List.of("compare", "--json"));
        folders(HOG).subList(0, 5).forEach(f -> args.add(f.toString()));
        JsonNode root = JSON.readTree(Cli.run(args.toArray(new String[0])).out());
        assertThat(root.get("pairing").get("reason").asText()).isEqualTo("uneven");
        assertThat(root.get("notes").findValuesAsText("message"))
                .contains(
                        "Compared as unpaired groups (Welch): 5 runs cannot be cut into rounds that each restore every"
                                + " configuration once.");
    }

    @Test
    void twoDifferentDatabasesAreSaidFirstAndRaceNothing() throws Exception {
        Cli.Result r = Cli.run(
                "compare", "--json", "shop=samples/shop-tdrw.log", "small=src/test/resources/logs/small-tdrw.log");
        JsonNode root = JSON.readTree(r.out());
        assertThat(root.get("headline").asText())
                .isEqualTo("shop and small are different databases (0 tables in common): their times do not compare"
                        + " configurations. shop: 17.2 s (1 run); small: 0.214 s (1 run).")
                .doesNotContain("less time");
        List<String> codes = root.get("notes").findValuesAsText("code");
        assertThat(codes).startsWith("different-databases").doesNotContain("verdict", "why");
    }

    @Test
    void aConfigurationWhoseRunsDisagreeMoreThanTheDifferenceIsNamedInTheHeadline(@TempDir Path out) throws Exception {
        // alone of rounds 1 and 6 (6.41 s and 18.4 s: 2.9× apart) against the hog of round 8 alone (22.5 s)
        List<Path> all = folders(HOG);
        Cli.Result r =
                Cli.run("compare", "--out", out.toString(), "a=" + all.get(0), "a=" + all.get(10), "b=" + all.get(15));
        assertThat(r.out().lines().findFirst().orElseThrow())
                .startsWith("a restored in 12.4 s, 45% less time than b (22.5 s)")
                .endsWith(" a: its runs took from 6.41 s (" + all.get(0).getFileName() + ") to 18.4 s ("
                        + all.get(10).getFileName() + "), more than the difference between the configurations.");
    }

    @Test
    void anExcerptBesideTheWholeLogComparesTheIndexBuildsBothTimedAndEachIndexIsOneRow() throws Exception {
        Cli.Result r = Cli.run(
                "compare",
                "--json",
                "full=samples/shop-tdrw.log",
                "excerpt=src/test/resources/report/shop-excerpt.log");
        JsonNode root = JSON.readTree(r.out());
        // not "No configuration has a known time: there is nothing to compare" above the whole log's 17.2 s
        assertThat(root.get("headline").asText())
                .isEqualTo("No time that every configuration has (a whole restore beside an excerpt): compared is what"
                        + " they all timed, 6 index builds: 6.19 s with full; 6.19 s with excerpt.");
        // the excerpt cannot name the tables of its indexes; the whole log can: one row per index, 14 in all
        assertThat(root.get("indexes")).hasSize(14);
        for (JsonNode index : root.get("indexes")) {
            if (index.get("name").asText().equals("IX_ORDERS_STATUS_YEAR")) {
                assertThat(index.get("table").asText()).isEqualTo("ORDERS");
            }
        }
    }

    /**
     * {@code experiments/warm}: {@code matrix --vary 'gbak:-bu 100,8000' --repeat 3} (one warm-up restore):
     * set aside, then rounds whose first arm turns (AB, BA, AB), paired by the rounds matrix recorded.
     */
    @Test
    void aMatrixSetsItsWarmupAsideAndPairsTheRoundsItRecorded() throws Exception {
        JsonNode root = JSON.readTree(Cli.run("compare", "--json", "src/test/resources/experiments/warm")
                .out());
        assertThat(root.get("warmups").asInt()).isEqualTo(1);
        assertThat(root.get("pairing").get("method").asText()).isEqualTo("matrix-round");
        assertThat(root.get("pairing").get("rounds").asInt()).isEqualTo(3);
        List<String> placed = new ArrayList<>();
        for (JsonNode c : root.get("configurations")) {
            for (JsonNode run : c.get("runList")) {
                placed.add(c.get("label").asText() + " " + run.get("round").asInt() + "."
                        + run.get("position").asInt());
            }
        }
        assertThat(placed)
                .containsExactly(
                        "-bu 100 1.1", "-bu 100 2.2", "-bu 100 3.1", "-bu 8000 1.2", "-bu 8000 2.1", "-bu 8000 3.2");
        JsonNode total = total(root);
        assertThat(total.get("method").asText()).isEqualTo("paired");
        assertThat(total.get("pairs").asInt()).isEqualTo(3);
        // faster in 3 of 3 rounds, but 3 rounds cannot tell: how many would, if the ratio and spread held (sized
        // to tell faster from slower, 1.09× being past the ±5 % margin; sized to the margin alone it was 14)
        assertThat(total.get("verdict").asText()).isEqualTo("cannot-tell");
        assertThat(total.get("pairsSlower").asInt()).isZero();
        assertThat(total.get("runsNeeded").asInt()).isEqualTo(5);
        assertThat(root.get("notes").findValuesAsText("code"))
                .startsWith("warmup")
                .doesNotContain("first-run-slower");
        assertThat(root.get("headline").asText())
                .isEqualTo("Cannot tell -bu 8000 and -bu 100 apart yet: 16.6 s and 18.2 s (3 runs each), too few runs"
                        + " for how much they vary; about 5 rounds would tell faster, slower or the same within ±5%.");
    }

    /**
     * {@code experiments/cold}: the same matrix with {@code --warmup 0} after dropping the backup from the page cache.
     * On this machine (a VM whose host caches its disk: 48 MB read in 0.03 s after {@code drop_caches}) the first
     * restore was not slower, and no first-run note is made of it.
     */
    @Test
    void aFirstRestoreNoSlowerThanTheRestIsNotFlagged() throws Exception {
        JsonNode root = JSON.readTree(Cli.run("compare", "--json", "src/test/resources/experiments/cold")
                .out());
        assertThat(root.get("warmups").asInt()).isZero();
        assertThat(root.get("notes").findValuesAsText("code")).doesNotContain("first-run-slower", "warmup");
        JsonNode total = total(root);
        assertThat(total.get("method").asText()).isEqualTo("paired");
        assertThat(total.get("verdict").asText()).isEqualTo("faster");
        assertThat(root.get("headline").asText())
                .isEqualTo("-bu 8000 restored in 16.5 s, 16% less time than -bu 100 (19.6 s), 3 runs each.");
    }
    /**
     * {@code experiments/route}: {@code matrix --vary 'route:embedded,localhost,service' --repeat 4}, three
     * configurations paired by round. The ranked headline's shares are those of the medians it prints beside them
     * (8.031 s against 8.125 s, 42.7085 s against 8.125 s), not the verdicts' paired ratios (1.23×, 4.96×: the geometric
     * mean of the rounds' ratios, said as such in the notes), and a configuration the runs cannot tell apart gets no
     * share at all, in every language and in every file that carries the headline.
     */
    @Test
    void threeConfigurationsAreRankedByTheMediansShownAndCannotTellClaimsNoShare(@TempDir Path out) throws Exception {
        Path route = Path.of("src/test/resources/experiments/route");
        Cli.Result r = Cli.run("compare", "--out", out.toString(), route.toString());
        assertThat(r.code()).as(r.err()).isZero();
        String headline = "Against embedded (8.12 s, median of 4 runs): service 8.03 s (cannot tell apart yet);"
                + " localhost 42.7 s (426% more time).";
        assertThat(r.out().lines().findFirst().orElseThrow()).isEqualTo(headline);
        assertThat(Files.readString(out.resolve("summary.md"), StandardCharsets.UTF_8))
                .contains("**" + headline + "**");
        assertThat(Files.readString(out.resolve("report.html"), StandardCharsets.UTF_8))
                .contains("\"headline\":\"" + headline + "\"");
        // the verdicts keep the paired ratio and name the test it comes from
        assertThat(r.out())
                .contains("service against embedded: cannot tell; 1.23× faster, but the 95% CI 0.42–3.62 holds both"
                        + " faster and slower and reaches past ±5% (faster in 2 of 4 rounds: paired t-test by round)")
                .contains("localhost is 4.96× slower than embedded");
        assertThat(headline(route, "es"))
                .isEqualTo("Frente a embedded (8,12 s, mediana de 4 ejecuciones): service 8,03 s (aún no se puede"
                        + " distinguir); localhost 42,7 s (426\u00a0% más de tiempo).");
        assertThat(headline(route, "pt-BR"))
                .isEqualTo("Em relação a embedded (8,12 s, mediana de 4 execuções): service 8,03 s (ainda não dá para"
                        + " distinguir); localhost 42,7 s (426% mais tempo).");
        assertThat(headline(route, "tr"))
                .isEqualTo("embedded (8,12 sn, 4 çalıştırmanın medyanı) referansına göre: service 8,03 sn (henüz ayırt"
                        + " edilemiyor); localhost 42,7 sn (%426 daha uzun).");
    }

    /**
     * {@code experiments/route-fb4}: {@code matrix --vary 'route:embedded,localhost,service' --repeat 3} with Debian's
     * Firebird 3.0 gbak and {@code --host} a Firebird 4.0 server. The embedded arm's databases are made by 3.0's
     * engine (ODS 12.0), the other arms' by the 4.0 server (ODS 13.0), and no record knows an engine version (matrix
     * does not ask the server, and embedded gbak has none): the ODS each record read from its database says which
     * Firebird made it, and the comparison names it besides the route. Of one server's version ({@code
     * experiments/route}: 3.0 only) nothing more is said.
     */
    @Test
    void routeArmsOnAServerOfAnotherVersionNameTheDatabasesOds() throws Exception {
        Path fb4 = Path.of("src/test/resources/experiments/route-fb4");
        Cli.Result r = Cli.run("compare", "--json", fb4.toString());
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode differs = null;
        for (JsonNode n : JSON.readTree(r.out()).get("notes")) {
            if (n.get("code").asText().equals("differs-ods")) {
                differs = n;
            }
        }
        assertThat(differs).as(r.out()).isNotNull();
        assertThat(differs.get("message").asText())
                .isEqualTo("Also differs: on-disk structure (ODS) of the restored database — 12.0 (Firebird 3.0):"
                        + " embedded; 13.0 (Firebird 4.0): localhost · service");
        Cli.Result es = Cli.run("compare", "--lang", "es", "--json", fb4.toString());
        assertThat(es.out())
                .contains("También difiere: estructura en disco (ODS) de la base de datos restaurada — 12.0 (Firebird"
                        + " 3.0): embedded; 13.0 (Firebird 4.0): localhost · service");
        Path fb3 = Path.of("src/test/resources/experiments/route");
        assertThat(Cli.run("compare", "--json", fb3.toString()).out()).doesNotContain("differs-");
    }

    /**
     * {@code experiments/pagesize}: {@code matrix --vary 'gbak:-p 4096,3000' --repeat 2}. gbak rounds -p 3000 up to
     * 4096 ("page size specified (3000 bytes) rounded up to 4096 bytes"): every restore made 4096-byte pages. The value
     * is named as it ran, the comparison says the page size is not what differs, and no speed-up chart draws a point
     * at 3000 (nor one of a single place: every value ran as one).
     */
    @Test
    void aPageSizeGbakRoundedIsNamedAsItRanAndNotComparedAsAnotherPageSize(@TempDir Path out) throws Exception {
        Path pagesize = Path.of("src/test/resources/experiments/pagesize");
        Cli.Result r = Cli.run("compare", "--out", out.toString(), pagesize.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out().lines().toList())
                .contains(
                        "  - Not different: every configuration restored a database of page size 4096 (gbak used 4096"
                                + " for -p 3000), so these times do not compare page sizes.",
                        "  - Speed-up of the median total against -p 4096: -p 3000 (page size 4096 used): 0.94×: no"
                                + " value restores faster beyond the run-to-run spread.");
        assertThat(out.resolve("speedup.png")).doesNotExist();
        assertThat(r.out()).doesNotContain("speedup.png");
        JsonNode scan = JSON.readTree(
                        Cli.run("compare", "--json", pagesize.toString()).out())
                .get("scan");
        assertThat(scan.get("used").asText()).isEqualTo("page-size");
        assertThat(scan.get("sameUsed").asInt()).isEqualTo(4096);
        assertThat(scan.get("points").findValuesAsText("label")).containsExactly("-p 3000", "-p 4096");
        for (JsonNode p : scan.get("points")) {
            assertThat(p.get("x").asDouble()).as(p.get("label").asText()).isEqualTo(4096.0);
            assertThat(p.get("pageSizeUsed").asInt()).isEqualTo(4096);
            assertThat(p.get("workersUsed").isNull()).isTrue();
        }
        for (String lang : List.of("es", "pt-BR", "tr")) {
            JsonNode root = JSON.readTree(Cli.run("compare", "--json", "--lang", lang, pagesize.toString())
                    .out());
            JsonNode note = root.get("notes").get(0);
            assertThat(note.get("code").asText()).as(lang).isEqualTo("not-varied");
            assertThat(note.get("message").asText()).as(lang).contains("4096", "-p 3000");
        }
    }

    /**
     * {@code experiments/timeout}: {@code matrix --vary 'gbak:-bu 256,8192' --repeat 3 --timeout 4s}. The timeout
     * stopped one -bu 256 restore and two -bu 8192 ones, some after their index phase: the totals are of the completed
     * restores (2 and 1), the phases of every restore that finished them. "Why" explains the totals' 0.304 s from those
     * same completed restores (index phase 2.329 s against 2.150 s), not from phase medians of other runs (setup, 0.037
     * s, the only phase the stopped runs left faster), and the table says which runs each median is of.
     */
    @Test
    void whyExplainsTheTotalsFromTheirOwnRunsAndTheTableSaysWhichRunsEachMedianIsOf(@TempDir Path out)
            throws Exception {
        Path timeout = Path.of("src/test/resources/experiments/timeout");
        Cli.Result r = Cli.run("compare", "--out", out.toString(), timeout.toString());
        assertThat(r.code()).as(r.err()).isZero();
        String why = "Why: the index phase accounts for 0.179 s of the 0.304 s difference; most of it FK_LINES_INVOICE"
                + " (+0.118 s), PK_INVOICES (+0.052 s), FK_INVOICES_CLIENT (+0.051 s).";
        assertThat(r.out().lines().toList())
                .contains(
                        "  - " + why,
                        "  -bu 256        3 (1 incomplete)  3.70 s (2 runs)  2.33 s (3 runs)  1.30 s (3 runs)  baseline",
                        "  -bu 8192       3 (2 incomplete)  3.40 s (1 run)   2.61 s (2 runs)  1.85 s (3 runs)  1.09×"
                                + " faster (spread unknown)");
        assertThat(Files.readString(out.resolve("summary.md"), StandardCharsets.UTF_8))
                .contains(why)
                .contains("| 3.40 s (1 run) | 2.61 s (2 runs) | 1.85 s (3 runs) |");
        // a comparison of whole restores only: each median of its configuration's runs, and none marked
        Cli.Result hog = Cli.run("compare", HOG.toString());
        assertThat(hog.out()).doesNotContain(" runs)  ");
    }

    /**
     * {@code experiments/stopped}: a real shop restore stopped by {@code --timeout 2s} in its data, and a complete one.
     * What the stopped restore never finished is unknown in the comparison, never 0: its total, and its metadata and
     * data (one step: they end when the index phase starts), indexes and finish; its setup had ended.
     */
    @Test
    void aStoppedRestoreComparesWithItsUnfinishedPhasesUnknown() throws Exception {
        Cli.Result r = Cli.run("compare", "--json", "src/test/resources/experiments/stopped");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode root = JSON.readTree(r.out());
        JsonNode stopped = root.get("configurations").get(0);
        assertThat(stopped.get("label").asText()).isEqualTo("stopped-at-2s");
        assertThat(stopped.get("runs").get("incomplete").asInt()).isEqualTo(1);
        assertThat(stopped.get("runList").get(0).get("totalSeconds").isNull()).isTrue();
        assertThat(stopped.get("runList").get(0).get("lastSeenSeconds").asDouble())
                .isEqualTo(1.99);
        assertThat(stopped.get("total").get("median").isNull()).isTrue();
        assertThat(stopped.get("phases").get("setup").get("median").asDouble()).isEqualTo(0.064);
        for (String phase : List.of("metadata", "data", "indexes", "finish")) {
            assertThat(stopped.get("phases").get(phase).get("median").isNull())
                    .as(phase)
                    .isTrue();
            assertThat(stopped.get("phases").get(phase).get("unknown").asInt())
                    .as(phase)
                    .isEqualTo(1);
        }
        assertThat(root.get("configurations").get(1).get("total").get("median").asDouble())
                .isEqualTo(6.778);
        assertThat(root.get("headline").asText()).startsWith("stopped-at-2s: 1 of 1 restore did not finish. ");
    }
}
