package dev.gbakprof.timeline;

/**
 * The boxed numbers of a run record's index builds and table loads, shared where they repeat: a huge log's record holds
 * hundreds of thousands of builds, whose times (whole milliseconds of gbak's clock) and page counts are mostly small
 * and the same from build to build. One {@code Double} of 0.012 s for all the builds that took 12 ms, not one each:
 * fewer objects for the collector to copy (the record of the bench's 800 MB log 357 → 316 MB, its pauses 1,073 →
 * 862 ms; docs/dev/BENCHMARKS.md). The values are the ones {@code ms / 1000.0} and {@code Long.valueOf} give; only their
 * identity is shared (records compare them with {@code equals}).
 */
final class Boxed {
    /** Milliseconds and counts below this are shared (65.5 s; 65,535 pages). */
    private static final int SHARED = 1 << 16;

    // filled as values are met; a race writes an equal value twice, and a Double or Long is safely published (final
    // field)
    private static final Double[] SECONDS = new Double[SHARED];
    private static final Long[] COUNTS = new Long[SHARED];

    private Boxed() {}

    /** {@code ms / 1000.0}. */
    static Double seconds(long ms) {
        if (ms < 0 || ms >= SHARED) {
            return ms / 1000.0;
        }
        Double s = SECONDS[(int) ms];
        if (s == null) {
            s = ms / 1000.0;
            SECONDS[(int) ms] = s;
        }
        return s;
    }

    /** {@code Long.valueOf(n)}. */
    static Long count(long n) {
        if (n < 0 || n >= SHARED) {
            return n;
        }
        Long c = COUNTS[(int) n];
        if (c == null) {
            c = n;
            COUNTS[(int) n] = c;
        }
        return c;
    }
}
