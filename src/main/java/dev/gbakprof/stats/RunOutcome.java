package dev.gbakprof.stats;

import dev.gbakprof.model.Phase;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.model.WarningCode;
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

    /**
     * The log shows gbak's start: its setup phase is known (an excerpt's is unknown, {@code null}). A record written
     * before unknown phases were null gave an excerpt's setup as 0 s: its {@code starts-late} warning tells it. A log
     * without time columns has no phases and cannot tell: counted as an excerpt, as before.
     */
    static boolean startsAtTheStart(RestoreRun run) {
        return !run.hasWarning(WarningCode.STARTS_LATE)
                && run.phases().stream().anyMatch(p -> p.name() == Phase.SETUP && p.seconds() != null);
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
