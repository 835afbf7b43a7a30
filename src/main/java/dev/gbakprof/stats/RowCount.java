package dev.gbakprof.stats;

import java.util.LongSummaryStatistics;

/**
 * The rows restored into one table by the runs of one label group whose load of it finished (the last
 * {@code records restored} count of each); {@code min} and {@code max} differ when the runs restored
 * different counts (different backups under one label).
 */
public record RowCount(long min, long max) {

    /** The count when every run restored the same number of rows, else {@code null}. */
    public Long single() {
        return min == max ? min : null;
    }

    static RowCount of(LongSummaryStatistics counts) {
        return counts.getCount() == 0 ? null : new RowCount(counts.getMin(), counts.getMax());
    }
}
