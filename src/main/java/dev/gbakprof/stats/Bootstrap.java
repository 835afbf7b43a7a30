package dev.gbakprof.stats;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Percentile bootstrap of the ratio of two medians. The random generator is seeded so that the same
 * inputs always give the same interval (reports are reproducible).
 */
public final class Bootstrap {
    public static final int RESAMPLES = 10_000;
    public static final long SEED = 0x6BA6_9F0FL;

    private Bootstrap() {
    }

    /**
     * Confidence interval of {@code median(numerator) / median(denominator)}: both samples are
     * resampled with replacement {@link #RESAMPLES} times.
     */
    public static Interval ratioOfMedians(double[] numerator, double[] denominator, double level) {
        if (numerator.length == 0 || denominator.length == 0) {
            throw new IllegalArgumentException("bootstrap of an empty sample");
        }
        SplittableRandom random = new SplittableRandom(SEED);
        double[] ratios = new double[RESAMPLES];
        double[] a = new double[numerator.length];
        double[] b = new double[denominator.length];
        for (int i = 0; i < RESAMPLES; i++) {
            resample(numerator, a, random);
            resample(denominator, b, random);
            ratios[i] = Medians.of(a) / Medians.of(b);
        }
        Arrays.sort(ratios);
        double tail = (1 - level) / 2;
        return new Interval(percentile(ratios, tail), percentile(ratios, 1 - tail), level);
    }

    private static void resample(double[] from, double[] into, SplittableRandom random) {
        for (int i = 0; i < into.length; i++) {
            into[i] = from[random.nextInt(from.length)];
        }
    }

    /** Nearest-rank percentile of sorted values. */
    private static double percentile(double[] sorted, double p) {
        int rank = (int) Math.ceil(p * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
    }
}
