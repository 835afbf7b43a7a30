package dev.gbakprof.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.Samples;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.TableLoad;
import dev.gbakprof.output.Lang;
import dev.gbakprof.output.ReportSettings;
import dev.gbakprof.output.Texts;
import dev.gbakprof.stats.Analysis;
import dev.gbakprof.store.RunInputs;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The one-page report's headline and key table on the real samples. */
class ReportPageTest {

    @Test
    void excerptsCompareTheIndexPhaseOfTheirFiveLinesAndSaySo() {
        ReportPage.Page page = new ReportPage()
                .drawing(
                        Analysis.of(Samples.article(), (ReportSettings.defaults(Lang.EN)).baseline()),
                        ReportSettings.defaults(Lang.EN));
        // 7894.340 - 5301.785 = 2592.555 s and 13304.334 - 9529.339 = 3774.995 s; 1 - 2592.555/3774.995 = 31.3 %
        // what was timed is said: the excerpt's 4 index builds whose end its lines show, not "the index phase"
        assertThat(page.headline())
                .isEqualTo("High performance: the 4 index builds in the excerpt took 43 min 13 s, "
                        + "31% less time than with Balanced (1 h 03 min), 1 run each; with a single run on a side the spread is "
                        + "unknown, so this may be noise.");
        assertThat(page.notes())
                .containsExactly(
                        "Total restore time unknown: not every configuration has a completed run (excerpts, cut-short or "
                                + "failed logs). Only the index phase is compared, as far as the logs show it.",
                        "Balanced: an excerpt of a gbak log, not a whole restore: the first it times is the build of index "
                                + "INDMF_TAG_PLC_DATA_DT_D, from 2 h 39 min on gbak's clock, and it ends before gbak's end. "
                                + "It times 4 index builds; what came before and after is not in it.",
                        "High performance: an excerpt of a gbak log, not a whole restore: the first it times is the build "
                                + "of index INDMF_TAG_PLC_DATA_DT_D, from 1 h 28 min on gbak's clock, and it ends before gbak's "
                                + "end. It times 4 index builds; what came before and after is not in it.",
                        "High performance is 1.46× faster than Balanced (1 against 1 run): with a single run on a side the "
                                + "run-to-run spread is unknown, so this may be noise; run each configuration at least 2 times.",
                        "Why: most of the difference is in INDMF_TAG_PLC_DATA_DT_D (+10 min 35 s), INDMF_TAG_PLC_DATA_TAG_D "
                                + "(+6 min 32 s), INDMF_TAG_PLC_DATA_LU_D (+2 min 10 s).",
                        "2 index builds with unknown time (the log ends before the next line) are left out, not counted as zero.");
        assertThat(page.table().header())
                .containsExactly(
                        "Configuration",
                        "Runs",
                        "Median total",
                        "Index phase",
                        "Data phase",
                        "Against Balanced (index phase)");
        assertThat(page.table().rows())
                .containsExactly(
                        List.of("Balanced", "1 (excerpt)", "unknown", "1 h 03 min", "unknown", "baseline"),
                        List.of(
                                "High performance",
                                "1 (excerpt)",
                                "unknown",
                                "43 min 13 s",
                                "unknown",
                                "1.46× faster (single runs: spread unknown)"));
        assertThat(page.chartFiles()).containsExactly("indexes.png", "timeline.png");
    }

    @Test
    void repeatedRunsGetAHeadlineOnTheTotalAndAVerdictWithItsInterval() {
        ReportPage.Page page = new ReportPage()
                .drawing(
                        Analysis.of(Samples.abBoth(), (ReportSettings.defaults(Lang.EN)).baseline()),
                        ReportSettings.defaults(Lang.EN));
        assertThat(page.headline())
                .isEqualTo("full-cpu restored in 13.0 s, 51% less time than cpu-quota-50 (26.4 s), 3 runs each.");
        // no statistics jargon by the headline: the method is in the footer
        assertThat(page.notes())
                .containsExactly(
                        "full-cpu is 2.04× faster than cpu-quota-50, more than the run-to-run "
                                + "spread explains (95% CI 1.60–2.46, 3 against 3 runs as two groups: Welch's t-test).",
                        // one "why" sentence: the phase and the indexes that account for most of the difference
                        "Why: the index phase accounts for 9.08 s of the 13.5 s difference; most of it FK_ORDERS_CUSTOMER "
                                + "(+3.64 s), IX_ORDERS_STATUS_YEAR (+2.74 s), IX_ORDERS_CUST_DATE (+0.810 s).",
                        "Compared as unpaired groups (Welch): the logs do not say when their restores started, so they"
                                + " cannot be paired by round. Runs made with gbakprof run or matrix can.");
        assertThat(page.footer()).contains("Unpaired: Welch's t-test on the log-times.");
        assertThat(page.table().rows())
                .containsExactly(
                        List.of("full-cpu", "3", "13.0 s", "9.13 s", "3.97 s", "baseline"),
                        List.of("cpu-quota-50", "3", "26.4 s", "18.2 s", "8.12 s", "2.04× slower (95% CI 1.60–2.46)"));
        assertThat(page.chartFiles()).containsExactly("total.png", "phases.png", "indexes.png");
    }

