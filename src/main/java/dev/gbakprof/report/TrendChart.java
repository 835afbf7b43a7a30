package dev.gbakprof.report;

import dev.gbakprof.history.Band;
import dev.gbakprof.history.Trend;
import dev.gbakprof.model.Phase;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.output.Texts;
import java.awt.Color;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.TimeZone;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * {@code trend.png} of {@code history}: a backup's restores over time: the total and each phase of every completed
 * restore, the failed and unfinished ones marked where they happened (at the time gbak's clock had reached), and
 * behind them the baseline band each restore was judged against (median ± robust spread of the completed restores
 * before it, at least ± 5 % and ± 1 s: {@link Band}), its legend saying so, in the language of {@code texts}.
 */
public final class TrendChart {
    private static final Color BAND = new Color(0x4E79A7);
    private static final Color FAILED = new Color(0xD62728);
    private static final Color INCOMPLETE = new Color(0xFF7F0E);

    private TrendChart() {}

    public static byte[] png(Trend trend, Texts t, int width, int height) {
        return Png.encode(chart(trend, t, width, height)::paint, width, height);
    }

    static XYChart chart(Trend trend, Texts t, int width, int height) {
        List<Trend.Point> points = trend.points();
        double max = points.stream()
                .mapToDouble(p ->
                        Math.max(value(p.run()), p.band() == null ? 0 : p.band().high()))
                .max()
                .orElse(0);
        double unit = max >= 3 * 3600 ? 3600 : max >= 180 ? 60 : 1;
        String unitName = t.get(unit == 3600 ? "dur.h" : unit == 60 ? "dur.min" : "dur.s");

        XYChart chart = new XYChart(width, height);
        chart.setTitle(t.get("trend.title", trend.backup(), t.runs(points.size())));
        chart.setYAxisTitle(t.get("phases.axis", unitName));
        chart.setXAxisTitle(t.get("trend.xaxis"));
        ChartStyle.forSize(width, height).apply(chart);
        Styler s = chart.getStyler();
        chart.getStyler().setDatePattern(datePattern(points));
        chart.getStyler().setTimezone(TimeZone.getTimeZone("UTC"));
        chart.getStyler().setYAxisMin(0.0);
        s.setLegendPosition(Styler.LegendPosition.OutsideE);
        s.setLegendLayout(Styler.LegendLayout.Vertical);

        // the band, drawn first so that the lines lie on it: a polygon along the upper edges, back along the lower
        List<Date> bx = new ArrayList<>();
        List<Double> by = new ArrayList<>();
        List<Trend.Point> banded = points.stream().filter(p -> p.band() != null).toList();
        // one restore judged so far (the fourth completed): a polygon of one x has no width, so its band gets one, a
        // fiftieth of the chart's time on either side of that restore
        long half = banded.size() == 1 ? Math.max(1, span(points).toMillis() / 50) : 0;
        List<Date> mx = new ArrayList<>();
        List<Double> my = new ArrayList<>();
        for (Trend.Point p : banded) {
            for (long dx : half == 0 ? new long[] {0} : new long[] {-half, half}) {
                mx.add(Date.from(p.startedAt().plusMillis(dx)));
                my.add(p.band().median() / unit);
                bx.add(Date.from(p.startedAt().plusMillis(dx)));
                by.add(p.band().high() / unit);
            }
        }
        for (int i = bx.size() - 1; i >= 0; i--) {
            bx.add(bx.get(i));
            by.add(banded.get(half == 0 ? i : 0).band().low() / unit);
        }
        if (!banded.isEmpty()) {
            XYSeries band = chart.addSeries(
                    t.get(
                            "trend.band",
                            t.percent(Band.MIN_HALF_WIDTH),
                            t.number(Band.MIN_HALF_WIDTH_SECONDS, 0) + " " + t.get("dur.s")),
                    bx,
                    by);
            band.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.PolygonArea);
            band.setFillColor(Palette.alpha(BAND, 50));
            band.setLineColor(Palette.alpha(BAND, 90));
            band.setMarker(SeriesMarkers.NONE);
            XYSeries median = chart.addSeries(t.get("trend.median"), mx, my);
            median.setLineColor(Palette.alpha(BAND, 160));
            median.setLineStyle(SeriesLines.DASH_DASH);
            median.setMarker(SeriesMarkers.NONE);
        }
        List<Trend.Point> completed =
                points.stream().filter(p -> p.run().restoreSeconds() != null).toList();
        if (!completed.isEmpty()) {
            List<Date> x = completed.stream().map(p -> Date.from(p.startedAt())).toList();
            for (Phase phase : Phase.values()) {
                XYSeries ps = chart.addSeries(
                        t.get("phase." + phase.label()),
                        x,
                        completed.stream()
                                .map(p -> {
                                    Double phaseS = p.run().phaseSeconds(phase);
                                    return phaseS == null ? null : phaseS / unit;
                                })
                                .toList());
                ps.setLineColor(Palette.phase(phase));
                ps.setMarkerColor(Palette.phase(phase));
                ps.setMarker(SeriesMarkers.CIRCLE);
            }
            XYSeries total = chart.addSeries(
                    t.get("trend.total"),
                    x,
                    completed.stream().map(p -> p.run().totalSeconds() / unit).toList());
            total.setLineColor(Palette.TEXT);
            total.setMarkerColor(Palette.TEXT);
            total.setMarker(SeriesMarkers.DIAMOND);
        }
        mark(chart, points, RunStatus.FAILED, t, "trend.failed", FAILED, unit);
        mark(chart, points, RunStatus.INCOMPLETE, t, "trend.incomplete", INCOMPLETE, unit);
        return chart;
    }

    /**
     * The restores of {@code status} marked where gbak's clock had reached; those whose log has no time at all (gbak
     * failed before its first timed line) in a series of their own, drawn at 0 and named so: 0 is not their time.
     */
    private static void mark(
            XYChart chart, List<Trend.Point> points, RunStatus status, Texts t, String key, Color color, double unit) {
        List<Trend.Point> marked = points.stream()
                .filter(p -> p.run().status() == status
                        || status == RunStatus.FAILED
                                && p.run().status() == RunStatus.COMPLETED
                                && p.run().totalSeconds() == null)
                .toList();
        series(
                chart,
                marked.stream().filter(p -> timed(p.run())).toList(),
                t.get(key),
                color,
                SeriesMarkers.CROSS,
                unit);
        series(
                chart,
                marked.stream().filter(p -> !timed(p.run())).toList(),
                t.get(key + ".untimed"),
                color,
                SeriesMarkers.TRIANGLE_UP,
                unit);
    }

    private static void series(
            XYChart chart, List<Trend.Point> marked, String name, Color color, Marker marker, double unit) {
        if (marked.isEmpty()) {
            return;
        }
        XYSeries m = chart.addSeries(
                name,
                marked.stream().map(p -> Date.from(p.startedAt())).toList(),
                marked.stream().map(p -> value(p.run()) / unit).toList());
        m.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        m.setMarker(marker);
        m.setMarkerColor(color);
    }

    private static boolean timed(RestoreRun r) {
        return r.totalSeconds() != null || r.lastSeenSeconds() != null;
    }

    /** The run's total, else the time gbak's clock had reached, else 0. */
    private static double value(RestoreRun r) {
        return r.totalSeconds() != null ? r.totalSeconds() : r.lastSeenSeconds() != null ? r.lastSeenSeconds() : 0;
    }

    /** From the first restore's start to the last's. */
    private static Duration span(List<Trend.Point> points) {
        return points.isEmpty()
                ? Duration.ZERO
                : Duration.between(
                        points.get(0).startedAt(), points.get(points.size() - 1).startedAt());
    }

    /**
     * The x axis' labels: days over more than two days, minutes over more than ten minutes, else seconds (restores
     * all started within a few minutes, as in a test or a {@code run --repeat}, would otherwise all read one
     * minute, and XChart then draws no label at all).
     */
    static String datePattern(List<Trend.Point> points) {
        long seconds = span(points).toSeconds();
        return seconds > 2 * 86_400 ? "MM-dd" : seconds > 600 ? "MM-dd HH:mm" : "HH:mm:ss";
    }
}
