package dev.gbakprof.model;

/**
 * The signal that is stopping this process, for the words and the exit code of what it stopped: Ctrl-C ({@code
 * SIGINT}), or a {@code kill}, a scheduler's or a service manager's stop ({@code SIGTERM}, {@code SIGHUP}), which a
 * monitoring system must not read as a person's Ctrl-C.
 *
 * <p>Recorded by the handler that took the signal ({@code run/Signals}, while a command restores); when none was
 * recorded, Ctrl-C.
 */
public final class Interruption {
    private static volatile String signal;

    private Interruption() {}

    /** The signal {@code name} ({@code INT}, {@code TERM}, {@code HUP}) is stopping the process. */
    public static void received(String name) {
        signal = name;
    }

    /** What stopped the process, in a word: {@code Ctrl-C}, {@code SIGTERM}, {@code SIGHUP}. */
    public static String word() {
        String s = signal;
        return s == null || s.equals("INT") ? "Ctrl-C" : "SIG" + s;
    }

    /**
     * The exit status the process ends with after the signal: 128 + its number ({@link ExitCode#INTERRUPTED}, 130, for
     * Ctrl-C; 143 for {@code SIGTERM}, 129 for {@code SIGHUP}).
     */
    public static int exitCode() {
        String s = signal;
        if ("TERM".equals(s)) {
            return 143;
        }
        return "HUP".equals(s) ? 129 : ExitCode.INTERRUPTED;
    }
}
