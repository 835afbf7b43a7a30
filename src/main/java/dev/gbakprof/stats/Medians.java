package dev.gbakprof.stats;

import java.util.Arrays;

/** The median: the middle value, or the mean of the two middle values of an even count. */
final class Medians {
    private Medians() {}

    static double of(double[] values) {
        if (values.length == 0) {
            throw new IllegalArgumentException("median of no values");
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return ofSorted(sorted);
    }

    static double ofSorted(double[] sorted) {
        int mid = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    }
}
