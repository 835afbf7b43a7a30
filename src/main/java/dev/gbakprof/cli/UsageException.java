package dev.gbakprof.cli;

import dev.gbakprof.model.GbakprofException;

/** Bad usage the option parser cannot see (conflicting or missing values); exits 2 with one line. */
class UsageException extends GbakprofException.Refused {
    private static final long serialVersionUID = 1L;

    public UsageException(String message) {
        super(message);
    }
}
