package dev.gbakprof.report;

import dev.gbakprof.model.CpuSample;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.stats.Analysis;
import java.awt.BasicStroke;
import java.awt.Color;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * {@code cpu.png}, only for runs that carry CPU samples: the average frequency (MHz, left axis) and
 * the load (%, right axis) over the restore, with the data phase (first table load to last) and the
 * index phase (first index build to last) shaded behind.
 */
final class CpuChart implements ChartFile {

    @Override
    public String fileName() {
        return "cpu.png";
    }

    @Override
    public boolean appliesTo(List<RestoreRun> runs) {
        return runs.stream().anyMatch(r -> r.cpuSamples().size() >= 2);
    }

    @Override
    public Drawing drawing(Analysis analysis, ReportSettings settings) {
        return drawing(analysis, settings, settings.style());
    }

    /** The chart above its legend: the phase bands, and the load (and MHz) line of each configuration. */
    Drawing drawing(Analysis analysis, ReportSettings settings, ChartStyle style) {
        XYChart chart = chart(analysis, settings, style);
        List<LineLegend.Entry> entries = new ArrayList<>();
        java.util.Set<String> seen = new java.util.HashSet<>();
        Grouped grouped = Grouped.of(analysis);
        for (XYSeries s : chart.getSeriesMap().values()) {
            if (s.getXYSeriesRenderStyle() == XYSeries.XYSeriesRenderStyle.Area) {
                entries.add(new LineLegend.Entry(s.getName(), s.getFillColor(), null, true));
            }
        }
        Texts t = settings.texts();
        for (RestoreRun run : grouped.runsInGroupOrder()) {
            int g = grouped.groupOf(run);
            if (run.cpuSamples().size() < 2 || !seen.add(grouped.groups().get(g).label())) {
                continue;
            }
            String name = Labels.shortNames(grouped).get(g);
            Color color = Palette.label(g);
            if (run.cpuSamples().stream().anyMatch(c -> c.mhz() != null)) {
                entries.add(LineLegend.Entry.line(t.get("cpu.series.mhz", name), color, mhzStroke(style)));
            }
            if (run.cpuSamples().stream().anyMatch(c -> c.load() != null)) {
                entries.add(LineLegend.Entry.line(t.get("cpu.series.load", name), color.darker(), loadStroke(style)));
            }
        }
        return LineLegend.under(chart::paint, entries, style);
    }

    private static BasicStroke mhzStroke(ChartStyle style) {
        return new BasicStroke(3f * style.scale());
    }

    private static BasicStroke loadStroke(ChartStyle style) {
        return new BasicStroke(
                2f * style.scale(), BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f, new float[] {8f, 6f}, 0f);
    }

