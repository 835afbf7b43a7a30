package dev.gbakprof.stats;

import dev.gbakprof.model.RestoreRun;
import java.util.Comparator;
import java.util.List;
import java.util.function.BiFunction;

/**
 * The facts behind a report's one-sentence headline: which configuration was faster, on what, by how much.
 *
 * @param measure     what is compared: the total when every group has a completed run; otherwise the
 *                    phase every group shows that took longest (the logs are excerpts or incomplete; a
 *                    phase an excerpt shows only part of is not compared with a whole log's);
 *                    {@code null} when nothing is known in every group
 * @param faster      the fastest group by its median (the only group for a single label); the other one of the two
 *                    when the test says that one is faster (a paired verdict may go against the medians)
 * @param slower      the group it is compared with: the baseline, or the slowest other group when the
 *                    fastest is the baseline; {@code null} for a single label
 * @param comparison  {@code slower} as baseline against {@code faster}, {@code null} for a single label
 */
public record Headline(Measure measure, RunGroup faster, RunGroup slower, Comparison comparison) {

    public static Headline of(List<RunGroup> groups, int baseline) {
        return of(groups, baseline, (a, b) -> Pairing.NONE, Comparisons.DEFAULT_MARGIN);
    }

    /** @param pairing how two groups' runs pair ({@link Pairing#between}), for the test of the two it compares */
    public static Headline of(
            List<RunGroup> groups, int baseline, BiFunction<RunGroup, RunGroup, Pairing> pairing, double margin) {
        Measure measure = measure(groups);
        if (measure == null) {
            return new Headline(null, groups.get(baseline), null, null);
        }
        Comparator<RunGroup> byMedian =
                Comparator.comparingDouble(g -> g.spread(measure).median());
        RunGroup fastest = groups.stream().min(byMedian).orElseThrow();
        if (groups.size() == 1) {
            return new Headline(measure, fastest, null, null);
        }
        RunGroup other = fastest != groups.get(baseline)
                ? groups.get(baseline)
                : groups.stream().filter(g -> g != fastest).max(byMedian).orElseThrow();
        Pairing paired = pairing.apply(other, fastest);
        Comparison c = Comparisons.compare(other, fastest, measure, paired, margin);
        if (c.verdict() == Verdict.SLOWER) {
            // the test says the other way round (paired by round, drift the medians keep): the verdict leads
            return new Headline(measure, other, fastest, Comparisons.compare(fastest, other, measure, paired, margin));
        }
        return new Headline(measure, fastest, other, c);
    }

    /** The total when it is the compared measure. */
    public boolean onTotal() {
        return measure == Measure.TOTAL;
    }

    /**
     * Share of time the faster group saves against the slower by the medians the headline shows beside it (0.37 = 37 %
     * less time: 6.3 s against 10 s), or {@code null}; not the paired ratio of the verdict, which may differ a little,
     * and below 0 where the verdict goes against the medians.
     */
    public Double timeSaved() {
        Double ratio = comparison == null ? null : comparison.medianRatio();
        return ratio == null ? null : 1 - ratio;
    }

    /**
     * The total when every group has one; else the longest phase every group shows. Where excerpts are compared with
     * logs that are not, a phase an excerpt shows only part of (the one it starts in) is not compared with a whole one:
     * the excerpt of a log whose head was cut off would otherwise seem to load its data faster.
     */
    private static Measure measure(List<RunGroup> groups) {
        if (groups.stream().allMatch(g -> g.spread(Measure.TOTAL).known())) {
            return Measure.TOTAL;
        }
        List<RestoreRun> runs = groups.stream().flatMap(g -> g.runs().stream()).toList();
        boolean mixed = runs.stream().anyMatch(r -> RunOutcome.of(r) == RunOutcome.EXCERPT)
                && runs.stream().anyMatch(r -> RunOutcome.of(r) != RunOutcome.EXCERPT);
        Measure best = null;
        double bestMedian = 0;
        for (Measure m : Measure.values()) {
            if (m == Measure.TOTAL || mixed && runs.stream().anyMatch(r -> RunOutcome.partly(r, m.phase()))) {
                continue;
            }
            double least = Double.MAX_VALUE;
            for (RunGroup g : groups) {
                Spread s = g.spread(m);
                least = s.known() ? Math.min(least, s.median()) : 0;
            }
            if (least > bestMedian) {
                best = m;
                bestMedian = least;
            }
        }
        return best;
    }
}
