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
    private final int columns;

    ProgressDisplay(RestoreTimeline timeline, PrintStream out, boolean terminal, Double baselineSeconds) {
        this(timeline, out, terminal, baselineSeconds, terminal ? terminalColumns() : 0);
    }

    /** @param columns the terminal's width: the status line is cut to fit, or it would wrap and each redraw pile up */
    ProgressDisplay(RestoreTimeline timeline, PrintStream out, boolean terminal, Double baselineSeconds, int columns) {
        this.columns = columns;
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
        // one column left free: a line as wide as the terminal leaves some terminals at the next line
        String s = fit(status(p, now), columns - 1);
        StringBuilder sb = new StringBuilder("\r").append(s);
        for (int i = s.length(); i < lastWidth; i++) {
            sb.append(' ');
        }
        lastWidth = s.length();
        out.print(sb);
        out.flush();
    }

    /**
     * The status cut to {@code width} characters: the table and index names in the middle give way first, the
     * phase and the elapsed time and ETA at the ends stay.
     */
    static String fit(String status, int width) {
        if (status.length() <= width) {
            return status;
        }
        int tail = status.indexOf(" | elapsed ");
        int head = tail < 0 ? -1 : width - (status.length() - tail) - 3;
        if (head < "gbakprof: indexes ".length()) {
            return status.substring(0, Math.max(0, width));
        }
        return status.substring(0, head) + "..." + status.substring(tail);
    }

    /** The terminal's width: COLUMNS, else what {@code stty size} says of the terminal, else 80. */
    private static int terminalColumns() {
        try {
            int n = Integer.parseInt(System.getenv().getOrDefault("COLUMNS", "").strip());
            if (n > 0) {
                return n;
            }
        } catch (NumberFormatException ex) {
            // not exported (bash keeps COLUMNS to itself): ask the terminal
        }
        java.io.File tty = new java.io.File("/dev/tty");
        if (tty.exists()) {
            try {
                Process p = new ProcessBuilder("stty", "size").redirectInput(tty)
                        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
                String[] rowsCols = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.US_ASCII)
                        .strip().split("\\s+");
                if (p.waitFor(2, TimeUnit.SECONDS) && rowsCols.length == 2 && Integer.parseInt(rowsCols[1]) > 0) {
                    return Integer.parseInt(rowsCols[1]);
                }
            } catch (java.io.IOException | NumberFormatException ex) {
                // no stty (Windows) or no answer: the usual width
            } catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
            }
        }
        return 80;
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
