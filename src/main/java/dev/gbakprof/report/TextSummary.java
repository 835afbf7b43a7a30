package dev.gbakprof.report;

import dev.gbakprof.model.IndexBuild;
import dev.gbakprof.model.PhaseTime;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.TableLoad;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/** The human summary of one run that {@code parse} and {@code run} print. */
public final class TextSummary {
    private TextSummary() {
    }

    public static String of(RestoreRun run, int top) {
        StringBuilder sb = new StringBuilder();
        sb.append(run.label()).append("  (").append(run.source()).append(")\n");
        sb.append(String.format(Locale.ROOT, "  status     %s%s%n", run.status(),
                run.exitCode() == null ? "" : "  (gbak exit code " + run.exitCode() + ")"));
        if (run.totalSeconds() != null) {
            sb.append(String.format(Locale.ROOT, "  total      %s  (%s)%n", Durations.seconds(run.totalSeconds()),
                    Durations.human(run.totalSeconds())));
        } else {
            sb.append("  total      unknown")
                    .append(run.lastSeenSeconds() == null ? "" : ": the log ends at "
                            + Durations.seconds(run.lastSeenSeconds()) + " on gbak's clock")
                    .append('\n');
        }
        sb.append("  columns    ").append(String.join(" ", run.columns()));
        if (run.pageSize() != null) {
            sb.append("   page size ").append(run.pageSize());
        }
        if (run.backupVersion() != null) {
            sb.append("   backup version ").append(run.backupVersion());
        }
        if (run.parallelWorkers() != null) {
            sb.append("   parallel workers ").append(run.parallelWorkers());
        }
        sb.append('\n');
        double phaseSum = run.phases().stream().mapToDouble(PhaseTime::seconds).sum();
        if (!run.phases().isEmpty()) {
            sb.append("  phases\n");
            for (PhaseTime p : run.phases()) {
                sb.append(String.format(Locale.ROOT, "    %-9s %12s %6.1f%%%n", p.name(), Durations.seconds(p.seconds()),
                        phaseSum > 0 ? 100 * p.seconds() / phaseSum : 0.0));
            }
        }
        List<IndexBuild> indexes = run.indexes().stream()
                .sorted(Comparator.comparing((IndexBuild i) -> i.seconds() == null ? -1 : i.seconds()).reversed())
                .limit(top).toList();
        if (!indexes.isEmpty()) {
            sb.append(String.format(Locale.ROOT, "  top %d indexes by build time (of %d)%s%n", indexes.size(),
                    run.indexes().size(), "inferred".equals(run.indexMapping())
                            ? "   TABLE? = inferred from the log, see warnings" : ""));
            for (IndexBuild i : indexes) {
                String table = i.table() == null ? "table unknown"
                        : i.table() + ("inferred".equals(i.tableSource()) ? "?" : "");
                sb.append(String.format(Locale.ROOT, "    %12s  %s (%s)%s%s%n", Durations.seconds(i.seconds()), i.name(),
                        table, i.writes() == null ? "" : "  writes " + i.writes(), i.failed() ? "  FAILED" : ""));
            }
        }
        List<TableLoad> tables = run.tables().stream()
                .sorted(Comparator.comparing((TableLoad t) -> t.seconds() == null ? -1 : t.seconds()).reversed())
                .limit(top).toList();
        if (!tables.isEmpty()) {
            sb.append(String.format(Locale.ROOT, "  top %d tables by load time (of %d)%n", tables.size(), run.tables().size()));
            for (TableLoad t : tables) {
                Double rate = t.rowsPerSecond();
                sb.append(String.format(Locale.ROOT, "    %12s  %-31s %,12d records%s%n", Durations.seconds(t.seconds()),
                        t.name(), t.records(), rate == null ? "" : String.format(Locale.ROOT, "  %,.0f rows/s", rate)));
            }
        }
        if (!run.errors().isEmpty()) {
            sb.append("  errors (gbak's own words)\n");
            for (String e : run.errors()) {
                sb.append("    ").append(e).append('\n');
            }
        }
        if (!run.warnings().isEmpty()) {
            sb.append("  warnings\n");
            for (String w : run.warnings()) {
                sb.append("    - ").append(w).append('\n');
            }
        }
        return sb.toString();
    }
}
