package dev.gbakprof.output;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.gbakprof.model.IdleProbe;
import dev.gbakprof.model.PowerPlan;
import dev.gbakprof.power.PlanCheck;
import dev.gbakprof.power.PowerSnapshot;
import java.util.List;
import java.util.Locale;

/**
 * {@code plan --json} ({@value #SCHEMA}): the active plan and what it was read from; {@code set}, {@code check} and
 * {@code probe} only when {@code --set}, {@code --check} or {@code --probe} asked for them.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PlanJson(
        String schema,
        PowerPlan plan,
        List<PowerSnapshot.Choice> available,
        List<PowerSnapshot.Detail> details,
        List<String> warnings,
        SetResult set,
        Check check,
        IdleProbe probe) {
    /** The schema. */
    public static final String SCHEMA = "gbakprof.plan/1";

    /** {@code --set}: the plan asked for, the one before and the one now. */
    public record SetResult(String requested, PowerPlan before, PowerPlan now) {}

    /** {@code --check}: {@code performance}, {@code not_performance} or {@code unknown}, its exit code and line. */
    public record Check(String status, int exitCode, String message) {}

    /** The document of what {@code plan} read, set, checked and probed ({@code null}: not asked for). */
    public static PlanJson of(PowerSnapshot snapshot, SetResult set, PlanCheck verdict, IdleProbe probe) {
        return new PlanJson(
                SCHEMA,
                snapshot.active(),
                snapshot.available(),
                snapshot.details(),
                snapshot.warnings(),
                set,
                verdict == null
                        ? null
                        : new Check(
                                verdict.status().name().toLowerCase(Locale.ROOT),
                                verdict.exitCode(),
                                verdict.message()),
                probe);
    }
}
