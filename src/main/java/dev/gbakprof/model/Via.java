package dev.gbakprof.model;

import java.util.Locale;

/** How a run record was made: the record's {@code via}, written as the lower-case name. */
public enum Via {
    /** A live run of the gbak tool. */
    GBAK,
    /** A live restore by the server, through the services API (Jaybird's {@code FBBackupManager}). */
    SERVICE,
    /** An existing log was parsed. */
    LOG;

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The route {@code run --via WORD} names ({@code gbak} or {@code service}), {@code null} for any other word. */
    public static Via route(String word) {
        return GBAK.toString().equals(word) ? GBAK : SERVICE.toString().equals(word) ? SERVICE : null;
    }
}
