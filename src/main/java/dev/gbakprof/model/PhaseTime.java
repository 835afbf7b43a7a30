package dev.gbakprof.model;

import java.util.ArrayList;
import java.util.List;

/**
 * Seconds a restore spent in one phase, {@code null} when the log does not show the phase (an excerpt: the time
 * before its first line and after its last is in no phase); the JSON writes the phase as its {@link Phase#label()}.
 *
 * @param cut the restore stopped before the phase ended (gbak failed or was stopped in it, or its log ends there):
 *     {@code seconds} is the time until then, a lower bound, and the phase's time is unknown. Derived from the record
 *     by {@link #marked} (every {@link RestoreRun} is made so, a record written before the field too): written for the
 *     JSON's readers, never read back
 */
public record PhaseTime(Phase name, Double seconds, boolean cut) {

    /** A phase as a log shows it; {@link #cut} is the record's to derive. */
    public PhaseTime(Phase name, Double seconds) {
        this(name, seconds, false);
    }

    /**
     * The phases with {@link #cut} set by the one rule: a restore that did not complete (failed, or incomplete with a
     * log that starts at gbak's start: an excerpt times its phases as far as its lines show them) that gbak did not take
     * to its end ({@link RestoreRun#wentToTheEnd()}: also a run gbakprof stopped after gbak's last line) cut each phase with time that gbak did not go past: no phase of a later {@link Phase#step} shows time.
     *
     * @param wentToTheEnd gbak went through to the end of the restore ({@link RestoreRun#wentToTheEnd()})
     * @param startsAtStart the log shows gbak's start ({@link RestoreRun#startsAtStart()})
     */
    static List<PhaseTime> marked(
            List<PhaseTime> phases, RunStatus status, boolean wentToTheEnd, boolean startsAtStart) {
        boolean stopped =
                !wentToTheEnd && (status == RunStatus.FAILED || status == RunStatus.INCOMPLETE && startsAtStart);
        List<PhaseTime> out = new ArrayList<>(phases.size());
        for (PhaseTime p : phases) {
            boolean cut = stopped && p.name() != null && p.seconds() != null && !wentPast(phases, p.name());
            out.add(cut == p.cut() ? p : new PhaseTime(p.name(), p.seconds(), cut));
        }
        return List.copyOf(out);
    }

    /** A phase of a later step than {@code phase} shows time: gbak went past it. */
    private static boolean wentPast(List<PhaseTime> phases, Phase phase) {
        return phases.stream()
                .anyMatch(p ->
                        p.name() != null && p.name().step() > phase.step() && p.seconds() != null && p.seconds() > 0);
    }
}
