package dev.gbakprof.report;

import dev.gbakprof.model.IndexBuild;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.TableLoad;
import dev.gbakprof.output.Grouped;
import dev.gbakprof.output.Labels;
import dev.gbakprof.output.NoteText;
import dev.gbakprof.output.ReportSettings;
import dev.gbakprof.output.Texts;
import dev.gbakprof.stats.Analysis;
import dev.gbakprof.stats.NoteCode;
import dev.gbakprof.stats.RunGroup;
import dev.gbakprof.stats.RunOutcome;
import java.awt.BasicStroke;
import java.text.DecimalFormat;
import java.text.NumberFormat;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * {@code timeline.png}: how far each run had got at each moment of gbak's clock: the share of the tables and
 * indexes its log defines that were loaded and built, all runs overlaid, so a slower run is seen falling behind: a
 * colour per configuration, a line style per run (they repeat after four), and each run's number at its line's end
 * ({@link LineEnds}), which tells apart any number of runs.
 * A table or index whose end is unknown, or that failed, never counts as done, so a stopped or failed restore stays
 * below 100 %, its line drawn on to its log's last clock (the work it stopped in); when a log does not say what the
 * restore defines (an excerpt, a restore stopped before its log showed it), objects done are counted instead.
 */
final class TimelineChart implements ChartFile {
    /** Steps drawn per run at most (a 1600-pixel-wide chart shows no more). */
    private static final int STEPS = 2000;

    private static final float[][] DASHES = {null, {14f, 8f}, {4f, 6f}, {14f, 6f, 4f, 6f}};

    /** Line styles a label's runs are drawn in, one after the other. */
    static final int STYLES = DASHES.length;

    @Override
    public String fileName() {
        return "timeline.png";
    }

    @Override
    public boolean appliesTo(List<RestoreRun> runs) {
        return runs.stream().anyMatch(r -> progress(r, false).length >= 2);
    }

    @Override
    public Drawing drawing(Analysis analysis, ReportSettings settings) {
        return drawing(analysis, settings, ChartStyle.of(settings));
    }

    /**
     * The chart, each run's number written at its line's end, with what it must not hide under it: the index
     * definitions a stopped restore never built.
     */
    Drawing drawing(Analysis analysis, ReportSettings settings, ChartStyle style) {
        List<LineEnds.End> ends = new ArrayList<>();
        XYChart chart = chart(analysis, settings, style, ends);
        double top = chart.getStyler().getYAxisMax() != null
                ? chart.getStyler().getYAxisMax()
                : ends.stream().mapToDouble(LineEnds.End::y).max().orElse(1);
        Drawing named = (g, width, height) -> {
            chart.paint(g, width, height);
            LineEnds.paint(g, chart, ends, 0, top, style);
        };
        return Footnotes.under(
                LineLegend.under(named, legend(analysis, settings.texts(), style), style),
                footnotes(analysis, settings.texts()),
                style);
    }

    /**
     * One entry per configuration (its colour), and when a label ran more than once one per line style with the run
     * numbers drawn in it ("#1, #5": the styles repeat after {@value #STYLES}; each line's end names its run).
     */
    static List<LineLegend.Entry> legend(Analysis analysis, Texts t, ChartStyle style) {
        Grouped grouped = Grouped.of(analysis);
        List<LineLegend.Entry> entries = new ArrayList<>();
        for (int g = 0; g < grouped.groups().size(); g++) {
            entries.add(LineLegend.Entry.line(Labels.seriesName(grouped, g, t), Palette.label(g), stroke(0, style)));
        }
        int most = grouped.groups().stream().mapToInt(RunGroup::size).max().orElse(1);
        for (int k = 0; most > 1 && k < Math.min(most, STYLES); k++) {
            List<String> numbers = new ArrayList<>();
            for (int n = k; n < most; n += STYLES) {
                numbers.add("#" + (n + 1));
            }
            entries.add(LineLegend.Entry.line(String.join(", ", numbers), Palette.MUTED, stroke(k, style)));
        }
        return entries;
    }

