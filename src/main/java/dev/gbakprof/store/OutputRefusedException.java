package dev.gbakprof.store;

import dev.gbakprof.model.GbakprofException;

/**
 * An output gbakprof will not write because it would lose something (a file it did not write, one of
 * the inputs); refused before anything is written. The message names the file and says how to proceed.
 */
public class OutputRefusedException extends GbakprofException.Refused {
    private static final long serialVersionUID = 1L;

    public OutputRefusedException(String message) {
        super(message);
    }
}
