package dev.gbakprof.model;

/** Seconds a restore spent in one phase. */
public record PhaseTime(String name, double seconds) {
}
