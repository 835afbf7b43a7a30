package dev.gbakprof.power;

/** No plan answers to the name given to {@code --set}; the message lists what would. */
public class UnknownPlanException extends PowerPlanException {
    private static final long serialVersionUID = 1L;

    public UnknownPlanException(String message) {
        super(message);
    }
}
