package dev.gbakprof.model;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Durations as a DBA writes and reads them. Written: seconds with milliseconds ({@code 12.345 s}), and hours and
 * minutes for long ones ({@code 4 h 07 min}); an unknown one is {@code unknown}. Read (an RTO, a timeout, a maximum
 * age): {@code 90s}, {@code 45m}, {@code 2h}, {@code 1h30m}, {@code 500ms}, a bare number of seconds.
 */
public final class Durations {
    private static final Pattern PART = Pattern.compile("(\\d+(?:\\.\\d+)?)(ms|h|m|s)");

    private Durations() {}

    /** What a duration may be, for messages and --help. */
    public static final String ALLOWED =
            "a number with a unit, ms, s, m or h, or several such as 1h30m (e.g. 90s, 45m, 2h, "
                    + "1h30m; a bare number is seconds), more than zero";

    /** A text given as a duration that is none, or is not more than zero: bad usage, one line naming the option. */
    public static final class NotADuration extends GbakprofException.Refused {
        private static final long serialVersionUID = 1L;

        NotADuration(String message) {
            super(message);
        }
    }

    /**
     * The duration {@code text} given to {@code option} (named in the message when it is not one).
     *
     * @throws NotADuration when {@code text} is no duration or not more than zero
     */
    public static Duration parse(String option, String text) {
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
            throw new NotADuration(option + " '" + text + "' is not a duration; expected " + ALLOWED);
        }
        if (Math.round(ms) <= 0) {
            throw new NotADuration(option + " '" + text + "': too short; expected " + ALLOWED
                    + (option.equals("--timeout") ? " (without --timeout gbak is never stopped)" : ""));
        }
        return Duration.ofMillis(Math.round(ms));
    }

    /**
     * The seconds of a duration as {@link #human} or {@link #seconds} wrote it ({@code 3.0 s}, {@code 3 min 05 s},
     * {@code 4 h 07 min}), or {@code null} when {@code text} is none.
     */
    public static Double read(String text) {
        String s = text.replace(" ", "").replace("min", "m");
        if (s.matches("0+(\\.0+)?s")) {
            return 0.0; // a stop in the first 50 ms
        }
        try {
            return parse("", s).toMillis() / 1000.0;
        } catch (NotADuration ex) {
            return null;
        }
    }

    /** {@code 12.345 s}, or {@code unknown}. */
    public static String seconds(Double s) {
        return s == null ? "unknown" : Rounding.halfEven(s, 3).toPlainString() + " s";
    }

    /** {@code 4 h 07 min}, {@code 3 min 05 s}, {@code 12.3 s}, or {@code unknown}. */
    public static String human(Double s) {
        if (s == null) {
            return "unknown";
        }
        if (s < 60) {
            return Rounding.halfEven(s, 1).toPlainString() + " s";
        }
        long total = Rounding.whole(s);
        long h = total / 3600;
        long m = (total % 3600) / 60;
        long sec = total % 60;
        if (h > 0) {
            return String.format(Locale.ROOT, "%d h %02d min", h, m);
        }
        return String.format(Locale.ROOT, "%d min %02d s", m, sec);
    }
}
