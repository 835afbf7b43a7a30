package dev.gbakprof.model;

/**
 * The data load of one table (relation): from its {@code restoring data for table} line to the first
 * later line that is not one of its {@code records restored} lines.
 *
 * @param records      the last {@code records restored} count printed for the table
 * @param startSeconds gbak's clock when the load started
 * @param seconds      load time, {@code null} when the log ends during the load
 */
public record TableLoad(String name, long records, Double startSeconds, Double seconds) {

    /** Rows per second, or {@code null} when the load time is unknown or zero. */
    public Double rowsPerSecond() {
        return seconds == null || seconds <= 0 ? null : records / seconds;
    }
}
