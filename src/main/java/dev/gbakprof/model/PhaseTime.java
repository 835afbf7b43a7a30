package dev.gbakprof.model;

/** Seconds a restore spent in one phase; the JSON writes the phase as its {@link Phase#label()}. */
public record PhaseTime(Phase name, double seconds) {}
