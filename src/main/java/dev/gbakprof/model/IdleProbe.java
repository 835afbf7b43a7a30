package dev.gbakprof.model;

import java.util.List;

/**
 * What the idle probe measured: the same fixed CPU burst timed right after an idle pause and back to back.
 * A CPU that clocks down when idle (a "Balanced" power plan, a power-saving governor, a host that parks a
 * virtual machine's cores) runs the first burst after the pause slower; one held at full clock does not.
 * This works where the power plan cannot be read (a virtual machine without cpufreq).
 *
 * @param ratio         median CPU time of a burst after the pause ÷ median CPU time of a burst back to back
 * @param afterIdleMs   CPU milliseconds of each burst that followed a pause
 * @param backToBackMs  CPU milliseconds of each burst that followed another burst
 * @param pauseSeconds  the idle pause before each timed burst
 * @param verdict       {@code clocks-down} (ratio ≥ 1.4), {@code steady} (ratio ≤ 1.15, bursts consistent),
 *                      or {@code unclear} (in between, or the bursts varied too much to tell)
 * @param message       the verdict as one sentence with its numbers
 */
public record IdleProbe(
        double ratio,
        List<Double> afterIdleMs,
        List<Double> backToBackMs,
        double pauseSeconds,
        String verdict,
        String message) {
    public IdleProbe {
        afterIdleMs = List.copyOf(afterIdleMs);
        backToBackMs = List.copyOf(backToBackMs);
    }
}
