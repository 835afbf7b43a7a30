package dev.gbakprof.log;

import dev.gbakprof.model.Column;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The one path every gbak line takes: {@code line → StatLine → Event → listeners}. Push-based, one
 * line at a time, so a live gbak process and a saved log ({@link #pushAll}) feed it the same way, on the
 * caller's thread. Not thread-safe: push from one thread.
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
     * outlive the call: only the parts of it that matter are kept. The listeners are told of new columns,
     * then of the line's classified event.
     *
     * <p>A line with a second {@code gbak:} inside is two lines: the first one cut by a kill (SIGKILL stops
     * gbak between its writes), the second one the start of the next run's output appended to the same file.
     * Each piece is read from the columns in force before the line, one after the other.
     */
    public void push(CharSequence line) {
        lineNumber++;
        StatLineParser.ColumnState before = parser.state();
        StatLine parsed = parser.parse(line, lineNumber);
        if (parsed != null && parsed.text().contains("gbak:")) {
            int at = StatLineParser.secondPrefix(line);
            if (at > 0) {
                parser.restore(before);
                piece(new CutLine(line.subSequence(0, at)));
                CharSequence rest = line.subSequence(at, line.length());
                piece(line instanceof CutLine ? new CutLine(rest) : rest);
                return;
            }
        }
        dispatch(before, parsed);
    }

    private void piece(CharSequence piece) {
        StatLineParser.ColumnState before = parser.state();
        dispatch(before, parser.parse(piece, lineNumber));
    }

    /** Tells the listeners what one line (or piece) gave: the columns it changed, its event. */
    private void dispatch(StatLineParser.ColumnState before, StatLine parsed) {
        StatLineParser.ColumnState now = parser.state();
        if (now != before) {
            for (EventListener l : listeners) {
                l.onColumns(now.columns(), now.inferred(), now.line());
            }
        }
        if (parsed == null || parsed == StatLineParser.HEADER) {
            return; // a blank line; a header line: only its columns
        }
        Event event = EventClassifier.classify(parsed);
        for (EventListener l : listeners) {
            l.onEvent(event);
        }
    }

    /** A source of lines, such as {@link LogDecoder.Decoded#forEachLine}. */
    public interface LineSource {
        void forEachLine(Consumer<CharSequence> lines) throws IOException;
    }

    /**
     * Pushes every line of {@code source}, as {@link #push} would, on this thread. An exception thrown by a
     * listener stops the reading and reaches the caller. (A second thread that classified and called the
     * listeners while this one parsed cost CPU and saved none; it shortened the wall time only where a second
     * CPU was free for it: docs/dev/BENCHMARKS.md, bench/parse-throughput.)
     */
    public void pushAll(LineSource source) throws IOException {
        source.forEachLine(this::push);
    }

    /**
     * A line gbak did not finish (killed between two of its writes), to {@link #push}: only the columns gbak
     * completed are read, and no message is guessed from a cut one.
     */
    public static CharSequence unfinished(CharSequence line) {
        return new CutLine(line);
    }

    /** Lines pushed so far. */
    public long lineCount() {
        return lineNumber;
    }

    public List<Column> columns() {
        return parser.columns();
    }
}
