package dev.gbakprof.stats;

import org.apache.commons.math3.distribution.TDistribution;

/**
 * The paired t-test on log-ratios: restores made in rounds (each round restores every configuration once) are
 * compared within each round, {@code d = ln(a) − ln(b)}, so that what drifts between rounds (the machine's load, its
 * caches, its heat) falls out of the comparison. The ratio is the geometric mean of the within-round ratios,
 * {@code exp(mean d)}, its interval {@code exp(mean d ± t·s/√n)} with {@code n − 1} degrees of freedom; the same as
 * {@code scipy.stats.ttest_rel(log a, log b)}.
 *
 * <p>As in {@link Welch}, gbak's clock prints milliseconds: each difference gets the rounding error of both times
 * ({@code 2 · 0.001² / 12} s², on the log scale divided by the mean time squared), so rounds that printed the very same
 * times still have a spread. For the same reason the rounds are counted longer, shorter or tied on whole milliseconds
 * ({@link #millis}): a phase is the difference of two of gbak's clocks in floating point (0.15400000000000003 − 0.138),
 * and its last bits say nothing of which restore took longer.
 */
final class Paired {
    private Paired() {}

    /**
     * @param ratio    exp(mean(ln a − ln b)): above 1, {@code a} takes longer
     * @param interval confidence interval of {@code ratio} at {@code level}
     * @param pValue   two-sided p-value of "no difference"
     * @param sd       standard deviation of the log-ratios (with the clock's rounding)
     * @param aLonger  rounds in which {@code a} took longer than {@code b} on gbak's millisecond clock
     * @param bLonger  rounds in which {@code b} took longer than {@code a}; the other rounds are tied (the same
     *                 milliseconds)
     */
    record Result(double ratio, Interval interval, double pValue, double sd, int n, int aLonger, int bLonger) {

        /** Rounds in which both printed the same milliseconds. */
        int tied() {
            return n - aLonger - bLonger;
        }
    }

    /** Seconds as whole milliseconds of gbak's clock. */
    static long millis(double seconds) {
        return Math.round(seconds * 1000);
    }

    /** @throws IllegalArgumentException with fewer than 2 pairs, pairs of unequal length, or a time not above 0 */
    static Result test(double[] a, double[] b, double level) {
        if (a.length != b.length || a.length < 2) {
            throw new IllegalArgumentException(
                    "the paired t-test needs 2 or more pairs, not " + a.length + " and " + b.length + " values");
        }
        int n = a.length;
        double[] d = new double[n];
        double sum = 0;
        int longer = 0;
        int shorter = 0;
        for (int i = 0; i < n; i++) {
            if (!(a[i] > 0) || !(b[i] > 0)) {
                throw new IllegalArgumentException("a time of " + Math.min(a[i], b[i]) + " s has no logarithm");
            }
            d[i] = Math.log(a[i]) - Math.log(b[i]);
            sum += a[i] + b[i];
            long am = millis(a[i]);
            long bm = millis(b[i]);
            if (am > bm) {
                longer++;
            } else if (am < bm) {
                shorter++;
            }
        }
        double mean = 0;
        for (double x : d) {
            mean += x;
        }
        mean /= n;
        double ss = 0;
        for (double x : d) {
            ss += (x - mean) * (x - mean);
        }
        double m = sum / (2 * n);
        double variance = ss / (n - 1) + 2 * Welch.rounding(m); // both times of a pair are rounded
        double sd = Math.sqrt(variance);
        LogT.Test t = LogT.of(mean, sd / Math.sqrt(n), n - 1, level);
        return new Result(t.ratio(), t.interval(), t.pValue(), sd, n, longer, shorter);
    }

    /**
     * Rounds that would decide, if the mean {@code logRatio} and the spread {@code sd} of the log-ratios held: the least
     * n whose interval half-width {@code t(n−1)·sd/√n} is under {@code |logRatio|} (the interval leaves 1: faster or
     * slower) or at most {@code ln(1 + margin) − |logRatio|} (it lies within the margin: the same), up to {@code cap};
     * {@code cap + 1} when none up to it would (more than {@code cap}).
     * A large difference seen in few runs needs few more; a ratio near 1 needs the margin's width.
     */
    static int runsNeeded(double sd, double logRatio, double margin, double level, int cap) {
        double seen = Math.abs(logRatio);
        double target = Math.max(seen, Math.log(1 + margin) - seen);
        for (int n = 2; n <= cap; n++) {
            double t = new TDistribution(null, n - 1).inverseCumulativeProbability(1 - (1 - level) / 2);
            if (t * sd / Math.sqrt(n) < target) {
                return n;
            }
        }
        return cap + 1;
    }
}
