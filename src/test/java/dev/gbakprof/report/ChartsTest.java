package dev.gbakprof.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.gbakprof.Samples;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.output.Lang;
import dev.gbakprof.output.NoteText;
import dev.gbakprof.output.ReportSettings;
import dev.gbakprof.output.Texts;
import dev.gbakprof.stats.Analysis;
import dev.gbakprof.testutil.SlowTest;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.lang.reflect.Field;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.AxisPair;

/** The chart objects hold the expected series and bars before anything is drawn. */
class ChartsTest {
    private final ReportSettings en = ReportSettings.defaults(Lang.EN);
    private final ChartStyle style = ChartStyle.of(en);

    @Test
    void indexBarsAreNamedIndexAndTableOneSeriesPerLabelAndUnknownIsNotZero() {
        HorizontalBarChart chart = new IndexesChart().drawing(Analysis.of(Samples.article(), (en).baseline()), en);
        assertThat(chart.categories())
                .extracting(HorizontalBarChart.Category::name)
                .containsExactly(
                        "INDMF_TAG_PLC_DATA_DT_D",
                        "INDMF_TAG_PLC_DATA_TAG_D",
                        "INDMF_TAG_PLC_DATA_LU_D",
                        "INDMF_TAG_PLC_DATA_C1",
                        "PKMNF2_DOC_DOWNTIME");
        assertThat(chart.categories())
                .extracting(HorizontalBarChart.Category::detail)
                .containsOnly("(table unknown)");
        assertThat(chart.series())
                .extracting(HorizontalBarChart.Series::name)
                .containsExactly("Balanced", "High performance");
        HorizontalBarChart.Series balanced = chart.series().get(0);
        // 10787.610 - 9529.339 s, shown in minutes
        assertThat(balanced.bars().get(0).value()).isCloseTo(1258.271 / 60, within(1e-9));
        assertThat(balanced.bars().get(0).text()).isEqualTo("20 min 58 s");
        assertThat(chart.series().get(1).bars().get(0).text()).isEqualTo("10 min 23 s");
        for (HorizontalBarChart.Series s : chart.series()) {
            assertThat(s.bars().get(4).value()).isNull();
            assertThat(s.bars().get(4).text()).isEqualTo("unknown");
        }
        assertThat(chart.title()).isEqualTo("Top 5 of 5 index builds by time (min)");
        assertThat(chart.axisTitle()).isEqualTo("Build time (min)");
    }

    @Test
    void indexBarsOfRepeatedRunsAreMediansAndTheTopIsCut() {
        HorizontalBarChart chart = new IndexesChart().chart(Analysis.of(Samples.abBoth(), null), en, 3, style);
        assertThat(chart.categories()).hasSize(3);
        assertThat(chart.categories().get(0))
                .isEqualTo(new HorizontalBarChart.Category("FK_ORDERS_CUSTOMER", "(ORDERS)"));
        assertThat(chart.series())
                .extracting(HorizontalBarChart.Series::name)
                .containsExactly("full-cpu (3 runs)", "cpu-quota-50 (3 runs)");
        double median = median(Samples.fullCpu(), "FK_ORDERS_CUSTOMER");
        assertThat(chart.series().get(0).bars().get(0).value()).isCloseTo(median, within(1e-9));
        assertThat(chart.title())
                .isEqualTo("Top 3 of 14 index builds by time (s), median of each configuration's runs");
        assertThat(chart.footnote()).isNull(); // ORDERS' indexes are mapped exactly (gbak's data order), none inferred
    }

    @Test
    void anIndexOfAnAmbiguousTableIsDrawnWithItsCandidatesNotAGuess() {
        // shop: AUDIT_EMPTY has no rows, so gbak's log cannot say whether PK_ORDER_LINES is of it or of ORDER_LINES
        Analysis a = Analysis.of(List.of(Samples.log("shop-tdrw.log", "shop")), null);
        HorizontalBarChart chart = new IndexesChart().chart(a, en, 20, style);
        HorizontalBarChart.Category lines = chart.categories().stream()
                .filter(c -> c.name().equals("PK_ORDER_LINES"))
                .findFirst()
                .orElseThrow();
        assertThat(lines.detail()).isEqualTo("(AUDIT_EMPTY or ORDER_LINES?)");
        assertThat(chart.categories())
                .filteredOn(c -> c.name().equals("PK_ORDERS"))
                .extracting(HorizontalBarChart.Category::detail)
                .containsExactly("(ORDERS)");
        assertThat(chart.footnote()).startsWith("A or B? = the index belongs to one of these tables");
        ReportSettings tr = ReportSettings.defaults(Lang.TR);
        assertThat(new IndexesChart().chart(a, tr, 20, style).categories())
                .filteredOn(c -> c.name().equals("PK_ORDER_LINES"))
                .extracting(HorizontalBarChart.Category::detail)
                .containsExactly("(AUDIT_EMPTY veya ORDER_LINES?)");
    }

