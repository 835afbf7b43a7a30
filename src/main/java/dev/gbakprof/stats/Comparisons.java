package dev.gbakprof.stats;

/**
 * Compares label groups. With at least {@link #MIN_RUNS} known times a side, a difference is called real only
 * when the 95% confidence interval of the time ratio ({@link Welch}'s t on log-times) excludes 1: the gap is
 * weighed against the run-to-run spread of both sides. With a single run on a side its spread is unknown: a
 * ratio, and no verdict.
 */
public final class Comparisons {
    /** Known values needed on each side before a difference is tested. */
    public static final int MIN_RUNS = 2;

    public static final double LEVEL = 0.95;

    private Comparisons() {}

    public static Comparison compare(RunGroup baseline, RunGroup candidate, Measure measure) {
        Spread base = baseline.spread(measure);
        Spread cand = candidate.spread(measure);
        if (!base.known() || !cand.known() || base.median() <= 0 || cand.median() <= 0) {
            return new Comparison(measure, baseline, candidate, base, cand, null, null, null, Verdict.UNKNOWN);
        }
        double speedup = base.median() / cand.median();
        double[] b = baseline.known(measure);
        double[] c = candidate.known(measure);
        if (b.length < MIN_RUNS || c.length < MIN_RUNS || !positive(b) || !positive(c)) {
            return new Comparison(measure, baseline, candidate, base, cand, speedup, null, null, Verdict.TOO_FEW_RUNS);
        }
        Welch.Result w = Welch.test(b, c, LEVEL);
        // the interval of the speed-up (baseline ÷ candidate) is that of Welch's ratio b/c
        Interval ci = w.interval();
        Verdict verdict = ci.low() > 1 ? Verdict.FASTER : ci.high() < 1 ? Verdict.SLOWER : Verdict.WITHIN_NOISE;
        return new Comparison(measure, baseline, candidate, base, cand, speedup, ci, w.pValue(), verdict);
    }

    /** Log-times need every time above 0 (a phase of 0 ms in one run has no ratio). */
    private static boolean positive(double[] values) {
        for (double v : values) {
            if (v <= 0) {
                return false;
            }
        }
        return true;
    }
}
