package dev.gbakprof.cli;

import java.util.Map;

/**
 * What the screen gbakprof writes to can take. {@code NO_COLOR} (https://no-color.org: set and not empty) turns
 * off colours and other ANSI escape codes (picocli's highlighted --help). {@code TERM=dumb} (Emacs' shell, some
 * CI consoles, editors' terminals) turns them off too, and the progress of a restore is then written as plain
 * lines, as into a file, instead of one status line redrawn in place with carriage returns.
 */
final class Terminal {
    private Terminal() {}

    /** Whether ANSI escape codes are allowed (then picocli still decides by the console, as it does). */
    static boolean colours(Map<String, String> env) {
        String noColor = env.get("NO_COLOR");
        return (noColor == null || noColor.isEmpty()) && !dumb(env);
    }

    /** Whether the progress of a restore may redraw one status line in place (a console that is not dumb). */
    static boolean redraws(Map<String, String> env, boolean console) {
        return console && !dumb(env);
    }

    /** This process's console: {@link #redraws(Map, boolean)} for the real environment and console. */
    static boolean redraws() {
        return redraws(System.getenv(), System.console() != null);
    }

    private static boolean dumb(Map<String, String> env) {
        return "dumb".equals(env.get("TERM"));
    }
}
