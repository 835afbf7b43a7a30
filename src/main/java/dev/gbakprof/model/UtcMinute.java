package dev.gbakprof.model;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/** An instant written to the minute in UTC, as run records store times: {@code 2026-12-07 14:25}. */
public final class UtcMinute {
    private static final DateTimeFormatter MINUTE =
            DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm", Locale.ROOT).withZone(ZoneOffset.UTC);

    private UtcMinute() {}

    /** {@code 2026-12-07 14:25}, without the zone's name. */
    public static String of(Instant t) {
        return MINUTE.format(t);
    }
}
