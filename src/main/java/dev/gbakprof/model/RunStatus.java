package dev.gbakprof.model;

import java.util.Locale;

/** How a restore ended, decided from gbak's own output. */
public enum RunStatus {
    /** gbak printed "finishing, closing, and going home" (or the total statistics line) and no error. */
    COMPLETED,
    /** gbak reported an error (e.g. an index that could not be activated), or the run was judged failed. */
    FAILED,
    /** The output just stops: gbak was killed, timed out, or the log was cut. */
    INCOMPLETE;

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
