package dev.gbakprof.power;

import dev.gbakprof.model.PowerPlan;
import java.util.List;

/**
 * What a probe read: the active plan, the plans the system offers, and the facts behind the verdict.
 *
 * @param active    the active plan (possibly {@link PowerPlan#unknown(String)})
 * @param available plans that {@code --set} can choose (Windows plans, Linux governors), in system order
 * @param details   facts read on the way (driver, governors per CPU, EPP, daemons…), for display
 * @param warnings  things that weaken a timing even under a performance plan (turbo disabled…)
 */
public record PowerSnapshot(PowerPlan active, List<Choice> available, List<Detail> details, List<String> warnings) {

    public PowerSnapshot {
        available = List.copyOf(available);
        details = List.copyOf(details);
        warnings = List.copyOf(warnings);
    }

    /** A plan the system offers; {@code guid} is {@code null} off Windows. */
    public record Choice(String name, String guid, boolean active) {}

    /** One fact, e.g. {@code scaling_driver = intel_pstate}. */
    public record Detail(String name, String value) {}
}
