package dev.gbakprof.stats;

import java.util.Arrays;
import java.util.Collection;
import java.util.Objects;

/**
 * Median, minimum and maximum of the values that are known; unknown values ({@code null}) are left out
 * and counted apart, never taken as zero.
 *
 * @param n       how many values are known
 * @param unknown how many values were unknown
 * @param median  median of the known values, {@code null} when none is known
 */
public record Spread(int n, int unknown, Double median, Double min, Double max) {

    public static Spread of(Collection<Double> values) {
        double[] known = values.stream()
                .filter(Objects::nonNull)
                .mapToDouble(Double::doubleValue)
                .toArray();
        int unknown = values.size() - known.length;
        if (known.length == 0) {
            return new Spread(0, unknown, null, null, null);
        }
        double[] sorted = known.clone();
        Arrays.sort(sorted);
        return new Spread(known.length, unknown, Medians.ofSorted(sorted), sorted[0], sorted[sorted.length - 1]);
    }

    public boolean known() {
        return n > 0;
    }
}
