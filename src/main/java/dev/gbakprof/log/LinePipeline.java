package dev.gbakprof.log;

import dev.gbakprof.model.Column;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The one path every gbak line takes: {@code line → StatLine → Event → listeners}. Push-based, one
 * line at a time, so a live gbak process and a saved log feed it the same way. Not thread-safe: push
 * from one thread.
 *
 * <p>A whole saved log can go through {@link #pushAll}: the same two halves ({@code parse}, then
 * {@code dispatch}) on two threads, in the same order (bench/parse-throughput on 2 vCPUs: best of 6 runs
 * 2.45 s against 2.59 s with {@link #push}, the same median).
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
        Object parsed = parse(line);
        if (parsed != null) {
            dispatch(parsed);
        }
    }

    /** What the columns became on a line, passed on in line order; {@code line} is that line's own result. */
    private record ColumnsChange(List<Column> columns, boolean inferred, long lineNumber, StatLine line) {
    }

    /** Two lines gbak wrote as one: a run killed in the middle of a line, and the next run appended. */
    private record Glued(Object first, Object second) {
    }

    /**
     * First half: the line's statistics and text; null for a blank line or a header that changed nothing.
     * A line with a second {@code gbak:} inside is two lines: the first one cut by a kill (SIGKILL stops gbak
     * between its writes), the second one the start of the next run's output appended to the same file.
     */
    private Object parse(CharSequence line) {
        lineNumber++;
        Object parsed = parsePiece(line);
        StatLine s = parsed instanceof ColumnsChange c ? c.line : (StatLine) parsed;
        if (s != null && s.text().contains("gbak:")) {
            int at = StatLineParser.secondPrefix(line);
            if (at > 0) {
                if (parsed instanceof ColumnsChange) {
                    parser.undoLastColumnsChange(); // the pieces are read again, each from the state before
                }
                Object first = parsePiece(new CutLine(line.subSequence(0, at)));
                CharSequence rest = line.subSequence(at, line.length());
                Object second = parsePiece(line instanceof CutLine ? new CutLine(rest) : rest);
                return first == null ? second : second == null ? first : new Glued(first, second);
            }
        }
        return parsed;
    }

    private Object parsePiece(CharSequence line) {
        boolean hadColumns = !parser.columns().isEmpty();
        long columnsLine = parser.columnsLine();
        StatLine parsed = parser.parse(line, lineNumber);
        if (parsed == StatLineParser.HEADER) {
            parsed = null;
        }
        if (parser.columnsLine() != columnsLine || (!hadColumns && !parser.columns().isEmpty())) {
            return new ColumnsChange(parser.columns(), parser.inferred(), lineNumber, parsed);
        }
        return parsed;
    }

    /** Second half: the listeners are told of new columns, then of the line's classified event. */
    private void dispatch(Object item) {
        if (item instanceof Glued g) {
            dispatch(g.first);
            dispatch(g.second);
            return;
        }
        StatLine line;
        if (item instanceof ColumnsChange c) {
            for (EventListener l : listeners) {
                l.onColumns(c.columns, c.inferred, c.lineNumber);
            }
            line = c.line;
        } else {
            line = (StatLine) item;
        }
        if (line == null) {
            return; // a header line: only its columns
        }
        Event event = EventClassifier.classify(line);
        for (EventListener l : listeners) {
            l.onEvent(event);
        }
    }

    /** A source of lines, such as {@link LogDecoder.Decoded#forEachLine}. */
    public interface LineSource {
        void forEachLine(java.util.function.Consumer<CharSequence> lines) throws IOException;
    }

    private static final int BATCH = 256;
    private static final Object[] END = new Object[0];

    /**
     * Pushes every line of {@code source} on two threads: this one reads and parses, a helper classifies
     * and calls the listeners, batch by batch through a short queue (memory stays bounded). Listeners
     * see exactly what {@link #push} would give them, in the same order, on the helper thread, and are
     * done when this returns. An exception thrown by a listener stops the reading and is rethrown here;
     * when the reading fails too (a later line), the listener's exception is the one thrown, as with
     * {@link #push}. Listeners must not call {@link #lineCount()} or {@link #columns()}: the reader is ahead.
     */
    public void pushAll(LineSource source) throws IOException {
        BlockingQueue<Object[]> queue = new ArrayBlockingQueue<>(4);
        Throwable[] failure = new Throwable[1];
        Thread helper = new Thread(() -> {
            try {
                for (Object[] batch = queue.take(); batch != END; batch = queue.take()) {
                    for (Object item : batch) {
                        if (item == null) {
                            break;
                        }
                        dispatch(item);
                    }
                }
            } catch (Throwable ex) { // a listener's exception, an Error, an interrupt: the caller gets it
                failure[0] = ex; // seen by the caller after join()
            }
        }, "gbakprof-pipeline");
        helper.setDaemon(true);
        helper.start();
        Object[][] batch = {new Object[BATCH]};
        int[] n = {0};
        Throwable readFailure = null;
        try {
            source.forEachLine(line -> {
                Object parsed = parse(line);
                if (parsed == null) {
                    return;
                }
                batch[0][n[0]++] = parsed;
                if (n[0] == BATCH) {
                    put(queue, batch[0], helper);
                    batch[0] = new Object[BATCH];
                    n[0] = 0;
                }
            });
            if (n[0] > 0) {
                put(queue, batch[0], helper);
            }
        } catch (HelperStopped stopped) {
            // the helper failed: its exception is thrown below
        } catch (IOException | RuntimeException | Error ex) {
            readFailure = ex;
            if (n[0] > 0 && !Thread.currentThread().isInterrupted()) {
                try {
                    put(queue, batch[0], helper); // the lines before the failed one, as push would have seen them
                } catch (RuntimeException helperGone) {
                    // the helper failed too: its exception is thrown below
                }
            }
        } finally {
            end(queue, helper); // after what is queued: the lines before a failed one are all seen, as with push
            join(helper);
        }
        // Both can fail: the helper's failure is on an earlier line (it is behind the reader), so it is the
        // one push would have met first; an interrupt of the helper is only the reader's own failure.
        Throwable f = failure[0];
        if (f != null && !(f instanceof InterruptedException && readFailure != null)) {
            if (readFailure != null) {
                f.addSuppressed(readFailure);
            }
            rethrow(f);
        }
        if (readFailure instanceof IOException io) {
            throw io;
        }
        if (readFailure != null) {
            rethrow(readFailure);
        }
    }

    private static void rethrow(Throwable t) {
        if (t instanceof RuntimeException re) {
            throw re;
        }
        if (t instanceof Error e) {
            throw e;
        }
        throw new IllegalStateException("the pipeline's helper thread stopped: " + t, t);
    }

    /** Hands a batch over; throws {@link HelperStopped} when the helper has ended (a listener failed). */
    private static void put(BlockingQueue<Object[]> queue, Object[] batch, Thread helper) {
        try {
            while (!queue.offer(batch, 50, TimeUnit.MILLISECONDS)) {
                if (!helper.isAlive()) {
                    throw new HelperStopped();
                }
            }
        } catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            throw new java.io.UncheckedIOException(new java.io.InterruptedIOException("interrupted while reading"));
        }
    }

    /** Tells the helper there is nothing more; never throws (it may have ended already). */
    private static void end(BlockingQueue<Object[]> queue, Thread helper) {
        try {
            while (helper.isAlive() && !queue.offer(END, 50, TimeUnit.MILLISECONDS)) {
                // the helper is still working through the queue
            }
        } catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            helper.interrupt(); // it stops at its next take()
        }
    }

    private static void join(Thread helper) {
        boolean interrupted = false;
        while (true) {
            try {
                helper.join();
                break;
            } catch (InterruptedException ex) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** The helper ended early: its exception is what the caller gets. */
    private static final class HelperStopped extends RuntimeException {
        HelperStopped() {
            super(null, null, false, false);
        }
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
