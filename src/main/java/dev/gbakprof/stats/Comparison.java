package dev.gbakprof.stats;

/**
 * A candidate label group against the baseline group on one measure.
 *
 * @param speedup   baseline median ÷ candidate median: above 1 the candidate is faster; {@code null}
 *                  when a side is unknown
 * @param interval  confidence interval of the speed-up (Welch's t on log-times: of the ratio of geometric means), {@code null} without a test
 * @param pValue    two-sided p-value of Welch's t-test, {@code null} without a test
 */
public record Comparison(
        Measure measure,
        RunGroup baseline,
        RunGroup candidate,
        Spread baselineSpread,
        Spread candidateSpread,
        Double speedup,
        Interval interval,
        Double pValue,
        Verdict verdict) {

    /** Candidate median ÷ baseline median (a time ratio: above 1 is slower), or {@code null}. */
    public Double timeRatio() {
        return speedup == null ? null : 1 / speedup;
    }
}
