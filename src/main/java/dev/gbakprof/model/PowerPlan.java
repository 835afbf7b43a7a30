package dev.gbakprof.model;

/**
 * The operating system's power plan while the restore ran.
 *
 * @param name   Windows plan name ("High performance") or Linux governor ("performance"), or "unknown"
 * @param guid   Windows plan GUID, {@code null} elsewhere
 * @param source where it was read: {@code powercfg}, {@code cpufreq}, … or the reason it is unknown
 */
public record PowerPlan(String name, String guid, String source) {
}
