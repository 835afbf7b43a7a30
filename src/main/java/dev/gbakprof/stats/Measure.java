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
     * complete (failed or cut short), a phase the run record does not list, or a phase with no time in a
     * run that did not complete and shows no time on one side of it (an excerpt that starts later, or a
     * log cut before the phase). Otherwise the phase of an
     * incomplete run is what its log shows.
     */
    public Double of(RestoreRun run) {
        if (phase == null) {
            // a failed restore's time is not a restore time: it stopped early, or went on without indexes
            return run.status() == RunStatus.COMPLETED ? run.totalSeconds() : null;
        }
        Double seconds = seconds(run, phase);
        if (seconds == null || seconds > 0 || run.status() == RunStatus.COMPLETED) {
            return seconds;
        }
        // 0 s in a run that did not complete: a real (sub-millisecond) phase when the log shows time both
        // before and after it; otherwise a phase the log does not reach, or an excerpt starts after
        boolean before = false;
        boolean after = false;
        for (Phase p : Phase.values()) {
            Double s = seconds(run, p);
            if (s != null && s > 0) {
                before |= p.ordinal() < phase.ordinal();
                after |= p.ordinal() > phase.ordinal();
            }
        }
        return before && after ? seconds : null;
    }

    private static Double seconds(RestoreRun run, Phase phase) {
        return run.phases().stream().filter(p -> p.name().equals(phase.label()))
                .map(PhaseTime::seconds).findFirst().orElse(null);
    }
}
