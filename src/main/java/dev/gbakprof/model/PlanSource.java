package dev.gbakprof.model;

import java.util.Locale;

/** Where a {@link PowerPlan} was read; the JSON's {@code powerPlan.source} starts with {@link #word()}. */
public enum PlanSource {
    /** Windows' {@code powercfg}. */
    POWERCFG,
    /** Linux's cpufreq governors in {@code /sys} (and a power daemon's profile). */
    CPUFREQ,
    /** The plan could not be read; the JSON's source is {@code "unknown: "} and the reason. */
    UNKNOWN;

    /** Its name in lower case: {@code powercfg}, {@code cpufreq}, {@code unknown}. */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    @Override
    public String toString() {
        return word();
    }
}
