package dev.gbakprof.power;

import dev.gbakprof.model.GbakprofException;

/** A power plan cannot be read or set (the command failed: exit 1); the message says why and what to do, in one line. */
public class PowerPlanException extends GbakprofException {
    private static final long serialVersionUID = 1L;

    public PowerPlanException(String message) {
        super(message);
    }

    public PowerPlanException(String message, Throwable cause) {
        super(message, cause);
    }
}
