package dev.gbakprof.cli;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parses durations as a DBA writes them: {@code 90s}, {@code 45m}, {@code 2h}, {@code 1h30m}, {@code 500ms}. */
final class Durations {
    private static final Pattern PART = Pattern.compile("(\\d+(?:\\.\\d+)?)(ms|h|m|s)");

    private Durations() {
    }

    static Duration parse(String text) {
        String s = text.trim().toLowerCase(java.util.Locale.ROOT);
        if (s.matches("\\d+(\\.\\d+)?")) {
            return Duration.ofMillis(Math.round(Double.parseDouble(s) * 1000));
        }
        Matcher m = PART.matcher(s);
        int pos = 0;
        double ms = 0;
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
        if (pos != s.length() || pos == 0 || ms <= 0) {
            throw new UsageException("'" + text + "' is not a duration; expected e.g. 90s, 45m, 2h or 1h30m");
        }
        return Duration.ofMillis(Math.round(ms));
    }
}
