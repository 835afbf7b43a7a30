package dev.gbakprof.output;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.Samples;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.stats.Analysis;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExportsTest {
    private final ReportSettings en = ReportSettings.defaults(Lang.EN);

    @Test
    void indexesCsvHasOneRowPerIndexAndLabelWithTheRatioToTheBaseline() {
        List<String> lines = lines(render(ObjectsCsv.indexes(), Samples.article(), en));
        assertThat(lines.get(0))
                .isEqualTo("index,table,table_source,label,runs,known,median_s,min_s,max_s,ratio_to_baseline,"
                        + "table_candidates");
        assertThat(lines).hasSize(1 + 5 * 2);
        assertThat(lines.get(1)).isEqualTo("INDMF_TAG_PLC_DATA_DT_D,,,Balanced,1,1,1258.271,1258.271,1258.271,1.0000,");
        // 622.882 / 1258.271
        assertThat(lines.get(2))
                .isEqualTo("INDMF_TAG_PLC_DATA_DT_D,,,High performance,1,1,622.882,622.882,622.882,0.4950,");
        assertThat(lines.get(10)).isEqualTo("PKMNF2_DOC_DOWNTIME,,,High performance,1,0,,,,,");
    }

    @Test
    void tableSourceSaysLogAsTheRunRecordDoes() {
        dev.gbakprof.model.RestoreRun run = dev.gbakprof.testutil.Logs.read("dupfail-tdrw.log");
        assertThat(run.indexes()).anyMatch(i -> i.tableSource() == dev.gbakprof.model.IndexMapping.LOG);
        List<String> lines = lines(render(ObjectsCsv.indexes(), List.of(run), en));
        assertThat(lines).contains("PK_TAGS,TAGS,log,dupfail-tdrw,1,1,0.001,0.001,0.001,1.0000,");
        // an index of an ambiguous table: no table, its candidates
        assertThat(lines(render(ObjectsCsv.indexes(), List.of(Samples.log("shop-tdrw.log", "shop")), en)))
                .anyMatch(l ->
                        l.matches("PK_ORDER_LINES,,,shop,1,1,[0-9.]+,[0-9.]+,[0-9.]+,1.0000,AUDIT_EMPTY;ORDER_LINES"));
        assertThat(lines.subList(1, lines.size())).noneMatch(l -> l.contains(",known,"));
    }

    @Test
    void tablesCsvCarriesRecordsAndRowsPerSecond() {
        List<String> lines = lines(render(ObjectsCsv.tables(), List.of(Samples.log("shop-tdrw.log", "shop")), en));
        assertThat(lines.get(0))
                .isEqualTo("table,records,label,runs,known,median_s,min_s,max_s,rows_per_s,ratio_to_baseline,"
                        + "records_min,records_max");
        assertThat(lines).contains("ORDERS,1000000,shop,1,1,3.226,3.226,3.226,309981,1.0000,1000000,1000000");
    }

    @Test
    void tablesCsvHasTheRecordsAndRateOfEachLabel(@TempDir Path dir) throws IOException {
        List<RestoreRun> runs = List.of(
                Samples.log("shop-tdrw.log", "full"),
                Samples.halfOfOrders(dir, "half"),
                Samples.log("shop-tdrw.log", "mixed"),
                Samples.halfOfOrders(dir, "mixed"));

        List<String> lines = lines(render(ObjectsCsv.tables(), runs, en));

        assertThat(lines)
                .contains(
                        "ORDERS,1000000,full,1,1,3.226,3.226,3.226,309981,1.0000,1000000,1000000",
                        "ORDERS,500000,half,1,1,3.226,3.226,3.226,154991,1.0000,500000,500000",
                        // runs of one label that restored different counts: no single count, no rate
                        "ORDERS,,mixed,2,2,3.226,3.226,3.226,,1.0000,500000,1000000");
    }

    @Test
    void summaryMarkdownGivesEachLabelItsOwnRows(@TempDir Path dir) throws IOException {
        List<RestoreRun> runs = List.of(Samples.log("shop-tdrw.log", "full"), Samples.halfOfOrders(dir, "half"));

        String md = new String(render(new SummaryMarkdown(), runs, en), StandardCharsets.UTF_8);

        assertThat(md)
                .contains("| ORDERS | full: 1,000,000; half: 500,000 | 3.23 s (309,981 rows/s) "
                        + "| 3.23 s (154,991 rows/s) | 1.00× |\n");
        assertThat(md).contains("| ORDER_LINES | 100,000 |");
    }

    @Test
    void runsCsvHasOneRowPerRun() {
        List<String> lines = lines(render(new RunsCsv(), Samples.abBoth(), en));
        assertThat(lines).hasSize(7);
        assertThat(lines.get(0))
                .startsWith(
                        "label,run,source,status,total_s,last_seen_s,setup_s,metadata_s,data_s,indexes_s,finish_s,");
        assertThat(lines.get(1))
                .startsWith("full-cpu,full-cpu #1,src/test/resources/report/ab/full-cpu/run1.log,completed,14.698,");
    }

    @Test
    void runsCsvLeavesAPhaseTheLogDoesNotShowEmpty() {
        // the article's excerpts show only index builds; shop-cut.log stops while an index is built, so its index
        // phase (2.025 s as far as the log goes) is cut short: unknown, like its finish. The excerpt's status is
        // excerpt: it was not stopped, it starts after gbak's start
        List<String> lines = lines(render(
                new RunsCsv(),
                List.of(Samples.log("article-balanced.log", "Balanced"), Samples.log("shop-cut.log", "cut")),
                en));
        assertThat(lines.get(1))
                .startsWith("Balanced,Balanced,src/test/resources/report/article-balanced.log,"
                        + "excerpt,,13304.334,,,,3774.995,,");
        assertThat(lines.get(2))
                .startsWith("cut,cut,src/test/resources/report/shop-cut.log,incomplete,,5.271,"
                        + "0.079,0.017,3.150,,,4,1121000,");
    }

    /**
     * A count the log does not show is unknown, never 0: the article's excerpt shows no table's data, the published
     * quote of a restore's end (#7465) neither, a Firebird 5 log's first lines end in the setup, a crash during T1's
     * data never printed its count. runs.csv leaves the cell empty (as a phase's), summary.md says unknown.
     */
    @Test
    void aCountTheLogDoesNotShowIsAnEmptyCellAndUnknownNotZero() {
        List<RestoreRun> runs = List.of(
                Samples.log("article-balanced.log", "Balanced"),
                published("fb3-issue7465-quoted.log"),
                published("fb5-issue8140-excerpt.log"),
                published("fb5-issue7992-assertion.log"),
                Samples.log("shop-cut.log", "cut"));
        List<String> lines = lines(render(new RunsCsv(), runs, en));
        assertThat(lines.get(0)).contains(",tables,records,indexes,indexes_unknown_time,errors,");
        // tables, records, indexes, indexes_unknown_time, errors
        assertThat(counts(lines.get(1))).as("the article's excerpt").isEqualTo(",,5,1,0");
        assertThat(counts(lines.get(2))).as("the quoted end of a restore").isEqualTo(",,1,1,6");
        assertThat(counts(lines.get(3))).as("a log that ends in the setup").isEqualTo(",,,,0");
        assertThat(counts(lines.get(4))).as("a crash during T1's data").isEqualTo("1,,,,1");
        assertThat(counts(lines.get(5)))
                .as("a restore cut while building indexes")
                .isEqualTo("4,1121000,7,1,0");
        String md = summary(runs, Lang.EN);
        assertThat(md)
                .contains(
                        "| Balanced | src/test/resources/report/article-balanced.log | excerpt | unknown | 5 | unknown |")
                .contains(
                        "| fb5-issue8140-excerpt | src/test/resources/published/fb5-issue8140-excerpt.log | incomplete"
                                + " | unknown | unknown | unknown |")
                .contains("| cut | src/test/resources/report/shop-cut.log | incomplete | unknown | 7 | 4 |")
                .contains("| T1 | unknown | not in these runs |");
        assertThat(summary(runs.subList(0, 1), Lang.TR))
                .contains("| " + Texts.of(Lang.TR).get("status.excerpt") + " | "
                        + Texts.of(Lang.TR).get("unknown") + " | 5 | "
                        + Texts.of(Lang.TR).get("unknown") + " |");
    }

    /** runs.csv's tables, records, indexes, indexes_unknown_time and errors cells of one row. */
    private static String counts(String row) {
        return String.join(",", List.of(row.split(",", -1)).subList(11, 16));
    }

    private static RestoreRun published(String name) {
        return dev.gbakprof.store.LogReader.read(Path.of("src/test/resources/published", name), null);
    }

    @Test
    void summaryMarkdownCallsAnExcerptAnExcerptAndACutRestoreIncompleteInEveryLanguage() {
        List<RestoreRun> runs =
                List.of(Samples.log("article-balanced.log", "Balanced"), Samples.log("shop-cut.log", "cut"));
        for (Lang lang : Lang.values()) {
            Texts t = Texts.of(lang);
            String md = summary(runs, lang);
            assertThat(md)
                    .as(lang.tag())
                    .contains("| Balanced | src/test/resources/report/article-balanced.log | " + t.get("status.excerpt")
                            + " |")
                    .contains("| cut | src/test/resources/report/shop-cut.log | " + t.get("status.incomplete") + " |");
            assertThat(t.get("status.excerpt")).as(lang.tag()).isNotEqualTo(t.get("status.incomplete"));
        }
    }

    @Test
    void summaryMarkdownHoldsTheHeadlineAndTheKeyTable() {
        String md = new String(render(new SummaryMarkdown(), Samples.abBoth(), en), StandardCharsets.UTF_8);
        assertThat(md)
                .startsWith(
                        "# Firebird restore time\n\n**full-cpu restored in 13.0 s, 51% less time than cpu-quota-50 (26.4 s), 3 runs each.**\n");
        assertThat(md).contains("| cpu-quota-50 | 3 | 26.4 s | 18.2 s | 8.12 s | 2.04× slower (95% CI 1.60–2.46) |\n");
        assertThat(md).contains("## Slowest index builds: top 10 of 14");
    }

    @Test
    void summaryMarkdownMarksTheIndexGbakCouldNotBuildAsTheChartDoesInEveryLanguage() {
        List<RestoreRun> runs = List.of(dev.gbakprof.testutil.Logs.read("dupfail-tdrw.log"));
        for (Lang lang : Lang.values()) {
            Texts t = Texts.of(lang);
            String md = summary(runs, lang);
            // the duplicate key of real gbak 3.0 output: its row says it failed, the indexes gbak built do not
            assertThat(md)
                    .as(lang.tag())
                    .contains("| UX_ITEMS_NORM_CODE | ITEMS | " + t.duration(0.004) + " · "
                            + t.get("index.failed", 1, 1) + " |")
                    .contains("| PK_TAGS | TAGS | " + t.duration(0.001) + " |");
        }
    }

    @Test
    void labelsAndGbakTextCannotBreakTheMarkdown() {
        List<RestoreRun> runs = List.of(Samples.log("shop-tdrw.log", "new *NVMe* | `fast`\nline two"));
        String md = new String(render(new SummaryMarkdown(), runs, en), StandardCharsets.UTF_8);
        // one table row, the marks shown as they are typed
        assertThat(md).contains("| new \\*NVMe\\* \\| \\`fast\\` line two | 1 | 11.6 s |");
        // gbak's "<expression>" is text, not an HTML tag that a Markdown viewer would hide
        assertThat(SummaryMarkdown.escape("Problematic key value is (<expression> = 'ITEM-42')"))
                .isEqualTo("Problematic key value is (\\<expression> = 'ITEM-42')");
        assertThat(SummaryMarkdown.escape("RDB$PRIMARY_24 [x]")).isEqualTo("RDB$PRIMARY_24 \\[x\\]");
    }

    @Test
    void csvNumbersAreRoundedWithADotWhateverTheLocale() {
        assertThat(Csv.fixed(1258.2705, 3)).isEqualTo("1258.271");
        assertThat(Csv.fixed(0.004, 3)).isEqualTo("0.004");
        assertThat(Csv.fixed(0.49503, 4)).isEqualTo("0.4950");
        assertThat(Csv.fixed(-2.5, 3)).isEqualTo("-2.500");
        assertThat(Csv.fixed(-0.0001, 3)).isEqualTo("0.000");
        // a median of two millisecond times: 0.5485 is stored as 0.548499…, 0.0075 as 0.00749…
        assertThat(Csv.fixed(0.5485, 3)).isEqualTo("0.548");
        assertThat(Csv.fixed(0.0075, 3)).isEqualTo("0.007");
        assertThat(Csv.fixed(0.125, 2)).isEqualTo("0.12");
    }

    /**
     * Two real restores of each -p value (experiments/pagesize): a median is the mean of two millisecond times
     * (FK_LINES_INVOICE of -p 3000: 0.7885 s, PK_CLIENTS of -p 4096: 0.0075 s). indexes.csv, tables.csv and
     * summary.md give each with the same digits, as does run --repeat's Durations.seconds.
     */
    @Test
    void aMedianOfTwoRunsIsRoundedAlikeInTheCsvFilesAndSummaryMd() {
        List<RestoreRun> runs = Samples.experiment("pagesize");
        Analysis a = Analysis.of(runs, null);
        List<String> indexes = lines(ObjectsCsv.indexes().render(a, en));
        assertThat(indexes).anyMatch(l -> l.startsWith("FK_LINES_INVOICE,") && l.contains(",-p 3000,2,2,0.788,"));
        assertThat(indexes).anyMatch(l -> l.startsWith("PK_CLIENTS,") && l.contains(",-p 4096,2,2,0.007,"));
        assertThat(lines(ObjectsCsv.tables().render(a, en)))
                .anyMatch(l -> l.startsWith("INVOICE_LINES,") && l.contains(",-p 4096,2,2,0.238,"));
        String md = new String(new SummaryMarkdown().render(a, en), StandardCharsets.UTF_8);
        assertThat(md).contains("| FK_LINES_INVOICE | INVOICE_LINES | 0.804 s | 0.788 s |");
        assertThat(dev.gbakprof.model.Durations.seconds(0.7885)).isEqualTo("0.788 s");
        assertThat(dev.gbakprof.model.Durations.human(90.5)).isEqualTo("1 min 30 s");
        assertThat(Texts.of(Lang.EN).duration(90.5)).isEqualTo("1 min 30 s");
    }

    private static List<String> lines(byte[] csv) {
        return List.of(new String(csv, StandardCharsets.UTF_8).split("\r\n"));
    }

    private static String summary(List<RestoreRun> runs, Lang lang) {
        return new String(render(new SummaryMarkdown(), runs, ReportSettings.defaults(lang)), StandardCharsets.UTF_8);
    }

    /** The file of runs alone, their analysis against the settings' baseline (as a report makes it). */
    private static byte[] render(ReportFile file, List<RestoreRun> runs, ReportSettings settings) {
        return file.render(Analysis.of(runs, settings.baseline(), settings.margin()), settings);
    }
}
