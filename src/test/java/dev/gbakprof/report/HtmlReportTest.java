package dev.gbakprof.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gbakprof.Samples;
import dev.gbakprof.model.PhaseTime;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.output.CompareJson;
import dev.gbakprof.output.Lang;
import dev.gbakprof.output.ReportSettings;
import dev.gbakprof.stats.Analysis;
import dev.gbakprof.stats.Measure;
import dev.gbakprof.store.LogReader;
import dev.gbakprof.testutil.Logs;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** report.html without a browser: its bytes, its policy, its data block (HtmlReportBrowserTest opens it). */
class HtmlReportTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    @Test
    void theSameRunsGiveTheSameBytes() {
        byte[] a = new HtmlReport()
                .render(
                        Reports.analyse(Samples.abBoth(), ReportSettings.defaults(Lang.EN)),
                        ReportSettings.defaults(Lang.EN));
        byte[] b = new HtmlReport()
                .render(
                        Reports.analyse(Samples.abBoth(), ReportSettings.defaults(Lang.EN)),
                        ReportSettings.defaults(Lang.EN));
        assertThat(a).isEqualTo(b);
    }

    /**
     * dupfail-tdrw.log: UX_TAGS_NAME, inactive in the backup, is defined right before TAGS' data line. Its record says
     * so ({@code indexesNeverBuiltTables}), and the page's data gives the table beside the name.
     */
    @Test
    void anIndexRestoredInactiveKeepsTheTableItsDefinitionHas() {
        RestoreRun run = Logs.read("dupfail-tdrw.log");
        assertThat(run.indexesNeverBuilt()).containsExactly("UX_TAGS_NAME");
        assertThat(run.indexesNeverBuiltTables())
                .containsExactly(new dev.gbakprof.model.IndexDefinition("UX_TAGS_NAME", "TAGS"));
        HtmlReport.Run page = HtmlReport.data(Analysis.of(List.of(run), null), ReportSettings.defaults(Lang.EN))
                .page()
                .runs()
                .get(0);
        assertThat(page.neverBuilt()).containsExactly("UX_TAGS_NAME");
        assertThat(page.neverBuiltTables()).containsExactly("TAGS");
        assertThat(page.neverBuiltWhy()).isEqualTo("inactive");
    }

    @Test
    void thePolicyAllowsExactlyTheInlineScriptsAndStylesByTheirHashes() throws Exception {
        String page = HtmlReport.page(Analysis.of(Samples.abBoth(), null), ReportSettings.defaults(Lang.ES));
        assertThat(page).startsWith("<!DOCTYPE html>\n<html lang=\"es\">");
        Matcher csp = Pattern.compile("Content-Security-Policy\" content=\"([^\"]+)\"")
                .matcher(page);
        assertThat(csp.find()).isTrue();
        String policy = csp.group(1);
        assertThat(policy).startsWith("default-src 'none'; script-src 'sha256-");
        List<String> inline = new ArrayList<>();
        Matcher blocks =
                Pattern.compile("<(script|style)>(.*?)</\\1>", Pattern.DOTALL).matcher(page);
        while (blocks.find()) {
            inline.add(blocks.group(2));
        }
        assertThat(inline).hasSize(4); // uPlot's and the page's own, script and style
        for (String block : inline) {
            String hash = Base64.getEncoder()
                    .encodeToString(
                            MessageDigest.getInstance("SHA-256").digest(block.getBytes(StandardCharsets.UTF_8)));
            assertThat(policy).contains("'sha256-" + hash + "'");
        }
        // nothing to load: no element names a file or an address to fetch
        assertThat(page).doesNotContainPattern("\\s(src|href)=");
        assertThat(page).doesNotContain("<link");
    }

    @Test
    void theDataBlockIsCompareJsonsDocumentWithTheIndexesColumnar() throws Exception {
        Analysis a = Analysis.of(Samples.abBoth(), null);
        ReportSettings settings = ReportSettings.defaults(Lang.EN);
        JsonNode data = data(HtmlReport.page(a, settings));
        JsonNode compare = JSON.readTree(CompareJson.of(a, settings));
        for (String field : List.of(
                "schema", "headline", "baseline", "pairing", "provenance", "configurations", "comparisons", "notes")) {
            assertThat(data.get(field)).as(field).isEqualTo(compare.get(field));
        }
        assertThat(data.has("indexes")).isFalse();
        JsonNode page = data.get("page");
        assertThat(page.get("schema").asText()).isEqualTo(HtmlReport.SCHEMA);
        List<String> names = new ArrayList<>();
        page.get("indexes").get("name").forEach(n -> names.add(n.asText()));
        assertThat(names)
                .containsExactlyElementsOf(stream(compare.get("indexes"))
                        .map(n -> n.get("name").asText())
                        .toList());
        assertThat(page.get("runs")).hasSize(6);
    }

    /**
     * Size: the 6,000-index real-shape log alone, and as two configurations (the same restore labelled twice), both
     * within 1.5 MB; the page's fixed part (uPlot, script, style) about 60 KB.
     */
    @Test
    void sixThousandIndexesFitInAPageOfUnderOneAndAHalfMegabytes() throws Exception {
        RestoreRun run = LogReader.read(Logs.realShape(tmp), null);
        assertThat(run.indexes()).hasSize(6000);
        ReportSettings settings = ReportSettings.defaults(Lang.EN);
        int one = new HtmlReport().render(Reports.analyse(List.of(run), settings), settings).length;
        int two = new HtmlReport()
                .render(Reports.analyse(List.of(run.withLabel("A"), run.withLabel("B")), settings), settings)
                .length;
        System.out.printf("report.html of the real-shape log: %,d bytes alone, %,d as two configurations%n", one, two);
        assertThat(one).isLessThan(1_000_000);
        assertThat(two).isLessThan(1_500_000);
    }

    /**
     * The phases of each run are runs.csv's and summary.md's ({@link Measure#of}): a phase the log was cut off in is
     * unknown, not the time gbak spent in it before the log ends (shop-cut's indexes; the published excerpt's setup).
     */
    @Test
    void aPhaseCutOffIsUnknownAsRunsCsvHasIt() throws Exception {
        Map<String, String> unknown = Map.of(
                "samples/shop-cut.log", "indexes", "src/test/resources/published/fb5-issue8140-excerpt.log", "setup");
        for (Map.Entry<String, String> e : unknown.entrySet()) {
            RestoreRun r = LogReader.read(Path.of(e.getKey()), null);
            JsonNode phases = page(List.of(r), Lang.EN).get("runs").get(0).get("phases");
            for (PhaseTime p : r.phases()) {
                JsonNode v = phases.get(p.name().label());
                assertThat(v.isNull() ? null : v.asDouble())
                        .as(e.getKey() + " " + p.name())
                        .isEqualTo(Measure.of(p.name()).of(r));
            }
            assertThat(phases.get(e.getValue()).isNull()).as(e.getKey()).isTrue();
        }
    }

    /**
     * A table whose runs of one configuration restored different row counts: its rows are a range (summary.md's
     * 500,000–1,000,000), never unknown, and its rows/s unknown; one count has its rows/s as summary.md rounds it.
     */
    @Test
    void rowsTheRunsOfAConfigurationDifferOnAreTheirRange() throws Exception {
        RestoreRun full = Samples.log("shop-tdrw.log", "full");
        JsonNode page = page(List.of(full, Samples.halfOfOrders(tmp, "full")), Lang.EN);
        JsonNode tables = page.get("tables");
        int orders = indexOf(tables.get("name"), "ORDERS");
        JsonNode c = tables.get("configurations").get(0);
        assertThat(c.get("rows").get(orders).asLong()).isEqualTo(500_000);
        assertThat(c.get("rowsMax").get(orders).asLong()).isEqualTo(1_000_000);
        assertThat(c.get("rowsPerSecond").get(orders).isNull()).isTrue();

        JsonNode one =
                page(List.of(full), Lang.EN).get("tables").get("configurations").get(0);
        assertThat(one.get("rows").get(orders).asLong()).isEqualTo(1_000_000);
        assertThat(one.get("rowsMax").get(orders).isNull()).isTrue();
        assertThat(one.get("rowsPerSecond").get(orders).asLong()).isEqualTo(Math.round(1_000_000 / 3.226));
    }

    /**
     * The timeline's builds carry each run's own keys per second (its tooltip's), not the configuration's median:
     * full-cpu #1's IX_ORDERS_STATUS_YEAR (2.55 s) is about 392,000 keys/s, its configuration's median 463,177.
     */
    @Test
    void eachBuildOfTheTimelineHasItsOwnRunsKeysPerSecond() throws Exception {
        List<RestoreRun> runs = Samples.abBoth();
        JsonNode page = page(runs, Lang.EN);
        int differs = 0;
        for (int k = 0; k < runs.size(); k++) {
            Map<String, Double> keys = new HashMap<>();
            runs.get(k).indexes().forEach(b -> keys.put(b.name(), b.keysPerSecond()));
            JsonNode run = page.get("runs").get(k);
            JsonNode median = page.get("indexes")
                    .get("configurations")
                    .get(run.get("group").asInt())
                    .get("keysPerSecond");
            for (JsonNode b : run.get("builds")) {
                String name =
                        page.get("indexes").get("name").get(b.get(0).asInt()).asText();
                Double expected = keys.get(name) == null ? null : Math.rint(keys.get(name));
                assertThat(b.get(4).isNull() ? null : b.get(4).asDouble())
                        .as(name)
                        .isEqualTo(expected);
                differs += expected != null
                                && expected != median.get(b.get(0).asInt()).asDouble()
                        ? 1
                        : 0;
            }
        }
        assertThat(differs).isPositive();
    }

    /** An index a finished restore did not build was inactive in the backup; one a stopped restore did not reach, not. */
    @Test
    void indexesNotBuiltSayWhy() throws Exception {
        JsonNode dupfail = page(List.of(LogReader.read(Path.of("samples/dupfail-tdrw.log"), null)), Lang.EN)
                .get("runs")
                .get(0);
        assertThat(dupfail.get("neverBuilt").toString()).contains("UX_TAGS_NAME");
        assertThat(dupfail.get("neverBuiltWhy").asText()).isEqualTo("inactive");
        assertThat(dupfail.get("reachedEnd").asBoolean()).isTrue();
        JsonNode cut = page(List.of(LogReader.read(Path.of("samples/shop-cut.log"), null)), Lang.EN)
                .get("runs")
                .get(0);
        assertThat(cut.get("neverBuiltWhy").asText()).isEqualTo("stopped");
        assertThat(cut.get("reachedEnd").asBoolean()).isFalse();
    }

    private static int indexOf(JsonNode names, String name) {
        for (int i = 0; i < names.size(); i++) {
            if (names.get(i).asText().equals(name)) {
                return i;
            }
        }
        throw new AssertionError(name + " not in " + names);
    }

    private static JsonNode page(List<RestoreRun> runs, Lang lang) throws Exception {
        return data(HtmlReport.page(Analysis.of(runs, null), ReportSettings.defaults(lang)))
                .get("page");
    }

    private static JsonNode data(String page) throws Exception {
        Matcher m = Pattern.compile("<script type=\"application/json\" id=\"gbakprof-data\">(.*?)</script>")
                .matcher(page);
        assertThat(m.find()).isTrue();
        return JSON.readTree(m.group(1));
    }

    private static Stream<JsonNode> stream(JsonNode array) {
        List<JsonNode> out = new ArrayList<>();
        array.forEach(out::add);
        return out.stream();
    }
}