    @Test
    void tableBarsCarryRowsPerSecond() {
        HorizontalBarChart chart = new TablesChart()
                .drawing(Analysis.of(List.of(Samples.log("shop-tdrw.log", "shop")), (en).baseline()), en);
        assertThat(chart.categories())
                .extracting(HorizontalBarChart.Category::name)
                .containsExactly("ORDERS", "ORDER_LINES", "CUSTOMERS", "PRODUCTS");
        assertThat(chart.categories().get(0).detail()).isEqualTo("1,000,000 rows");
        // ORDERS: 1,000,000 records in 3.226 s
        assertThat(chart.series().get(0).bars().get(0).text()).isEqualTo("3.23 s · 309,981 rows/s");
    }

    @Test
    void tableBarsCarryTheRowsOfTheirLabelWhenTheLabelsRestoredDifferentCounts(@TempDir Path dir) throws IOException {
        List<RestoreRun> runs = List.of(
                Samples.log("shop-tdrw.log", "full"),
                Samples.halfOfOrders(dir, "half"),
                Samples.log("shop-tdrw.log", "mixed"),
                Samples.halfOfOrders(dir, "mixed"));

        HorizontalBarChart chart = new TablesChart().drawing(Analysis.of(runs, (en).baseline()), en);

        assertThat(chart.categories().get(0)).isEqualTo(new HorizontalBarChart.Category("ORDERS", null));
        assertThat(chart.series())
                .extracting(s -> s.bars().get(0).text())
                .containsExactly(
                        "3.23 s · 1,000,000 rows · 309,981 rows/s",
                        "3.23 s · 500,000 rows · 154,991 rows/s",
                        "3.23 s · 500,000–1,000,000 rows");
        assertThat(chart.categories().get(1).detail()).isEqualTo("100,000 rows"); // ORDER_LINES: one count for all
    }

    @Test
    void phasesAreStackedPerRunInPhaseOrder() {
        List<RestoreRun> runs = Samples.abBoth();
        CategoryChart chart = new PhasesChart().chart(Analysis.of(runs, null), en, false, style);
        assertThat(chart.getStyler().isStacked()).isTrue();
        assertThat(chart.getSeriesMap().keySet()).containsExactly("setup", "metadata", "data", "indexes", "finish");
        CategorySeries indexes = chart.getSeriesMap().get("indexes");
        assertThat(list(indexes.getXData()))
                .containsExactly(
                        "full-cpu #1",
                        "full-cpu #2",
                        "full-cpu #3",
                        "cpu-quota-50 #1",
                        "cpu-quota-50 #2",
                        "cpu-quota-50 #3");
        double first = runs.get(0).phaseSeconds(dev.gbakprof.model.Phase.INDEXES);
        assertThat(indexes.getYData().iterator().next().doubleValue()).isCloseTo(first, within(1e-9));
    }

    @Test
    void anExcerptsPhaseBarIsCalledAnExcerptAndACutRestoresIncompleteInEveryLanguage() {
        List<RestoreRun> runs = List.of(
                Samples.log("article-balanced.log", "Balanced"),
                Samples.log("article-high-performance.log", "High performance"),
                Samples.log("shop-cut.log", "cut"));
        for (Lang lang : Lang.values()) {
            ReportSettings settings = ReportSettings.defaults(lang);
            Texts t = settings.texts();
            CategoryChart chart =
                    new PhasesChart().chart(Analysis.of(runs, null), settings, false, ChartStyle.of(settings));
            assertThat(list(chart.getSeriesMap().values().iterator().next().getXData()))
                    .as(lang.tag())
                    .containsExactly(
                            "Balanced (" + t.get("status.excerpt") + ")",
                            "High performance (" + t.get("status.excerpt") + ")",
                            "cut (" + t.get("status.incomplete") + ")");
        }
    }

    @Test
    void phasesPerLabelAreMedians() {
        CategoryChart chart = new PhasesChart().chart(Analysis.of(Samples.abBoth(), null), en, true, style);
        assertThat(list(chart.getSeriesMap().get("data").getXData()))
                .containsExactly("full-cpu (3 runs)", "cpu-quota-50 (3 runs)");
    }

    /**
     * Medians per label of 3 runs, 2 runs (one stopped during its data: no whole phase but its setup) and 1 run: each bar
     * says its runs (a single run said none), and the phases whose median is of fewer runs are named under the chart.
     */
    @Test
    void phaseMediansOfDifferentRunCountsSayHowManyEach() {
        List<RestoreRun> runs = new ArrayList<>(Samples.fullCpu());
        Samples.experiment("stopped")
                .forEach(r -> runs.add(r.toBuilder().label("mix").build()));
        runs.add(Samples.log("shop-tdrw.log", "single"));
        Analysis a = Analysis.of(runs, null);
        CategoryChart chart = new PhasesChart().chart(a, en, true, style);
        assertThat(list(chart.getSeriesMap().get("data").getXData()))
                .containsExactly("full-cpu (3 runs)", "mix (2 runs)", "single (1 run)");
        assertThat(PhasesChart.footnotes(a, Texts.of(Lang.EN)))
                .containsExactly(
                        "mix: metadata, data, indexes, finish: median of 1 of 2 runs (the others did not time it"
                                + " whole: stopped before its end, or an excerpt).");
        assertThat(PhasesChart.footnotes(a, Texts.of(Lang.TR)).get(0))
                .startsWith("mix: meta veri, veri, indeksler, bitiş: 2 çalıştırmanın 1 tanesinin medyanı");
        // runs of equal counts: as before, the count may go when the labels need the room
        assertThat(PhasesChart.unevenCounts(Analysis.of(Samples.abBoth(), null)))
                .isFalse();
    }

