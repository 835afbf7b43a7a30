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
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.style.Styler;

/**
 * {@code phases.png}: one stacked bar per run (setup, metadata, data, indexes, finish), or per label
 * (medians of each phase) when there are more runs than fit side by side. Medians of different numbers of runs say
 * how many: each bar its runs, kept however short its label is cut, and a note for a phase whose median is of fewer of
 * them (the others have no time for it: stopped before it, an excerpt).
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
        return drawing(analysis, settings, analysis.runs().size() > MAX_RUN_BARS, ChartStyle.of(settings));
    }

    /** The chart with its notes under it ({@link #footnotes}). */
    Drawing drawing(Analysis analysis, ReportSettings settings, boolean perLabel, ChartStyle style) {
        return Footnotes.under(
                chart(analysis, settings, perLabel, style)::paint,
                perLabel ? footnotes(analysis, settings.texts()) : List.of(),
                style);
    }

    /** How many runs each phase's median of each label is of, by phase: {@code Spread.n}. */
    private static int[] known(RunGroup group) {
        int[] n = new int[Phase.values().length];
        for (Phase p : Phase.values()) {
            n[p.ordinal()] = group.spread(Measure.of(p)).n();
        }
        return n;
    }

    /**
     * Whether the bars per label are medians of different numbers of runs: labels of different sizes, or a phase of a
     * label that fewer of its runs timed.
     */
    static boolean unevenCounts(Analysis analysis) {
        List<RunGroup> groups = Grouped.of(analysis).groups();
        boolean sizes = groups.stream().mapToInt(RunGroup::size).distinct().count() > 1;
        return sizes || groups.stream().anyMatch(g -> Arrays.stream(known(g)).anyMatch(n -> n > 0 && n < g.size()));
    }

    /**
     * "mix: data, indexes: median of 1 of 2 runs (the others did not time it whole…)", per label and number of runs, for
     * the phases whose median is of fewer runs than the label has.
     */
    static List<String> footnotes(Analysis analysis, Texts t) {
        List<String> notes = new ArrayList<>();
        for (RunGroup g : Grouped.of(analysis).groups()) {
            int[] n = known(g);
            Map<Integer, List<String>> phases = new TreeMap<>(Comparator.reverseOrder());
            for (Phase p : Phase.values()) {
                if (n[p.ordinal()] > 0 && n[p.ordinal()] < g.size()) {
                    phases.computeIfAbsent(n[p.ordinal()], k -> new ArrayList<>())
                            .add(t.get("phase." + p.label()));
                }
            }
            phases.forEach((k, names) ->
                    notes.add(t.get("phases.fewer.note", g.label(), String.join(", ", names), k, g.size())));
        }
        return notes;
    }

    /** @param perLabel one bar per label (medians) instead of one per run */
    CategoryChart chart(Analysis analysis, ReportSettings settings, boolean perLabel, ChartStyle style) {
        Texts t = settings.texts();
        Grouped grouped = Grouped.of(analysis);
        List<String> labels = new ArrayList<>();
        List<String> suffixes = new ArrayList<>();
        List<double[]> seconds = new ArrayList<>();
        // bars of different run counts say theirs, 1 run too, however short the labels are cut
        boolean uneven = perLabel && unevenCounts(analysis);
        if (perLabel) {
            for (int g = 0; g < grouped.groups().size(); g++) {
                RunGroup group = grouped.groups().get(g);
                labels.add(group.label());
                suffixes.add(uneven ? " (" + t.runs(group.size()) + ")" : Labels.runCount(group, t));
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
                chart, labels, suffixes, perLabel && !uneven ? Collections.nCopies(labels.size(), "") : suffixes);
        for (Phase p : Phase.values()) {
            List<Double> values =
                    seconds.stream().map(r -> scale.of(r[p.ordinal()])).toList();
            CategorySeries s = chart.addSeries(t.get("phase." + p.label()), categories, values);
            s.setFillColor(Palette.phase(p));
        }
        return chart;
    }
}
