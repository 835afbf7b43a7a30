package dev.gbakprof.report;

import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.output.NoteText;
import dev.gbakprof.output.ReportSettings;
import dev.gbakprof.output.Texts;
import dev.gbakprof.stats.Analysis;
import dev.gbakprof.stats.Scan;
import java.awt.BasicStroke;
import java.awt.Color;
import java.text.NumberFormat;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * {@code speedup.png}, for a scan of one gbak switch ({@code matrix --vary 'gbak:-par 1,2,4,8'}): the speed-up of the
 * median total of each value against the baseline, over what gbak ran ({@link Scan#used}: the parallel workers the
 * engine used for {@code -par}, the page size of the restored database for {@code -p}; a value it changed lies where it
 * ran, and values that ran as one are one curve point, the others beside it as dots) or over the value, one curve per
 * power plan when the values were crossed with plans,
 * each point with a whisker from its slowest run to its fastest (the run-to-run spread), with the ideal line of
 * {@code n} workers {@code n×} as fast, and under it the sentence that names where the gain stops (the {@link Scan}
 * note's).
 */
final class SpeedupChart implements ChartFile {

    @Override
    public String fileName() {
        return "speedup.png";
    }

    @Override
    public boolean appliesTo(List<RestoreRun> runs) {
        // a curve of the totals: what the total chart needs too
        return Scan.labelled(runs.stream().map(RestoreRun::label).distinct().toList())
                && new TotalChart().appliesTo(runs);
    }

    /** No chart when every value ran as one ({@code -p 4096} and {@code -p 3000}: both 4096): there is no curve. */
    @Override
    public boolean appliesTo(Analysis analysis) {
        return appliesTo(analysis.runs())
                && analysis.scan() != null
                && !analysis.scan().flat();
    }

    @Override
    public Drawing drawing(Analysis analysis, ReportSettings settings) {
        Scan scan = analysis.scan();
        ChartStyle style = ChartStyle.of(settings);
        Texts t = settings.texts();
        List<LineLegend.Entry> legend = new ArrayList<>();
        XYChart chart = chart(scan, settings, style, legend);
        return Footnotes.under(LineLegend.under(chart::paint, legend, style), List.of(NoteText.scan(scan, t)), style);
    }

    XYChart chart(Scan scan, ReportSettings settings, ChartStyle style, List<LineLegend.Entry> legend) {
        Texts t = settings.texts();
        List<Scan.Point> known =
                scan.points().stream().filter(p -> p.speedup() != null).toList();
        XYChart chart = new XYChart(settings.width(), settings.height());
        chart.setTitle(t.get("speedup.title", scan.option()));
        chart.setXAxisTitle(
                scan.used() != null
                        ? t.get("speedup.x." + scan.used().code())
                        : t.get("speedup.x.value", scan.option()));
        chart.setYAxisTitle(t.get("speedup.y", scan.baseline().label()));
        style.apply(chart);
        chart.getStyler().setLegendVisible(false); // under the chart (LineLegend)
        chart.getStyler().setLocale(t.locale());
        chart.getStyler().setMarkerSize(style.px(12));
        double lowX = known.stream().mapToDouble(Scan.Point::x).min().orElse(1);
        double highX = known.stream().mapToDouble(Scan.Point::x).max().orElse(1);
        chart.getStyler().setXAxisMin(Math.min(0.0, lowX));
        if (scan.workers()) { // whole workers only: no tick at 2.5 workers
            NumberFormat whole = NumberFormat.getIntegerInstance(t.locale());
            chart.setCustomXAxisTickLabelsFormatter(v -> Math.abs(v - Math.rint(v)) < 1e-9 ? whole.format(v) : " ");
        }
        double top = known.stream().mapToDouble(Scan.Point::speedup).max().orElse(1);

        // one curve per power plan the values were crossed with (else one), each point with the whisker of its runs
        List<String> curves = scan.curves().isEmpty() ? Collections.singletonList(null) : scan.curves();
        double range = Math.max(highX - Math.min(0.0, lowX), 1e-9);
        boolean whiskers = false;
        boolean besides = false;
        for (int c = 0; c < curves.size(); c++) {
            String name = curves.get(c);
            List<Scan.Point> points =
                    scan.curve(name).stream().filter(p -> p.speedup() != null).toList();
            if (points.isEmpty()) {
                continue;
            }
            // crossed curves share their x: each is moved a little aside so that their whiskers do not hide another's
            double dodge = curves.size() == 1 ? 0 : (c - (curves.size() - 1) / 2.0) * 0.02 * range;
            Color colour = Palette.label(c);
            BasicStroke stroke = new BasicStroke(3f * style.scale());
            // one point of the curve per place; a value gbak ran as another's lies beside it, a dot off the line
            List<Scan.Point> line = onePerPlace(points);
            XYSeries s = chart.addSeries(
                    curves.size() == 1 ? "measured" : "measured " + name,
                    line.stream().mapToDouble(p -> p.x() + dodge).toArray(),
                    line.stream().mapToDouble(Scan.Point::speedup).toArray());
            List<Scan.Point> beside =
                    points.stream().filter(p -> !line.contains(p)).toList();
            if (!beside.isEmpty()) {
                XYSeries dots = chart.addSeries(
                        curves.size() == 1 ? "beside" : "beside " + name,
                        beside.stream().mapToDouble(p -> p.x() + dodge).toArray(),
                        beside.stream().mapToDouble(Scan.Point::speedup).toArray());
                dots.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
                dots.setMarker(SeriesMarkers.CIRCLE);
                dots.setMarkerColor(colour);
                besides = true;
            }
            s.setMarker(SeriesMarkers.CIRCLE);
            s.setMarkerColor(colour);
            s.setLineColor(colour);
            s.setLineStyle(stroke);
            legend.add(LineLegend.Entry.line(name == null ? t.get("speedup.legend.measured") : name, colour, stroke));
            for (Scan.Point p : points) {
                whiskers |= whisker(chart, p, p.x() + dodge, 0.008 * range, colour, style);
            }
            top = Math.max(
                    top,
                    points.stream()
                            .filter(p -> p.fastest() != null)
                            .mapToDouble(Scan.Point::fastest)
                            .max()
                            .orElse(top));
        }
        if (besides) {
            // a dot of its curve's colour: with one curve, that colour; with several, neutral
            Color dot = curves.size() == 1 ? Palette.label(0) : Palette.TEXT;
            legend.add(new LineLegend.Entry(t.get("speedup.legend.beside"), dot, null, true));
        }
        if (whiskers) {
            legend.add(LineLegend.Entry.line(
                    t.get("speedup.legend.spread"), Palette.MUTED, new BasicStroke(1.5f * style.scale())));
        }
        double baseX = scan.baseline().x();
        if (scan.workers() && baseX > 0 && known.size() >= 2) {
            BasicStroke dash = new BasicStroke(
                    2f * style.scale(),
                    BasicStroke.CAP_BUTT,
                    BasicStroke.JOIN_ROUND,
                    10f,
                    new float[] {8f * style.scale(), 6f * style.scale()},
                    0f);
            // the ideal: n workers n× as fast as the baseline's, as far as the chart's top leaves it readable
            double end = Math.min(highX, baseX * Math.max(2, top * 1.5));
            XYSeries ideal = chart.addSeries("ideal", new double[] {baseX, end}, new double[] {1, end / baseX});
            ideal.setMarker(SeriesMarkers.NONE);
            ideal.setLineColor(Palette.AXIS);
            ideal.setLineStyle(dash);
            legend.add(LineLegend.Entry.line(t.get("speedup.legend.ideal"), Palette.AXIS, dash));
            top = Math.max(top, end / baseX);
        }
        if (scan.enough() != null && scan.gainShown()) {
            int c = Math.max(0, curves.indexOf(scan.enough().curve()));
            double dodge = curves.size() == 1 ? 0 : (c - (curves.size() - 1) / 2.0) * 0.02 * range;
            XYSeries e = chart.addSeries("enough", new double[] {scan.enough().x() + dodge}, new double[] {
                scan.enough().speedup()
            });
            Color mark = scan.curves().size() > 1 ? Palette.TEXT : Palette.label(1);
            e.setMarker(SeriesMarkers.DIAMOND);
            e.setMarkerColor(mark);
            e.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
            legend.add(new LineLegend.Entry(
                    t.get("speedup.legend.enough", scan.enough().label()), mark, null, true));
        }
        chart.getStyler().setYAxisMin(0.0);
        chart.getStyler().setYAxisMax(Math.max(1.2, top * 1.15));
        return chart;
    }

    /**
     * The points a curve goes through: one per place, in order, the value that ran as asked where gbak ran two values
     * as one ({@code -p 4096} rather than {@code -p 3000}, both 4096), else the first.
     */
    static List<Scan.Point> onePerPlace(List<Scan.Point> points) {
        List<Scan.Point> line = new ArrayList<>();
        for (Scan.Point p : points) {
            Scan.Point last = line.isEmpty() ? null : line.get(line.size() - 1);
            if (last == null || last.x() != p.x()) {
                line.add(p);
            } else if (last.changed() && !p.changed()) {
                line.set(line.size() - 1, p);
            }
        }
        return line;
    }

    /**
     * The whisker of a point: a thin line from its slowest run's speed-up to its fastest's, capped at both ends;
     * nothing (false) when it has fewer than two runs with a total.
     */
    private static boolean whisker(XYChart chart, Scan.Point p, double x, double cap, Color colour, ChartStyle style) {
        if (p.slowest() == null || p.fastest() == null) {
            return false;
        }
        BasicStroke thin = new BasicStroke(1.5f * style.scale());
        double[][] lines = {
            {x, x, p.slowest(), p.fastest()},
            {x - cap, x + cap, p.slowest(), p.slowest()},
            {x - cap, x + cap, p.fastest(), p.fastest()}
        };
        for (int i = 0; i < lines.length; i++) {
            XYSeries w = chart.addSeries(
                    "spread " + p.label() + " " + i,
                    new double[] {lines[i][0], lines[i][1]},
                    new double[] {lines[i][2], lines[i][3]});
            w.setMarker(SeriesMarkers.NONE);
            w.setLineColor(colour);
            w.setLineStyle(thin);
        }
        return true;
    }
}