    @Test
    void totalHasAMedianBarPerLabelWhiskersAndADotPerRun() {
        CategoryChart chart = new TotalChart().chart(Analysis.of(Samples.abBoth(), null), en, style);
        assertThat(chart.getSeriesMap().keySet())
                .containsExactly("median · full-cpu", "median · cpu-quota-50", "min–max", "run 1", "run 2", "run 3");
        CategorySeries full = chart.getSeriesMap().get("median · full-cpu");
        assertThat(list(full.getXData()))
                .containsExactly("full-cpu (3 runs) · median 13.0 s", "cpu-quota-50 (3 runs) · median 26.4 s");
        assertThat(full.getYData().iterator().next().doubleValue()).isCloseTo(12.972, within(1e-9));
        CategorySeries range = chart.getSeriesMap().get("min–max");
        // whisker from 12.226 to 14.698: centre and half-range
        assertThat(range.getYData().iterator().next().doubleValue()).isCloseTo((12.226 + 14.698) / 2, within(1e-9));
        assertThat(range.getExtraValues().iterator().next().doubleValue())
                .isCloseTo((14.698 - 12.226) / 2, within(1e-9));
    }

    @Test
    void everyLabelStaysOnTheAxisCutWhereItMustAndTheLegendOnlyWhenItNamesSomething() {
        List<String> labels = List.of(
                "Balanced",
                "High performance",
                "Power saver",
                "Ultimate Performance",
                "-bu 2048",
                "-bu 16384 + High performance of the new NVMe array after the BIOS update");
        List<RestoreRun> ab = Samples.abBoth();
        List<RestoreRun> six = new java.util.ArrayList<>();
        for (int i = 0; i < 6; i++) {
            six.add(ab.get(i).withLabel(labels.get(i)));
        }
        for (ReportSettings size : List.of(en, new ReportSettings(10, null, Texts.of(Lang.EN), 800, 450, null))) {
            CategoryChart total = new TotalChart().chart(Analysis.of(six, null), size, ChartStyle.of(size));
            List<String> shown = total.getSeriesMap().values().iterator().next().getXData().stream()
                    .map(String::valueOf)
                    .toList();
            assertThat(shown).hasSize(6).doesNotHaveDuplicates();
            for (int i = 0; i < 6; i++) {
                String name = shown.get(i);
                String label = labels.get(i);
                // the label whole, or cut with "…", then " · " and the time
                assertThat(name.startsWith(label + " ")
                                || (name.contains("…") && label.startsWith(name.substring(0, name.indexOf('…')))))
                        .as(name)
                        .isTrue();
                assertThat(name).contains(" · ");
            }
            assertThat(shown.get(5)).contains("…"); // 72 characters are never shown whole
            assertThat(total.getStyler().isLegendVisible()).isFalse(); // single runs: no dots to name
            CategoryChart phases = new PhasesChart().chart(Analysis.of(six, null), size, true, ChartStyle.of(size));
            assertThat(list(phases.getSeriesMap().get("data").getXData()))
                    .hasSize(6)
                    .doesNotHaveDuplicates();
        }
        assertThat(new TotalChart()
                        .chart(Analysis.of(Samples.abBoth(), null), en, style)
                        .getStyler()
                        .isLegendVisible())
                .isTrue();
    }

    @Test
    void timelineHasOneLinePerRunEndingAtTheShareOfWorkWithAKnownEnd() {
        XYChart ab = new TimelineChart().chart(Analysis.of(Samples.abBoth(), null), en, style);
        assertThat(ab.getSeriesMap()).hasSize(6);
        XYSeries first = ab.getSeriesMap().get("full-cpu #1");
        assertThat(first.getYData()).contains(100.0);
        assertThat(ab.getYAxisTitle()).isEqualTo("Objects done (% of their number)");
        // the excerpts do not say what the restore defines: no share, the objects done are counted (4 of the 5
        // index builds they show have a known end)
        Analysis article = Analysis.of(Samples.article(), null);
        XYChart excerpts = new TimelineChart().chart(article, en, style);
        assertThat(excerpts.getYAxisTitle()).isEqualTo("Tables + indexes done");
        assertThat(excerpts.getSeriesMap().get("Balanced").getYMax()).isCloseTo(4.0, within(1e-9));
        assertThat(excerpts.getSeriesMap().get("High performance").getXMin()).isCloseTo(5301.785 / 3600, within(1e-9));
        assertThat(TimelineChart.footnotes(article, Texts.of(Lang.EN)))
                .containsExactly("An excerpt of a log does not show what the restore defines: objects done are "
                        + "counted, not a share.");
    }

