package dev.gbakprof.report;

import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.stats.ObjectStats;

import java.util.List;

/** {@code tables.png}: the slowest table loads, one bar per label group, annotated with rows/s. */
public final class TablesChart implements ChartFile {

    @Override
    public String fileName() {
        return "tables.png";
    }

    @Override
    public boolean appliesTo(List<RestoreRun> runs) {
        return runs.stream().anyMatch(r -> !r.tables().isEmpty());
    }

    @Override
    public HorizontalBarChart drawing(List<RestoreRun> runs, ReportSettings settings) {
        return chart(runs, settings, settings.top(), settings.style());
    }

    HorizontalBarChart chart(List<RestoreRun> runs, ReportSettings settings, int top, ChartStyle style) {
        Texts t = settings.texts();
        Grouped grouped = Grouped.of(runs, settings);
        return ObjectBars.chart(grouped, ObjectStats.tables(grouped.groups()), top, "tables.title", "tables.axis",
                o -> t.get("rows", t.integer(o.records())),
                (o, g) -> {
                    Double rate = o.rowsPerSecond(g);
                    return rate == null ? null : t.get("rows.per.second", t.integer(Math.round(rate)));
                }, null, t, style);
    }
}
