package dev.gbakprof.run;

/** The run was refused before gbak started (a target that exists, a backup that is missing…): exit 2. */
public class RunRefusedException extends RuntimeException {
    public RunRefusedException(String message) {
        super(message);
    }
}
