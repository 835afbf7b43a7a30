package dev.gbakprof.stats;

/**
 * The tables two whole restores have in common: {@code common} of the baseline's {@code baseline} tables and the other
 * configuration's {@code other}.
 */
public record SharedTables(int common, int baseline, int other) {}
