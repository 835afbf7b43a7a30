package dev.gbakprof.model;

/**
 * The data load of one table (relation): from its {@code restoring data for table} line to the first
 * later line that is not one of its {@code records restored} lines.
 *
 * @param records      the last {@code records restored} count printed for the table, {@code null} when gbak printed
 *                     none (it stopped during the data before its count): unknown, never 0
 * @param startSeconds gbak's clock when the load started
 * @param seconds      load time, {@code null} when the log ends during the load
 */
public record TableLoad(String name, Long records, Double startSeconds, Double seconds) {

    /**
     * Shortest time a rate is given for: gbak's clock ticks in milliseconds and each line truncates, so a time
     * is known to about 1 ms; over 0.1 s that is 1% of the rate, over 2 ms it is half of it.
     */
    public static final double MIN_RATE_SECONDS = 0.1;

    /**
     * Rows per second, or {@code null} when the row count or the load time is unknown, or the time is under
     * {@link #MIN_RATE_SECONDS}.
     */
    public Double rowsPerSecond() {
        return records == null || seconds == null || seconds < MIN_RATE_SECONDS ? null : records / seconds;
    }

    /** {@link #rowsPerSecond()} to 0.1 row/s, as the run record's JSON writes it ({@code keysPerSecond} likewise). */
    public Double rowsPerSecondRounded() {
        Double rate = rowsPerSecond();
        return rate == null ? null : Math.round(rate * 10) / 10.0;
    }
}
