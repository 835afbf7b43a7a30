package dev.gbakprof.model;

/** One CPU sample taken while gbak ran: average current MHz over cores and system load (0..1). */
public record CpuSample(double atSeconds, Double mhz, Double load) {
}
