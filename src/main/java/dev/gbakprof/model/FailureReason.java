package dev.gbakprof.model;

import java.util.List;

/**
 * Why a run did not complete, in one line: the one rule behind {@code check}, {@code advise}, {@code history}, the
 * report's notes, a drill's verdict and {@code run}'s summary. In this order:
 *
 * <ol>
 *   <li>a failed validation ({@code run --validate}) or verification ({@code --inspect}): gbakprof's words, gfix's or
 *       the check's first line after them;
 *   <li>gbakprof's own words on the run ({@link RestoreRun#failure()}: a backup file that ends early, a services
 *       restore that ended before finishing, gbak exiting non-zero in silence, its stop of the run: {@link
 *       #stopped});
 *   <li>gbakprof's stop of the run as only its warning tells it (a record written before the stop had its words);
 *   <li>gbak's error, word for word: the first line gbak marks as one ({@code ERROR:...}) with the lines of the
 *       same status vector that say why ({@link #gbakError}); in a log without such a line, the first of its error lines that is not one of the lines gbak prints around an error (an engine
 *       assertion, the services manager's status vector, a refusal of gbak's start).
 * </ol>
 *
 * {@code null} for a completed run, and for one whose record says nothing of why (a log that just ends).
 */
public final class FailureReason {

    /**
     * What gbak prints around an error, never the error itself: its question for the next volume of a backup file
     * that ended (msgs 225-229, gbak's {@code ERROR:} line follows), the index whose {@code ERROR:} lines follow
     * ({@code cannot commit index X}), its way out ({@code Exiting before completion due to errors}, {@code -}-led in
     * the services manager's status vector) and its note on an index it could not activate, printed after its last
     * step ({@code Database is not online ...}, {@code Run gfix -online ...}).
     */
    private static final List<String> AROUND_AN_ERROR = List.of(
            "Done with volume #",
            "cannot commit index ",
            "Exiting before completion due to errors",
            "Database is not online due to failure to activate",
            "Run gfix -online");

    /**
     * How gbakprof's words on a backup file that ends early begin (gbak asked for its next volume): a restore's backup
     * cut short, or a backup whose file gbak could not write on.
     */
    public static final String ENDS_EARLY = "backup file ends early: ";

    private FailureReason() {}

    /** Why {@code run} did not complete, or {@code null} (see the class). */
    public static String of(RestoreRun run) {
        if (run.status() == RunStatus.COMPLETED) {
            return null;
        }
        Validation v = run.validation();
        if (v != null && v.result() == Validation.Result.FAILED) {
            return "validation failed" + (v.output().isEmpty() ? "" : ": " + String.join(" ", v.output()));
        }
        if (run.inspection() != null && !run.inspection().problems().isEmpty()) {
            return "verification failed: " + run.inspection().problems().get(0);
        }
        if (run.failure() != null) {
            return run.failure();
        }
        WarningCode stop = run.stoppedBy();
        if (stop != null) {
            return stopped(stop, null);
        }
        return gbakError(run.errors());
    }

    /**
     * gbakprof's words on its own stop of a run, for its {@code failure}: {@code stopped by --timeout after 3.0 s},
     * {@code stopped by Ctrl-C after 41.2 s}, {@code stopped by gbakprof after 2.1 s: the raw log could not be
     * written}.
     *
     * @param by      {@link WarningCode#TIMEOUT}, {@link WarningCode#INTERRUPTED} or {@link
     *     WarningCode#RAW_LOG_UNWRITABLE}
     * @param seconds how long after the run's start the stop came; {@code null} when unknown (left out)
     */
    public static String stopped(WarningCode by, Double seconds) {
        return stopped(by, stopper(by), seconds);
    }

    /**
     * As {@link #stopped(WarningCode, Double)}, with what stopped it in a word of the caller's: the signal of an
     * interrupted run ({@link Interruption#word}: {@code Ctrl-C}, {@code SIGTERM}).
     */
    public static String stopped(WarningCode by, String stopper, Double seconds) {
        String after = seconds == null ? "" : " after " + Durations.human(seconds);
        return "stopped by " + stopper + after
                + (by == WarningCode.RAW_LOG_UNWRITABLE ? ": the raw log could not be written" : "");
    }

