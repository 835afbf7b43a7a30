package dev.gbakprof.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gbakprof.Samples;
import dev.gbakprof.model.ExitCode;
import dev.gbakprof.output.Lang;
import dev.gbakprof.output.ReportSettings;
import dev.gbakprof.report.ReportPage;
import dev.gbakprof.stats.Analysis;
import dev.gbakprof.testutil.Cli;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Golden checks of {@code compare --json} and {@code report --json} on the article excerpts and the A/B samples. */
class CompareJsonTest {
    private static final String R = "src/test/resources/report/";
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    private static JsonNode json(Cli.Result r) throws Exception {
        return JSON.readTree(r.out());
    }

    private static List<String> codes(JsonNode root) {
        List<String> codes = new ArrayList<>();
        root.get("notes").forEach(n -> codes.add(n.get("code").asText()));
        return codes;
    }

    private static String[] ab(String... first) {
        List<String> args = new ArrayList<>(List.of(first));
        for (String label : List.of("full-cpu", "cpu-quota-50")) {
            for (int i = 1; i <= 3; i++) {
                args.add(R + "ab/" + label + "/run" + i + ".log");
            }
        }
        return args.toArray(new String[0]);
    }

    @Test
    void theArticleExcerptsCompareTheIndexBuildsTheyShowWithTheHeadlineOfThePage() throws Exception {
        Cli.Result r = Cli.run(
                "compare",
                "--json",
                "Balanced=" + R + "article-balanced.log",
                "High performance=" + R + "article-high-performance.log");
        assertThat(r.code()).isZero();
        JsonNode root = json(r);
        assertThat(root.get("schema").asText()).isEqualTo("gbakprof.compare/2");
        assertThat(root.get("measure").asText()).isEqualTo("indexes");
        assertThat(root.get("baseline").asText()).isEqualTo("Balanced");
        String pageHeadline = new ReportPage()
                .drawing(Analysis.of(Samples.article(), null), ReportSettings.defaults(Lang.EN))
                .headline();
        assertThat(root.get("headline").asText()).isEqualTo(pageHeadline);
        JsonNode balanced = root.get("configurations").get(0);
        assertThat(balanced.get("runs").get("count").asInt()).isEqualTo(1);
        assertThat(balanced.get("runs").get("excerpt").asInt()).isEqualTo(1);
        assertThat(balanced.get("runs").get("completed").asInt()).isZero();
        assertThat(balanced.get("total").get("median").isNull()).isTrue();
        // first to last of the five lines: 13304.334 - 9529.339 and 7894.340 - 5301.785
        assertThat(balanced.get("phases").get("indexes").get("median").asDouble())
                .isCloseTo(3774.995, within(1e-9));
        JsonNode high = root.get("configurations").get(1);
        assertThat(high.get("phases").get("indexes").get("median").asDouble()).isCloseTo(2592.555, within(1e-9));
        JsonNode onIndexes = comparison(root, "High performance", "indexes");
        assertThat(onIndexes.get("ratio").asDouble()).isCloseTo(2592.555 / 3774.995, within(1e-12));
        assertThat(onIndexes.get("interval").isNull()).isTrue();
        assertThat(comparison(root, "High performance", "total").get("ratio").isNull())
                .isTrue();
        assertThat(root.get("indexes")).hasSize(5);
        assertThat(codes(root)).contains("partial-measure", "verdict");
    }

    @Test
    void theAbSamplesCarryMediansSpreadsAndAVerdictWithItsInterval() throws Exception {
        Cli.Result r = Cli.run(ab("compare", "--json", "--label-from", "dir"));
        assertThat(r.code()).isZero();
        assertThat(r.err()).isEmpty();
        JsonNode root = json(r);
        assertThat(root.get("measure").asText()).isEqualTo("total");
        JsonNode full = root.get("configurations").get(0);
        assertThat(full.get("label").asText()).isEqualTo("full-cpu");
        assertThat(full.get("runs").get("completed").asInt()).isEqualTo(3);
        assertThat(full.get("total").get("median").asDouble()).isEqualTo(12.972);
        assertThat(full.get("total").get("min").asDouble()).isEqualTo(12.226);
        assertThat(full.get("total").get("max").asDouble()).isEqualTo(14.698);
        assertThat(full.get("runList")).hasSize(3);
        JsonNode quota = root.get("configurations").get(1);
        assertThat(quota.get("total").get("median").asDouble()).isEqualTo(26.442);
        JsonNode total = comparison(root, "cpu-quota-50", "total");
        assertThat(total.get("baseline").asText()).isEqualTo("full-cpu");
        assertThat(total.get("ratio").asDouble()).isCloseTo(26.442 / 12.972, within(1e-12));
        assertThat(total.get("interval").get("low").asDouble()).isGreaterThan(1);
        assertThat(total.get("verdict").asText()).isEqualTo("slower");
        assertThat(root.get("tables").get(0).get("configurations").get(0).has("rowsMin"))
                .isTrue();
        // logs say nothing of when they started: two unpaired groups, and a note says why
        assertThat(total.get("method").asText()).isEqualTo("welch");
        assertThat(total.get("pairs").isNull()).isTrue();
        assertThat(root.get("pairing").get("method").asText()).isEqualTo("none");
        assertThat(root.get("pairing").get("reason").asText()).isEqualTo("no-start-times");
        assertThat(codes(root)).containsExactly("verdict", "why", "unpaired");
    }