    @Test
    void aDifferenceWithinTheSpreadGetsNoWhySentence() {
        // the same 3 restores under two labels: within noise, so no phase "accounts for" a difference
        List<RestoreRun> runs = new java.util.ArrayList<>();
        Samples.fullCpu().forEach(r -> runs.add(r.withLabel("A")));
        Samples.fullCpu().forEach(r -> runs.add(r.withLabel("B")));
        Analysis a = Analysis.of(runs, null);
        assertThat(a.noteCodes())
                .contains(dev.gbakprof.stats.NoteCode.VERDICT)
                .doesNotContain(dev.gbakprof.stats.NoteCode.WHY);
        assertThat(a.why()).isNull();
    }

    @Test
    void aGivenBaselineIsWhatOthersAreComparedWith() {
        ReportSettings settings = new ReportSettings(10, "A/B", Texts.of(Lang.EN), 1600, 900, "cpu-quota-50");
        ReportPage.Page page = new ReportPage().drawing(Analysis.of(Samples.abBoth(), (settings).baseline()), settings);
        assertThat(page.title()).isEqualTo("A/B");
        assertThat(page.table().header().get(5)).isEqualTo("Against cpu-quota-50");
        assertThat(page.table().rows().get(0).get(5)).isEqualTo("2.04× faster (95% CI 1.60–2.46)");
    }

    @Test
    void aFailedRestoreSaysSoQuotesGbakAndHasNoTotal() {
        ReportPage.Page page = new ReportPage()
                .drawing(
                        Analysis.of(
                                List.of(Samples.log("dupfail-tdrw.log", "dupfail")),
                                (ReportSettings.defaults(Lang.EN)).baseline()),
                        ReportSettings.defaults(Lang.EN));
        assertThat(page.headline())
                .isEqualTo("dupfail: restored with 1 index not built: UX_ITEMS_NORM_CODE (ITEMS), duplicate key; "
                        + "database left offline — run gfix -online. gbak reached its end after 0.135 s (1 run).");
        // what the DBA must do: the index, gbak's reason, and gfix -online as gbak says
        assertThat(page.notes())
                .containsExactly(
                        "dupfail: index UX_ITEMS_NORM_CODE (ITEMS) was not built. gbak: attempt to store duplicate value "
                                + "(visible to active transactions) in unique index \"UX_ITEMS_NORM_CODE\". Problematic key value "
                                + "is (<expression> = 'ITEM-42'). gbak left the database offline: run gfix -online on it, remove "
                                + "the duplicates, then ALTER INDEX UX_ITEMS_NORM_CODE ACTIVE.");
        assertThat(indexesFailedBar()).isTrue();
        assertThat(page.table().rows())
                .containsExactly(List.of("dupfail", "1 (1 with an index not built)", "unknown", "0.032 s", "0.000 s"));
        HorizontalBarChart indexes = new IndexesChart()
                .drawing(
                        Analysis.of(
                                List.of(Samples.log("dupfail-tdrw.log", "dupfail")),
                                (ReportSettings.defaults(Lang.EN)).baseline()),
                        ReportSettings.defaults(Lang.EN));
        assertThat(indexes.categories().get(0).name()).isEqualTo("UX_ITEMS_NORM_CODE");
        assertThat(indexes.series().get(0).bars().get(0).text())
                .isEqualTo("0.003 s · FAILED in 1 of 1 run: left inactive");
    }

    @Test
    void aRestoreThatFailedBeforeItsEndSaysWhereGbakStopped() {
        // gbak refused to overwrite an existing database: it stopped before restoring anything
        RestoreRun failed = RunInputs.load(Path.of("src/test/resources/more-logs/svc-exists.log"), "exists")
                .get(0);
        ReportPage.Page page = new ReportPage()
                .drawing(
                        Analysis.of(List.of(failed), (ReportSettings.defaults(Lang.EN)).baseline()),
                        ReportSettings.defaults(Lang.EN));
        assertThat(page.headline()).isEqualTo("exists: the restore failed; gbak stopped after 0.000 s (1 run).");
    }

