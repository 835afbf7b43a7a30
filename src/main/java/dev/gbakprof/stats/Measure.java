package dev.gbakprof.stats;

import dev.gbakprof.model.Phase;
import dev.gbakprof.model.PhaseTime;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;

/** A time that can be compared between runs: the whole restore, or one of its phases. */
public enum Measure {
    TOTAL(null, 0),
    SETUP(Phase.SETUP, 0),
    // gbak restores metadata before, between (each table's index definitions precede its data) and after
    // the data (triggers, privileges): neither has ended before the indexes phase starts
    METADATA(Phase.METADATA, 1),
    DATA(Phase.DATA, 1),
    INDEXES(Phase.INDEXES, 2),
    FINISH(Phase.FINISH, 3);

    private final Phase phase;
    /** Position in gbak's order of work: a phase has ended once a phase of a later step shows time. */
    private final int step;

    Measure(Phase phase, int step) {
        this.phase = phase;
        this.step = step;
    }

    /** The phase measured, {@code null} for the total. */
    public Phase phase() {
        return phase;
    }

    /** Position in gbak's order of work (metadata and data share one: they interleave). */
    int step() {
        return step;
    }

    public static Measure of(Phase phase) {
        return valueOf(phase.name());
    }

    /**
     * Seconds of this measure in one run, {@code null} when unknown: the total of a run that did not
     * complete (failed or cut short), a phase the run record does not list, a phase that a failed restore
     * had not ended when gbak gave up (it stopped part-way through it, or before it), or a phase with no
     * time in a run that did not complete and shows no time on one side of it (an excerpt that starts
     * later, or a log cut before the phase). A failed restore's phase counts once it has ended: gbak went
     * on to a later phase (metadata and data end when the indexes phase starts), or to its end (a failed
     * index build). The same holds for an incomplete run whose log starts at the start of the restore (stopped
     * or cut: {@link #cutShort}); an excerpt that starts later counts its phases as far as it shows them.
     */
    public Double of(RestoreRun run) {
        if (phase == null) {
            return run.restoreSeconds();
        }
        Double seconds = seconds(run, phase);
        if (seconds == null || run.status() == RunStatus.COMPLETED) {
            return seconds;
        }
        if ((run.status() == RunStatus.FAILED || cutShort(run)) && !endedIn(run)) {
            return null;
        }
        if (seconds > 0) {
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

    /**
     * An incomplete run whose log starts where the restore starts: gbak was stopped (a timeout, Ctrl-C, a kill)
     * or the log was cut, so the phase it stopped in is cut short. An excerpt ({@link RunOutcome#EXCERPT}) starts
     * later; its phases count as far as it shows them (the article's index lines).
     */
    private static boolean cutShort(RestoreRun run) {
        return RunOutcome.of(run) == RunOutcome.INCOMPLETE;
    }

    /** gbak went past this phase: it printed its total, or a phase of a later step shows time. */
    private boolean endedIn(RestoreRun run) {
        if (run.totalSeconds() != null) {
            return true;
        }
        for (Measure later : values()) {
            if (later.phase != null && later.step > step) {
                Double s = seconds(run, later.phase);
                if (s != null && s > 0) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The record's seconds of the phase: {@code null} when the record does not list it or gives it as unknown. */
    private static Double seconds(RestoreRun run, Phase phase) {
        for (PhaseTime p : run.phases()) {
            if (p.name() == phase) {
                return p.seconds();
            }
        }
        return null;
    }
}
