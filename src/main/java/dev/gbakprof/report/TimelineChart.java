package dev.gbakprof.report;

import dev.gbakprof.model.IndexBuild;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.TableLoad;
import dev.gbakprof.stats.Analysis;
import java.awt.BasicStroke;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * {@code timeline.png}: how far each run had got at each moment of gbak's clock: the share of its
 * tables loaded and indexes built, all runs overlaid, so a slower run is seen falling behind. A
 * table or index whose end is unknown never counts as done, so an incomplete log stays below 100 %.
 */
final class TimelineChart implements ChartFile {
    /** Steps drawn per run at most (a 1600-pixel-wide chart shows no more). */
    private static final int STEPS = 2000;

    private static final float[][] DASHES = {null, {14f, 8f}, {4f, 6f}, {14f, 6f, 4f, 6f}};

    @Override
    public String fileName() {
        return "timeline.png";
    }

    @Override
    public boolean appliesTo(List<RestoreRun> runs) {
        return runs.stream().anyMatch(r -> progress(r).length >= 2);
    }

    @Override
    public Drawing drawing(Analysis analysis, ReportSettings settings) {
        return chart(analysis, settings, settings.style())::paint;
    }

    XYChart chart(Analysis analysis, ReportSettings settings, ChartStyle style) {
        Texts t = settings.texts();
        Grouped grouped = Grouped.of(analysis);
        List<RestoreRun> ordered = grouped.runsInGroupOrder();
        List<String> names = grouped.runNames();
        double maxClock = ordered.stream()
                .mapToDouble(r -> {
                    double[][] p = progress(r);
                    return p.length == 0 ? 0 : p[p.length - 1][0];
                })
                .max()
                .orElse(0);
        double minClock = ordered.stream()
                .mapToDouble(r -> {
                    double[][] p = progress(r);
                    return p.length == 0 ? Double.MAX_VALUE : p[0][0];
                })
                .min()
                .orElse(0);
        TimeScale scale = TimeScale.forMax(maxClock);

        XYChart chart = new XYChart(settings.width(), settings.height());
        chart.setTitle(t.get("timeline.title"));
        chart.setXAxisTitle(t.get("timeline.xaxis", scale.unit(t)));
        chart.setYAxisTitle(t.get("timeline.yaxis"));
        style.apply(chart);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideSE);
        chart.getStyler().setLocale(t.locale());
        chart.getStyler().setYAxisMin(0.0);
        chart.getStyler().setYAxisMax(100.0);
        if (minClock < 0.05 * maxClock) {
            chart.getStyler().setXAxisMin(0.0); // gbak's clock starts at 0: no "-1 s" tick before it
        }
        chart.getStyler().setLegendSeriesLineLength(style.px(48));
        chart.getStyler().setYAxisTickMarkSpacingHint(style.px(70));

        List<Integer> seenInGroup = new ArrayList<>();
        grouped.groups().forEach(g -> seenInGroup.add(0));
        for (int i = 0; i < ordered.size(); i++) {
            RestoreRun run = ordered.get(i);
            double[][] points = progress(run);
            if (points.length < 2) {
                continue;
            }
            int g = grouped.groupOf(run);
            int k = seenInGroup.get(g);
            seenInGroup.set(g, k + 1);
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
            float[] dash = DASHES[k % DASHES.length];
            s.setLineStyle(
                    dash == null
                            ? new BasicStroke(3f * style.scale())
                            : new BasicStroke(
                                    3f * style.scale(), BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f, dash, 0f));
        }
        return chart;
    }

    /**
     * Steps of one run's progress: {clock seconds, percent done}, starting at 0 % when its first table
     * or index starts; one step up each time a table load or index build ends.
     */
    static double[][] progress(RestoreRun run) {
        List<double[]> ends = new ArrayList<>();
        double first = Double.MAX_VALUE;
        int items = 0;
        for (TableLoad tl : run.tables()) {
            items++;
            if (tl.startSeconds() != null) {
                first = Math.min(first, tl.startSeconds());
                if (tl.seconds() != null) {
                    ends.add(new double[] {tl.startSeconds() + tl.seconds()});
                }
            }
        }
        for (IndexBuild ib : run.indexes()) {
            items++;
            if (ib.startSeconds() != null) {
                first = Math.min(first, ib.startSeconds());
                if (ib.seconds() != null) {
                    ends.add(new double[] {ib.startSeconds() + ib.seconds()});
                }
            }
        }
        if (items == 0 || ends.isEmpty()) {
            return new double[0][];
        }
        ends.sort((a, b) -> Double.compare(a[0], b[0]));
        // Steps: horizontal, then vertical at each end time. Ends closer together than 1/STEPS of the
        // run share one step: thousands of builds would otherwise be drawn as thousands of sub-pixel steps.
        double minGap = (ends.get(ends.size() - 1)[0] - first) / STEPS;
        List<double[]> points = new ArrayList<>();
        points.add(new double[] {first, 0});
        double done = 0;
        double stepAt = Double.NEGATIVE_INFINITY;
        for (double[] e : ends) {
            if (e[0] - stepAt >= minGap) {
                points.add(new double[] {e[0], 100 * done / items});
                points.add(new double[] {e[0], 100 * done / items});
                stepAt = e[0];
            }
            done++;
            points.get(points.size() - 1)[1] = 100 * done / items;
        }
        return points.toArray(new double[0][]);
    }
}
