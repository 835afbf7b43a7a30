package dev.gbakprof.cli;

import dev.gbakprof.model.PowerPlan;

/** Bridges to the power plan probe. */
final class PowerDetection {
    private PowerDetection() {
    }

    static PowerPlan detect() {
        return new PowerPlan("unknown", null, "unknown: not detected");
    }
}