    /**
     * A real restore stopped by --timeout during ORDERS' data (experiments/stopped): its line goes on to the stop (its
     * log's last clock, 1.99 s), not only to the end of the one table it loaded (0.217 s); the completed restore's line
     * ends where its last object ended.
     */
    @Test
    void aStoppedRestoresTimelineGoesOnToItsStop() {
        Analysis a = Analysis.of(Samples.experiment("stopped"), null);
        XYChart chart = new TimelineChart().chart(a, en, style);
        XYSeries stopped = chart.getSeriesMap().get("stopped-at-2s");
        assertThat(stopped.getXMax()).isCloseTo(1.99, within(1e-9));
        assertThat(stopped.getYMax()).isCloseTo(1.0, within(1e-9)); // ORDER_LINES: ORDERS was never done
        RestoreRun completed = a.groups().get(1).runs().get(0);
        double lastEnd = completed.indexes().stream()
                .mapToDouble(i -> i.startSeconds() + i.seconds())
                .max()
                .orElseThrow();
        assertThat(chart.getSeriesMap().get("completed").getXMax()).isCloseTo(lastEnd, within(1e-9));
        // its log does not show the 2 tables it never reached: objects are counted, and the note says it was stopped
        // (it said "An excerpt of a log", which it is not)
        assertThat(chart.getYAxisTitle()).isEqualTo("Tables + indexes done");
        assertThat(TimelineChart.footnotes(a, Texts.of(Lang.EN)))
                .containsExactly(
                        "stopped-at-2s: 10 of 10 index definitions never built (the restore stopped during the data: "
                                + "the tables it did not reach may define more).",
                        "stopped-at-2s: stopped before its log showed all that the restore defines: objects done are "
                                + "counted, not a share.");
        assertThat(TimelineChart.footnotes(a, Texts.of(Lang.TR)))
                .last()
                .isEqualTo("stopped-at-2s: günlüğü geri yüklemenin tanımladığı her şeyi göstermeden önce durduruldu: "
                        + "yüzde değil, biten nesnelerin sayısı gösterilir.");
    }

    @Test
    void theTimelinesClockHasNoTickBeforeGbakStarted() throws ReflectiveOperationException {
        // the two configurations' restores end at 15 and 27 s: XChart's margin before 0 (4 % of the plot) is more than
        // its 1 s step, and a "-1" tick was drawn there on gbak's clock
        for (Lang lang : Lang.values()) {
            ReportSettings settings = ReportSettings.defaults(lang);
            XYChart chart = new TimelineChart()
                    .chart(Analysis.of(Samples.abBoth(), null), settings, ChartStyle.of(settings), new ArrayList<>());
            BufferedImage image = new BufferedImage(1600, 900, BufferedImage.TYPE_INT_RGB);
            Graphics2D g = image.createGraphics();
            try {
                chart.paint(g, 1600, 900);
            } finally {
                g.dispose();
            }
            // the labels XChart drew under the x axis (it draws text as outlines: only its axis knows them)
            Field pair = org.knowm.xchart.internal.chartpart.Chart.class.getDeclaredField("axisPair");
            pair.setAccessible(true);
            List<String> ticks = ((AxisPair<?, ?>) pair.get(chart))
                    .getXAxis()
                    .getAxisTickCalculator()
                    .getTickLabels();
            assertThat(ticks)
                    .as(lang.tag())
                    .contains("0", "27")
                    .noneMatch(tick -> tick.strip().startsWith("-"));
        }
    }

    @Test
    void aCutRestoreIsAShareOfEveryIndexItsMetadataDefinesAndSaysHowManyWereNeverBuilt() {
        // shop-cut.log: 5 tables and 14 index definitions; cut during the index phase after 7 builds began (the 7th's
        // end is not in the log): 4 loads + the empty AUDIT_EMPTY (done when the index phase starts) + 6 builds
        RestoreRun cut = Samples.log("shop-cut.log", "cut");
        assertThat(cut.tablesDefined()).isEqualTo(5);
        assertThat(cut.indexesDefined()).isEqualTo(14);
        assertThat(cut.indexesNeverBuilt()).hasSize(7);
        Analysis a = Analysis.of(List.of(cut), null);
        XYChart chart = new TimelineChart().chart(a, en, style);
        // was 10 of 11 objects seen, 91 %
        assertThat(chart.getSeriesMap().get("cut").getYMax()).isCloseTo(100.0 * 11 / 19, within(1e-9));
        assertThat(TimelineChart.footnotes(a, Texts.of(Lang.EN)))
                .containsExactly("cut: 7 of 14 index definitions never built (the restore stopped).");
        assertThat(a.noteCodes()).contains(dev.gbakprof.stats.NoteCode.INDEXES_NEVER_BUILT);
        assertThat(TimelineChart.footnotes(a, Texts.of(Lang.PT_BR)))
                .containsExactly("cut: 7 de 14 índices definidos não foram criados (a restauração parou).");
        // a failed restore never reaches 100 %: the index gbak could not build is not done
        XYChart failed = new TimelineChart()
                .chart(Analysis.of(List.of(Samples.log("dupfail-tdrw.log", "dupfail")), null), en, style);
        assertThat(failed.getSeriesMap().get("dupfail").getYMax()).isLessThan(100.0);
    }

