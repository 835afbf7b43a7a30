package dev.gbakprof.model;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The signal that is stopping this process, for the words and the exit code of what it stopped: Ctrl-C ({@code
 * SIGINT}), or a {@code kill}, a scheduler's or a service manager's stop ({@code SIGTERM}, {@code SIGHUP}), which a
 * monitoring system must not read as a person's Ctrl-C.
 *
 * <p>Read from the thread the JVM runs a signal's handler in, which starts the shutdown and waits in it while the
 * shutdown hooks run ({@code SIGTERM handler}: the JDK names it after the signal); nothing is installed at start, so
 * a command pays nothing for it. Where no such thread is seen (a JVM that names it otherwise), Ctrl-C, as before.
 */
public final class Interruption {
    private static final Pattern HANDLER = Pattern.compile("SIG([A-Z]+) handler");

    private Interruption() {}

    /** What stopped the process, in a word: {@code Ctrl-C}, {@code SIGTERM}, {@code SIGHUP}. */
    public static String word() {
        String s = signal();
        return s == null || s.equals("INT") ? "Ctrl-C" : "SIG" + s;
    }

    /**
     * The exit status the JVM ends with after the signal: 128 + its number ({@link ExitCode#INTERRUPTED}, 130, for
     * Ctrl-C; 143 for {@code SIGTERM}, 129 for {@code SIGHUP}).
     */
    public static int exitCode() {
        String s = signal();
        if ("TERM".equals(s)) {
            return 143;
        }
        return "HUP".equals(s) ? 129 : ExitCode.INTERRUPTED;
    }

    /** The name of the signal whose handler's thread is alive ({@code TERM}), or {@code null}. */
    private static String signal() {
        ThreadGroup root = Thread.currentThread().getThreadGroup();
        while (root.getParent() != null) {
            root = root.getParent();
        }
        Thread[] threads = new Thread[root.activeCount() + 16];
        int n = root.enumerate(threads, true);
        for (int i = 0; i < n; i++) {
            Matcher m = HANDLER.matcher(threads[i].getName());
            if (m.matches()) {
                return m.group(1);
            }
        }
        return null;
    }
}
