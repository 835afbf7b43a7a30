package dev.gbakprof.stats;

/** What a comparison of two label groups can honestly say. */
public enum Verdict {
    /** The candidate is faster: the confidence interval of the speed-up lies above 1. */
    FASTER,
    /** The candidate is slower: the confidence interval of the speed-up lies below 1. */
    SLOWER,
    /** The confidence interval holds 1: the difference is not told apart from run-to-run noise. */
    WITHIN_NOISE,
    /** A single known value on a side: its run-to-run spread is unknown, so a ratio but no test. */
    TOO_FEW_RUNS,
    /** A side has no known value of the measure (e.g. no completed run for the total). */
    UNKNOWN
}
