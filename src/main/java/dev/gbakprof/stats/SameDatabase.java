package dev.gbakprof.stats;

import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Whether the configurations restored the same database as the baseline's: the tables their whole restores share (two
 * different databases race nothing: {@link SharedTables}), and the tables and rows of the restores that reached gbak's
 * end (the first table restored otherwise: {@link DataDifference}). The notes of {@link Analysis} say them.
 */
final class SameDatabase {
    private SameDatabase() {}

    /**
     * The times of two databases say little about two configurations. Compared: the first run of the baseline that
     * reached gbak's end with each other configuration's runs that did. An excerpt (its head cut off) does not show the
     * tables before its first line: a table it lacks is no difference, one it restored with other rows is, and so is a
     * table it shows that a whole restore never restored.
     */
    static Map<String, DataDifference> differentData(List<RunGroup> groups, int baseline) {
        Map<String, DataDifference> out = new LinkedHashMap<>();
        RunGroup base = groups.get(baseline);
        RestoreRun reference = base.runs().stream()
                .filter(SameDatabase::reachedTheEnd)
                .min(Comparator.comparing(r -> RunOutcome.of(r) == RunOutcome.EXCERPT))
                .orElse(null);
        if (reference == null || mixesBackups(base)) {
            return out;
        }
        Map<String, Long> want = rows(reference);
        boolean baseWhole = RunOutcome.of(reference) == RunOutcome.COMPLETED;
        for (RunGroup g : groups) {
            if (g == base) {
                continue;
            }
            for (RestoreRun r : g.runs()) {
                DataDifference d = reachedTheEnd(r)
                        ? difference(
                                want,
                                rows(r),
                                base.label(),
                                g.label(),
                                baseWhole,
                                RunOutcome.of(r) == RunOutcome.COMPLETED)
                        : null;
                if (d != null) {
                    out.put(g.label(), d);
                    break;
                }
            }
        }
        return out;
    }

    /**
     * The first whole restore of each configuration against the baseline's: the tables both restored, when fewer than
     * half of the smaller side's ({@link SharedTables#different}, the rule {@code estimate}'s calibration follows too).
     * Excerpts show part of the tables only, and are not weighed.
     */
    static Map<String, SharedTables> differentDatabases(List<RunGroup> groups, int baseline) {
        Map<String, SharedTables> out = new LinkedHashMap<>();
        RunGroup base = groups.get(baseline);
        RestoreRun reference = whole(base);
        if (reference == null || mixesBackups(base)) {
            return out;
        }
        Map<String, Long> want = rows(reference);
        for (RunGroup g : groups) {
            RestoreRun r = g == base ? null : whole(g);
            if (r == null) {
                continue;
            }
            SharedTables shared = SharedTables.different(want.keySet(), rows(r).keySet());
            if (shared != null) {
                out.put(g.label(), shared);
            }
        }
        return out;
    }

    /**
     * A baseline whose runs restored two backup files (its {@code mixed} note says so): which of them is "its" data is
     * not known, so its first run says nothing of the others' (two matrices of one label on two backups said "table
     * ORDER_LINES only in -bu 2049", which both labels restored). A candidate that mixes them is still set against the
     * baseline's one backup: a table only one of its runs restored is not in the baseline's.
     */
    private static boolean mixesBackups(RunGroup g) {
        return !Confounder.BACKUP.mixed(g.runs()).isEmpty();
    }

    /**
     * A configuration's first restore that shows the whole restore (not an excerpt) and reached gbak's end: a completed
     * one when it has one.
     */
    private static RestoreRun whole(RunGroup g) {
        return g.runs().stream()
                .filter(r -> reachedTheEnd(r) && RunOutcome.of(r) != RunOutcome.EXCERPT)
                .min(Comparator.comparing(r -> r.status() != RunStatus.COMPLETED))
                .orElse(null);
    }

    /**
     * gbak restored every table it was going to: it printed its end (a whole restore, an excerpt that runs to the end,
     * or one that left an index unbuilt: a failed index does not change the data).
     */
    private static boolean reachedTheEnd(RestoreRun run) {
        return run.status() == RunStatus.COMPLETED || RunOutcome.restoredWithoutIndexes(run);
    }

    private static Map<String, Long> rows(RestoreRun run) {
        Map<String, Long> rows = new LinkedHashMap<>();
        run.tables().forEach(table -> rows.put(table.name(), table.records()));
        return rows;
    }

    /**
     * The first table restored with other rows, or restored by one side only where the other is a whole restore
     * ({@code baseWhole}, {@code otherWhole}: it would have shown the table).
     */
    private static DataDifference difference(
            Map<String, Long> base,
            Map<String, Long> other,
            String baseLabel,
            String otherLabel,
            boolean baseWhole,
            boolean otherWhole) {
        for (Map.Entry<String, Long> e : other.entrySet()) {
            Long b = base.get(e.getKey());
            if (b == null) {
                if (baseWhole) {
                    return new DataDifference(e.getKey(), otherLabel, null, null);
                }
            } else if (!b.equals(e.getValue())) {
                return new DataDifference(e.getKey(), null, e.getValue(), b);
            }
        }
        if (otherWhole) {
            for (String table : base.keySet()) {
                if (!other.containsKey(table)) {
                    return new DataDifference(table, baseLabel, null, null);
                }
            }
        }
        return null;
    }
}
