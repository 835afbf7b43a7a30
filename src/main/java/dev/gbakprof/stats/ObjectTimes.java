package dev.gbakprof.stats;

import dev.gbakprof.model.TableLoad;

import java.util.List;

/**
 * The time one index build or table load took in each label group.
 *
 * @param name     index or table name
 * @param table    for an index, its table when any run knows it, else {@code null}; for a table, {@code null}
 * @param inferred the table of the index was inferred, not read from the log or the database
 * @param records  for a table, the rows restored (last count printed), else {@code null}
 * @param byGroup  seconds per label group, in group order
 * @param failedByGroup for an index, in how many runs of each group gbak could not build it
 *                 ({@code cannot commit index}); zeros for a table
 */
public record ObjectTimes(String name, String table, boolean inferred, Long records, List<Spread> byGroup,
                          List<Integer> failedByGroup) {

    public ObjectTimes {
        byGroup = List.copyOf(byGroup);
        failedByGroup = List.copyOf(failedByGroup);
    }

    /** Largest median over the groups, {@code null} when no group knows the time. */
    public Double maxMedian() {
        return byGroup.stream().map(Spread::median).filter(m -> m != null)
                .max(Double::compare).orElse(null);
    }

    /** Group median ÷ baseline median (above 1 is slower), {@code null} when either is unknown or zero. */
    public Double ratio(int group, int baseline) {
        Double g = byGroup.get(group).median();
        Double b = byGroup.get(baseline).median();
        return g == null || b == null || b <= 0 ? null : g / b;
    }

    /** Rows per second of a table in one group (records ÷ median seconds), or {@code null} (as {@link TableLoad#rowsPerSecond}). */
    public Double rowsPerSecond(int group) {
        Double m = byGroup.get(group).median();
        return records == null || m == null || m < TableLoad.MIN_RATE_SECONDS ? null : records / m;
    }
}
