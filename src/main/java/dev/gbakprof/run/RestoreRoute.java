package dev.gbakprof.run;

import dev.gbakprof.model.Via;
import java.io.OutputStream;
import java.time.Duration;
import java.util.function.Consumer;

/**
 * One way to run a restore while its verbose lines stream, as they come, to the raw log and to the
 * pipeline: the gbak tool ({@code via: gbak}) or the server's services API ({@code via: service}).
 */
interface RestoreRoute {

    /** {@link Via#GBAK} or {@link Via#SERVICE}: the run record's {@code via}. */
    Via via();

    /** What runs, for the screen and the run record; no password in it. */
    String command();

    /** Runs the restore to its end, the timeout ({@code null}: none) or {@link #interrupt()}. */
    Ending run(OutputStream raw, Consumer<CharSequence> lines, Duration timeout);

    /** The pid of the process this route started that does the restore's work itself (embedded gbak), or {@code null}. */
    default Long ownWorkerPid() {
        return null;
    }

    /** Stops the restore (Ctrl-C); safe from a shutdown hook. */
    void interrupt();

    /** Makes the route that restores into one database name (the real ones, or a test's). */
    @FunctionalInterface
    interface Factory {
        RestoreRoute route(String database);
    }

    /**
     * How a route ended.
     *
     * @param exitCode    gbak's exit code; {@code null} for the services API or when gbak did not start
     * @param launchError why the restore could not be started, or {@code null}
     * @param error       the failure the services API reported (one line), or {@code null}
     * @param stopNote    what stopping at the timeout or Ctrl-C left behind, for the warning
     * @param brokenReply the services API's reply that broke off out of step with the wire protocol (the driver's
     *     words, not the server's), or {@code null}
     * @param wentOnAt    seconds after gbak started at which the stop was sent, when gbak printed more after it (it did
     *     not stop at once: a restore can reach its end that way), or {@code null}
     * @param stoppedAt   seconds after the restore started at which gbakprof stopped it (timeout, Ctrl-C), or {@code
     *     null}
     */
    record Ending(
            Integer exitCode,
            boolean timedOut,
            boolean interrupted,
            String launchError,
            String error,
            String stopNote,
            String brokenReply,
            Double wentOnAt,
            Double stoppedAt) {

        Ending(
                Integer exitCode,
                boolean timedOut,
                boolean interrupted,
                String launchError,
                String error,
                String stopNote) {
            this(exitCode, timedOut, interrupted, launchError, error, stopNote, null, null, null);
        }
    }
}