    @Test
    void cpuChartOnlyForRunsWithSamples() {
        assertThat(new CpuChart().appliesTo(Samples.abBoth())).isFalse();
    }

    @Test
    void cpuChartOfAStoppedRunLeavesOutThePhasesItNeverReached() {
        // a run stopped before its finish phase records that phase as unknown (null), never as 0
        RestoreRun done = dev.gbakprof.store.RunInputs.load(Path.of("samples/shop-cpu.json"), null)
                .get(0);
        RestoreRun stopped = done.toBuilder()
                .status(dev.gbakprof.model.RunStatus.INCOMPLETE)
                .phases(done.phases().stream()
                        .map(p -> p.name() == dev.gbakprof.model.Phase.FINISH
                                ? new dev.gbakprof.model.PhaseTime(p.name(), null)
                                : p)
                        .toList())
                .build();
        List<LineLegend.Entry> legend = new java.util.ArrayList<>();
        XYChart plot = new CpuChart().plot(Analysis.of(List.of(stopped), null), en, style, legend);
        assertThat(plot.getSeriesMap().keySet()).contains("band indexes").doesNotContain("band finish");
    }

    @Test
    void cpuChartDrawsTheRestoresOwnCpuAndDiskOverItsPhasesAndTheWholeMachineForOneRun() {
        // a real restore of shop.fbk by gbakprof run, sampled every 0.5 s on a shared VM: gbak's own counters
        List<RestoreRun> runs = dev.gbakprof.store.RunInputs.load(Path.of("samples/shop-cpu.json"), null);
        RestoreRun run = runs.get(0);
        assertThat(run.cpuSamples())
                .hasSizeGreaterThan(10)
                .allSatisfy(s -> assertThat(s.mhz()).isNull());
        List<LineLegend.Entry> legend = new java.util.ArrayList<>();
        XYChart plot = new CpuChart().plot(Analysis.of(runs, null), en, style, legend);
        assertThat(plot.getSeriesMap().keySet())
                .containsExactly(
                        "band setup",
                        "band metadata",
                        "band data",
                        "band indexes",
                        "band finish",
                        "shop-cpu · cpu",
                        "shop-cpu · disk",
                        "machine");
        // % of one core between the first two samples that read gbak, from its CPU seconds
        List<dev.gbakprof.model.CpuSample> read = run.cpuSamples().stream()
                .filter(x -> x.processCpuSeconds() != null)
                .toList();
        double expected = 100
                * (read.get(1).processCpuSeconds() - read.get(0).processCpuSeconds())
                / (read.get(1).atSeconds() - read.get(0).atSeconds());
        XYSeries cpu = plot.getSeriesMap().get("shop-cpu · cpu");
        assertThat(cpu.getYData()[0]).isCloseTo(expected, within(1e-9));
        assertThat(cpu.getYAxisGroup()).isZero();
        assertThat(plot.getSeriesMap().get("shop-cpu · disk").getYAxisGroup()).isEqualTo(1);
        // the whole machine in the same unit: its load × its 2 logical CPUs
        assertThat(plot.getSeriesMap().get("machine").getYData()[0])
                .isCloseTo(100 * 2 * run.cpuSamples().get(0).load(), within(1e-9));
        // the bands are gbak's phases, end to end from 0
        XYSeries indexes = plot.getSeriesMap().get("band indexes");
        double before = run.phaseSeconds(dev.gbakprof.model.Phase.SETUP)
                + run.phaseSeconds(dev.gbakprof.model.Phase.METADATA)
                + run.phaseSeconds(dev.gbakprof.model.Phase.DATA);
        TimeScale scale = TimeScale.forMax(
                run.cpuSamples().get(run.cpuSamples().size() - 1).atSeconds());
        assertThat(indexes.getXData()[0]).isCloseTo(scale.of(before), within(1e-9));
        assertThat(legend)
                .extracting(LineLegend.Entry::name)
                .containsExactly(
                        "shop-cpu",
                        "CPU, % of one core (left axis)",
                        "disk read + written, MB/s (right axis)",
                        "whole machine, all processes",
                        "bands: the phases of shop-cpu");
    }

