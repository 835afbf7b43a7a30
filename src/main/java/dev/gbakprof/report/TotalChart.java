package dev.gbakprof.report;

import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.output.Grouped;
import dev.gbakprof.output.ReportSettings;
import dev.gbakprof.output.Texts;
import dev.gbakprof.stats.Analysis;
import dev.gbakprof.stats.Measure;
import dev.gbakprof.stats.RunGroup;
import dev.gbakprof.stats.Spread;
import java.awt.Color;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * {@code total.png}: total restore time per label: a bar at the median, min–max whiskers and a dot
 * per run when the label was run more than once. Only completed runs have a total (not failed ones).
 */
final class TotalChart implements ChartFile {

    @Override
    public String fileName() {
        return "total.png";
    }

    @Override
    public boolean appliesTo(List<RestoreRun> runs) {
        return runs.stream().anyMatch(r -> Measure.TOTAL.of(r) != null);
    }

    @Override
    public Drawing drawing(Analysis analysis, ReportSettings settings) {
        return chart(analysis, settings, ChartStyle.of(settings))::paint;
    }

    CategoryChart chart(Analysis analysis, ReportSettings settings, ChartStyle style) {
        Texts t = settings.texts();
        Grouped grouped = Grouped.of(analysis);
        List<RunGroup> groups = grouped.groups().stream()
                .filter(g -> g.spread(Measure.TOTAL).known())
                .toList();
        List<String> suffixes = new ArrayList<>();
        List<String> shortSuffixes = new ArrayList<>(); // when they do not fit: the run counts are in the key table
        for (RunGroup g : groups) {
            Spread s = g.spread(Measure.TOTAL);
            suffixes.add(" (" + (s.n() == g.size() ? t.runs(s.n()) : t.get("runs.completed", s.n(), g.size())) + ") · "
                    + (s.n() > 1 ? t.get("series.median") + " " : "") + t.duration(s.median()));
            shortSuffixes.add(" · " + t.duration(s.median()));
        }
        double max = groups.stream()
                .mapToDouble(g -> g.spread(Measure.TOTAL).max())
                .max()
                .orElse(0);
        TimeScale scale = TimeScale.forMax(max);

        CategoryChart chart = new CategoryChart(settings.width(), settings.height());
        List<String> categories =
                style.fitCategories(chart, groups.stream().map(RunGroup::label).toList(), suffixes, shortSuffixes);
        boolean repeated = groups.stream().anyMatch(g -> g.spread(Measure.TOTAL).n() > 1);
        chart.setTitle(t.get(repeated ? "total.title.repeated" : "total.title", scale.unit(t)));
        chart.setYAxisTitle(t.get("total.axis", scale.unit(t)));
        style.apply(chart);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
        chart.getStyler().setLegendLayout(Styler.LegendLayout.Horizontal);
        chart.getStyler().setLocale(t.locale());
        chart.getStyler().setAvailableSpaceFill(0.55);
        chart.getStyler().setPlotGridVerticalLinesVisible(false);
        chart.getStyler().setYAxisMin(0.0);
        chart.getStyler().setYAxisMax(scale.of(max) * 1.08);
        chart.getStyler().setOverlapped(true);
        chart.getStyler().setErrorBarsColor(Palette.TEXT);
        chart.getStyler().setMarkerSize(style.px(12));
        chart.getStyler().setLegendVisible(repeated); // the legend names only the dots of repeated runs

        // One series per label so each bar has its label's colour; overlapped, so each fills its slot.
        for (int i = 0; i < groups.size(); i++) {
            List<Double> values = new ArrayList<>(Collections.nCopies(groups.size(), (Double) null));
            values.set(i, scale.of(groups.get(i).spread(Measure.TOTAL).median()));
            CategorySeries s = chart.addSeries(
                    t.get("series.median") + " · " + groups.get(i).label(), categories, values);
            s.setFillColor(Palette.label(grouped.groups().indexOf(groups.get(i))));
            s.setOverlapped(true);
            s.setShowInLegend(false);
        }
        if (repeated) {
            // Whiskers: an invisible bar at the middle of min..max whose error bar spans min..max.
            List<Double> mid = new ArrayList<>();
            List<Double> half = new ArrayList<>();
            for (RunGroup g : groups) {
                Spread s = g.spread(Measure.TOTAL);
                mid.add(scale.of((s.min() + s.max()) / 2));
                half.add(scale.of((s.max() - s.min()) / 2));
            }
            CategorySeries range = chart.addSeries(t.get("series.range"), categories, mid, half);
            range.setFillColor(new Color(0, 0, 0, 0));
            range.setOverlapped(true);
            range.setShowInLegend(false);
            int most = groups.stream()
                    .mapToInt(g -> g.spread(Measure.TOTAL).n())
                    .max()
                    .orElse(0);
            for (int k = 0; k < most; k++) {
                List<Double> dots = new ArrayList<>();
                for (RunGroup g : groups) {
                    List<Double> totals = g.runs().stream()
                            .map(Measure.TOTAL::of)
                            .filter(v -> v != null)
                            .toList();
                    dots.add(k < totals.size() ? scale.of(totals.get(k)) : null);
                }
                CategorySeries d = chart.addSeries(t.get("series.run") + " " + (k + 1), categories, dots);
                d.setChartCategorySeriesRenderStyle(CategorySeries.CategorySeriesRenderStyle.Scatter);
                d.setMarker(SeriesMarkers.CIRCLE);
                d.setMarkerColor(Palette.TEXT);
                d.setOverlapped(true);
                d.setShowInLegend(k == 0);
                if (k == 0) {
                    d.setLabel(t.get("series.runs.legend"));
                }
            }
        }
        return chart;
    }
}
