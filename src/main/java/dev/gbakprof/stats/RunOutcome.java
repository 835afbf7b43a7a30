package dev.gbakprof.stats;

import dev.gbakprof.model.Phase;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import java.util.Locale;

/**
 * How a run counts in a comparison: its {@link RunStatus}, with an incomplete log that starts after gbak's
 * start (no setup phase: the article's five index lines) told apart as an {@link #EXCERPT}. An excerpt was
 * not stopped: it timed only what it shows.
 */
public enum RunOutcome {
    COMPLETED,
    FAILED,
    INCOMPLETE,
    EXCERPT;

    public static RunOutcome of(RestoreRun run) {
        return switch (run.status()) {
            case COMPLETED -> COMPLETED;
            case FAILED -> FAILED;
            case INCOMPLETE -> startsAtTheStart(run) ? INCOMPLETE : EXCERPT;
        };
    }

    /** The log shows gbak's start: a setup phase with time (opening the backup, creating the database). */
    static boolean startsAtTheStart(RestoreRun run) {
        return run.phases().stream().anyMatch(p -> p.name() == Phase.SETUP && p.seconds() > 0);
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
