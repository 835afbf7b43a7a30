package dev.gbakprof.report;

import dev.gbakprof.model.Phase;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.output.Grouped;
import dev.gbakprof.output.Labels;
import dev.gbakprof.output.ReportSettings;
import dev.gbakprof.output.Texts;
import dev.gbakprof.stats.Analysis;
import dev.gbakprof.stats.Measure;
import dev.gbakprof.stats.RunGroup;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.style.Styler;

/**
 * {@code phases.png}: one stacked bar per run (setup, metadata, data, indexes, finish), or per label
 * (medians of each phase) when there are more runs than fit side by side.
 */
final class PhasesChart implements ChartFile {
    /** Above this many runs the chart shows one bar per label. */
    static final int MAX_RUN_BARS = 12;

    @Override
    public String fileName() {
        return "phases.png";
    }

    @Override
    public boolean appliesTo(List<RestoreRun> runs) {
        return runs.stream().anyMatch(r -> !r.phases().isEmpty());
    }

    @Override
    public Drawing drawing(Analysis analysis, ReportSettings settings) {
        return chart(analysis, settings, analysis.runs().size() > MAX_RUN_BARS, ChartStyle.of(settings))::paint;
    }

    /** @param perLabel one bar per label (medians) instead of one per run */
    CategoryChart chart(Analysis analysis, ReportSettings settings, boolean perLabel, ChartStyle style) {
        Texts t = settings.texts();
        Grouped grouped = Grouped.of(analysis);
        List<String> labels = new ArrayList<>();
        List<String> suffixes = new ArrayList<>();
        List<double[]> seconds = new ArrayList<>();
        if (perLabel) {
            for (int g = 0; g < grouped.groups().size(); g++) {
                RunGroup group = grouped.groups().get(g);
                labels.add(group.label());
                suffixes.add(Labels.runCount(group, t));
                double[] row = new double[Phase.values().length];
                for (Phase p : Phase.values()) {
                    Double m = group.spread(Measure.of(p)).median();
                    row[p.ordinal()] = m == null ? 0 : m;
                }
                seconds.add(row);
            }
        } else {
            for (RunGroup group : grouped.groups()) {
                for (int i = 0; i < group.size(); i++) {
                    RestoreRun run = group.runs().get(i);
                    labels.add(group.label());
                    suffixes.add(group.runNumber(i)
                            + (run.status() == RunStatus.COMPLETED ? "" : " (" + Labels.status(run, t) + ")"));
                    double[] row = new double[Phase.values().length];
                    for (Phase p : Phase.values()) {
                        Double s = run.phaseSeconds(p);
                        row[p.ordinal()] = s == null ? 0 : s; // unknown (an excerpt's): no segment
                    }
                    seconds.add(row);
                }
            }
        }
        double max =
                seconds.stream().mapToDouble(r -> Arrays.stream(r).sum()).max().orElse(0);
        TimeScale scale = TimeScale.forMax(max);

        CategoryChart chart = new CategoryChart(settings.width(), settings.height());
        chart.setTitle(t.get(perLabel ? "phases.title.labels" : "phases.title.runs", scale.unit(t)));
        chart.setYAxisTitle(t.get("phases.axis", scale.unit(t)));
        style.apply(chart);
        chart.getStyler().setStacked(true);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
        chart.getStyler().setLegendLayout(Styler.LegendLayout.Horizontal);
        chart.getStyler().setAvailableSpaceFill(0.6);
        chart.getStyler().setLocale(t.locale());
        chart.getStyler().setPlotGridVerticalLinesVisible(false);
        // per label, the run count may go; per run, the number tells the runs apart
        List<String> categories = style.fitCategories(
                chart, labels, suffixes, perLabel ? Collections.nCopies(labels.size(), "") : suffixes);
        for (Phase p : Phase.values()) {
            List<Double> values =
                    seconds.stream().map(r -> scale.of(r[p.ordinal()])).toList();
            CategorySeries s = chart.addSeries(t.get("phase." + p.label()), categories, values);
            s.setFillColor(Palette.phase(p));
        }
        return chart;
    }
}
