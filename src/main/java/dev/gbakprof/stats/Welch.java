package dev.gbakprof.stats;

/**
 * Welch's t-test on the logarithms of two samples of times: does one configuration take a different time than
 * another, given how much each varies from run to run? On log-times a difference is a ratio (gbak's times are
 * positive and their spread grows with their size), and Welch's form does not assume the two spreads are equal.
 * The interval is of the ratio of the geometric means, {@code exp(mean ln a - mean ln b)}, as hyperfine gives
 * "2.04 ± 0.08 times faster" from the spread of both sides.
 *
 * <p>gbak's clock prints milliseconds: each time is known to about 1 ms, so every sample's variance gets that
 * rounding error added ({@code 0.001² / 12} s², on the log scale divided by the mean time squared). Runs that
 * printed the very same times still have a spread, and identical inputs stay within noise instead of a
 * difference of zero ± zero.
 */
final class Welch {
    /** gbak's clock resolution in seconds. */
    static final double RESOLUTION = 0.001;

    private Welch() {}

    /**
     * @param ratio    exp(mean ln a − mean ln b): above 1, {@code a} takes longer
     * @param interval confidence interval of {@code ratio} at {@code level}
     * @param pValue   two-sided p-value of "no difference"
     * @param df       Welch–Satterthwaite degrees of freedom
     * @param spread   the standard deviation of the difference of one log-time of each side, {@code √(va + vb)}: what
     *                 {@link Paired#runsNeeded} sizes more runs a side from
     */
    public record Result(double ratio, Interval interval, double pValue, double df, double spread) {}

    /** @throws IllegalArgumentException when a sample has fewer than 2 values or a value is not positive */
    public static Result test(double[] a, double[] b, double level) {
        if (a.length < 2 || b.length < 2) {
            throw new IllegalArgumentException(
                    "Welch's t-test needs 2 values a side, not " + a.length + " and " + b.length);
        }
        double[] la = logs(a);
        double[] lb = logs(b);
        double va = variance(la) + rounding(mean(a));
        double vb = variance(lb) + rounding(mean(b));
        double sa = va / a.length;
        double sb = vb / b.length;
        double se = Math.sqrt(sa + sb);
        double df = (sa + sb) * (sa + sb) / (sa * sa / (a.length - 1) + sb * sb / (b.length - 1));
        LogT.Test t = LogT.of(mean(la) - mean(lb), se, df, level);
        return new Result(t.ratio(), t.interval(), t.pValue(), df, Math.sqrt(va + vb));
    }

    private static double[] logs(double[] values) {
        double[] logs = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            if (!(values[i] > 0)) {
                throw new IllegalArgumentException("a time of " + values[i] + " s has no logarithm");
            }
            logs[i] = Math.log(values[i]);
        }
        return logs;
    }

    /**
     * The clock's rounding error of one time of about {@code seconds}, on the log scale: Var(ln t) ≈ Var(t) / t², with
     * Var(t) = {@link #RESOLUTION}² / 12.
     */
    static double rounding(double seconds) {
        return RESOLUTION * RESOLUTION / 12 / (seconds * seconds);
    }

    private static double mean(double[] v) {
        double s = 0;
        for (double x : v) {
            s += x;
        }
        return s / v.length;
    }

    private static double variance(double[] v) {
        double m = mean(v);
        double s = 0;
        for (double x : v) {
            s += (x - m) * (x - m);
        }
        return s / (v.length - 1);
    }
}
