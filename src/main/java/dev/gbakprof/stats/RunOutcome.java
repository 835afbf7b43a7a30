package dev.gbakprof.stats;

import dev.gbakprof.model.IndexBuild;
import dev.gbakprof.model.Phase;
import dev.gbakprof.model.PhaseTime;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.model.WarningCode;
import java.util.List;
import java.util.Locale;

/**
 * How a run counts in a comparison: its {@link RunStatus}, with a log that starts after gbak's start (no setup
 * phase: the article's five index lines, or a log whose head was cut off) told apart as an {@link #EXCERPT}, whether
 * it ends before gbak's end or reaches {@code total statistics}. An excerpt was not stopped: it timed only what it
 * shows; the tables and indexes before its first line are not in it, so its total is unknown and it is never a whole
 * restore.
 */
public enum RunOutcome {
    COMPLETED,
    FAILED,
    INCOMPLETE,
    EXCERPT;

    public static RunOutcome of(RestoreRun run) {
        return switch (run.status()) {
            // gbak's end reached, its start not shown (the head of the log cut off): what it timed is all it says
            case COMPLETED -> startsLate(run) ? EXCERPT : COMPLETED;
            case FAILED -> FAILED;
            case INCOMPLETE -> run.startsAtStart() ? INCOMPLETE : EXCERPT;
        };
    }

    /**
     * A log that reached gbak's end but does not show its start: it says so ({@code starts-late}), or its record gives
     * time to phases and none to the setup. A completed log without time columns (no {@code -st}) shows no phase and
     * is not an excerpt.
     */
    private static boolean startsLate(RestoreRun run) {
        return run.hasWarning(WarningCode.STARTS_LATE)
                || (run.phases().stream().anyMatch(p -> p.seconds() != null) && !run.startsAtStart());
    }

    /**
     * A phase an excerpt shows only part of: one of gbak's step its first line falls in (metadata and data are one step:
     * each table's definitions come between the tables' data), and, when it ends before gbak's end, one of the step it
     * stops in. Its other phases with time are shown whole. {@code false} for a run that is not an excerpt.
     */
    public static boolean partly(RestoreRun run, Phase phase) {
        if (of(run) != EXCERPT) {
            return false;
        }
        int first = Integer.MAX_VALUE;
        int last = -1;
        for (PhaseTime p : run.phases()) {
            if (p.seconds() != null) {
                int step = p.name().step();
                first = Math.min(first, step);
                last = Math.max(last, step);
            }
        }
        int step = phase.step();
        return step == first || (step == last && run.status() != RunStatus.COMPLETED);
    }

    /**
     * The indexes a failed restore left unbuilt when gbak still went on to its end ({@link RestoreRun#wentToTheEnd()}:
     * {@code finishing, closing, and going home}, or without {@code -v} its {@code Database is not online}): gbak
     * restored every table and the other indexes, and could not activate these ({@code cannot commit index}: a
     * duplicate key, a foreign key without its parent row). Empty for a restore that stopped, or failed otherwise.
     */
    public static List<String> indexesNotBuilt(RestoreRun run) {
        if (run.status() != RunStatus.FAILED || !run.wentToTheEnd()) {
            return List.of();
        }
        return run.indexes().stream()
                .filter(IndexBuild::failed)
                .map(IndexBuild::name)
                .toList();
    }

    /** A failed restore that gbak took to its end, every table restored, with indexes it could not build. */
    public static boolean restoredWithoutIndexes(RestoreRun run) {
        return !indexesNotBuilt(run).isEmpty();
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
