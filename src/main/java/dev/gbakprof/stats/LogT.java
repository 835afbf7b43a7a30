package dev.gbakprof.stats;

import org.apache.commons.math3.distribution.TDistribution;

/**
 * Student's t on a difference of log-times, the step the paired and Welch tests share: the interval of the ratio
 * {@code exp(d ± t·se)} and the two-sided p-value of "no difference".
 */
final class LogT {
    private LogT() {}

    record Test(double ratio, Interval interval, double pValue) {}

    /**
     * @param d     the difference of (mean) log-times
     * @param se    its standard error
     * @param df    degrees of freedom
     * @param level confidence level of the interval
     */
    static Test of(double d, double se, double df, double level) {
        TDistribution t = new TDistribution(null, df);
        double half = t.inverseCumulativeProbability(1 - (1 - level) / 2) * se;
        double p = 2 * t.cumulativeProbability(-Math.abs(d) / se);
        return new Test(Math.exp(d), new Interval(Math.exp(d - half), Math.exp(d + half), level), Math.min(1, p));
    }
}