    @Test
    void reportJsonOfAFailedRestoreLeadsWithTheFailure() throws Exception {
        Cli.Result r = Cli.run("report", "--json", R + "dupfail-tdrw.log");
        assertThat(r.code()).isEqualTo(ExitCode.FAILED);
        JsonNode root = json(r);
        // gbak went on to its end without the index: the index-failed note says so (and gfix -online), not runs-failed
        assertThat(codes(root)).startsWith("index-failed").doesNotContain("runs-failed");
        assertThat(root.get("configurations").get(0).get("runs").get("failed").asInt())
                .isEqualTo(1);
        JsonNode run = root.get("configurations").get(0).get("runList").get(0);
        assertThat(run.get("status").asText()).isEqualTo("failed");
        // one definition of a run's total: a failed restore has none, even though gbak went on to its end
        assertThat(run.get("totalSeconds").isNull()).isTrue();
        assertThat(run.get("lastSeenSeconds").asDouble()).isEqualTo(0.135);
    }

    @Test
    void withOutTheJsonComesWithTheFilesAndTheRunsCsvAgreesWithTheSummaryOnAFailedTotal() throws Exception {
        Cli.Result r = Cli.run("report", "--json", "--out", tmp.toString(), R + "dupfail-tdrw.log");
        assertThat(r.code()).isEqualTo(ExitCode.FAILED);
        assertThat(json(r).get("schema").asText()).isEqualTo("gbakprof.compare/2");
        List<String> csv = Files.readAllLines(tmp.resolve("runs.csv"));
        assertThat(csv.get(0)).startsWith("label,run,source,status,total_s,last_seen_s,");
        assertThat(csv.get(1)).contains(",failed,,0.135,");
        assertThat(Files.readString(tmp.resolve("summary.md"))).doesNotContain("| failed | 0.135 s |");
    }

    @Test
    void anIndexWhoseTableIsAmbiguousCarriesItsCandidatesAndNoTable() throws Exception {
        Cli.Result r = Cli.run("report", "--json", "samples/shop-tdrw.log");
        assertThat(r.code()).isZero();
        JsonNode lines = null;
        JsonNode orders = null;
        for (JsonNode i : json(r).get("indexes")) {
            lines = i.get("name").asText().equals("PK_ORDER_LINES") ? i : lines;
            orders = i.get("name").asText().equals("PK_ORDERS") ? i : orders;
        }
        assertThat(lines.get("table").isNull()).isTrue();
        assertThat(lines.get("tableCandidates"))
                .extracting(JsonNode::asText)
                .containsExactly("AUDIT_EMPTY", "ORDER_LINES");
        assertThat(orders.get("table").asText()).isEqualTo("ORDERS");
        assertThat(orders.get("tableCandidates")).isEmpty();
    }

    private static JsonNode comparison(JsonNode root, String label, String measure) {
        for (JsonNode c : root.get("comparisons")) {
            if (c.get("label").asText().equals(label)
                    && c.get("measure").asText().equals(measure)) {
                return c;
            }
        }
        throw new AssertionError("no comparison of " + label + " on " + measure);
    }

    @Test
    void withThreeConfigurationsEveryOneHasItsVerdictAgainstTheBaselineInTheNotes() throws Exception {
        List<String> args = new ArrayList<>(List.of(ab("compare", "--json", "--label-from", "dir")));
        args.add("one=" + R + "shop-tdrw.log");
        Cli.Result r = Cli.run(args.toArray(new String[0]));
        assertThat(r.code()).isZero();
        JsonNode root = json(r);
        List<String> verdicts = new ArrayList<>();
        root.get("notes").forEach(n -> {
            if (n.get("code").asText().equals("verdict")) {
                verdicts.add(n.get("message").asText());
            }
        });
        // the headline's order: one (11.6 s) before cpu-quota-50 (26.4 s), each against full-cpu
        assertThat(verdicts).hasSize(2);
        assertThat(verdicts.get(0)).startsWith("one is 1.12× faster than full-cpu (1 against 3 runs)");
        assertThat(verdicts.get(1)).startsWith("cpu-quota-50 is 2.04× slower than full-cpu, more than");
        List<String> totals = new ArrayList<>();
        root.get("comparisons").forEach(c -> {
            if (c.get("measure").asText().equals("total")) {
                totals.add(c.get("label").asText() + ":" + c.get("verdict").asText());
            }
        });
        assertThat(totals).containsExactly("cpu-quota-50:slower", "one:too-few-runs");
    }
}
