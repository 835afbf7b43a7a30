package dev.gbakprof.power;

import dev.gbakprof.model.ExitCode;
import dev.gbakprof.model.PowerPlan;

/**
 * Whether the active plan is a performance plan, in one line for scripts and monitoring (the idea of
 * dbatools' Test-DbaPowerPlan, judged by GUID or governor rather than by the plan's translated name).
 */
public record PlanCheck(Status status, String message) {

    public enum Status {
        PERFORMANCE,
        NOT_PERFORMANCE,
        UNKNOWN
    }

    public static PlanCheck of(PowerPlan plan) {
        String shown = plan.name() + (plan.guid() == null ? "" : " (" + plan.guid() + ")");
        if (plan.performance() == null) {
            String why = plan.unknownReason() != null
                    ? plan.unknownReason()
                    : "cannot tell whether " + shown + " is a performance plan (" + plan.source() + ")";
            return new PlanCheck(Status.UNKNOWN, "UNKNOWN: power plan: " + why);
        }
        if (plan.performance()) {
            return new PlanCheck(
                    Status.PERFORMANCE, "OK: power plan " + shown + " is a performance plan [" + plan.source() + "]");
        }
        return new PlanCheck(
                Status.NOT_PERFORMANCE,
                "NOT PERFORMANCE: power plan " + shown + " is not a performance plan [" + plan.source()
                        + "]; gbakprof plan --set high-performance");
    }

    /** {@code plan --check}'s exit code: 0 a performance plan, 1 another plan, 3 cannot tell. */
    public int exitCode() {
        return switch (status) {
            case PERFORMANCE -> ExitCode.OK;
            case NOT_PERFORMANCE -> ExitCode.FAILED;
            case UNKNOWN -> ExitCode.UNKNOWN;
        };
    }
}
