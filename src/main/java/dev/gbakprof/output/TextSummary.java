package dev.gbakprof.output;

import dev.gbakprof.model.Column;
import dev.gbakprof.model.Durations;
import dev.gbakprof.model.FailureReason;
import dev.gbakprof.model.GbakExit;
import dev.gbakprof.model.IndexBuild;
import dev.gbakprof.model.IndexMapping;
import dev.gbakprof.model.Inspection;
import dev.gbakprof.model.PhaseTime;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.Rounding;
import dev.gbakprof.model.RunKind;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.model.TableLoad;
import dev.gbakprof.model.Validation;
import dev.gbakprof.model.Via;
import dev.gbakprof.stats.Measure;
import dev.gbakprof.stats.RunOutcome;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/** The human summary of one run that {@code parse} and {@code run} print. */
public final class TextSummary {
    private TextSummary() {}

    /** With the inspection's counts and what it found wrong, not each table and index (the record has them). */
    public static String of(RestoreRun run, int top) {
        return of(run, top, false);
    }

    /** @param verbose also each table's rows and each index the inspection read ({@code run --verbose}) */
    public static String of(RestoreRun run, int top, boolean verbose) {
        StringBuilder sb = new StringBuilder();
        sb.append(run.label()).append("  (").append(run.source()).append(")\n");
        boolean backup = run.kind() == RunKind.BACKUP;
        if (backup) {
            sb.append("  backup     ")
                    .append(run.database() == null ? "database unknown" : run.database())
                    .append(" -> ")
                    .append(run.backupFile() == null ? "backup file unknown" : run.backupFile())
                    .append(
                            run.backupBytes() == null
                                    ? ""
                                    : String.format(Locale.ROOT, ", %,d bytes written", run.backupBytes()))
                    .append('\n');
        }
        sb.append(String.format(
                Locale.ROOT,
                "  status     %s%s%n",
                RunOutcome.of(run) == RunOutcome.EXCERPT
                        ? "excerpt (the log starts after gbak's start: it times only what its lines show)"
                        : run.status(),
                run.exitCode() == null ? "" : "  (" + GbakExit.words(run.exitCode(), run.stoppedBy()) + ")"));
        if (run.restoreSeconds() != null) {
            sb.append(String.format(
                    Locale.ROOT,
                    "  total      %s  (%s)%n",
                    Durations.seconds(run.restoreSeconds()),
                    Durations.human(run.restoreSeconds())));
        } else if (run.failedAfterCompleting() && run.totalSeconds() != null) {
            // the restore completed: its total is known; what failed after it is said on the failed line
            sb.append(String.format(
                    Locale.ROOT,
                    "  total      %s  (%s; the restore completed, a check of its database failed)%n",
                    Durations.seconds(run.totalSeconds()),
                    Durations.human(run.totalSeconds())));
        } else if (run.stoppedBy() != null && run.wentToTheEnd() && run.lastSeenSeconds() != null) {
            // gbak went on after gbakprof's stop, or was stopped after its last line: a stopped run has no total
            sb.append("  total      unknown (gbakprof stopped the run): gbak still reached the end of the ")
                    .append(run.kind() == RunKind.BACKUP ? "backup" : "restore")
                    .append(", its last line at ")
                    .append(Durations.seconds(run.lastSeenSeconds()))
                    .append(" on its clock\n");
        } else {
            sb.append("  total      unknown")
                    .append(run.status() == RunStatus.FAILED ? " (the restore failed)" : "")
                    .append(
                            run.lastSeenSeconds() == null
                                    ? ""
                                    : ": the log ends at " + Durations.seconds(run.lastSeenSeconds())
                                            + " on gbak's clock")
                    .append('\n');
        }
        sb.append("  columns    ").append(run.columns().isEmpty() ? noColumns(run) : Column.words(run.columns()));
        if (run.pageSize() != null) {
            sb.append("   page size ").append(run.pageSize());
        }
        if (run.backupVersion() != null) {
            sb.append("   backup version ").append(run.backupVersion());
        }
        if (run.ods() != null) {
            sb.append("   restored as ODS ").append(run.ods());
        }
        if (run.parallelWorkers() != null) {
            Integer used = run.parallelWorkersUsed();
            sb.append("   parallel workers ")
                    .append(
                            used != null && !used.equals(run.parallelWorkers())
                                    ? run.parallelWorkers() + " requested, " + used + " used"
                                    : run.parallelWorkers());
        }
        sb.append('\n');
        // a share of the total only where it is known: not of a log that ends before gbak's end, nor of an excerpt
        Double phaseSum = run.totalSeconds() == null ? null : run.knownPhaseSeconds();
        if (!run.phases().isEmpty()) {
            sb.append("  phases\n");
            for (PhaseTime p : run.phases()) {
                sb.append(phase(run, p, phaseSum));
            }
        }
        List<IndexBuild> indexes = slowest(run.indexes(), IndexBuild::seconds, top);
        IndexBuild cut = run.cutByStop();
        if (!indexes.isEmpty()) {
            sb.append(String.format(
                    Locale.ROOT,
                    "  top %d indexes by build time (of %d)%s%n",
                    indexes.size(),
                    run.indexes().size(),
                    run.indexMapping() == IndexMapping.INFERRED
                            ? "   TABLE? = inferred from the log, see warnings"
                            : ""));
            for (IndexBuild i : indexes) {
                String table = i.table() == null
                        ? (i.tableCandidates() == null || i.tableCandidates().isEmpty()
                                ? "table unknown"
                                : String.join(" or ", i.tableCandidates()) + "?")
                        : i.table() + (i.tableSource() == IndexMapping.INFERRED ? "?" : "");
                sb.append(String.format(
                        Locale.ROOT,
                        "    %12s  %s (%s)%s%s%s%n",
                        Durations.seconds(i.seconds()),
                        i.name(),
                        table,
                        i.keysPerSecond() == null
                                ? ""
                                : String.format(Locale.ROOT, "  %,d keys/s", Rounding.whole(i.keysPerSecond())),
                        i.writes() == null ? "" : "  writes " + i.writes(),
                        i.equals(cut) ? "  not built (stopped)" : i.failed() ? "  FAILED" : ""));
            }
        }
        List<TableLoad> tables = slowest(run.tables(), TableLoad::seconds, top);
        if (!tables.isEmpty()) {
            sb.append(String.format(
                    Locale.ROOT,
                    "  top %d tables by %s time (of %d)%n",
                    tables.size(),
                    backup ? "write" : "load",
                    run.tables().size()));
            // in a timed log, a load without a time is the one the log ends in: its last count is a lower bound
            boolean timed = run.timed();
            for (TableLoad t : tables) {
                Double rate = t.rowsPerSecond();
                sb.append(String.format(
                        Locale.ROOT,
                        "    %12s  %-31s %12s records%s%n",
                        Durations.seconds(t.seconds()),
                        t.name(),
                        t.records() == null
                                ? "unknown"
                                : (timed && t.seconds() == null ? "≥ " : "")
                                        + String.format(Locale.ROOT, "%,d", t.records()),
                        rate == null ? "" : String.format(Locale.ROOT, "  %,d rows/s", Rounding.whole(rate))));
            }
        }
        if (run.inspection() != null) {
            sb.append(inspection(run.inspection(), verbose));
        }
        String why = FailureReason.of(run);
        if (why != null) {
            sb.append(String.format(Locale.ROOT, "  %-10s %s%n", run.status(), why));
        }
        if (run.validation() != null) {
            Validation v = run.validation();
            sb.append(String.format(
                    Locale.ROOT,
                    "  validation %s  (%s, %s)%n",
                    v.result() == Validation.Result.FAILED ? "FAILED" : v.result(),
                    "gfix -v -full -n",
                    v.seconds() == null ? "?" : Durations.seconds(v.seconds())));
            for (String line : v.output()) {
                sb.append("    ").append(line).append('\n');
            }
        }
        if (!run.errors().isEmpty()) {
            sb.append("  errors (").append(errorsWhose(run.errors())).append(")\n");
            for (String e : run.errors()) {
                sb.append("    ").append(e).append('\n');
            }
        }
        if (run.errorsAfterStop() != null && !run.errorsAfterStop().isEmpty()) {
            sb.append("  after gbakprof stopped it (gbak's own words: the stop's doing, not its cause)\n");
            for (String e : run.errorsAfterStop()) {
                sb.append("    ").append(e).append('\n');
            }
        }
        if (!run.warnings().isEmpty()) {
            sb.append("  warnings\n");
            for (String w : run.warningMessages()) {
                sb.append("    - ").append(w).append('\n');
            }
        }
        return sb.toString();
    }

