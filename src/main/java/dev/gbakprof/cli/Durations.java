package dev.gbakprof.cli;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parses durations as a DBA writes them: {@code 90s}, {@code 45m}, {@code 2h}, {@code 1h30m}, {@code 500ms}. */
final class Durations {
    private static final Pattern PART = Pattern.compile("(\\d+(?:\\.\\d+)?)(ms|h|m|s)");

    private Durations() {}

    /** What a duration may be, for messages and --help. */
    static final String ALLOWED = "a number with a unit, ms, s, m or h, or several such as 1h30m (e.g. 90s, 45m, 2h, "
            + "1h30m; a bare number is seconds), more than zero";

    /** The duration {@code text} given to {@code option} (named in the message when it is not one). */
    static Duration parse(String option, String text) {
        String s = text.trim().toLowerCase(Locale.ROOT);
        double ms = 0;
        int pos = 0;
        if (s.matches("\\d+(\\.\\d+)?")) {
            ms = Double.parseDouble(s) * 1000;
            pos = s.length();
        } else {
            Matcher m = PART.matcher(s);
            while (m.find() && m.start() == pos) {
                double v = Double.parseDouble(m.group(1));
                ms += switch (m.group(2)) {
                    case "h" -> v * 3_600_000;
                    case "m" -> v * 60_000;
                    case "s" -> v * 1000;
                    default -> v;
                };
                pos = m.end();
            }
        }
        if (pos != s.length() || pos == 0) {
            throw new UsageException(option + " '" + text + "' is not a duration; expected " + ALLOWED);
        }
        if (Math.round(ms) <= 0) {
            throw new UsageException(option + " '" + text + "': too short; expected " + ALLOWED
                    + (option.equals("--timeout") ? " (without --timeout gbak is never stopped)" : ""));
        }
        return Duration.ofMillis(Math.round(ms));
    }
}