    XYChart chart(Analysis analysis, ReportSettings settings, ChartStyle style) {
        Texts t = settings.texts();
        Grouped grouped = Grouped.of(analysis);
        List<RestoreRun> ordered = grouped.runsInGroupOrder();
        List<String> names = grouped.runNames();
        double maxClock = ordered.stream()
                .flatMap(r -> r.cpuSamples().stream())
                .mapToDouble(CpuSample::atSeconds)
                .max()
                .orElse(0);
        double maxMhz = ordered.stream()
                .flatMap(r -> r.cpuSamples().stream())
                .map(CpuSample::mhz)
                .filter(Objects::nonNull)
                .mapToDouble(Double::doubleValue)
                .max()
                .orElse(0);
        TimeScale scale = TimeScale.forMax(maxClock);

        // No run observed its CPU frequency (a VM without cpufreq): load alone, on the left axis, and no
        // MHz axis that would suggest a measurement that does not exist.
        boolean hasMhz = maxMhz > 0;
        int loadAxis = hasMhz ? 1 : 0;
        XYChart chart = new XYChart(settings.width(), settings.height());
        chart.setTitle(hasMhz ? t.get("cpu.title") : t.get("cpu.title.loadOnly"));
        chart.setXAxisTitle(t.get("cpu.xaxis", scale.unit(t)));
        chart.setYAxisGroupTitle(0, hasMhz ? t.get("cpu.mhz") : t.get("cpu.load"));
        if (hasMhz) {
            chart.setYAxisGroupTitle(1, t.get("cpu.load"));
        }
        style.apply(chart);
        chart.getStyler().setLegendVisible(false); // drawn under the chart in rows (LineLegend)
        chart.getStyler().setLocale(t.locale());
        chart.getStyler().setYAxisGroupPosition(1, Styler.YAxisPosition.Right);
        double top = hasMhz ? maxMhz * 1.1 : 100.0;
        chart.getStyler().setYAxisMin(0, 0.0);
        chart.getStyler().setYAxisMax(0, top);
        if (hasMhz) {
            chart.getStyler().setYAxisMin(1, 0.0);
            chart.getStyler().setYAxisMax(1, 100.0);
        }
        chart.getStyler().setLegendSeriesLineLength(style.px(40));

        RestoreRun first = ordered.stream()
                .filter(r -> r.cpuSamples().size() >= 2)
                .findFirst()
                .orElseThrow();
        band(chart, t.get("cpu.band.data"), dataSpan(first), top, scale, Palette.alpha(new Color(0x4E79A7), 45));
        band(chart, t.get("cpu.band.indexes"), indexSpan(first), top, scale, Palette.alpha(new Color(0xF28E2B), 45));

        for (int i = 0; i < ordered.size(); i++) {
            RestoreRun run = ordered.get(i);
            if (run.cpuSamples().size() < 2) {
                continue;
            }
            Color color = Palette.label(grouped.groupOf(run));
            List<Double> x = new ArrayList<>();
            List<Double> mhz = new ArrayList<>();
            List<Double> xl = new ArrayList<>();
            List<Double> load = new ArrayList<>();
            for (CpuSample s : run.cpuSamples()) {
                if (s.mhz() != null) {
                    x.add(scale.of(s.atSeconds()));
                    mhz.add(s.mhz());
                }
                if (s.load() != null) {
                    xl.add(scale.of(s.atSeconds()));
                    load.add(100 * s.load());
                }
            }
            if (!x.isEmpty()) {
                XYSeries m = chart.addSeries(t.get("cpu.series.mhz", names.get(i)), x, mhz);
                m.setMarker(SeriesMarkers.NONE);
                m.setLineColor(color);
                m.setLineStyle(mhzStroke(style));
            }
            if (!xl.isEmpty()) {
                XYSeries l = chart.addSeries(t.get("cpu.series.load", names.get(i)), xl, load);
                l.setYAxisGroup(loadAxis);
                l.setMarker(SeriesMarkers.NONE);
                l.setLineColor(color.darker());
                l.setLineStyle(loadStroke(style));
            }
        }
        return chart;
    }

    /** A shaded band from {@code span[0]} to {@code span[1]} (seconds), or nothing when the span is unknown. */
    private static void band(XYChart chart, String name, double[] span, double top, TimeScale scale, Color fill) {
        if (span == null) {
            return;
        }
        XYSeries s =
                chart.addSeries(name, new double[] {scale.of(span[0]), scale.of(span[1])}, new double[] {top, top});
        s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Area);
        s.setFillColor(fill);
        // the legend draws an area series as its line: a band-coloured line (along the band's top) shows it
        s.setLineColor(Palette.alpha(fill, 160));
        s.setMarker(SeriesMarkers.NONE);
    }

    /** From the first table load's start to the last one's end, or {@code null}. */
    static double[] dataSpan(RestoreRun run) {
        return span(run.tables().stream()
                .filter(x -> x.startSeconds() != null && x.seconds() != null)
                .map(x -> new double[] {x.startSeconds(), x.startSeconds() + x.seconds()})
                .toList());
    }

    /** From the first index build's start to the last one's end, or {@code null}. */
    static double[] indexSpan(RestoreRun run) {
        return span(run.indexes().stream()
                .filter(x -> x.startSeconds() != null && x.seconds() != null)
                .map(x -> new double[] {x.startSeconds(), x.startSeconds() + x.seconds()})
                .toList());
    }

    private static double[] span(List<double[]> items) {
        if (items.isEmpty()) {
            return null;
        }
        double from = items.stream().mapToDouble(a -> a[0]).min().orElseThrow();
        double to = items.stream().mapToDouble(a -> a[1]).max().orElseThrow();
        return new double[] {from, to};
    }
}
