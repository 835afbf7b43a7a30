package dev.gbakprof.model;

/**
 * A failure gbakprof explains in one line and ends the command with a documented exit code. Every
 * package throws a subclass; {@code cli.Main} maps them once (picocli's {@code IExitCodeExceptionMapper}),
 * without knowing the subclasses. Any other exception is a bug or an I/O failure: exit 1.
 */
public abstract class GbakprofException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** The restore or the analysis failed (gbak reported an error, a verification failed). */
    public static final int FAILED = 1;
    /** Bad usage, unreadable input, an output that cannot or may not be written: refused before any work. */
    public static final int BAD_INPUT = 2;

    protected GbakprofException(String message) {
        super(message);
    }

    protected GbakprofException(String message, Throwable cause) {
        super(message, cause);
    }

    /** The process's exit code for this failure. */
    public abstract int exitCode();

    /** What the user reads, after {@code gbakprof: }. */
    public String oneLine() {
        return getMessage();
    }

    /** Bad input or usage, refused before any work: exit {@value #BAD_INPUT}. */
    public abstract static class Refused extends GbakprofException {
        private static final long serialVersionUID = 1L;

        protected Refused(String message) {
            super(message);
        }

        protected Refused(String message, Throwable cause) {
            super(message, cause);
        }

        @Override
        public int exitCode() {
            return BAD_INPUT;
        }
    }
}
