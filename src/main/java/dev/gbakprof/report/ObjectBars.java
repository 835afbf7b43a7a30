package dev.gbakprof.report;

import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.output.Grouped;
import dev.gbakprof.output.Labels;
import dev.gbakprof.output.ReportSettings;
import dev.gbakprof.output.Texts;
import dev.gbakprof.stats.Analysis;
import dev.gbakprof.stats.ObjectStats;
import dev.gbakprof.stats.ObjectTimes;
import dev.gbakprof.stats.Spread;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.stream.Stream;

/** The bar chart of the slowest objects (indexes or tables): one row per object, one bar per label group. */
abstract class ObjectBars implements ChartFile {

    /** The height a bar needs for its value text (8 px and its line gap) not to touch the next bar's. */
    static final double MIN_BAR_PX = 12;

    /** The times of a run's objects of this chart, {@code null} for one without a time. */
    abstract Stream<Double> seconds(RestoreRun run);

    /** The chart of the {@code top} slowest objects at most, in {@code style}. */
    abstract HorizontalBarChart chart(Analysis analysis, ReportSettings settings, int top, ChartStyle style);

    @Override
    public boolean appliesTo(List<RestoreRun> runs) {
        // a log without time columns (no -st) names its objects but times none: a chart of "unknown" bars says nothing
        return runs.stream().flatMap(this::seconds).anyMatch(s -> s != null);
    }

    @Override
    public HorizontalBarChart drawing(Analysis analysis, ReportSettings settings) {
        return chart(analysis, settings, settings.top(), ChartStyle.of(settings));
    }

    /**
     * @param detail the grey second line of an object's name
     * @param extra  text after the duration of a group's bar (e.g. rows/s), or {@code null}
     * @param footnote grey line under the axis about the objects shown, or {@code null}
     * @param height   the chart's height in pixels: fewer than {@code top} rows when that many would not leave
     *                 each configuration's bar room for its text
     */
    static HorizontalBarChart chart(
            Grouped grouped,
            List<ObjectTimes> all,
            int top,
            String titleKey,
            String axisKey,
            Function<ObjectTimes, String> detail,
            BiFunction<ObjectTimes, Integer, String> extra,
            Function<List<ObjectTimes>, String> footnote,
            Texts t,
            ChartStyle style,
            int height) {
        // as many rows as leave each configuration's bar tall enough for its text (no value written over the next)
        int groups = Math.max(1, grouped.groups().size());
        double row = groups * MIN_BAR_PX / (groups > 1 ? 0.84 : 0.7);
        int fit = Math.max(1, (int) (0.65 * height / row));
        List<ObjectTimes> shown = ObjectStats.top(all, Math.min(top, fit));
        List<HorizontalBarChart.Category> categories = shown.stream()
                .map(o -> new HorizontalBarChart.Category(o.name(), detail.apply(o)))
                .toList();
        TimeScale scale = TimeScale.forMax(shown.stream()
                .map(ObjectTimes::maxMedian)
                .filter(m -> m != null)
                .max(Double::compare)
                .orElse(0.0));
        List<HorizontalBarChart.Series> series = new ArrayList<>();
        for (int g = 0; g < grouped.groups().size(); g++) {
            List<HorizontalBarChart.Bar> bars = new ArrayList<>();
            for (ObjectTimes o : shown) {
                Spread s = o.byGroup().get(g);
                String failed = o.failedByGroup().get(g) == 0
                        ? ""
                        : " · "
                                + t.get(
                                        "index.failed",
                                        o.failedByGroup().get(g),
                                        grouped.groups().get(g).size());
                if (!s.known()) { // a failed build gbak did not time (an index of a log without -st) says so too
                    bars.add(new HorizontalBarChart.Bar(
                            null, (s.unknown() > 0 ? t.get("unknown") : t.get("absent")) + failed, !failed.isEmpty()));
                    continue;
                }
                String more = extra.apply(o, g);
                bars.add(new HorizontalBarChart.Bar(
                        scale.of(s.median()),
                        t.duration(s.median()) + (more == null ? "" : " · " + more) + failed,
                        !failed.isEmpty()));
            }
            series.add(new HorizontalBarChart.Series(Labels.seriesName(grouped, g, t), Palette.label(g), bars));
        }
        String title = t.get(titleKey, shown.size(), t.integer(all.size()), scale.unit(t))
                + (grouped.repeated() ? t.get("title.medians") : "");
        return new HorizontalBarChart(
                title,
                t.get(axisKey, scale.unit(t)),
                t.get("unknown"),
                footnote.apply(shown),
                categories,
                series,
                t.locale(),
                style);
    }
}
