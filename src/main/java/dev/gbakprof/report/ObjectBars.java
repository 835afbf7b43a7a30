package dev.gbakprof.report;

import dev.gbakprof.stats.ObjectStats;
import dev.gbakprof.stats.ObjectTimes;
import dev.gbakprof.stats.Spread;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;

/** The bar chart of the slowest objects (indexes or tables): one row per object, one bar per label group. */
final class ObjectBars {
    private ObjectBars() {}

    /**
     * @param detail the grey second line of an object's name
     * @param extra  text after the duration of a group's bar (e.g. rows/s), or {@code null}
     * @param footnote grey line under the axis, or {@code null}
     */
    static HorizontalBarChart chart(
            Grouped grouped,
            List<ObjectTimes> all,
            int top,
            String titleKey,
            String axisKey,
            Function<ObjectTimes, String> detail,
            BiFunction<ObjectTimes, Integer, String> extra,
            String footnote,
            Texts t,
            ChartStyle style) {
        List<ObjectTimes> shown = ObjectStats.top(all, top);
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
                if (!s.known()) {
                    bars.add(new HorizontalBarChart.Bar(null, s.unknown() > 0 ? t.get("unknown") : t.get("absent")));
                    continue;
                }
                String more = extra.apply(o, g);
                String failed = o.failedByGroup().get(g) == 0
                        ? ""
                        : " · "
                                + t.get(
                                        "index.failed",
                                        o.failedByGroup().get(g),
                                        grouped.groups().get(g).size());
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
                footnote,
                categories,
                series,
                t.locale(),
                style);
    }
}