    /** The line of a label's k-th run: solid, then dashed, dotted, dash-dot, again. */
    private static BasicStroke stroke(int k, ChartStyle style) {
        float[] dash = DASHES[k % DASHES.length];
        return dash == null
                ? new BasicStroke(3f * style.scale())
                : new BasicStroke(3f * style.scale(), BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f, dash, 0f);
    }

    /**
     * "cut: 8 of 14 index definitions never built (the restore stopped)."; and why objects are counted, not a share:
     * an excerpt, a run gbakprof stopped (--timeout, Ctrl-C), a log that ends, each before it shows what the restore
     * defines.
     */
    static List<String> footnotes(Analysis analysis, Texts t) {
        List<String> out = new ArrayList<>(analysis.notes().stream()
                .filter(n -> n.code() == NoteCode.INDEXES_NEVER_BUILT)
                .map(n -> NoteText.of(n, t).message())
                .toList());
        if (asShare(analysis.runs())) {
            return out;
        }
        // why a run is not a share: an excerpt, a run gbakprof stopped, or a log that ends (failed, cut off) before
        // it shows what the restore defines
        Grouped grouped = Grouped.of(analysis);
        List<String> stopped = new ArrayList<>();
        List<String> ended = new ArrayList<>();
        boolean excerpt = false;
        for (RestoreRun run : grouped.runsInGroupOrder()) {
            if (progress(run, false).length < 2 || defined(run) != null) {
                continue;
            }
            if (RunOutcome.of(run) == RunOutcome.EXCERPT) {
                excerpt = true;
            } else if (run.stoppedBy() != null) {
                stopped.add(grouped.runName(run));
            } else {
                ended.add(grouped.runName(run));
            }
        }
        if (excerpt) {
            out.add(t.get("timeline.count.note"));
        }
        if (!stopped.isEmpty()) {
            out.add(t.get("timeline.count.stopped.note", String.join(", ", stopped)));
        }
        if (!ended.isEmpty()) {
            out.add(t.get("timeline.count.ended.note", String.join(", ", ended)));
        }
        return out;
    }

    XYChart chart(Analysis analysis, ReportSettings settings, ChartStyle style) {
        return chart(analysis, settings, style, new ArrayList<>());
    }

