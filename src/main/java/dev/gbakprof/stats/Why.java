package dev.gbakprof.stats;

import dev.gbakprof.model.Phase;
import dev.gbakprof.model.RestoreRun;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Why the headline's two configurations differ: the phase whose medians differ most, and the indexes or tables in
 * it that account for most of that (by the difference of their medians; only objects both restored). Every median is
 * of the runs the headline's own medians come from, those whose measure is known (for the total: the completed
 * restores), so that a phase a stopped restore finished does not explain a difference of totals it has no part in.
 *
 * @param gap      the headline measure's difference of medians, slower minus faster (seconds)
 * @param phase    the phase that differs most (the headline's phase when it compares one)
 * @param phaseGap that phase's difference of medians (seconds), of the same runs as {@code gap}'s
 * @param objects  up to 3 indexes (index phase) or tables (data phase) with the largest difference, largest first
 */
public record Why(double gap, Phase phase, double phaseGap, List<Part> objects) {

    /** An index or table and how much longer it took in the slower configuration. */
    public record Part(String name, String table, double gap) {}

    /**
     * {@code null} unless the headline compares two configurations whose times and phases are known and whose
     * difference is not within the run-to-run spread.
     */
    static Why of(Headline h, List<RunGroup> groups, List<ObjectTimes> indexes, List<ObjectTimes> tables) {
        if (h.comparison() == null
                || h.slower() == null
                || h.measure() == null
                || h.comparison().verdict() == Verdict.SAME
                || h.comparison().verdict() == Verdict.CANNOT_TELL) {
            return null; // a difference the spread covers has nothing to explain
        }
        Spread slow = h.slower().spread(h.measure());
        Spread fast = h.faster().spread(h.measure());
        if (!slow.known() || !fast.known() || slow.median() <= fast.median()) {
            return null;
        }
        double gap = slow.median() - fast.median();
        RunGroup slower = timed(h.slower(), h.measure());
        RunGroup faster = timed(h.faster(), h.measure());
        Phase best = h.onTotal() ? null : h.measure().phase();
        double bestGap = h.onTotal() ? 0 : gap;
        for (Phase p : h.onTotal() ? Phase.values() : new Phase[0]) {
            Spread s = slower.spread(Measure.of(p));
            Spread f = faster.spread(Measure.of(p));
            if (s.known() && f.known() && s.median() - f.median() > bestGap) {
                best = p;
                bestGap = s.median() - f.median();
            }
        }
        if (best == null || (h.onTotal() && bestGap > gap)) {
            // no phase, or medians of a phase that differ more than the totals do: no phase "accounts for" the gap
            return null;
        }
        int si = groups.indexOf(h.slower());
        int fi = groups.indexOf(h.faster());
        List<ObjectTimes> objects = best == Phase.INDEXES ? indexes : best == Phase.DATA ? tables : List.of();
        if (!objects.isEmpty() && (slower != h.slower() || faster != h.faster())) { // the objects of those runs alone
            List<RunGroup> pair = List.of(slower, faster);
            objects = best == Phase.INDEXES ? ObjectStats.indexes(pair) : ObjectStats.tables(pair);
            si = 0;
            fi = 1;
        }
        List<Part> parts = new ArrayList<>();
        for (ObjectTimes o : objects) {
            Double s = o.byGroup().get(si).median();
            Double f = o.byGroup().get(fi).median();
            if (s != null && f != null && s - f > 0) {
                parts.add(new Part(o.name(), o.table(), s - f));
            }
        }
        parts.sort(Comparator.comparingDouble(Part::gap).reversed());
        if (!h.onTotal() && parts.isEmpty()) {
            return null; // the headline names the phase already
        }
        return new Why(gap, best, bestGap, List.copyOf(parts.subList(0, Math.min(3, parts.size()))));
    }

    /** The group's runs whose measure is known, those its median of it comes from: the group itself when that is all. */
    private static RunGroup timed(RunGroup g, Measure m) {
        List<RestoreRun> runs = g.runs().stream().filter(r -> m.of(r) != null).toList();
        return runs.size() == g.size() ? g : new RunGroup(g.label(), runs);
    }
}
