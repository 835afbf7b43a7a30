package dev.gbakprof.stats;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class MannWhitneyTest {

    @Test
    void uCountsThePairsWhereTheFirstSampleIsLarger() {
        assertThat(MannWhitney.u(new double[] {1, 5, 9}, new double[] {2, 6})).isEqualTo(3.0);
        assertThat(MannWhitney.u(new double[] {2, 3}, new double[] {2})).isEqualTo(1.5);
    }

    @Test
    void exactPOfTwoSeparatedSamplesOfFiveIsTwoIn252() {
        double p = MannWhitney.pValue(new double[] {1, 2, 3, 4, 5}, new double[] {6, 7, 8, 9, 10});
        assertThat(p).isCloseTo(2.0 / 252, within(1e-12));
    }

    @Test
    void threeAgainstThreeCanNeverGoBelowOneTenth() {
        assertThat(MannWhitney.smallestPValue(3, 3)).isCloseTo(0.1, within(1e-12));
        assertThat(MannWhitney.pValue(new double[] {1, 2, 3}, new double[] {4, 5, 6})).isCloseTo(0.1, within(1e-12));
    }

    @Test
    void exactPOfInterleavedSamplesIsOne() {
        // U = 4.5 is the centre of the distribution for 3 against 3
        assertThat(MannWhitney.pValue(new double[] {1, 4, 5}, new double[] {2, 3, 6})).isEqualTo(1.0);
    }

    @Test
    void identicalSamplesWithTiesGiveOne() {
        assertThat(MannWhitney.pValue(new double[] {7, 7, 8}, new double[] {7, 7, 8})).isEqualTo(1.0);
    }

    @Test
    void aTieWithinOneSampleKeepsTheExactOneTenthOfThreeAgainstThree() {
        // the normal approximation gave 0.077 here, below the smallest p that 3 against 3 runs can give
        assertThat(MannWhitney.pValue(new double[] {1, 1, 2}, new double[] {4, 5, 6})).isCloseTo(0.1, within(1e-12));
        assertThat(MannWhitney.pValue(new double[] {4, 5, 6}, new double[] {1, 1, 2})).isCloseTo(0.1, within(1e-12));
    }

    @Test
    void aTieAcrossTheSamplesDoublesTheSmallestP() {
        // mid-ranks 1, 2, 3.5 | 3.5, 5, 6: rank sum 6.5 is the lowest, reached by 2 of the 20 splits
        assertThat(MannWhitney.pValue(new double[] {1, 2, 3}, new double[] {3, 4, 5})).isCloseTo(0.2, within(1e-12));
    }

    @Test
    void theSmallestPIsThatOfTwoSamplesThatDoNotOverlap() {
        for (int n1 = 1; n1 <= 6; n1++) {
            for (int n2 = 1; n2 <= 6; n2++) {
                double[] a = new double[n1];
                double[] b = new double[n2];
                for (int i = 0; i < n1; i++) {
                    a[i] = i;
                }
                for (int i = 0; i < n2; i++) {
                    b[i] = 100 + i;
                }
                assertThat(MannWhitney.pValue(a, b)).as(n1 + " against " + n2)
                        .isCloseTo(MannWhitney.smallestPValue(n1, n2), within(1e-12));
            }
        }
    }

    @Test
    void exactPWithTiesIsTheShareOfAllSplitsAsExtremeAsTheSamples() {
        // millisecond times drawn from a few values, so that most samples have ties, against a brute force
        Random random = new Random(0x7135L);
        for (int trial = 0; trial < 300; trial++) {
            double[] a = millis(random, 2 + random.nextInt(5));
            double[] b = millis(random, 2 + random.nextInt(5));
            double p = MannWhitney.pValue(a, b);
            assertThat(p).as("%s against %s", java.util.Arrays.toString(a), java.util.Arrays.toString(b))
                    .isCloseTo(bruteForceP(a, b), within(1e-12))
                    .isGreaterThanOrEqualTo(MannWhitney.smallestPValue(a.length, b.length) * (1 - 1e-12));
        }
    }

    private static double[] millis(Random random, int n) {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = (11 + random.nextInt(5)) / 1000.0;
        }
        return v;
    }

    /** Every split of the pooled values into |a| and |b| values, by bit mask; mid-ranks counted the slow way. */
    private static double bruteForceP(double[] a, double[] b) {
        double[] all = new double[a.length + b.length];
        System.arraycopy(a, 0, all, 0, a.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        double[] rank = new double[all.length];
        for (int i = 0; i < all.length; i++) {
            int less = 0;
            int equal = 0;
            for (double v : all) {
                less += v < all[i] ? 1 : 0;
                equal += v == all[i] ? 1 : 0;
            }
            rank[i] = less + (equal + 1) / 2.0;
        }
        double observed = 0;
        for (int i = 0; i < a.length; i++) {
            observed += rank[i];
        }
        int splits = 0;
        int below = 0;
        int above = 0;
        for (int mask = 0; mask < 1 << all.length; mask++) {
            if (Integer.bitCount(mask) != a.length) {
                continue;
            }
            double w = 0;
            for (int i = 0; i < all.length; i++) {
                w += (mask >> i & 1) == 1 ? rank[i] : 0;
            }
            splits++;
            below += w <= observed ? 1 : 0;
            above += w >= observed ? 1 : 0;
        }
        return Math.min(1, 2.0 * Math.min(below, above) / splits);
    }
}
