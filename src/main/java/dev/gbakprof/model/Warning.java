package dev.gbakprof.model;

import java.util.Objects;

/**
 * One warning on a run record: {@link #code()} decides (what code branches on), {@link #message()}
 * informs the reader. The record's JSON keeps the messages in {@code warnings} and the codes, in the same
 * order, in {@code warningCodes}.
 */
public record Warning(WarningCode code, String message) {

    public Warning {
        Objects.requireNonNull(code, "code");
        Objects.requireNonNull(message, "message");
    }

    public boolean is(WarningCode c) {
        return code == c;
    }

    /** The message, as the JSON, the console and the reports show it. */
    @Override
    public String toString() {
        return message;
    }
}
