package dev.gbakprof.run;

import dev.gbakprof.firebird.FirebirdAccessException;
import dev.gbakprof.model.Environment;
import dev.gbakprof.model.Interruption;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.model.WarningCode;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The one loop of repeated restores, for {@code run --repeat} ({@link RestoreSeries}) and {@code matrix}
 * ({@link MatrixExperiment}): a rest between restores, each restore into its own database name, the database of
 * each removed after it (a file, or dropped through the server) when the loop owns it, and the end of the loop on
 * Ctrl-C or on a runs folder that cannot take more. What differs between the two commands is only what they
 * give it: the steps (names, labels, gbak switches) and, for matrix, what happens before each step (the plan).
 */
final class RestoreLoop {
    /**
     * One restore of the loop.
     *
     * @param options  the run's options (matrix: with the arm's gbak switches)
     * @param database the database name of this restore
     * @param label    the run's label
     * @param tag      the suffix of its run folder ({@code -r2}, {@code -m3})
     * @param announce the line printed before it, or {@code null}
     * @param place    its round and place in the round, or that it is a warm-up
     */
    record Step(RunOptions options, String database, String label, String tag, String announce, Placement place) {}

    /** What happens before a step (matrix switches the power plan); returns the environment to record. */
    @FunctionalInterface
    interface BeforeEach {
        Supplier<Environment> before(int index, Step step);
    }

    /** How the loop rests between restores (a test's records the rests instead of sleeping). */
    @FunctionalInterface
    interface Pause {
        void rest(Duration d) throws InterruptedException;
    }

    /**
     * What the loop did.
     *
     * @param stoppedBy {@code Ctrl-C}, or what the runs folder could not take; {@code null} when every step ran
     */
    record Result(List<RestoreSession.Outcome> outcomes, String stoppedBy) {}

    private final Path gbak;
    private final Duration cooldown;
    private final boolean removeEach;
    private final PrintStream out;
    private final boolean terminal;
    private final RestoreRoute.Factory routes;
    private final Pause pause;

    /**
     * @param removeEach remove each restore's database after it (repeats and matrix without {@code --keep}); a
     *                   database that existed before is never removed, a partial one is left to the session
     * @param routes     {@code null}: the real routes (gbak, the services API)
     * @param pause      {@code null}: sleep
     */
    RestoreLoop(
            Path gbak,
            Duration cooldown,
            boolean removeEach,
            PrintStream out,
            boolean terminal,
            RestoreRoute.Factory routes,
            Pause pause) {
        this.gbak = gbak;
        this.cooldown = cooldown;
        this.removeEach = removeEach;
        this.out = out;
        this.terminal = terminal;
        this.routes = routes;
        this.pause = pause != null ? pause : Signals::rest; // a stop signal ends the rest
    }

    Result run(List<Step> steps, BeforeEach before) throws IOException, InterruptedException {
        List<RestoreSession.Outcome> outcomes = new ArrayList<>();
        for (int i = 0; i < steps.size(); i++) {
            Step step = steps.get(i);
            if (i > 0 && !cooldown.isZero()) {
                out.println("gbakprof: resting " + cooldown.toMillis() / 1000.0 + " s before the next restore");
                pause.rest(cooldown);
            }
            if (Signals.received()) { // in the rest, or as the last restore ended: no other restore starts
                return new Result(outcomes, Interruption.word());
            }
            Supplier<Environment> env = before.before(i, step);
            if (step.announce() != null) {
                out.println(step.announce());
            }
            RestoredDatabase db = new RestoredDatabase(step.options(), step.database());
            boolean existed = removeEach && db.exists();
            // an arm of matrix may restore with another gbak (another Firebird version) than the loop's
            Path stepGbak = step.options().gbak() != null ? step.options().gbak() : gbak;
            RestoreSession session = new RestoreSession(step.options(), stepGbak, env, out, terminal, routes);
            RestoreSession.Outcome o = session.restore(step.database(), step.label(), step.tag(), step.place());
            outcomes.add(o);
            if (removeEach) {
                remove(db, existed, o.run());
            }
            if (o.run().status() == RunStatus.INCOMPLETE && o.run().hasWarning(WarningCode.INTERRUPTED)) {
                return new Result(outcomes, Interruption.word());
            }
            if (o.unsaved() != null) {
                return new Result(outcomes, o.unsaved()); // the next restore's measurement would be lost too
            }
        }
        return new Result(outcomes, null);
    }

    /**
     * Removes the database of one restore of the loop, if the loop created it (never one that existed). A partial
     * database is the session's to decide: removed, or left in place (--keep-partial, a services restore the
     * server may still be running) with its run record saying so.
     */
    private void remove(RestoredDatabase db, boolean existed, RestoreRun run) throws IOException {
        if (existed || PartialDatabase.partial(run)) {
            return;
        }
        try {
            db.remove();
        } catch (FirebirdAccessException ex) {
            out.println("gbakprof: " + ex.getMessage());
        }
    }
}