    @SlowTest
    @Test
    void cpuChartGivesEachRunItsOwnColourAndAWholeLegendWhateverTheLabels() throws IOException {
        RestoreRun shop = dev.gbakprof.store.RunInputs.load(Path.of("samples/shop-cpu.json"), null)
                .get(0);
        RestoreRun spill = dev.gbakprof.store.RunInputs.load(
                        Path.of("src/test/resources/resources/tempcache-1m.json"), null)
                .get(0);
        List<LineLegend.Entry> legend = new java.util.ArrayList<>();
        XYChart two = new CpuChart().plot(Analysis.of(List.of(shop, spill), null), en, style, legend);
        assertThat(legend.subList(0, 2)).extracting(LineLegend.Entry::name).containsExactly("shop-cpu", "tempcache-1m");
        assertThat(legend.get(0).color()).isNotEqualTo(legend.get(1).color());
        assertThat(two.getSeriesMap()).doesNotContainKey("machine"); // only for one run
        // the spilled sorts are the other run's disk writes: more MB/s at its peak than the first's
        assertThat(two.getSeriesMap().get("tempcache-1m · disk").getYMax())
                .isGreaterThan(two.getSeriesMap().get("shop-cpu · disk").getYMax());

        // ten configurations of long labels, two runs each: each configuration's median run, in a colour of its
        // own, named as every chart cuts a label (LayoutTest checks that the legend fits)
        java.util.List<RestoreRun> many = new java.util.ArrayList<>();
        for (int i = 0; i < 10; i++) {
            String label = "configuração número " + i + " com um rótulo muito comprido (ServerMode=Classic)";
            many.add(shop.withLabel(label));
            many.add(spill.withLabel(label));
        }
        for (Lang lang : Lang.values()) {
            ReportSettings settings = ReportSettings.defaults(lang);
            List<LineLegend.Entry> entries = new java.util.ArrayList<>();
            new CpuChart().plot(Analysis.of(many, null), settings, ChartStyle.of(settings), entries);
            List<LineLegend.Entry> configurations = entries.stream()
                    .filter(x -> !x.area() && x.name().contains("configuração"))
                    .toList();
            assertThat(configurations).hasSize(10);
            assertThat(configurations.stream().map(LineLegend.Entry::color).distinct())
                    .hasSize(10);
            assertThat(configurations)
                    .allSatisfy(x -> assertThat(x.name()).doesNotContain("ServerMode=Classic)"))
                    .extracting(LineLegend.Entry::name)
                    .doesNotHaveDuplicates();
            byte[] png = new CpuChart().render(Analysis.of(many, null), settings);
            java.nio.file.Files.write(Path.of("target", "cpu-many-labels-" + lang.tag() + ".png"), png); // to look at
            java.awt.image.BufferedImage img = javax.imageio.ImageIO.read(new java.io.ByteArrayInputStream(png));
            assertThat(img.getWidth()).isEqualTo(settings.width());
        }
    }

    /**
     * Power plans crossed with {@code -par} ({@code matrix --plans balanced,high-performance --vary 'gbak:-par 1,2,6'}):
     * no such crossed measurement is published, so the figures are made from two that are: FirebirdSQL/firebird#7770's
     * 3:34 with one worker and 0:55 with six (and 1:50 with two, between them), under Balanced; and under High
     * performance each 37 % less, the seed's 4 h 07 min → 2 h 35 min. Three runs each, 1 s apart.
     */
    static List<RestoreRun> plansCrossedWithPar() {
        List<RestoreRun> runs = new java.util.ArrayList<>();
        for (double d : new double[] {-1, 0, 1}) {
            for (String plan : List.of("balanced", "high-performance")) {
                double factor = plan.equals("balanced") ? 1 : 155.0 / 247.0;
                for (double[] v : new double[][] {{1, 214}, {2, 110}, {6, 55}}) {
                    runs.add(RestoreRun.builder()
                            .label(plan + " -par " + (int) v[0])
                            .status(dev.gbakprof.model.RunStatus.COMPLETED)
                            .totalSeconds(v[1] * factor + d)
                            .parallelWorkers((int) v[0])
                            .parallelWorkersUsed((int) v[0])
                            .build());
                }
            }
        }
        return runs;
    }

