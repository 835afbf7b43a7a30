package dev.gbakprof.stats;

/**
 * Compares label groups. A difference is called real only when the bootstrap confidence interval of
 * the ratio of medians excludes 1; with fewer than {@link #MIN_RUNS} runs a side gets a ratio and no
 * verdict (with three runs a side the interval excludes 1 only when the two groups do not overlap).
 */
public final class Comparisons {
    /** Known values needed on each side before a difference is tested. */
    public static final int MIN_RUNS = 3;
    public static final double LEVEL = 0.95;

    private Comparisons() {
    }

    public static Comparison compare(RunGroup baseline, RunGroup candidate, Measure measure) {
        Spread base = baseline.spread(measure);
        Spread cand = candidate.spread(measure);
        if (!base.known() || !cand.known() || base.median() <= 0 || cand.median() <= 0) {
            return new Comparison(measure, baseline, candidate, base, cand, null, null, null, Verdict.UNKNOWN);
        }
        double speedup = base.median() / cand.median();
        if (base.n() < MIN_RUNS || cand.n() < MIN_RUNS) {
            return new Comparison(measure, baseline, candidate, base, cand, speedup, null, null,
                    Verdict.TOO_FEW_RUNS);
        }
        double[] b = baseline.known(measure);
        double[] c = candidate.known(measure);
        Interval ci = Bootstrap.ratioOfMedians(b, c, LEVEL);
        double p = MannWhitney.pValue(c, b);
        Verdict verdict = ci.low() > 1 ? Verdict.FASTER : ci.high() < 1 ? Verdict.SLOWER : Verdict.WITHIN_NOISE;
        return new Comparison(measure, baseline, candidate, base, cand, speedup, ci, p, verdict);
    }
}