    @Test
    void restoresOfDifferentDataAreComparedWithANoteSayingSo() {
        RestoreRun small = RunInputs.load(Path.of("src/test/resources/logs/small-tdrw.log"), "small")
                .get(0);
        ReportPage.Page page = new ReportPage()
                .drawing(
                        Analysis.of(
                                List.of(Samples.log("shop-tdrw.log", "shop"), small),
                                (ReportSettings.defaults(Lang.EN)).baseline()),
                        ReportSettings.defaults(Lang.EN));
        // small-tdrw.log restores PROJECTS, EMPLOYEES, DEPARTMENTS; shop-tdrw.log has none of them: two different
        // databases, said first, and no race between them
        assertThat(page.notes())
                .startsWith("small and shop restored different databases: 0 tables in common, of 3 and 4. To compare"
                        + " configurations, restore one backup under each.");
        assertThat(page.headline())
                .startsWith("shop and small are different databases (0 tables in common)")
                .doesNotContain("less time");
        // the same tables with another row count in one of them
        RestoreRun shop = Samples.log("shop-tdrw.log", "full");
        RestoreRun half = shop.toBuilder()
                .label("half")
                .tables(shop.tables().stream()
                        .map(t -> t.name().equals("ORDERS")
                                ? new TableLoad(t.name(), 500_000L, t.startSeconds(), t.seconds())
                                : t)
                        .toList())
                .build();
        assertThat(new ReportPage()
                        .drawing(
                                Analysis.of(List.of(shop, half), (ReportSettings.defaults(Lang.EN)).baseline()),
                                ReportSettings.defaults(Lang.EN))
                        .notes())
                .contains("half and full did not restore the same data (table ORDERS: 500,000 rows against 1,000,000): "
                        + "their times compare the databases as much as the configurations.");
        // the same restores under two labels: no such note
        ReportPage.Page same = new ReportPage()
                .drawing(
                        Analysis.of(Samples.abBoth(), (ReportSettings.defaults(Lang.EN)).baseline()),
                        ReportSettings.defaults(Lang.EN));
        assertThat(same.notes()).noneMatch(n -> n.contains("same data"));
    }

    @Test
    void theSameTimeOnTooFewRunsIsSaidInPlainWords() {
        ReportPage.Page page = new ReportPage()
                .drawing(
                        Analysis.of(
                                List.of(Samples.log("shop-tdrw.log", "A"), Samples.log("shop-tdrw.log", "B")),
                                (ReportSettings.defaults(Lang.EN)).baseline()),
                        ReportSettings.defaults(Lang.EN));
        assertThat(page.notes())
                .contains("A and B: a ratio of 1.00 (1 against 1 run); with a single run on a side the spread is "
                        + "unknown, so this cannot tell.");
    }

    @Test
    void aCutLogSaysWhereItStops() {
        ReportPage.Page page = new ReportPage()
                .drawing(
                        Analysis.of(
                                List.of(Samples.log("shop-cut.log", "cut")),
                                (ReportSettings.defaults(Lang.EN)).baseline()),
                        ReportSettings.defaults(Lang.EN));
        assertThat(page.headline())
                .isEqualTo("cut: the log stops after 5.27 s on gbak's clock, before the restore finished (1 run).");
    }

    @Test
    void aSingleRunIsLabelledAsSuchWithoutAComparison() {
        ReportPage.Page page = new ReportPage()
                .drawing(
                        Analysis.of(
                                List.of(Samples.log("shop-tdrw.log", "shop")),
                                (ReportSettings.defaults(Lang.EN)).baseline()),
                        ReportSettings.defaults(Lang.EN));
        assertThat(page.headline()).isEqualTo("shop restored in 11.6 s (1 run).");
        assertThat(page.notes()).isEmpty();
        assertThat(page.table().header()).hasSize(5);
        assertThat(page.chartFiles()).containsExactly("phases.png", "tables.png", "indexes.png");
    }

    /** The failed index's bar is drawn as failed (red hatching), not as a plain bar. */
    private static boolean indexesFailedBar() {
        HorizontalBarChart indexes = new IndexesChart()
                .drawing(
                        Analysis.of(List.of(Samples.log("dupfail-tdrw.log", "dupfail")), null),
                        ReportSettings.defaults(Lang.EN));
        return indexes.series().get(0).bars().get(0).failed()
                && !indexes.series().get(0).bars().get(1).failed();
    }