    /** The chart of every run's progress; {@code ends} gets the name to write at the end of each line. */
    XYChart chart(Analysis analysis, ReportSettings settings, ChartStyle style, List<LineEnds.End> ends) {
        Texts t = settings.texts();
        Grouped grouped = Grouped.of(analysis);
        List<RestoreRun> ordered = grouped.runsInGroupOrder();
        List<String> names = grouped.runNames();
        // colours repeat past the palette's: the label's name then tells its lines apart too
        boolean sharedColours = grouped.groups().size() > Palette.LABELS;
        List<String> shortNames = Labels.shortNames(grouped);
        boolean share = asShare(ordered);
        double maxClock = ordered.stream()
                .mapToDouble(r -> {
                    double[][] p = progress(r, share);
                    return p.length == 0 ? 0 : p[p.length - 1][0];
                })
                .max()
                .orElse(0);
        double minClock = ordered.stream()
                .mapToDouble(r -> {
                    double[][] p = progress(r, share);
                    return p.length == 0 ? Double.MAX_VALUE : p[0][0];
                })
                .min()
                .orElse(0);
        TimeScale scale = TimeScale.forMax(maxClock);

        XYChart chart = new XYChart(settings.width(), settings.height());
        chart.setTitle(t.get(share ? "timeline.title" : "timeline.title.count"));
        chart.setXAxisTitle(t.get("timeline.xaxis", scale.unit(t)));
        chart.setYAxisTitle(t.get(share ? "timeline.yaxis" : "timeline.yaxis.count"));
        style.apply(chart);
        chart.getStyler().setLegendVisible(false); // drawn under the chart (LineLegend): never over the lines
        chart.getStyler().setLocale(t.locale());
        chart.getStyler().setYAxisMin(0.0);
        if (share) {
            chart.getStyler().setYAxisMax(100.0);
        } else {
            chart.getStyler().setYAxisDecimalPattern("#,##0");
        }
        if (minClock < 0.05 * maxClock) {
            // gbak's clock starts at 0: the axis too, and the margin XChart leaves before it (4 % of the plot's width,
            // more than one step on a long restore's axis) has no tick label ("-1 s" before gbak started)
            chart.getStyler().setXAxisMin(0.0);
            DecimalFormat f = (DecimalFormat) NumberFormat.getNumberInstance(t.locale());
            f.applyPattern(ChartStyle.AXIS_NUMBERS);
            chart.setCustomXAxisTickLabelsFormatter(v -> v < -1e-9 ? " " : f.format(v + 0.0));
        }
        chart.getStyler().setLegendSeriesLineLength(style.px(48));
        chart.getStyler().setYAxisTickMarkSpacingHint(style.px(70));

        for (int i = 0; i < ordered.size(); i++) {
            RestoreRun run = ordered.get(i);
            double[][] points = progress(run, share);
            if (points.length < 2) {
                continue;
            }
            int g = grouped.groupOf(run);
            RunGroup group = grouped.groups().get(g);
            int k = 0; // the run's place in its label: its name's number and its legend's
            while (group.runs().get(k) != run) {
                k++;
            }
            // Points go in from the last to the first: XChart puts the y ticks only at the data values
            // when those come in equally spaced (AxisTickCalculator_.areValuesEquallySpaced), which
            // 0, 1/n, 2/n… always are; the line drawn is the same either way.
            double[] x = new double[points.length];
            double[] y = new double[points.length];
            for (int p = 0; p < points.length; p++) {
                x[points.length - 1 - p] = scale.of(points[p][0]);
                y[points.length - 1 - p] = points[p][1];
            }
            XYSeries s = chart.addSeries(names.get(i), x, y);
            s.setMarker(SeriesMarkers.NONE);
            s.setLineColor(Palette.label(g));
            s.setLineStyle(stroke(k, style));
            String end = ((sharedColours ? Labels.cut(shortNames.get(g), END_NAME) : "") + group.runNumber(k)).strip();
            if (!end.isEmpty()) {
                ends.add(new LineEnds.End(end, Palette.label(g), x[0], y[0]));
            }
        }
        return chart;
    }

    /** Longest a label is written at a line's end, where colours repeat (more labels than the palette has). */
    private static final int END_NAME = 16;

    /**
     * What a run's progress is a share of: every table and index its log's metadata defines ({@code tablesDefined},
     * {@code indexesDefined}), so a restore cut after 6 of 14 indexes does not read 91 %. A restore that gbak took to
     * its end counts what it set out to build (an index it restored inactive, {@code gbak -i}, is not work it had to
     * do; one it could not build is, and is never done); {@code null} when the
     * log does not say what the restore defines: an excerpt, or a restore that stopped during the data before any
     * index build (index definitions come with each table's data: those of the tables it did not reach are not in
     * the log).
     */
    static Integer defined(RestoreRun run) {
        int tables = Math.max(run.tables().size(), run.tablesDefined() == null ? 0 : run.tablesDefined());
        int indexes = Math.max(run.indexes().size(), run.indexesDefined() == null ? 0 : run.indexesDefined());
        if (run.wentToTheEnd()) { // gbak went through to its end (also a failed restore that did)
            return tables
                    + indexes
                    - (run.indexesNeverBuilt() == null
                            ? 0
                            : run.indexesNeverBuilt().size());
        }
        if (RunOutcome.of(run) == RunOutcome.EXCERPT || run.tablesDefined() == null && run.indexesDefined() == null) {
            return null;
        }
        boolean allDefinitionsSeen = !run.indexes().isEmpty()
                || (run.tablesDefined() != null && run.tables().size() >= run.tablesDefined());
        return allDefinitionsSeen ? tables + indexes : null;
    }

