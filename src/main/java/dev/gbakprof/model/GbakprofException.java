package dev.gbakprof.model;

/**
 * A failure gbakprof explains in one line and ends the command with a documented exit code. Every
 * package throws a subclass; {@code cli.Main} maps them once (picocli's {@code IExitCodeExceptionMapper}),
 * without knowing the subclasses. Any other exception is a bug or an I/O failure: exit 1.
 */
public abstract class GbakprofException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    protected GbakprofException(String message) {
        super(message);
    }

    protected GbakprofException(String message, Throwable cause) {
        super(message, cause);
    }

    /**
     * The process's exit code for this failure, one of {@link ExitCode}'s: {@value ExitCode#FAILED}, the command
     * failed, unless the subclass says otherwise ({@link Refused}).
     */
    public int exitCode() {
        return ExitCode.FAILED;
    }

    /** What the user reads, after {@code gbakprof: }. */
    public String oneLine() {
        return getMessage();
    }

    /** Bad input or usage, refused before any work: exit {@value ExitCode#BAD_INPUT}. */
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
            return ExitCode.BAD_INPUT;
        }
    }
}
