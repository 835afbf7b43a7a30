package dev.gbakprof.power;

/** A power plan cannot be read or set; the message says why and what to do, in one line. */
public class PowerPlanException extends RuntimeException {
    public PowerPlanException(String message) {
        super(message);
    }

    public PowerPlanException(String message, Throwable cause) {
        super(message, cause);
    }
}