    @Test
    void speedupChartOfPlansCrossedWithAScanDrawsOneCurvePerPlanWithWhiskers() throws IOException {
        List<RestoreRun> runs = plansCrossedWithPar();
        Analysis a = Analysis.of(runs, null);
        assertThat(new SpeedupChart().appliesTo(runs)).isTrue();
        assertThat(a.scan().curves()).containsExactly("balanced", "high-performance");
        List<LineLegend.Entry> legend = new java.util.ArrayList<>();
        XYChart chart = new SpeedupChart().chart(a.scan(), en, style, legend);
        XYSeries balanced = chart.getSeriesMap().get("measured balanced");
        XYSeries high = chart.getSeriesMap().get("measured high-performance");
        // every speed-up against the one baseline, balanced -par 1: the High performance curve starts above 1
        assertThat(balanced.getYData()[0]).isEqualTo(1.0);
        assertThat(high.getYData()[0]).isCloseTo(214.0 / (214 * 155.0 / 247), within(1e-9)); // 1.59×
        assertThat(high.getYData()[2]).isCloseTo(214.0 / (55 * 155.0 / 247), within(1e-9)); // 6.20×
        // the two curves lie a little aside at the same workers, so that their whiskers do not hide each other
        assertThat(balanced.getXData()[1]).isLessThan(2.0);
        assertThat(high.getXData()[1]).isGreaterThan(2.0).isCloseTo(2.0, within(0.2));
        assertThat(legend)
                .extracting(LineLegend.Entry::name)
                .containsExactly(
                        "balanced",
                        "high-performance",
                        "run-to-run spread: slowest to fastest run",
                        "ideal: n workers, n× as fast",
                        "enough: high-performance -par 6");
        assertThat(legend.get(0).color()).isNotEqualTo(legend.get(1).color());
        // whiskers of both curves: from the slowest run to the fastest
        XYSeries w = chart.getSeriesMap().get("spread high-performance -par 6 0");
        assertThat(w.getYData()[0]).isCloseTo(214.0 / (55 * 155.0 / 247 + 1), within(1e-9));
        assertThat(w.getYData()[1]).isCloseTo(214.0 / (55 * 155.0 / 247 - 1), within(1e-9));
        assertThat(NoteText.scan(a.scan(), Texts.of(Lang.EN)))
                .startsWith(
                        "Speed-up of the median total against balanced -par 1: balanced -par 2: 1.95×; balanced -par 6:"
                                + " 3.89×; high-performance -par 1: 1.59×;")
                .endsWith("high-performance -par 6, the last value scanned, is the best: more may gain more.");
        for (Lang lang : Lang.values()) {
            byte[] png = new SpeedupChart().render(a, ReportSettings.defaults(lang));
            java.awt.image.BufferedImage img = javax.imageio.ImageIO.read(new java.io.ByteArrayInputStream(png));
            assertThat(img.getWidth()).isEqualTo(1600);
            assertThat(PngTest.luminanceVariance(img)).isGreaterThan(200);
            java.nio.file.Files.write(Path.of("target", "speedup-plans-" + lang.tag() + ".png"), png); // to look at
        }
    }

    /**
     * A scan of gbak's page size with the real gbak: Firebird 3.0's gbak rounds -p 3000 up to 4096 and restores -p 8192
     * as asked. -p 3000 lies at the 4096 it ran, beside -p 4096 (a dot off the curve, which goes through the value that
     * ran as asked), over the page size of the restored database; no point at 3000.
     */
    @dev.gbakprof.testutil.FirebirdTest
    @Test
    void speedupChartOfAPageSizeScanPlacesEachValueAtThePageSizeGbakCreated(@TempDir Path dir) throws IOException {
        Path out = dir.resolve("out");
        dev.gbakprof.testutil.Cli.Result r = dev.gbakprof.testutil.Restores.matrix(
                dev.gbakprof.testutil.Firebird.backup("small"),
                dir.resolve("p.fdb"),
                out,
                "--vary",
                "gbak:-p 4096,3000,8192",
                "--repeat",
                "1",
                "--warmup",
                "0",
                "--cooldown",
                "0");
        assertThat(r.code()).as(r.err()).isZero();
        List<RestoreRun> runs = dev.gbakprof.testutil.Restores.matrixRuns(out);
        assertThat(runs)
                .extracting(run -> run.label() + ": " + run.pageSize())
                .containsExactlyInAnyOrder("-p 4096: 4096", "-p 3000: 4096", "-p 8192: 8192");
        Analysis a = Analysis.of(runs, null);
        assertThat(new SpeedupChart().appliesTo(a)).isTrue();
        List<LineLegend.Entry> legend = new java.util.ArrayList<>();
        XYChart chart = new SpeedupChart().chart(a.scan(), en, style, legend);
        assertThat(chart.getSeriesMap().get("measured").getXData()).containsExactly(4096.0, 8192.0);
        assertThat(chart.getSeriesMap().get("beside").getXData()).containsExactly(4096.0);
        assertThat(chart.getXAxisTitle()).isEqualTo("page size of the restored database (bytes)");
        assertThat(legend).extracting(LineLegend.Entry::name).contains("a value gbak ran as another (named below)");
        for (XYSeries s : chart.getSeriesMap().values()) {
            for (double x : s.getXData()) {
                assertThat(x).as(s.getName()).isGreaterThan(4000.0);
            }
        }
        // the database restored with 8192-byte pages differs: no "not different" note
        assertThat(a.noteCodes()).doesNotContain(dev.gbakprof.stats.NoteCode.NOT_VARIED);
        assertThat(NoteText.scan(a.scan(), Texts.of(Lang.EN))).contains("-p 3000 (page size 4096 used): ");
        byte[] png = new SpeedupChart().render(a, en);
        java.nio.file.Files.write(Path.of("target", "speedup-page-size.png"), png); // to look at
    }

