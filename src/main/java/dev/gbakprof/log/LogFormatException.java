package dev.gbakprof.log;

import dev.gbakprof.model.GbakprofException;

/**
 * The input is not what gbakprof expected (not a gbak restore log, binary data, no timing columns…).
 * The message names the file, the line where it applies, and what was expected.
 */
public class LogFormatException extends GbakprofException.Refused {
    private static final long serialVersionUID = 1L;

    /** What kind of input it was, for a caller that says more about one kind (estimate, about a backup file). */
    public enum Reason {
        /** Bytes no text log has (NUL or control characters), or nothing but NUL bytes: a backup or database file? */
        BINARY,
        /** Text, but not what was expected. */
        NOT_A_LOG
    }

    private final String file;
    private final long line;
    private final Reason reason;

    public LogFormatException(String file, long line, String message) {
        this(file, line, Reason.NOT_A_LOG, message);
    }

    public LogFormatException(String file, long line, Reason reason, String message) {
        super(message);
        this.file = file;
        this.line = line;
        this.reason = reason;
    }

    /** As {@link #LogFormatException(String, long, String)}, with the exception that said it first. */
    public LogFormatException(String file, long line, String message, Throwable cause) {
        super(message, cause);
        this.file = file;
        this.line = line;
        this.reason = Reason.NOT_A_LOG;
    }

    public Reason reason() {
        return reason;
    }

    public String file() {
        return file;
    }

    /** 1-based line number, or 0 when the problem is the whole file. */
    public long line() {
        return line;
    }

    /** One line for the user: {@code file:line: message}. */
    @Override
    public String oneLine() {
        return (file == null ? "" : file + (line > 0 ? ":" + line : "") + ": ") + getMessage();
    }
}
