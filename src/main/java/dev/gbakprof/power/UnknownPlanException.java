package dev.gbakprof.power;

/** No plan answers to the name given to {@code --set}; the message lists what would. */
public class UnknownPlanException extends PowerPlanException {
    public UnknownPlanException(String message) {
        super(message);
    }
}
