package dev.gbakprof.stats;

import java.util.Arrays;

/**
 * Mann–Whitney U test (Wilcoxon rank-sum), two-sided: do two samples come from one distribution?
 * Exact for small samples, ties or not: every way of splitting the pooled values into two samples of these
 * sizes is counted by its rank sum, tied values taking their mid-rank (a permutation test; gbak's clock
 * ticks in milliseconds, so equal times are common). Above {@link #EXACT_LIMIT}, the normal approximation
 * with tie and continuity correction.
 */
public final class MannWhitney {
    /** Largest {@code n1 * n2} for which the exact distribution is counted (50 runs a side). */
    private static final int EXACT_LIMIT = 2_500;

    private MannWhitney() {
    }

    /** U of sample {@code a}: pairs (x in a, y in b) with x &gt; y, ties counted one half. */
    public static double u(double[] a, double[] b) {
        double u = 0;
        for (double x : a) {
            for (double y : b) {
                u += x > y ? 1 : x == y ? 0.5 : 0;
            }
        }
        return u;
    }

    /**
     * The smallest two-sided p-value the exact test can give with these sample sizes (when the two
     * samples do not overlap at all): 2 / C(n1 + n2, n1), the two extreme splits of the exact distribution.
     * Ties never go below it (an extreme rank sum is still reached by at least one split). With 3 runs a
     * side it is 0.10, so the test alone can never call a difference real there.
     */
    public static double smallestPValue(int n1, int n2) {
        double combinations = 1;
        for (int i = 1; i <= n1; i++) {
            combinations = combinations * (n2 + i) / i;
        }
        return Math.min(1, 2 / combinations);
    }

    /**
     * Two-sided p-value: 2 · min(P(W ≤ w), P(W ≥ w)) for the rank sum W over all splits of the pooled
     * values (at most 1), or its normal approximation for large samples.
     */
    public static double pValue(double[] a, double[] b) {
        int n1 = a.length;
        int n2 = b.length;
        if (n1 == 0 || n2 == 0) {
            throw new IllegalArgumentException("Mann-Whitney test of an empty sample");
        }
        if ((long) n1 * n2 <= EXACT_LIMIT) {
            return exact(a, b);
        }
        return normal(a, b, u(a, b));
    }

    /**
     * The exact two-sided p-value. Ranks are doubled so that a mid-rank (a multiple of one half) is an
     * integer; the rank sum of the smaller sample is counted over every split of the pooled values.
     */
    private static double exact(double[] a, double[] b) {
        int[] ranks = doubledMidRanks(pooled(a, b));
        boolean firstIsSmaller = a.length <= b.length;
        int k = Math.min(a.length, b.length);
        int observed = 0;
        for (int i = firstIsSmaller ? 0 : a.length, end = i + k; i < end; i++) {
            observed += ranks[i];
        }
        // counts[j][s]: ways to pick j of the pooled values with doubled rank sum s (at most the k largest)
        int[] sorted = ranks.clone();
        Arrays.sort(sorted);
        int maxSum = 0;
        for (int i = sorted.length - k; i < sorted.length; i++) {
            maxSum += sorted[i];
        }
        double[][] counts = new double[k + 1][maxSum + 1];
        counts[0][0] = 1;
        for (int r : ranks) {
            for (int j = k; j >= 1; j--) {
                double[] into = counts[j];
                double[] from = counts[j - 1];
                for (int s = maxSum; s >= r; s--) {
                    into[s] += from[s - r];
                }
            }
        }
        double total = 0;
        double below = 0;
        double above = 0;
        for (int s = 0; s <= maxSum; s++) {
            double c = counts[k][s];
            total += c;
            below += s <= observed ? c : 0;
            above += s >= observed ? c : 0;
        }
        return Math.min(1, 2 * Math.min(below, above) / total);
    }

    private static double[] pooled(double[] a, double[] b) {
        double[] all = new double[a.length + b.length];
        System.arraycopy(a, 0, all, 0, a.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    /** 2 × the mid-rank (1-based) of each value among all of them. */
    private static int[] doubledMidRanks(double[] values) {
        Integer[] order = new Integer[values.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (x, y) -> Double.compare(values[x], values[y]));
        int[] ranks = new int[values.length];
        for (int i = 0; i < order.length; ) {
            int j = i;
            while (j < order.length && values[order[j]] == values[order[i]]) {
                j++;
            }
            // positions i..j-1 (ranks i+1..j) share the mid-rank (i+1+j)/2
            for (int m = i; m < j; m++) {
                ranks[order[m]] = i + 1 + j;
            }
            i = j;
        }
        return ranks;
    }

    private static double normal(double[] a, double[] b, double u) {
        int n1 = a.length;
        int n2 = b.length;
        double n = n1 + n2;
        double[] all = pooled(a, b);
        Arrays.sort(all);
        double tieSum = 0;
        for (int i = 0; i < all.length; ) {
            int j = i;
            while (j < all.length && all[j] == all[i]) {
                j++;
            }
            double t = j - i;
            tieSum += t * t * t - t;
            i = j;
        }
        double mean = n1 * (double) n2 / 2;
        double variance = n1 * (double) n2 / 12 * ((n + 1) - tieSum / (n * (n - 1)));
        if (variance <= 0) {
            return 1;
        }
        double z = (Math.abs(u - mean) - 0.5) / Math.sqrt(variance);
        return z <= 0 ? 1 : Math.min(1, 2 * (1 - phi(z)));
    }

    /** Standard normal CDF (Abramowitz–Stegun 7.1.26 for erf, error below 1.5e-7). */
    private static double phi(double z) {
        double x = z / Math.sqrt(2);
        double t = 1 / (1 + 0.3275911 * x);
        double erf = 1 - t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027
                + t * 1.061405429)))) * Math.exp(-x * x);
        return 0.5 * (1 + erf);
    }
}
