package dev.gbakprof.output;

import dev.gbakprof.model.IndexBuild;
import dev.gbakprof.model.Phase;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.stats.Analysis;
import dev.gbakprof.stats.Measure;
import dev.gbakprof.stats.RunOutcome;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code runs.csv}: one row per run: label, source, status, total and phase seconds, counts. A time the other
 * outputs call unknown ({@link Measure#of}) is an empty cell, never 0, and so is a count the log does not show.
 */
public final class RunsCsv implements ReportFile {

    @Override
    public String fileName() {
        return "runs.csv";
    }

    @Override
    public byte[] render(Analysis analysis, ReportSettings settings) {
        Csv csv = new Csv();
        List<String> header = new ArrayList<>(List.of("label", "run", "source", "status", "total_s", "last_seen_s"));
        for (Phase p : Phase.values()) {
            header.add(p.label() + "_s");
        }
        header.addAll(List.of(
                "tables",
                "records",
                "indexes",
                "indexes_unknown_time",
                "errors",
                "started_at",
                "power_plan",
                "cpu_model",
                "logical_cpus"));
        csv.row(header);
        Grouped grouped = Grouped.of(analysis);
        List<String> names = grouped.runNames();
        List<RestoreRun> ordered = grouped.runsInGroupOrder();
        for (int i = 0; i < ordered.size(); i++) {
            RestoreRun r = ordered.get(i);
            List<Object> row = new ArrayList<>(List.of(
                    r.label(),
                    names.get(i),
                    r.source() == null ? "" : r.source(),
                    RunOutcome.of(r).toString()));
            row.add(Csv.seconds(r.restoreSeconds()));
            row.add(Csv.seconds(r.lastSeenSeconds()));
            for (Phase p : Phase.values()) {
                row.add(Csv.seconds(Measure.of(p).of(r)));
            }
            // counts the log does not show are unknown, empty cells as times are (RestoreRun#tableCount)
            row.add(r.tableCount());
            row.add(r.rows());
            row.add(r.indexCount());
            row.add(
                    r.indexCount() == null
                            ? null
                            : r.indexes().stream()
                                    .map(IndexBuild::seconds)
                                    .filter(s -> s == null)
                                    .count());
            row.add(r.errors().size());
            row.add(r.startedAt());
            var env = r.environment();
            row.add(
                    env == null || env.powerPlan() == null
                            ? null
                            : env.powerPlan().name());
            row.add(env == null ? null : env.cpuModel());
            row.add(env == null ? null : env.logicalCpus());
            csv.row(row);
        }
        return csv.bytes();
    }
}
