package dev.gbakprof.power;

import dev.gbakprof.model.PowerPlan;

/**
 * Reads and changes the power plan, e.g. to time a restore under several plans and put the original back.
 * To restore a plan, pass {@link PowerPlan#guid()} when it is not {@code null}, else {@link PowerPlan#name()}.
 */
public interface PowerPlanSwitcher extends PowerPlanProbe {

    /** The active plan. */
    default PowerPlan current() {
        return probe().active();
    }

    /**
     * Makes a plan active and checks that it took.
     *
     * @param nameOrAlias a Windows plan GUID, an alias ({@code balanced}, {@code high-performance},
     *                    {@code power-saver}, {@code ultimate}), the plan's name as the system shows it, or on
     *                    Linux a cpufreq governor
     * @return the plan now active
     * @throws UnknownPlanException when no plan answers to {@code nameOrAlias}
     * @throws PowerPlanException   when the plan exists but cannot be set; the message says why
     */
    PowerPlan set(String nameOrAlias);

    /**
     * Saves what is active now so that {@link Saved#putBack()} can restore exactly that after plans were switched.
     * By default the active plan, set back by its GUID or name; a system whose state a plan name does not hold
     * (Linux: a governor per CPU, a power daemon's profile) saves more.
     */
    default Saved save() {
        PowerPlan now = current();
        String key = now.guid() != null ? now.guid() : now.name();
        return () -> set(key);
    }

    /** The saved state of {@link #save()}. */
    interface Saved {
        /**
         * Restores the saved state and checks that it took.
         *
         * @return the plan now active
         * @throws PowerPlanException when it cannot be restored; the message says what is left as it is
         */
        PowerPlan putBack();
    }
}
