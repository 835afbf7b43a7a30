package dev.gbakprof.history;

/**
 * The baseline band of a run: the median of the totals of the completed runs before it (at most
 * {@link Trend#WINDOW}) ± a robust spread. The spread is 3 × 1.4826 × MAD (three standard deviations, were the
 * totals normal, without letting one odd night widen it), at least {@link #MIN_HALF_WIDTH} of the median and at
 * least {@link #MIN_HALF_WIDTH_SECONDS}: restores of the same backup on one machine differ by several percent from
 * night to night, and by a good part of a second in gbak's start-up alone, so a narrower band would call ordinary
 * nights slower.
 *
 * @param median the median total of the baseline runs, seconds
 * @param low    lower edge, seconds (never below 0)
 * @param high   upper edge, seconds
 * @param runs   how many completed runs it is made of
 */
public record Band(double median, double low, double high, int runs) {
    /** The least half-width, as a share of the median. */
    public static final double MIN_HALF_WIDTH = 0.05;
    /** The least half-width in seconds. */
    public static final double MIN_HALF_WIDTH_SECONDS = 1.0;
    /** Fewer completed runs than this give no band. */
    public static final int MIN_RUNS = 3;

    /** Which rule set the half-width: the spread (3 MAD), or one of the two least widths. */
    public enum Width {
        MAD,
        SHARE,
        SECONDS
    }

    /** The rule that set this band's half-width ({@code high − median}, to gbak's millisecond). */
    public Width width() {
        double half = high - median;
        if (Math.abs(half - MIN_HALF_WIDTH_SECONDS) < 0.0015) {
            return Width.SECONDS;
        }
        return Math.abs(half - MIN_HALF_WIDTH * median) < 0.0015 ? Width.SHARE : Width.MAD;
    }
}
