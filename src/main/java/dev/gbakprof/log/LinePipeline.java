package dev.gbakprof.log;

import java.util.ArrayList;
import java.util.List;

/**
 * The one path every gbak line takes: {@code line → StatLine → Event → listeners}. Push-based, one
 * line at a time, so a live gbak process and a saved log feed it the same way. Not thread-safe: push
 * from one thread.
 */
public final class LinePipeline {
    private final StatLineParser parser = new StatLineParser();
    private final List<EventListener> listeners = new ArrayList<>(2);
    private long lineNumber;

    public LinePipeline(EventListener... listeners) {
        for (EventListener l : listeners) {
            addListener(l);
        }
    }

    public LinePipeline addListener(EventListener listener) {
        listeners.add(listener);
        return this;
    }

    /**
     * Pushes one line (without its line terminator; a trailing CR is tolerated). The line need not
     * outlive the call: only the parts of it that matter are kept.
     */
    public void push(CharSequence line) {
        lineNumber++;
        boolean hadColumns = !parser.columns().isEmpty();
        long columnsLine = parser.columnsLine();
        StatLine parsed = parser.parse(line, lineNumber);
        if (parser.columnsLine() != columnsLine || (!hadColumns && !parser.columns().isEmpty())) {
            for (EventListener l : listeners) {
                l.onColumns(parser.columns(), parser.inferred(), lineNumber);
            }
        }
        if (parsed == null || parsed == StatLineParser.HEADER) {
            return;
        }
        Event event = EventClassifier.classify(parsed);
        for (EventListener l : listeners) {
            l.onEvent(event);
        }
    }

    /** Lines pushed so far. */
    public long lineCount() {
        return lineNumber;
    }

    public List<Column> columns() {
        return parser.columns();
    }
}
