package dev.gbakprof.model;

import java.time.Duration;
import java.util.List;
import java.util.regex.Pattern;

/**
 * gbak's exit code in words, for the record and the console alike. A code above 128 is, as a shell reports it, 128 +
 * the number of the signal that ended gbak (Java's {@code Process.exitValue()} on Linux gives the same): 130 SIGINT,
 * 137 SIGKILL, 141 SIGPIPE, 143 SIGTERM. Whether gbakprof sent it, or its stop caused it, depends on whether
 * gbakprof was stopping gbak, and why.
 */
public final class GbakExit {

    /** How long gbakprof's stop waits after its SIGTERM before it kills (SIGKILL) gbak and what gbak started. */
    public static final Duration STOP_GRACE = Duration.ofSeconds(10);

    private GbakExit() {}

    /**
     * {@code gbak exit code 141: SIGPIPE, gbak wrote to the output gbakprof had stopped reading}; {@code gbak exit
     * code 1} (no words: gbak's own code); {@code gbak exit code unknown} when there is none.
     *
     * @param stop why gbakprof stopped gbak ({@link WarningCode#TIMEOUT}, {@link WarningCode#INTERRUPTED}, {@link
     *     WarningCode#RAW_LOG_UNWRITABLE}), or {@code null} when it did not
     */
    public static String words(Integer code, WarningCode stop) {
        if (code == null) {
            return "gbak exit code unknown";
        }
        String meaning = meaning(code, stop);
        return "gbak exit code " + code + (meaning == null ? "" : ": " + meaning);
    }

    /**
     * gbak ended by a SIGINT that gbakprof did not get: where gbakprof ignores SIGINT ({@code sigintIgnored}: started as
     * a background job of a script, as a shell without job control starts {@code cmd &}), a Ctrl-C to the process
     * group reaches gbak alone, and Firebird 4.0's gbak, which sets its own handler, shuts its engine down and exits 1,
     * its first error {@code connection shutdown} or {@code database … shutdown} (3 of 3 times; Firebird 3.0's gbak
     * keeps SIGINT ignored). Not a failed restore: a stopped one. Where gbakprof gets SIGINT itself, such an end is not
     * told apart from an engine shut down by other means (a {@code gfix -shut}, a server stopped), and stays gbak's.
     *
     * @param errors gbak's error lines, as the record keeps them
     */
    public static boolean bySigint(Integer code, List<String> errors, boolean sigintIgnored) {
        if (!sigintIgnored || code == null || code == 0) {
            return false;
        }
        String error = FailureReason.gbakError(errors);
        return error != null && ENGINE_SHUTDOWN.matcher(error).matches();
    }

    /**
     * gbak's error ({@link FailureReason#gbakError}, with the lines of its status vector after it) when its engine was
     * shut down under it: the connection, or the database it restores.
     */
    private static final Pattern ENGINE_SHUTDOWN =
            Pattern.compile("ERROR:\\s*(?:connection shutdown|database .* shutdown)\\s*(?:: .*)?");

    /**
     * The signal behind {@code code} and who sent it, or {@code null} for a code that is gbak's own (0, 1, …).
     *
     * @param stop as for {@link #words}
     */
    public static String meaning(int code, WarningCode stop) {
        boolean stopped = stop == WarningCode.TIMEOUT
                || stop == WarningCode.INTERRUPTED
                || stop == WarningCode.RAW_LOG_UNWRITABLE;
        return switch (code) {
            case 130 ->
                stop == WarningCode.INTERRUPTED
                        ? "SIGINT, the Ctrl-C reached gbak too"
                        : "SIGINT, a Ctrl-C or kill -INT gbakprof did not send";
            case 137 ->
                stopped
                        ? "SIGKILL, sent by gbakprof: gbak had not ended " + STOP_GRACE.toSeconds()
                                + " s after its SIGTERM"
                        : "SIGKILL, a kill gbakprof did not send (kill -9, the kernel's out-of-memory killer)";
            case 141 ->
                stopped
                        ? "SIGPIPE, gbak wrote to the output gbakprof had stopped reading"
                        : "SIGPIPE, gbak wrote to an output nobody read any more";
            case 143 -> stopped ? "SIGTERM, sent by gbakprof's stop" : "SIGTERM, a signal gbakprof did not send";
            default -> code > 128 && code <= 128 + 64 ? "ended by signal " + (code - 128) : null;
        };
    }
}
