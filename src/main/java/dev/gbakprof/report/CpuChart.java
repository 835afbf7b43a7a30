package dev.gbakprof.report;

import dev.gbakprof.model.CpuInterval;
import dev.gbakprof.model.CpuSample;
import dev.gbakprof.model.Phase;
import dev.gbakprof.model.PhaseTime;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.output.Grouped;
import dev.gbakprof.output.Labels;
import dev.gbakprof.output.ReportSettings;
import dev.gbakprof.output.Texts;
import dev.gbakprof.stats.Analysis;
import dev.gbakprof.stats.RunGroup;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.font.FontRenderContext;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;
import org.knowm.xchart.AnnotationText;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * {@code cpu.png}, for runs that carry samples: what the restore's own process (gbak embedded, or the local
 * server) used over gbak's clock: its CPU (% of one core, left axis, solid) and the storage bytes it read and
 * wrote (MB/s, right axis, dashed), each a rate over the intervals between its samples that a rate means something
 * over ({@link CpuInterval}), each run in its own colour, over the phases of the first run as grey bands
 * named at their top (grey, so that no run's colour reads as a phase).
 * One run alone also shows the whole machine's CPU (dotted), which tells a restore that waited for a core from
 * one that did not need it. A run recorded before the process was sampled shows the machine's CPU instead, and
 * its legend says so. The legend is drawn below the plot and wraps onto as many lines as its names need.
 */
final class CpuChart implements ChartFile {
    /** More runs than this: each configuration's median run only (a colour each, never a repeat). */
    static final int MAX_RUNS = 10;

    private static final float[] DASH = {10f, 6f};
    private static final float[] DOT = {2f, 5f};

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
        return drawing(analysis, settings, ChartStyle.of(settings));
    }

    /** The plot above its legend (drawn under it in rows, {@link LineLegend}). */
    Drawing drawing(Analysis analysis, ReportSettings settings, ChartStyle style) {
        List<LineLegend.Entry> legend = new ArrayList<>();
        XYChart plot = plot(analysis, settings, style, legend);
        return LineLegend.under(plot::paint, legend, style);
    }

    /** The XChart plot of the runs; {@code legend} gets the entries that name what it draws. */
    XYChart plot(Analysis analysis, ReportSettings settings, ChartStyle style, List<LineLegend.Entry> legend) {
        Texts t = settings.texts();
        Grouped grouped = Grouped.of(analysis);
        // each configuration's label as every chart cuts it (Labels), with the run's number when it has several
        List<String> shortNames = Labels.shortNames(grouped);
        List<RestoreRun> runs = new ArrayList<>();
        List<String> names = new ArrayList<>();
        boolean medians = grouped.runsInGroupOrder().stream()
                        .filter(r -> r.cpuSamples().size() >= 2)
                        .count()
                > MAX_RUNS;
        for (int gi = 0; gi < grouped.groups().size(); gi++) {
            RunGroup g = grouped.groups().get(gi);
            if (medians) {
                List<RestoreRun> sampled = g.runs().stream()
                        .filter(r -> r.cpuSamples().size() >= 2)
                        .sorted(Comparator.comparingDouble(
                                r -> r.totalSeconds() == null ? Double.MAX_VALUE : r.totalSeconds()))
                        .toList();
                if (!sampled.isEmpty()) {
                    runs.add(sampled.get((sampled.size() - 1) / 2));
                    names.add(t.get("res.median", shortNames.get(gi), sampled.size()));
                }
                continue;
            }
            for (int k = 0; k < g.size(); k++) {
                if (g.runs().get(k).cpuSamples().size() >= 2) {
                    runs.add(g.runs().get(k));
                    names.add(shortNames.get(gi) + g.runNumber(k));
                }
            }
        }
        double maxClock = runs.stream()
                .flatMap(r -> r.cpuSamples().stream())
                .mapToDouble(CpuSample::atSeconds)
                .max()
                .orElse(0);
        TimeScale scale = TimeScale.forMax(maxClock);

        XYChart chart = new XYChart(settings.width(), settings.height());
        chart.setTitle(t.get("res.title"));
        chart.setXAxisTitle(t.get("cpu.xaxis", scale.unit(t)));
        chart.setYAxisGroupTitle(0, t.get("res.cpu"));
        chart.setYAxisGroupTitle(1, t.get("res.disk"));
        style.apply(chart);
        chart.getStyler().setLegendVisible(false);
        chart.getStyler().setLocale(t.locale());
        chart.getStyler().setYAxisGroupPosition(1, Styler.YAxisPosition.Right);
        chart.getStyler().setXAxisMin(0.0);

        List<double[][]> cpu = new ArrayList<>();
        List<double[][]> disk = new ArrayList<>();
        double topCpu = 0;
        double topDisk = 1;
        for (RestoreRun run : runs) {
            double[][] c = cpuPercent(run);
            double[][] d = diskMbPerSecond(run);
            cpu.add(c);
            disk.add(d);
            for (double v : c[1]) {
                topCpu = Math.max(topCpu, v);
            }
            for (double v : d[1]) {
                topDisk = Math.max(topDisk, v);
            }
        }
        boolean machineLine = runs.size() == 1 && CpuInterval.cores(runs.get(0).environment()) != null;
        double[][] machine = machineLine ? machinePercent(runs.get(0)) : null;
        if (machine != null) {
            for (double v : machine[1]) {
                topCpu = Math.max(topCpu, v);
            }
        }
        // 100 = one core busy: always on the axis, with room above the highest point
        topCpu = Math.max(100, Math.ceil(topCpu * 1.05 / 50) * 50);
        chart.getStyler().setYAxisMin(0, 0.0);
        chart.getStyler().setYAxisMax(0, topCpu);
        chart.getStyler().setYAxisMin(1, 0.0);
        chart.getStyler().setYAxisMax(1, topDisk * 1.1);

        chart.getStyler().setAnnotationTextFont(style.annotation());
        chart.getStyler().setAnnotationTextFontColor(Palette.MUTED);
        boolean banded = bands(chart, runs.get(0), topCpu, scale, scale.of(maxClock), t, style);

        for (int i = 0; i < runs.size(); i++) {
            Color color = Palette.label(i);
            RestoreRun run = runs.get(i);
            boolean process = cpu.get(i)[0].length >= 2;
            double[][] c = process ? cpu.get(i) : machinePercent(run);
            if (c != null && c[0].length >= 2) {
                XYSeries s = chart.addSeries(names.get(i) + " · cpu", scaled(c[0], scale), c[1]);
                s.setMarker(SeriesMarkers.NONE);
                s.setLineColor(color);
                s.setLineStyle(stroke(style, process ? null : DOT, 3f));
            }
            if (disk.get(i)[0].length >= 2) {
                XYSeries s = chart.addSeries(names.get(i) + " · disk", scaled(disk.get(i)[0], scale), disk.get(i)[1]);
                s.setYAxisGroup(1);
                s.setMarker(SeriesMarkers.NONE);
                s.setLineColor(color);
                s.setLineStyle(stroke(style, DASH, 2.5f));
            }
            legend.add(LineLegend.Entry.line(
                    process ? names.get(i) : t.get("res.legend.noProcess", names.get(i)),
                    color,
                    stroke(style, process ? null : DOT, 3f)));
        }
        if (machine != null && machine[0].length >= 2 && cpu.get(0)[0].length >= 2) {
            XYSeries s = chart.addSeries("machine", scaled(machine[0], scale), machine[1]);
            s.setMarker(SeriesMarkers.NONE);
            s.setLineColor(Palette.MUTED);
            s.setLineStyle(stroke(style, DOT, 2.5f));
        }
        legend.add(LineLegend.Entry.line(t.get("res.legend.cpu"), Palette.MUTED, stroke(style, null, 3f)));
        legend.add(LineLegend.Entry.line(t.get("res.legend.disk"), Palette.MUTED, stroke(style, DASH, 2.5f)));
        if (machine != null && cpu.get(0)[0].length >= 2) {
            legend.add(LineLegend.Entry.line(t.get("res.legend.machine"), Palette.MUTED, stroke(style, DOT, 2.5f)));
        }
        if (banded) {
            legend.add(new LineLegend.Entry(t.get("res.legend.phases", names.get(0)), BAND_FILLS[0], null, true));
        }
        return chart;
    }

    /** Band fills, one after the other: neutral, so that no run's colour is mistaken for a phase. */
    private static final Color[] BAND_FILLS = {new Color(0xE9E9E9), new Color(0xF5F5F5)};

    /**
     * The phases of {@code run} as bands from gbak's clock 0, in order, alternately shaded, each named at its top
     * where its name fits; returns whether any band was drawn.
     */
    private static boolean bands(
            XYChart chart, RestoreRun run, double top, TimeScale scale, double maxX, Texts t, ChartStyle style) {
        double at = 0;
        int n = 0;
        FontRenderContext frc = Png.FRC;
        double plotWidth = chart.getWidth() - style.px(260);
        for (Phase p : Phase.values()) {
            double seconds = run.phases().stream()
                    .filter(x -> x.name() == p && x.seconds() != null) // a phase never reached is unknown
                    .mapToDouble(PhaseTime::seconds)
                    .sum();
            if (seconds <= 0) {
                continue;
            }
            XYSeries s = chart.addSeries(
                    "band " + p.label(), new double[] {scale.of(at), scale.of(at + seconds)}, new double[] {top, top});
            s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Area);
            s.setFillColor(BAND_FILLS[n++ % BAND_FILLS.length]);
            s.setLineColor(Palette.alpha(Color.WHITE, 0));
            s.setMarker(SeriesMarkers.NONE);
            String name = t.get("phase." + p.label());
            double pixels = maxX <= 0 ? 0 : plotWidth * scale.of(seconds) / maxX;
            if (style.annotation().getStringBounds(name, frc).getWidth() + style.px(8) < pixels) {
                chart.addAnnotation(new AnnotationText(name, scale.of(at + seconds / 2), top * 0.965, false));
            }
            at += seconds;
        }
        return n > 0;
    }

    /**
     * {clock seconds[], % of one core[]} of the worker over each interval of its samples that a rate means something
     * over ({@link CpuInterval}: 0.1 s at least, no more than the machine's CPUs give), at the interval's end.
     */
    static double[][] cpuPercent(RestoreRun run) {
        return rate(run, CpuSample::processCpuSeconds, 100);
    }

    /** {clock seconds[], MB/s[]} the worker read from and wrote to storage over the same intervals. */
    static double[][] diskMbPerSecond(RestoreRun run) {
        return rate(
                run,
                s -> s.processReadBytes() == null || s.processWriteBytes() == null
                        ? null
                        : s.processReadBytes() + s.processWriteBytes(),
                1e-6);
    }

    /** {clock seconds[], % of one core[]} of the whole machine: its load × its logical CPUs. */
    static double[][] machinePercent(RestoreRun run) {
        Integer cores = CpuInterval.cores(run.environment());
        if (cores == null) {
            return null;
        }
        List<double[]> points = new ArrayList<>();
        for (CpuSample s : run.cpuSamples()) {
            if (s.load() != null) {
                points.add(new double[] {s.atSeconds(), 100 * s.load() * cores});
            }
        }
        return columns(points);
    }

    private static double[][] rate(RestoreRun run, Function<CpuSample, ? extends Number> counter, double k) {
        List<double[]> points = new ArrayList<>();
        for (CpuInterval i : CpuInterval.of(run)) {
            Double v = i.rate(counter);
            if (v != null) {
                points.add(new double[] {i.to().atSeconds(), v * k});
            }
        }
        return columns(points);
    }

    private static double[][] columns(List<double[]> points) {
        double[][] out = new double[2][points.size()];
        for (int i = 0; i < points.size(); i++) {
            out[0][i] = points.get(i)[0];
            out[1][i] = points.get(i)[1];
        }
        return out;
    }

    private static double[] scaled(double[] seconds, TimeScale scale) {
        double[] out = new double[seconds.length];
        for (int i = 0; i < seconds.length; i++) {
            out[i] = scale.of(seconds[i]);
        }
        return out;
    }

    private static BasicStroke stroke(ChartStyle style, float[] dash, float width) {
        if (dash == null) {
            return new BasicStroke(width * style.scale(), BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND);
        }
        float[] scaled = new float[dash.length];
        for (int i = 0; i < dash.length; i++) {
            scaled[i] = dash[i] * style.scale();
        }
        return new BasicStroke(width * style.scale(), BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f, scaled, 0f);
    }
}
