package dev.gbakprof.cli;

/** Bad usage the option parser cannot see (conflicting or missing values); exits 2 with one line. */
public class UsageException extends RuntimeException {
    public UsageException(String message) {
        super(message);
    }
}
