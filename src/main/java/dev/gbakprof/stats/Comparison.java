package dev.gbakprof.stats;

import java.util.Locale;

/**
 * A candidate configuration against the baseline on one measure.
 *
 * @param speedup     baseline ÷ candidate: above 1 the candidate is faster; the geometric mean of the within-round
 *                    ratios when paired, else the ratio of the medians; {@code null} when a side is unknown
 * @param interval    confidence interval of the speed-up ({@link #method}), {@code null} without a test
 * @param pValue      two-sided p-value of the test, {@code null} without a test
 * @param method      the test made, {@code null} without one
 * @param pairs       rounds compared ({@link Method#PAIRED}), else {@code null}
 * @param pairsSlower rounds in which the candidate took longer than the baseline on gbak's millisecond clock
 *                    ({@link Method#PAIRED}), else {@code null}
 * @param pairsTied   rounds in which both printed the same milliseconds ({@link Method#PAIRED}), else {@code null}; the
 *                    other rounds the candidate was faster
 * @param margin      the equivalence margin: {@link Verdict#SAME} when the interval lies within ±margin (0.05 = ±5 %)
 * @param runsNeeded  {@link Verdict#CANNOT_TELL}: the runs a side (rounds, when paired) that would decide (faster,
 *                    slower, or the same within the margin) if the ratio and the spread seen held, at least one more
 *                    than there are, at most {@link Comparisons#MAX_RUNS_NEEDED}, or one more when more than that
 *                    would be needed; else {@code null}
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
        Verdict verdict,
        Method method,
        Integer pairs,
        Integer pairsSlower,
        Integer pairsTied,
        double margin,
        Integer runsNeeded) {

    /** How the two sides were tested. */
    public enum Method {
        /** The paired t-test on the log-ratios within rounds ({@link Pairing}). */
        PAIRED,
        /** Welch's t-test on log-times: two unpaired groups. */
        WELCH;

        public String code() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** Candidate ÷ baseline (a time ratio: above 1 is slower), or {@code null}. */
    public Double timeRatio() {
        return speedup == null ? null : 1 / speedup;
    }

    /**
     * The candidate's median ÷ the baseline's (a time ratio: above 1 is slower): the ratio of the two medians a headline
     * shows beside it, {@code null} when {@link #speedup} is (a side unknown, or too short for gbak's clock). Unpaired
     * it is {@link #timeRatio}; paired, {@link #speedup} is the geometric mean of the rounds' ratios and may differ.
     */
    public Double medianRatio() {
        return speedup == null ? null : candidateSpread.median() / baselineSpread.median();
    }

    /** Rounds in which the candidate took less time ({@link Method#PAIRED}), else {@code null}. */
    public Integer pairsFaster() {
        return pairs == null ? null : pairs - pairsSlower - pairsTied;
    }

    public boolean paired() {
        return method == Method.PAIRED;
    }
}
