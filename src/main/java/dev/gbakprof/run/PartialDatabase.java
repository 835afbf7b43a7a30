package dev.gbakprof.run;

import dev.gbakprof.firebird.FirebirdAccessException;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import java.io.IOException;
import java.io.PrintStream;

/**
 * A partial database: what a restore that never reached gbak's finishing line leaves, and its removal when this run
 * provably created it.
 */
record PartialDatabase(RunOptions options, PrintStream progressOut) {

    /**
     * The restore left a partial database: it never reached gbak's finishing line (stopped, or gave up). A restore that
     * printed its end and was stopped after it (a timeout or Ctrl-C while gbak hung in its last steps) left every table
     * and index: not partial ({@link RouteRun#stoppedAfterItsEnd}).
     */
    static boolean partial(RestoreRun run) {
        return (run.status() == RunStatus.INCOMPLETE || run.status() == RunStatus.FAILED) && !run.wentToTheEnd();
    }

    /**
     * Removes the partial database this restore provably created (a file that did not exist when this run took its
     * claim on the name; through a server elsewhere, one gbak reported creating), a file or through the server;
     * returns a warning when a partial database is left in place, {@code null} when none is.
     */
    String remove(RestoredDatabase target, boolean claimed, boolean existedBefore, RestoreRun run) {
        if (existedBefore) {
            return null; // gbak and the services restore refuse an existing database without -rep: it is as it was
        }
        if (options.viaService() && run.status() == RunStatus.INCOMPLETE) {
            return null; // stopped: the server may still be restoring it (the stop warning says so)
        }
        String left = "the partial database " + target.where() + " is left in place: ";
        if (!claimed && run.database() == null) {
            return target.exists() ? left + "gbak did not report creating it, so it may not be this run's" : null;
        }
        if (options.keepPartial()) {
            // stopped before gbak created it (or Firebird removed what it could not create): nothing is left to keep
            return target.exists() ? left + "--keep-partial" : null;
        }
        try {
            if (target.remove()) {
                progressOut.println(
                        "gbakprof: removed the partial database " + target.where() + " (--keep-partial keeps it)");
            }
            return null;
        } catch (FirebirdAccessException | IOException ex) {
            return left + ex.getMessage();
        }
    }
}
