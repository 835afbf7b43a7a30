package dev.gbakprof.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gbakprof.Samples;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.output.CompareJson;
import dev.gbakprof.output.Lang;
import dev.gbakprof.output.ReportSettings;
import dev.gbakprof.stats.Analysis;
import dev.gbakprof.store.LogReader;
import dev.gbakprof.testutil.Logs;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
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
