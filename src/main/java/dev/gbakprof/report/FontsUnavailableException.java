package dev.gbakprof.report;

import dev.gbakprof.model.ExitCode;
import dev.gbakprof.model.GbakprofException;

/** No installed font can draw the charts; the message says which package to install. */
public class FontsUnavailableException extends GbakprofException {
    private static final long serialVersionUID = 1L;

    public FontsUnavailableException(String message) {
        super(message);
    }

    /** No chart could be drawn: the report failed (exit 1). */
    @Override
    public int exitCode() {
        return ExitCode.FAILED;
    }
}
