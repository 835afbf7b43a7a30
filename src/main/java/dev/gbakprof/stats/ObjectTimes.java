package dev.gbakprof.stats;

import dev.gbakprof.model.TableLoad;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * The time one index build or table load took in each label group.
 *
 * @param name     index or table name
 * @param table    for an index, its table when any run knows it, else {@code null}; for a table, {@code null}
 * @param inferred the table of the index was inferred, not read from the log or the database
 * @param rowsByGroup for a table, the rows each label group restored into it, in group order ({@code null}
 *                 for a group in which no load of it finished); empty for an index
 * @param byGroup  seconds per label group, in group order
 * @param failedByGroup for an index, in how many runs of each group gbak could not build it
 *                 ({@code cannot commit index}); zeros for a table
 * @param tableCandidates for an index whose {@code table} is unknown, the tables it may belong to as the logs
 *                 say ({@code AUDIT_EMPTY or ORDER_LINES}: a table without rows makes gbak's log ambiguous), in the
 *                 logs' order; empty otherwise (and for a table)
 */
public record ObjectTimes(
        String name,
        String table,
        boolean inferred,
        List<RowCount> rowsByGroup,
        List<Spread> byGroup,
        List<Integer> failedByGroup,
        List<String> tableCandidates) {

    public ObjectTimes {
        rowsByGroup = Collections.unmodifiableList(new ArrayList<>(rowsByGroup));
        byGroup = List.copyOf(byGroup);
        failedByGroup = List.copyOf(failedByGroup);
        tableCandidates = List.copyOf(tableCandidates);
    }

    /** Largest median over the groups, {@code null} when no group knows the time. */
    public Double maxMedian() {
        return byGroup.stream()
                .map(Spread::median)
                .filter(m -> m != null)
                .max(Double::compare)
                .orElse(null);
    }

    /**
     * Group median ÷ baseline median (above 1 is slower), {@code null} when either is unknown or zero: a median of 0 ms
     * is under gbak's 1 ms clock, and has no ratio on either side (not "0.00×").
     */
    public Double ratio(int group, int baseline) {
        Double g = byGroup.get(group).median();
        Double b = byGroup.get(baseline).median();
        return g == null || b == null || g <= 0 || b <= 0 ? null : g / b;
    }

    /** The rows a table got in one group, {@code null} for an index or when unknown. */
    public RowCount rows(int group) {
        return rowsByGroup.isEmpty() ? null : rowsByGroup.get(group);
    }

    /** The one row count of a table that every group that knows it shares, else {@code null}. */
    public Long commonRows() {
        List<RowCount> known =
                rowsByGroup.stream().filter(Objects::nonNull).distinct().toList();
        return known.size() == 1 ? known.get(0).single() : null;
    }

    /**
     * Rows per second of a table in one group (its rows ÷ median seconds), or {@code null} (as
     * {@link TableLoad#rowsPerSecond}), also when the group's runs restored different row counts.
     */
    public Double rowsPerSecond(int group) {
        RowCount rows = rows(group);
        Double m = byGroup.get(group).median();
        return rows == null || rows.single() == null || m == null || m < TableLoad.MIN_RATE_SECONDS
                ? null
                : rows.single() / m;
    }
}
