package dev.gbakprof.stats;

import java.util.Arrays;

/**
 * Mann–Whitney U test (Wilcoxon rank-sum), two-sided: do two samples come from one distribution?
 * Exact for small samples without ties; normal approximation with tie and continuity correction
 * otherwise.
 */
public final class MannWhitney {
    /** Largest {@code n1 * n2} for which the exact distribution of U is counted. */
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
     * samples do not overlap at all): 2 / C(n1 + n2, n1). With 3 runs a side it is 0.10, so the test
     * alone can never call a difference real there.
     */
    public static double smallestPValue(int n1, int n2) {
        double combinations = 1;
        for (int i = 1; i <= n1; i++) {
            combinations = combinations * (n2 + i) / i;
        }
        return Math.min(1, 2 / combinations);
    }

    /** Two-sided p-value. */
    public static double pValue(double[] a, double[] b) {
        int n1 = a.length;
        int n2 = b.length;
        if (n1 == 0 || n2 == 0) {
            throw new IllegalArgumentException("Mann-Whitney test of an empty sample");
        }
        double u = u(a, b);
        boolean ties = hasTies(a, b);
        if (!ties && (long) n1 * n2 <= EXACT_LIMIT) {
            return exact(n1, n2, (int) Math.round(u));
        }
        return normal(a, b, u);
    }

    private static boolean hasTies(double[] a, double[] b) {
        double[] all = new double[a.length + b.length];
        System.arraycopy(a, 0, all, 0, a.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        Arrays.sort(all);
        for (int i = 1; i < all.length; i++) {
            if (all[i] == all[i - 1]) {
                return true;
            }
        }
        return false;
    }

    /** 2 · min(P(U ≤ u), P(U ≥ u)) from the count of rank arrangements giving each U. */
    private static double exact(int n1, int n2, int u) {
        int max = n1 * n2;
        // counts[i][j][k]: arrangements of i values of a and j of b with U = k (recurrence on the largest value)
        double[][] prev = new double[n2 + 1][];
        for (int j = 0; j <= n2; j++) {
            prev[j] = new double[max + 1];
            prev[j][0] = 1;
        }
        for (int i = 1; i <= n1; i++) {
            double[][] cur = new double[n2 + 1][max + 1];
            cur[0][0] = 1;
            for (int j = 1; j <= n2; j++) {
                for (int k = 0; k <= i * j; k++) {
                    // largest value from a: it beats all j values of b; from b: it adds nothing to U
                    double fromA = k >= j ? prev[j][k - j] : 0;
                    cur[j][k] = fromA + cur[j - 1][k];
                }
            }
            prev = cur;
        }
        double[] dist = prev[n2];
        double total = 0;
        double below = 0;
        double above = 0;
        for (int k = 0; k <= max; k++) {
            total += dist[k];
            if (k <= u) {
                below += dist[k];
            }
            if (k >= u) {
                above += dist[k];
            }
        }
        return Math.min(1, 2 * Math.min(below, above) / total);
    }

    private static double normal(double[] a, double[] b, double u) {
        int n1 = a.length;
        int n2 = b.length;
        double n = n1 + n2;
        double[] all = new double[n1 + n2];
        System.arraycopy(a, 0, all, 0, n1);
        System.arraycopy(b, 0, all, n1, n2);
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
