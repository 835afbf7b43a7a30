package dev.gbakprof.stats;

/**
 * The first table in which a configuration's completed restore differs from the baseline's: restored by
 * one side only ({@code onlyIn} names that label; the row counts are {@code null}), or with other rows.
 */
public record DataDifference(String table, String onlyIn, Long rows, Long baselineRows) {}