    /**
     * Why a run has no statistics columns: a live run asked for them (the services restore always does, gbak with
     * {@code -st}), so none came; a parsed log's gbak was not asked ({@code -st}).
     */
    /**
     * One phase's line: its seconds as every report counts them ({@link Measure#of}), with its share of the total when
     * that is known; a phase the restore stopped in ({@link PhaseTime#cut}) is unknown, with the time the log shows of
     * it as a lower bound; a phase the log does not show is unknown.
     */
    private static String phase(RestoreRun run, PhaseTime p, Double total) {
        Double seconds = Measure.of(p.name()).of(run);
        if (seconds == null) {
            return String.format(
                    Locale.ROOT,
                    "    %-9s %12s%s%n",
                    p.name(),
                    "unknown",
                    p.cut() ? "  (≥ " + Durations.seconds(p.seconds()) + ", unfinished where the log ends)" : "");
        }
        return String.format(
                Locale.ROOT,
                "    %-9s %12s%s%n",
                p.name(),
                Durations.seconds(seconds),
                total == null || total <= 0 ? "" : String.format(Locale.ROOT, " %6.1f%%", 100 * seconds / total));
    }

    private static String noColumns(RestoreRun run) {
        boolean asked = run.via() == Via.SERVICE
                || (run.command() != null
                        && Arrays.stream(run.command().split("\\s+"))
                                .anyMatch(a -> a.toLowerCase(Locale.ROOT).startsWith("-st")));
        return asked ? "none (no statistics line came)" : "none (no -st)";
    }

