package dev.gbakprof.report;

import java.util.Locale;

/** Durations the way a DBA reads them: seconds with milliseconds, and hours/minutes for long ones. */
public final class Durations {
    private Durations() {}

    /** {@code 12.345 s}, or {@code unknown}. */
    public static String seconds(Double s) {
        return s == null ? "unknown" : String.format(Locale.ROOT, "%.3f s", s);
    }

    /** {@code 4 h 07 min}, {@code 3 min 05 s}, {@code 12.3 s}. */
    public static String human(Double s) {
        if (s == null) {
            return "unknown";
        }
        if (s < 60) {
            return String.format(Locale.ROOT, "%.1f s", s);
        }
        long total = Math.round(s);
        long h = total / 3600;
        long m = (total % 3600) / 60;
        long sec = total % 60;
        if (h > 0) {
            return String.format(Locale.ROOT, "%d h %02d min", h, m);
        }
        return String.format(Locale.ROOT, "%d min %02d s", m, sec);
    }
}