    @Test
    void thePageShowsTheTopHintsOfAdviseOneLineEachInItsLanguageWithHowSureTheyAre() {
        // a real restore recorded while the machine's CPUs were busy with other work: advise says cpu-starved
        List<RestoreRun> starved = RunInputs.load(Path.of("samples/shop-cpu.json"), null);
        java.util.Map<Lang, String> expected = java.util.Map.of(
                Lang.EN,
                "Measure on a machine at rest: other work held the CPU during the index phase (how sure: high)",
                Lang.PT_BR,
                "Meça com a máquina em repouso: outro trabalho ocupou a CPU durante a fase de índices (certeza: alta)",
                Lang.ES,
                "Mida con la máquina en reposo: otro trabajo ocupó la CPU durante la fase de índices (certeza: alta)",
                Lang.TR,
                "Boştaki bir makinede ölçün: indeks aşaması sırasında CPU'yu başka işler tuttu (kesinlik: yüksek)");
        for (Lang lang : Lang.values()) {
            ReportSettings settings = ReportSettings.defaults(lang);
            ReportPage.Page page = new ReportPage().drawing(Analysis.of(starved, null), settings);
            assertThat(page.hints()).as(lang.tag()).containsExactly(expected.get(lang));
            assertThat(page.hintHeading()).as(lang.tag()).endsWith("(gbakprof advise):");
        }
        // the code behind that line is advise's own, with the same certainty
        assertThat(dev.gbakprof.advice.Advisor.advise(starved)).first().satisfies(h -> {
            assertThat(h.code()).isEqualTo(dev.gbakprof.advice.HintCode.CPU_STARVED);
            assertThat(h.certainty()).isEqualTo(dev.gbakprof.advice.Hint.Certainty.HIGH);
        });

        // two configurations given the same first hint share its line, named as the charts name them
        ReportPage.Page ab =
                new ReportPage().drawing(Analysis.of(Samples.abBoth(), null), ReportSettings.defaults(Lang.EN));
        assertThat(ab.hints())
                .containsExactly("full-cpu, cpu-quota-50: Run the restore under a performance power plan "
                        + "(Windows: High performance; Linux: the performance governor or profile) (how sure: low)");
        // seven configurations of 60-character labels: counted, not named (LayoutTest draws the page)
        ReportPage.Page seven = new ReportPage()
                .drawing(Analysis.of(LayoutTest.sevenConfigurations(), null), ReportSettings.defaults(Lang.EN));
        assertThat(seven.hints()).singleElement().asString().startsWith("7 configurations: ");
    }

    /** Paints the page through a recorder; returns how many charts it drew, and the texts in {@code texts}. */
    private static int paint(ReportPage.Page page, List<RecordingGraphics.Drawn> texts) {
        Fonts.family();
        java.awt.image.BufferedImage image = new java.awt.image.BufferedImage(
                ReportPage.WIDTH, ReportPage.HEIGHT, java.awt.image.BufferedImage.TYPE_INT_RGB);
        java.awt.Graphics2D g = image.createGraphics();
        try {
            return page.paintCounting(new RecordingGraphics(g, texts), ReportPage.WIDTH, ReportPage.HEIGHT);
        } finally {
            g.dispose();
        }
    }

    @Test
    void aChartThePageHasNoRoomForIsNamedOnThePageWithItsFileInEveryLanguage() {
        int leftOut = 0;
        for (Lang lang : Lang.values()) {
            ReportSettings settings = ReportSettings.defaults(lang);
            for (List<RestoreRun> runs : List.of(
                    LayoutTest.sevenConfigurations(),
                    LayoutTest.sevenSampled(),
                    LayoutTest.sevenExcerpts(),
                    Samples.article(),
                    Samples.abBoth())) {
                ReportPage.Page page = new ReportPage().drawing(Analysis.of(runs, null), settings);
                List<RecordingGraphics.Drawn> texts = new java.util.ArrayList<>();
                int shown = paint(page, texts);
                String drawn = String.join(
                        " ", texts.stream().map(RecordingGraphics.Drawn::text).toList());
                List<String> missing =
                        page.chartFiles().subList(shown, page.chartFiles().size());
                String said = Texts.of(lang).get("page.left.out", String.join(", ", missing));
                if (missing.isEmpty()) {
                    assertThat(drawn).as(lang.tag()).doesNotContain(said.substring(0, 12));
                } else {
                    leftOut++;
                    assertThat(drawn.replace(" ", "")).as(lang.tag()).contains(said.replace(" ", ""));
                }
            }
        }
        assertThat(leftOut).as("pages that had to leave a chart out").isPositive();
    }

    @Test
    void unequalRunCountsAreSaidAsOneAgainstTheOtherInEveryLanguage() {
        List<RestoreRun> runs = new java.util.ArrayList<>(Samples.fullCpu());
        runs.addAll(Samples.quota().subList(0, 2));
        java.util.Map<Lang, String> expected = java.util.Map.of(
                Lang.EN, "3 against 2 runs",
                Lang.PT_BR, "3 contra 2 execuções",
                Lang.ES, "3 frente a 2 ejecuciones",
                Lang.TR, "3 çalıştırmaya karşı 2");
        for (Lang lang : Lang.values()) {
            ReportSettings settings = ReportSettings.defaults(lang);
            String headline =
                    new ReportPage().drawing(Analysis.of(runs, null), settings).headline();
            assertThat(headline).as(lang.tag()).contains(expected.get(lang));
        }
    }
}