    @Test
    void speedupChartDrawsEachValuesSpeedUpAndSaysWhereTheGainStops() throws IOException {
        // FirebirdSQL/firebird PR #9155's restore, 1 worker 7.230 s and 3 workers 3.084 s, each three times with
        // gbak's millisecond, and -par 8 at 3.007 s (not published: a scan that goes on past where the gain stops)
        List<RestoreRun> runs = new java.util.ArrayList<>();
        for (double d : new double[] {-0.002, 0, 0.002}) {
            for (double[] v : new double[][] {{1, 7.230}, {3, 3.084}, {8, 3.007}}) {
                runs.add(RestoreRun.builder()
                        .label("-par " + (int) v[0])
                        .status(dev.gbakprof.model.RunStatus.COMPLETED)
                        .totalSeconds(v[1] + d)
                        .parallelWorkers((int) v[0])
                        .parallelWorkersUsed((int) v[0])
                        .build());
            }
        }
        Analysis a = Analysis.of(runs, null);
        assertThat(new SpeedupChart().appliesTo(runs)).isTrue();
        assertThat(new SpeedupChart().appliesTo(Samples.abBoth())).isFalse();
        List<LineLegend.Entry> legend = new java.util.ArrayList<>();
        XYChart chart = new SpeedupChart().chart(a.scan(), en, style, legend);
        XYSeries measured = chart.getSeriesMap().get("measured");
        assertThat(measured.getXData()).containsExactly(1.0, 3.0, 8.0);
        assertThat(measured.getYData()[0]).isEqualTo(1.0);
        assertThat(measured.getYData()[1]).isCloseTo(7.230 / 3.084, within(1e-9));
        // the ideal: 3 workers 3× as fast
        XYSeries ideal = chart.getSeriesMap().get("ideal");
        assertThat(ideal.getXData()[0]).isEqualTo(1.0);
        assertThat(ideal.getYData()[1] / ideal.getXData()[1]).isCloseTo(1.0, within(1e-9));
        assertThat(chart.getSeriesMap().get("enough").getXData()).containsExactly(3.0);
        assertThat(legend)
                .extracting(LineLegend.Entry::name)
                .containsExactly(
                        "median total, against the baseline",
                        "run-to-run spread: slowest to fastest run",
                        "ideal: n workers, n× as fast",
                        "enough: -par 3");
        // the whisker of -par 3: from its slowest run (3.086 s) to its fastest (3.082 s), against -par 1's median
        XYSeries whisker = chart.getSeriesMap().get("spread -par 3 0");
        assertThat(whisker.getXData()).containsExactly(3.0, 3.0);
        assertThat(whisker.getYData()[0]).isCloseTo(7.230 / 3.086, within(1e-9));
        assertThat(whisker.getYData()[1]).isCloseTo(7.230 / 3.082, within(1e-9));
        // the sentence under the chart is the analysis's note, as compare and matrix print it
        assertThat(NoteText.scan(a.scan(), Texts.of(Lang.EN)))
                .isEqualTo(
                        "Speed-up of the median total against -par 1: -par 3: 2.34×; -par 8: 2.40×: -par 3 is enough "
                                + "(within 5% of the best, 2.40×).");
        assertThat(NoteText.scan(a.scan(), Texts.of(Lang.PT_BR)))
                .isEqualTo(
                        "Ganho de velocidade da mediana do total em relação a -par 1: -par 3: 2,34×; -par 8: 2,40×: -par 3 "
                                + "basta (a menos de 5% do melhor, 2,40×).");
        byte[] png = new SpeedupChart().render(a, en);
        java.awt.image.BufferedImage img = javax.imageio.ImageIO.read(new java.io.ByteArrayInputStream(png));
        assertThat(img.getWidth()).isEqualTo(1600);
        assertThat(PngTest.luminanceVariance(img)).isGreaterThan(200);
        java.nio.file.Files.write(Path.of("target", "speedup-en.png"), png); // to look at

        // the engine ran one worker for -par 8 (MaxParallelWorkers = 1): the point lies at 1 worker, and says so
        List<RestoreRun> reduced = runs.stream()
                .map(r -> r.label().equals("-par 8")
                        ? r.toBuilder()
                                .parallelWorkersUsed(1)
                                .totalSeconds(7.231)
                                .build()
                        : r)
                .toList();
        Analysis b = Analysis.of(reduced, null);
        // the curve goes through -par 1, which ran as asked; -par 8 is a dot beside it at the 1 worker it ran
        XYChart withReduced = new SpeedupChart().chart(b.scan(), en, style, new java.util.ArrayList<>());
        assertThat(withReduced.getSeriesMap().get("measured").getXData()).containsExactly(1.0, 3.0);
        assertThat(withReduced.getSeriesMap().get("measured").getYData()[0]).isEqualTo(1.0);
        assertThat(withReduced.getSeriesMap().get("beside").getXData()).containsExactly(1.0);
        assertThat(NoteText.scan(b.scan(), Texts.of(Lang.EN)))
                .startsWith(
                        "Speed-up of the median total against -par 1: -par 8 (1 worker used): 1.00×; -par 3: 2.34×");
    }

    private static List<Object> list(java.util.Collection<?> c) {
        return new java.util.ArrayList<>(c);
    }

    private static double median(List<RestoreRun> runs, String index) {
        double[] v = runs.stream()
                .flatMap(r -> r.indexes().stream())
                .filter(i -> i.name().equals(index))
                .mapToDouble(i -> i.seconds())
                .sorted()
                .toArray();
        return v[v.length / 2];
    }
}
