package dev.gbakprof.log;

import dev.gbakprof.model.GbakprofException;

/**
 * The input is not what gbakprof expected (not a gbak restore log, binary data, no timing columns…).
 * The message names the file, the line where it applies, and what was expected.
 */
public class LogFormatException extends GbakprofException.Refused {
    private static final long serialVersionUID = 1L;

    private final String file;
    private final long line;

    public LogFormatException(String file, long line, String message) {
        super(message);
        this.file = file;
        this.line = line;
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
