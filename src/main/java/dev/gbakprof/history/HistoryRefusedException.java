package dev.gbakprof.history;

import dev.gbakprof.model.GbakprofException;

/** Run folders that cannot be read, or hold no restore of what was asked for: exit 2 with one line. */
public final class HistoryRefusedException extends GbakprofException.Refused {
    private static final long serialVersionUID = 1L;

    public HistoryRefusedException(String message) {
        super(message);
    }
}