    /** The {@code top} slowest of {@code all}, slowest first; those without a time last, in their order. */
    private static <T> List<T> slowest(List<T> all, Function<T, Double> seconds, int top) {
        return all.stream()
                .sorted(Comparator.comparingDouble((T x) -> {
                            Double s = seconds.apply(x);
                            return s == null ? -1 : s;
                        })
                        .reversed())
                .limit(top)
                .toList();
    }

    /** What {@code inspect} prints: the database, each table's rows and each index, what it found wrong. */
    public static String inspection(Inspection db) {
        return inspection(db, true);
    }

    /**
     * @param all each table and index; else the counts, the inactive indexes and what was found wrong: a database of
     *     225 tables took 512 lines, what matters (a table whose rows differ from the log's) lost among them
     */
    private static String inspection(Inspection db, boolean all) {
        StringBuilder sb = new StringBuilder();
        sb.append("  database   ").append(db.database()).append('\n');
        sb.append(String.format(
                Locale.ROOT,
                "    engine %s   ODS %s   page size %s   page buffers %s%n",
                db.engineVersion(),
                db.ods(),
                db.pageSize(),
                db.pageBuffers()));
        sb.append(String.format(
                Locale.ROOT,
                "    file %s   sweep interval %s   forced writes %s%n",
                db.fileBytes() == null ? "?" : String.format(Locale.ROOT, "%,d bytes", db.fileBytes()),
                db.sweepInterval(),
                db.forcedWrites() == null ? "?" : db.forcedWrites() ? "on" : "off"));
        sb.append(String.format(
                Locale.ROOT,
                "    %d tables, %,d rows%s; %d indexes, %d inactive%n",
                db.tables().size(),
                db.tables().stream().mapToLong(Inspection.Table::rows).sum(),
                db.verifiedAgainst() != null && db.problems().isEmpty() ? ", all match the log" : "",
                db.indexes().size(),
                db.indexes().stream().filter(i -> !i.active()).count()));
        for (Inspection.Table t : all ? db.tables() : List.<Inspection.Table>of()) {
            sb.append(String.format(Locale.ROOT, "      %-31s %,15d rows%n", t.name(), t.rows()));
        }
        for (Inspection.Index i : db.indexes()) {
            if (!all && i.active()) {
                continue;
            }
            sb.append(String.format(
                    Locale.ROOT,
                    "      %-31s %-31s %s%s%s%s%s%n",
                    i.name(),
                    i.table(),
                    i.expression() != null
                            ? "COMPUTED BY " + i.expression()
                            : "(" + String.join(", ", i.segments()) + ")",
                    i.unique() ? " unique" : "",
                    i.descending() ? " descending" : "",
                    i.active() ? "" : " INACTIVE",
                    i.selectivity() == null ? "" : String.format(Locale.ROOT, "  selectivity %.6g", i.selectivity())));
        }
        if (!all && !db.tables().isEmpty()) {
            sb.append("    each table's rows and each index: the record's inspection, or --verbose\n");
        }
        if (db.problems().isEmpty()) {
            sb.append(
                    db.verifiedAgainst() != null
                            ? "  verification passed: row counts match the log, no index left inactive\n"
                            : "  no problem found\n");
        } else {
            sb.append(db.verifiedAgainst() != null ? "  verification FAILED\n" : "  problems\n");
            for (String p : db.problems()) {
                sb.append("    ").append(p).append('\n');
            }
        }
        return sb.toString();
    }

    /**
     * Whose words the errors are: gbak's, and those a step after it added with their author's mark ({@code gfix:} from
     * {@code --validate}, {@code gbakprof:} from {@code --replace}), which are not gbak's.
     */
    static String errorsWhose(List<String> errors) {
        List<String> marks = new ArrayList<>();
        for (String mark : List.of("gfix: ", "gbakprof: ")) {
            if (errors.stream().anyMatch(e -> e.startsWith(mark))) {
                marks.add(mark.strip());
            }
        }
        return marks.isEmpty()
                ? "gbak's own words"
                : "gbak's own words; those marked " + String.join(" or ", marks) + " are "
                        + (marks.size() == 1 ? marks.get(0).replace(":", "") + "'s" : "theirs");
    }
}
