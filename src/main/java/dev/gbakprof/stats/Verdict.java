package dev.gbakprof.stats;

import java.util.Locale;

/**
 * What a comparison of two configurations can honestly say: one of three outcomes (faster or slower, the same within
 * the margin, cannot tell), or why no test was made (too few runs, too short for gbak's clock, a time unknown).
 */
public enum Verdict {
    /** The candidate is faster: the confidence interval of the speed-up lies above 1. */
    FASTER,
    /** The candidate is slower: the confidence interval of the speed-up lies below 1. */
    SLOWER,
    /**
     * The same within the margin: the whole confidence interval lies inside ±margin ({@code 1/(1+M)} to {@code 1+M}).
     * The only verdict that may say "the same".
     */
    SAME,
    /**
     * The interval holds 1 and reaches outside the margin: the difference is not told apart from run-to-run noise,
     * nor shown to be small. {@link Comparison#runsNeeded()} says how many runs would tell.
     */
    CANNOT_TELL,
    /** A single known value on a side: its run-to-run spread is unknown, so a ratio but no test. */
    TOO_FEW_RUNS,
    /**
     * Both sides have known values, but too short for gbak's 1 ms clock to compare: a side's median is 0 ms (a phase
     * over in less than a millisecond), or a run of 0 ms leaves fewer rounds than a test needs and no ratio of
     * log-times. Known, not {@link #UNKNOWN}: no ratio is claimed.
     */
    TOO_SHORT,
    /** A side has no known value of the measure (e.g. no completed run for the total). */
    UNKNOWN;

    /** {@code cannot-tell}: the form JSON carries. */
    public String code() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
