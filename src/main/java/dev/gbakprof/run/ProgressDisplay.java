package dev.gbakprof.run;

import dev.gbakprof.log.Event;
import dev.gbakprof.log.EventListener;
import dev.gbakprof.report.Durations;
import dev.gbakprof.timeline.Progress;
import dev.gbakprof.timeline.RestoreTimeline;

import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Shows a running restore. On a terminal: one status line rewritten in place (phase, table and records,
 * indexes built N of M, elapsed, ETA from a baseline run). Elsewhere (CI, a file): plain lines at each
 * phase change and at most every 10 s, with no carriage returns or colour codes.
 */
final class ProgressDisplay implements EventListener, AutoCloseable {
    private static final long PLAIN_EVERY_NANOS = 10_000_000_000L;

    private final RestoreTimeline timeline;
    private final PrintStream out;
    private final boolean terminal;
    private final Double baselineSeconds;
    private final long startNanos;
    private ScheduledExecutorService ticker;
    private int furthestPhase = -1;
    private long lastPlainNanos;
    private int lastWidth;

    ProgressDisplay(RestoreTimeline timeline, PrintStream out, boolean terminal, Double baselineSeconds) {
        this.timeline = timeline;
        this.out = out;
        this.terminal = terminal;
        this.baselineSeconds = baselineSeconds;
        this.startNanos = System.nanoTime();
        if (terminal) {
            ticker = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "gbakprof-progress");
                t.setDaemon(true);
                return t;
            });
            ticker.scheduleAtFixedRate(this::redraw, 1, 1, TimeUnit.SECONDS);
        }
    }

    @Override
    public void onEvent(Event event) {
        // called under the pipeline's lock, from gbak's output threads
        Progress p = timeline.progress();
        long now = System.nanoTime();
        if (terminal) {
            draw(p, now);
        } else if (p.phase().ordinal() > furthestPhase || now - lastPlainNanos >= PLAIN_EVERY_NANOS) {
            // gbak goes back and forth between index definitions (metadata) and table data: only a
            // phase not reached before is news
            furthestPhase = Math.max(furthestPhase, p.phase().ordinal());
            lastPlainNanos = now;
            out.println(status(p, now));
            out.flush();
        }
    }

    private void redraw() {
        synchronized (this) {
            draw(timeline.progress(), System.nanoTime());
        }
    }

    private synchronized void draw(Progress p, long now) {
        String s = status(p, now);
        StringBuilder sb = new StringBuilder("\r").append(s);
        for (int i = s.length(); i < lastWidth; i++) {
            sb.append(' ');
        }
        lastWidth = s.length();
        out.print(sb);
        out.flush();
    }

    String status(Progress p, long now) {
        double elapsed = (now - startNanos) / 1e9;
        StringBuilder sb = new StringBuilder("gbakprof: ").append(String.format(Locale.ROOT, "%-8s", p.phase().label()));
        if (p.table() != null) {
            sb.append(String.format(Locale.ROOT, " | table %s %,d records", p.table(), p.records()));
        }
        if (p.indexesTotal() > 0 || p.indexesStarted() > 0) {
            sb.append(String.format(Locale.ROOT, " | indexes %d of %d", p.indexesBuilt(), p.indexesTotal()));
            if (p.currentIndex() != null) {
                sb.append(" (").append(p.currentIndex()).append(')');
            }
        }
        sb.append(" | elapsed ").append(Durations.human(elapsed));
        if (baselineSeconds != null) {
            double left = baselineSeconds - elapsed;
            sb.append(left > 0 ? " | ETA ~" + Durations.human(left) : " | past the baseline's " + Durations.human(baselineSeconds));
        }
        return sb.toString();
    }

    @Override
    public void close() {
        if (ticker != null) {
            ticker.shutdownNow();
        }
        if (terminal) {
            synchronized (this) {
                out.print("\r" + " ".repeat(lastWidth) + "\r");
                out.flush();
            }
        }
    }
}
