package dev.gbakprof.stats;

import dev.gbakprof.model.Phase;
import dev.gbakprof.model.PhaseTime;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;

/** A time that can be compared between runs: the whole restore, or one of its phases. */
public enum Measure {
    TOTAL(null),
    SETUP(Phase.SETUP),
    METADATA(Phase.METADATA),
    DATA(Phase.DATA),
    INDEXES(Phase.INDEXES),
    FINISH(Phase.FINISH);

    private final Phase phase;

    Measure(Phase phase) {
        this.phase = phase;
    }

    /** The phase measured, {@code null} for the total. */
    public Phase phase() {
        return phase;
    }

    public static Measure of(Phase phase) {
        return valueOf(phase.name());
    }

    /**
     * Seconds of this measure in one run, {@code null} when unknown: the total of a run that did not
     * complete (failed or cut short), a phase the run record does not list, a phase the restore stopped in
     * ({@link PhaseTime#cut}: a failed restore, or an incomplete one whose log starts at the start of the restore,
     * had not gone past it; its seconds are a lower bound), or a phase with no time in a run that did not complete
     * and shows no time on one side of it (an excerpt that starts later, or a log cut before the phase). An excerpt
     * that starts later counts its phases as far as it shows them.
     */
    public Double of(RestoreRun run) {
        if (phase == null) {
            return run.restoreSeconds();
        }
        PhaseTime time = time(run, phase);
        Double seconds = time == null ? null : time.seconds();
        if (seconds == null || run.status() == RunStatus.COMPLETED) {
            return seconds;
        }
        if (time.cut()) {
            return null;
        }
        if (seconds > 0) {
            return seconds;
        }
        // 0 s in a run that did not complete: a real (sub-millisecond) phase when the log shows time both
        // before and after it; otherwise a phase the log does not reach, or an excerpt starts after
        boolean before = false;
        boolean after = false;
        for (PhaseTime p : run.phases()) {
            if (p.seconds() != null && p.seconds() > 0) {
                before |= p.name().ordinal() < phase.ordinal();
                after |= p.name().ordinal() > phase.ordinal();
            }
        }
        return before && after ? seconds : null;
    }

    /** The record's time of the phase: {@code null} when the record does not list it. */
    private static PhaseTime time(RestoreRun run, Phase phase) {
        for (PhaseTime p : run.phases()) {
            if (p.name() == phase) {
                return p;
            }
        }
        return null;
    }
}