    /**
     * gbakprof's stop of a run as its record tells it, for a sentence in another language than the record's English:
     * what stopped it in a word ({@code --timeout}, {@code Ctrl-C}, {@code SIGTERM}, {@code gbakprof}), after how long
     * ({@code null}: the record does not say), and whether its raw log could not be written.
     */
    public record Stop(String stopper, Double seconds, boolean rawLog) {}

    /** The stop {@link #of} gives as why {@code run} did not complete ({@link #stopped}'s words), or {@code null}. */
    public static Stop stop(RestoreRun run) {
        String why = of(run);
        WarningCode by = run.stoppedBy();
        if (why == null || by == null || !why.startsWith("stopped by ")) {
            return null;
        }
        int after = why.indexOf(" after ");
        int colon = why.indexOf(':', Math.max(after, 0));
        Double seconds = after < 0 ? null : Durations.read(why.substring(after + 7, colon < 0 ? why.length() : colon));
        return new Stop(stopper(run), seconds, by == WarningCode.RAW_LOG_UNWRITABLE);
    }

    /**
     * What stopped {@code run}, in a word, as its record says it ({@code stopped by SIGTERM after …}), else by its
     * warning's code ({@link #stopper(WarningCode)}); {@code null} when gbakprof did not stop it.
     */
    public static String stopper(RestoreRun run) {
        WarningCode by = run.stoppedBy();
        if (by == null) {
            return null;
        }
        String f = run.failure();
        if (f != null && f.startsWith("stopped by ")) {
            String rest = f.substring(11);
            int end = rest.indexOf(' ');
            String word = end < 0 ? rest : rest.substring(0, end);
            return word.endsWith(":") ? word.substring(0, word.length() - 1) : word;
        }
        return stopper(by);
    }

    /**
     * What stopped a run, in a word: {@code --timeout}, {@code Ctrl-C}, or {@code gbakprof} (its raw log could not be
     * written).
     *
     * @param by {@link WarningCode#TIMEOUT}, {@link WarningCode#INTERRUPTED} or {@link WarningCode#RAW_LOG_UNWRITABLE}
     */
    public static String stopper(WarningCode by) {
        return switch (by) {
            case TIMEOUT -> "--timeout";
            case INTERRUPTED -> "Ctrl-C";
            case RAW_LOG_UNWRITABLE -> "gbakprof";
            default -> throw new IllegalArgumentException("not a stop: " + by);
        };
    }

    /** How many lines of one status vector gbak's error keeps: its first line and what follows it that says why. */
    static final int CAUSE_LINES = 3;

    /**
     * gbak's error among its error lines (see the class), or {@code null}. gbak prints a status vector as one {@code
     * ERROR:} line each, every line after its first indented ({@code ERROR:    Attempt to set in database number of
     * buffers which is out of acceptable range [50:2147483646]}, {@code ERROR:    Problematic key value is …}; a log
     * copied from a web page keeps one blank of the indentation): the error is its first {@code ERROR:} line and the
     * indented lines right after it, up to {@value #CAUSE_LINES} lines, each after the first without {@code ERROR:}
     * and its indentation, joined with {@code ": "}: {@code ERROR:bad parameters on attach or create database: Attempt
     * to set in database number of buffers which is out of acceptable range [50:2147483646]}. A later line that is not
     * indented ({@code ERROR:failed to create database …}) is gbak's next message, not the cause of this one.
     */
    public static String gbakError(List<String> errors) {
        for (int i = 0; i < errors.size(); i++) {
            if (errors.get(i).startsWith("ERROR:")) {
                StringBuilder error = new StringBuilder(errors.get(i).stripTrailing());
                for (int j = i + 1; j < errors.size() && j - i < CAUSE_LINES && continues(errors.get(j)); j++) {
                    error.append(": ").append(errors.get(j).substring(6).strip());
                }
                return error.toString();
            }
        }
        for (String e : errors) {
            String text = e.startsWith("-") ? e.substring(1) : e;
            if (AROUND_AN_ERROR.stream().noneMatch(text::startsWith)) {
                return e;
            }
        }
        return null;
    }

    /** An indented {@code ERROR:} line with words: the next line of the status vector before it. */
    private static boolean continues(String line) {
        return line.startsWith("ERROR:")
                && line.length() > 6
                && Character.isWhitespace(line.charAt(6))
                && !line.substring(6).isBlank();
    }
}
