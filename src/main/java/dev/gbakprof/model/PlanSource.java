package dev.gbakprof.model;

/** Where a {@link PowerPlan} was read; the JSON's {@code powerPlan.source} starts with {@link #word()}. */
public enum PlanSource {
    /** Windows' {@code powercfg}. */
    POWERCFG("powercfg"),
    /** Linux's cpufreq governors in {@code /sys} (and a power daemon's profile). */
    CPUFREQ("cpufreq"),
    /** The plan could not be read; the JSON's source is {@code "unknown: "} and the reason. */
    UNKNOWN("unknown");

    private final String word;

    PlanSource(String word) {
        this.word = word;
    }

    public String word() {
        return word;
    }

    @Override
    public String toString() {
        return word;
    }
}
