package dev.gbakprof.stats;

import java.util.Collection;
import java.util.Set;

/**
 * The tables two whole restores have in common: {@code common} of the baseline's {@code baseline} tables and the other
 * configuration's {@code other}.
 */
public record SharedTables(int common, int baseline, int other) {

    /**
     * The tables of two whole restores when they are of different databases: fewer than half of the smaller one's
     * tables in common. One database keeps its tables from one restore to the next, at another size or grown by new
     * tables (the older restore's tables are then mostly in the newer one's); {@code null} when they are of one
     * database or either shows no table (nothing to tell).
     */
    public static SharedTables different(Collection<String> baseline, Collection<String> other) {
        Set<String> base = Set.copyOf(baseline);
        Set<String> have = Set.copyOf(other);
        long common = have.stream().filter(base::contains).count();
        int smaller = Math.min(base.size(), have.size());
        return smaller > 0 && common * 2 < smaller ? new SharedTables((int) common, base.size(), have.size()) : null;
    }
}
