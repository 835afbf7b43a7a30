package dev.gbakprof.model;

import java.util.List;
import java.util.Locale;

/**
 * The validation of a restored database ({@code run --validate}): {@code gfix -v -full -n} on it after a
 * completed restore, timed as its own step, its output kept word for word.
 *
 * @param command  the gfix command as run (no password: gfix reads it from {@code ISC_PASSWORD})
 * @param database the database as gfix opened it (a local file, or {@code host/port:path} through the server)
 * @param seconds  wall-clock seconds gfix took
 * @param exitCode gfix's exit code, {@code null} when it could not be started
 * @param result   {@code passed}, {@code failed} (gfix reported errors, could not open the database, or
 *                 could not be run), {@code warnings} (gfix reported warnings only) or {@code stopped} (gbakprof
 *                 stopped gfix, its {@code --timeout} or Ctrl-C, before it reported anything wrong: not validated)
 * @param output   gfix's output lines (empty: it found nothing); also in {@code gfix.log} of the run folder
 */
public record Validation(
        String command, String database, Double seconds, Integer exitCode, Result result, List<String> output) {

    public Validation {
        output = output == null ? List.of() : List.copyOf(output);
    }

    /** What the validation concluded. */
    public enum Result {
        PASSED,
        WARNINGS,
        FAILED,
        /** Stopped by {@code --timeout} or Ctrl-C before gfix ended, nothing wrong reported: not validated. */
        STOPPED;

        @Override
        public String toString() {
            return name().toLowerCase(Locale.ROOT);
        }
    }
}