    /** Whether every run's progress can be drawn as a share of what it defines ({@link #defined}). */
    static boolean asShare(List<RestoreRun> runs) {
        return runs.stream().filter(r -> progress(r, false).length >= 2).allMatch(r -> defined(r) != null);
    }

    /**
     * The table load a run's log ends in (a restore stopped, failed or cut off during its data): the last load, without
     * a time, of a run that did not go to its end and built no index. It ran at least until the log's last clock, to
     * which the page's timeline draws it; {@code null} when there is none.
     */
    static TableLoad cutLoad(RestoreRun run) {
        if (run.wentToTheEnd()
                || run.lastSeenSeconds() == null
                || run.tables().isEmpty()
                || !run.indexes().isEmpty()) {
            return null;
        }
        TableLoad last = run.tables().get(run.tables().size() - 1);
        return last.seconds() == null && last.startSeconds() != null ? last : null;
    }

    /**
     * Steps of one run's progress: {clock seconds, done}, starting at 0 when its first table or index starts; one step
     * up each time a table load or index build ends. An index gbak could not build is never done (a failed restore
     * stays below 100 %); a defined table without a data line (no rows) is done once the index phase starts (gbak
     * has then written every table's data). {@code done} is a percent of {@link #defined} when {@code share}, else
     * the count of objects done.
     */
    static double[][] progress(RestoreRun run, boolean share) {
        List<Double> ends = new ArrayList<>();
        double first = Double.MAX_VALUE;
        for (TableLoad tl : run.tables()) {
            if (tl.startSeconds() != null) {
                first = Math.min(first, tl.startSeconds());
                if (tl.seconds() != null) {
                    ends.add(tl.startSeconds() + tl.seconds());
                }
            }
        }
        Double indexPhase = null;
        for (IndexBuild ib : run.indexes()) {
            if (ib.startSeconds() != null) {
                first = Math.min(first, ib.startSeconds());
                indexPhase = indexPhase == null ? ib.startSeconds() : Math.min(indexPhase, ib.startSeconds());
                if (ib.seconds() != null && !ib.failed()) {
                    ends.add(ib.startSeconds() + ib.seconds());
                }
            }
        }
        int empty = run.tablesDefined() == null
                ? 0
                : Math.max(0, run.tablesDefined() - run.tables().size());
        if (indexPhase != null) {
            for (int i = 0; i < empty; i++) {
                ends.add(indexPhase);
            }
        }
        Integer defined = defined(run);
        if (ends.isEmpty() || (share && (defined == null || defined == 0))) {
            return new double[0][];
        }
        double of = share ? defined / 100.0 : 1;
        ends.sort(Double::compare);
        // Steps: horizontal, then vertical at each end time. Ends closer together than 1/STEPS of the
        // run share one step: thousands of builds would otherwise be drawn as thousands of sub-pixel steps.
        double minGap = (ends.get(ends.size() - 1) - first) / STEPS;
        List<double[]> points = new ArrayList<>();
        points.add(new double[] {first, 0});
        double done = 0;
        double stepAt = Double.NEGATIVE_INFINITY;
        for (double e : ends) {
            if (e - stepAt >= minGap) {
                points.add(new double[] {e, done / of});
                points.add(new double[] {e, done / of});
                stepAt = e;
            }
            done++;
            points.get(points.size() - 1)[1] = done / of;
        }
        // a run that did not go to its end worked on until its log's last clock (the load or build it stopped in,
        // cutLoad, cutByStop): its line goes on to there, not only to the last object it finished
        Double last = run.lastSeenSeconds();
        if (!run.wentToTheEnd() && last != null && last > points.get(points.size() - 1)[0]) {
            points.add(new double[] {last, done / of});
        }
        return points.toArray(new double[0][]);
    }
}
