package dev.gbakprof.log;

import dev.gbakprof.model.Column;
import java.util.List;

/** Receives what the pipeline finds, one line at a time, while gbak runs or a log is read. */
public interface EventListener {

    /** A classified line (every non-blank line that is not the header). */
    void onEvent(Event event);

    /**
     * The statistics columns became known: from gbak's header line, or guessed from the numbers of an
     * excerpt without a header ({@code inferred}).
     */
    default void onColumns(List<Column> columns, boolean inferred, long lineNumber) {}
}
