package dev.gbakprof.run;

import dev.gbakprof.model.GbakprofException;

/** The run was refused before gbak started (a target that exists, a backup that is missing…): exit 2. */
public class RunRefusedException extends GbakprofException.Refused {
    private static final long serialVersionUID = 1L;

    public RunRefusedException(String message) {
        super(message);
    }
}
