package dev.gbakprof.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Random;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.StatUtils;
import org.apache.commons.math3.stat.descriptive.rank.Median;
import org.apache.commons.math3.stat.inference.TTest;
import org.junit.jupiter.api.Test;

/**
 * Welch's and the paired t-test and the median, written here, against commons-math3's own (TTest, Median) on random
 * samples of restore times. The times are minutes long, so the clock's rounding that gbakprof adds to each variance
 * (Welch.rounding) is below 1e-8 of it and the two must agree to that; PairedTest and ComparisonsTest check the same
 * tests against SciPy.
 */
class CommonsMathCrossCheckTest {
    private static final double LEVEL = 0.95;

    private static double[] times(Random r, int n, double median, double spread) {
        double[] t = new double[n];
        for (int i = 0; i < n; i++) {
            t[i] = median * Math.exp(spread * r.nextGaussian()); // log-normal: gbak's times are positive, skewed
        }
        return t;
    }

    private static double[] logs(double[] v) {
        double[] l = new double[v.length];
        for (int i = 0; i < v.length; i++) {
            l[i] = Math.log(v[i]);
        }
        return l;
    }

    @Test
    void welchAgreesWithTheUnequalVarianceTTestOfCommonsMath() {
        Random r = new Random(20261206);
        for (int k = 0; k < 200; k++) {
            int na = 2 + r.nextInt(9);
            int nb = 2 + r.nextInt(9);
            double[] a = times(r, na, 600 + r.nextInt(600), 0.01 + 0.2 * r.nextDouble());
            double[] b = times(r, nb, 600 + r.nextInt(600), 0.01 + 0.2 * r.nextDouble());
            Welch.Result ours = Welch.test(a, b, LEVEL);
            double[] la = logs(a);
            double[] lb = logs(b);
            double pValue = new TTest().tTest(la, lb); // Welch's: unequal variances, two-sided
            double sa = StatUtils.variance(la) / na;
            double sb = StatUtils.variance(lb) / nb;
            double df = (sa + sb) * (sa + sb) / (sa * sa / (na - 1) + sb * sb / (nb - 1));
            double d = StatUtils.mean(la) - StatUtils.mean(lb);
            double half = new TDistribution(df).inverseCumulativeProbability(0.975) * Math.sqrt(sa + sb);
            assertThat(ours.pValue()).as("p, sample %d", k).isCloseTo(pValue, within(1e-7));
            assertThat(ours.df()).isCloseTo(df, within(1e-6 * df));
            assertThat(ours.ratio()).isCloseTo(Math.exp(d), within(1e-9));
            assertThat(ours.interval().low()).isCloseTo(Math.exp(d - half), within(1e-7));
            assertThat(ours.interval().high()).isCloseTo(Math.exp(d + half), within(1e-7));
        }
    }

    @Test
    void thePairedTestAgreesWithThePairedTTestOfCommonsMath() {
        Random r = new Random(7);
        for (int k = 0; k < 200; k++) {
            int n = 2 + r.nextInt(9);
            double[] b = times(r, n, 900, 0.3); // rounds: the machine's state moves both arms alike
            double[] a = new double[n];
            double effect = Math.exp(0.2 * r.nextGaussian());
            for (int i = 0; i < n; i++) {
                a[i] = b[i] * effect * Math.exp(0.02 * r.nextGaussian());
            }
            Paired.Result ours = Paired.test(a, b, LEVEL);
            double[] la = logs(a);
            double[] lb = logs(b);
            double pValue = new TTest().pairedTTest(la, lb);
            double[] d = new double[n];
            for (int i = 0; i < n; i++) {
                d[i] = la[i] - lb[i];
            }
            double half =
                    new TDistribution(n - 1).inverseCumulativeProbability(0.975) * Math.sqrt(StatUtils.variance(d) / n);
            double mean = StatUtils.mean(d);
            assertThat(ours.pValue()).as("p, sample %d", k).isCloseTo(pValue, within(1e-7));
            assertThat(ours.ratio()).isCloseTo(Math.exp(mean), within(1e-9));
            assertThat(ours.interval().low()).isCloseTo(Math.exp(mean - half), within(1e-7));
            assertThat(ours.interval().high()).isCloseTo(Math.exp(mean + half), within(1e-7));
        }
    }

    @Test
    void theMedianIsCommonsMathsMedianForOddAndEvenCounts() {
        Random r = new Random(3);
        for (int n = 1; n <= 25; n++) {
            double[] v = times(r, n, 60, 0.5);
            assertThat(Medians.of(v)).as("%d values", n).isEqualTo(new Median().evaluate(v));
        }
    }
}
