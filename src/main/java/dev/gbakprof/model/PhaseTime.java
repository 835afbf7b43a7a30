package dev.gbakprof.model;

/**
 * Seconds a restore spent in one phase, {@code null} when the log does not show the phase (an excerpt: the time
 * before its first line and after its last is in no phase); the JSON writes the phase as its {@link Phase#label()}.
 */
public record PhaseTime(Phase name, Double seconds) {}
