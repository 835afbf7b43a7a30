package dev.gbakprof.report;

import dev.gbakprof.model.IndexBuild;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.output.Grouped;
import dev.gbakprof.output.Labels;
import dev.gbakprof.output.ReportSettings;
import dev.gbakprof.output.Texts;
import dev.gbakprof.stats.Analysis;
import dev.gbakprof.stats.ObjectTimes;
import java.util.List;
import java.util.stream.Stream;

/** {@code indexes.png}: the slowest index builds, one bar per label group, each named "INDEX (TABLE)". */
final class IndexesChart extends ObjectBars {

    @Override
    public String fileName() {
        return "indexes.png";
    }

    @Override
    Stream<Double> seconds(RestoreRun run) {
        return run.indexes().stream().map(IndexBuild::seconds);
    }

    @Override
    HorizontalBarChart chart(Analysis analysis, ReportSettings settings, int top, ChartStyle style) {
        Texts t = settings.texts();
        Grouped grouped = Grouped.of(analysis);
        List<ObjectTimes> all = analysis.indexes();
        return ObjectBars.chart(
                grouped,
                all,
                top,
                "indexes.title",
                "indexes.axis",
                o -> "(" + Labels.indexTable(o, t) + ")",
                (o, g) -> null,
                shown -> shown.stream().anyMatch(o -> !o.tableCandidates().isEmpty())
                        ? t.get("note.candidates")
                        : shown.stream().anyMatch(ObjectTimes::inferred) ? t.get("note.inferred") : null,
                t,
                style,
                settings.height());
    }
}
