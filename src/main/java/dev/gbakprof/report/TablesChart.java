package dev.gbakprof.report;

import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.Rounding;
import dev.gbakprof.model.TableLoad;
import dev.gbakprof.output.Grouped;
import dev.gbakprof.output.ReportSettings;
import dev.gbakprof.output.Texts;
import dev.gbakprof.stats.Analysis;
import dev.gbakprof.stats.ObjectTimes;
import dev.gbakprof.stats.RowCount;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * {@code tables.png}: the slowest table loads, one bar per label group, annotated with rows/s; the rows under
 * the table's name, or on each bar when the groups restored different counts.
 */
final class TablesChart extends ObjectBars {

    @Override
    public String fileName() {
        return "tables.png";
    }

    @Override
    Stream<Double> seconds(RestoreRun run) {
        return run.tables().stream().map(TableLoad::seconds);
    }

    @Override
    HorizontalBarChart chart(Analysis analysis, ReportSettings settings, int top, ChartStyle style) {
        Texts t = settings.texts();
        Grouped grouped = Grouped.of(analysis);
        return ObjectBars.chart(
                grouped,
                analysis.tables(),
                top,
                "tables.title",
                "tables.axis",
                o -> o.commonRows() == null ? null : t.get("rows", t.integer(o.commonRows())),
                (o, g) -> extra(o, g, t),
                shown -> null,
                t,
                style,
                settings.height());
    }

    /** Rows/s; with the group's rows before it when the groups (or the runs of one) restored different counts. */
    private static String extra(ObjectTimes o, int group, Texts t) {
        List<String> parts = new ArrayList<>();
        RowCount rows = o.rows(group);
        if (o.commonRows() == null && rows != null) {
            parts.add(t.get("rows", t.integerRange(rows.min(), rows.max())));
        }
        Double rate = o.rowsPerSecond(group);
        if (rate != null) {
            parts.add(t.get("rows.per.second", t.integer(Rounding.whole(rate))));
        }
        return parts.isEmpty() ? null : String.join(" · ", parts);
    }
}
