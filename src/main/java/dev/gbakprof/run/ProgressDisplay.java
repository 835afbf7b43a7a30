package dev.gbakprof.run;

import dev.gbakprof.forecast.LiveEta;
import dev.gbakprof.log.Event;
import dev.gbakprof.log.EventListener;
import dev.gbakprof.model.Durations;
import dev.gbakprof.model.Phase;
import dev.gbakprof.store.RunMarker;
import dev.gbakprof.timeline.Progress;
import dev.gbakprof.timeline.RestoreTimeline;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Shows a running restore. On a terminal: one status line rewritten in place (phase, table and records,
 * indexes defined so far or built N of M, elapsed, ETA with its range from a baseline run: {@link LiveEta}), at most
 * ten times a second: gbak prints hundreds of lines a second, and one redraw each floods a slow console (a remote
 * desktop's or an SSH session's); the newest state is drawn at most 0.15 s after the line that brought it.
 * Elsewhere (CI, a file): plain lines at each phase change and at most every 10 s, with no carriage returns
 * or colour codes.
 */
final class ProgressDisplay implements EventListener, AutoCloseable {
    private static final long PLAIN_EVERY_NANOS = 10_000_000_000L;

    /** The least time between two redraws of the status line: ten a second. */
    static final long REDRAW_EVERY_NANOS = 100_000_000L;

    /** How often the ticker looks for a state left undrawn (a line that came within a redraw's tenth of a second). */
    private static final long LOOK_EVERY_NANOS = REDRAW_EVERY_NANOS / 2;

    /** The clock's redraw when no line comes: the elapsed time moves on. */
    private static final long TICK_EVERY_NANOS = 1_000_000_000L;

    /**
     * How long gbak may stay after the last line of a finished restore (or backup) before the display says that it has
     * not exited: what gbak does after its last line prints nothing (a restore sets the database's ONLINE and FORCED
     * WRITES flags it announced, then gbak detaches) and takes seconds, but an embedded Firebird tool can hang at its
     * detach for good (FirebirdSQL/firebird#7589).
     */
    static final Duration EXIT_WAIT = Duration.ofSeconds(60);

    /** The least time between two ETAs written into the run's marker. */
    static final long REPORT_EVERY_NANOS = 2_000_000_000L;

    private RunMarker marker;
    private long lastReportNanos = -1;

    private final RestoreTimeline timeline;
    private final PrintStream out;
    private final boolean terminal;
    private final Eta eta;
    private final long startNanos;
    private final Map<String, Long> rows = new LinkedHashMap<>();
    private final Set<String> started = new LinkedHashSet<>();
    private double currentSince;
    private String basis;
    /** How the last range was computed. */
    private String spread;

    private String positionNote;
    /** Said once on a line of its own: why the ETA goes by rows. */
    private String pendingNote;

    private boolean noted;
    private ScheduledExecutorService ticker;
    /** {@link #EXIT_WAIT} or a test's; 0: no watch (the services route: the server's work, no gbak here). */
    private final long exitWaitNanos;
    /** When the last line came of a run whose output had reached its end; -1 before. */
    private volatile long endNanos = -1;

    private boolean exitNoted;
    private int furthestPhase = -1;
    private long lastPlainNanos;
    private int lastWidth;
    private final int columns;
    /** When the status line was last drawn; -1 before. */
    private long lastDrawNanos = -1;
    /** A line came since the last redraw: its state is drawn at the next tick. */
    private boolean stale;
    /** {@link #REDRAW_EVERY_NANOS}, or 0: every line's state drawn. */
    private final long redrawEveryNanos;

    /**
     * What the ETA is computed from.
     *
     * @param model       the baseline's model, {@code null} when there is no baseline (no ETA, {@code why} says so)
     * @param position    the backup's read position, {@code null} when it cannot be had ({@code why} says so)
     * @param backupBytes the backup's size, for the position's fraction
     * @param why         what is missing, or {@code null}
     */
    record Eta(LiveEta model, BackupPosition position, Long backupBytes, String why) {
        static final Eta NONE = new Eta(null, null, null, null);
    }

    /** @param exitWait {@link #EXIT_WAIT} for gbak's output, {@code null} for a route that runs no gbak here */
    ProgressDisplay(RestoreTimeline timeline, PrintStream out, boolean terminal, Eta eta, Duration exitWait) {
        this(timeline, out, terminal, eta, terminal ? terminalColumns() : 0, exitWait);
    }

    /**
     * A display that draws the state of every line, however fast they come: for what each state shows.
     *
     * @param columns the terminal's width: the status line is cut to fit, or it would wrap and each redraw pile up
     */
    ProgressDisplay(RestoreTimeline timeline, PrintStream out, boolean terminal, Eta eta, int columns) {
        this(timeline, out, terminal, eta, columns, null, 0);
    }

    ProgressDisplay(
            RestoreTimeline timeline, PrintStream out, boolean terminal, Eta eta, int columns, Duration exitWait) {
        this(timeline, out, terminal, eta, columns, exitWait, REDRAW_EVERY_NANOS);
    }

    private ProgressDisplay(
            RestoreTimeline timeline,
            PrintStream out,
            boolean terminal,
            Eta eta,
            int columns,
            Duration exitWait,
            long redrawEveryNanos) {
        this.redrawEveryNanos = redrawEveryNanos;
        this.columns = columns;
        this.timeline = timeline;
        this.out = out;
        this.terminal = terminal;
        this.eta = eta == null ? Eta.NONE : eta;
        this.startNanos = System.nanoTime();
        this.exitWaitNanos = exitWait == null ? 0 : exitWait.toNanos();
        if (terminal || exitWaitNanos > 0) {
            ticker = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "gbakprof-progress");
                t.setDaemon(true);
                return t;
            });
        }
        if (terminal) {
            ticker.scheduleAtFixedRate(this::redraw, LOOK_EVERY_NANOS, LOOK_EVERY_NANOS, TimeUnit.NANOSECONDS);
        }
        if (exitWaitNanos > 0) {
            long every = Math.max(10, Math.min(1000, exitWaitNanos / 4_000_000));
            ticker.scheduleAtFixedRate(this::watchExit, every, every, TimeUnit.MILLISECONDS);
        }
    }

    /** Seconds since the last line of a run whose output reached its end; {@code null} before it, or with no watch. */
    Double secondsAfterEnd() {
        long end = endNanos;
        return end < 0 ? null : (System.nanoTime() - end) / 1e9;
    }

    /**
     * Says once, on a line of its own, that gbak has not exited {@link #EXIT_WAIT} after the last line of a finished
     * restore, and what stops it: a DBA watching, or a nightly job's log, sees why the run does not end.
     */
    private void watchExit() {
        long end = endNanos;
        long now = System.nanoTime();
        if (end < 0 || now - end < exitWaitNanos) {
            return;
        }
        synchronized (this) {
            if (exitNoted) {
                return;
            }
            exitNoted = true;
            boolean backup = timeline.isBackup();
            pendingNote = "gbakprof: gbak printed the end of the " + (backup ? "backup" : "restore") + " "
                    + Durations.human((now - end) / 1e9) + " ago and has not exited: what it does after its last line"
                    + " prints nothing, and an embedded Firebird tool can hang at its detach (FirebirdSQL/firebird#7589)."
                    + " gbakprof waits for it; Ctrl-C (or --timeout, in a scheduled run) stops it"
                    + (backup ? "" : ", and the database, restored to its end, is not removed as partial");
            if (terminal) {
                draw(timeline.progress(), now);
            } else {
                note();
                out.flush();
            }
        }
    }

    @Override
    public void onEvent(Event event) {
        // called under the pipeline's lock, from gbak's output threads
        Progress p = timeline.progress();
        long now = System.nanoTime();
        if (exitWaitNanos > 0 && timeline.finished()) {
            endNanos = now; // the last line after the end: what gbak does after it prints nothing
        }
        track(p, now);
        if (terminal) {
            drawAtMostTenASecond(p, now);
        } else {
            plain(p, now);
        }
    }

    /** Off the terminal: a line at each phase not reached before, and at most every 10 s (the ticker's note too). */
    private synchronized void plain(Progress p, long now) {
        if (p.phase().ordinal() > furthestPhase || now - lastPlainNanos >= PLAIN_EVERY_NANOS) {
            // gbak goes back and forth between index definitions (metadata) and table data: only a
            // phase not reached before is news
            furthestPhase = Math.max(furthestPhase, p.phase().ordinal());
            lastPlainNanos = now;
            String line = status(p, now);
            note();
            out.println(line);
            out.flush();
        }
    }

    /** The rows of each table and the builds started, as the events go by (the timeline keeps only the open ones). */
    private synchronized void track(Progress p, long now) {
        if (p.table() != null) {
            rows.put(p.table(), p.records());
        }
        if (p.currentIndex() != null && started.add(p.currentIndex())) {
            currentSince = (now - startNanos) / 1e9;
        }
    }

    /** The line's state now, or at the next tick when the status line was drawn less than a tenth of a second ago. */
    private synchronized void drawAtMostTenASecond(Progress p, long now) {
        if (lastDrawNanos < 0 || now - lastDrawNanos >= redrawEveryNanos) {
            draw(p, now);
        } else {
            stale = true;
        }
    }

    /** The ticker's: the state a line left undrawn, or the clock once a second when no line comes. */
    private void redraw() {
        synchronized (this) {
            long now = System.nanoTime();
            long since = now - lastDrawNanos;
            if (lastDrawNanos < 0 || (stale && since >= redrawEveryNanos) || since >= TICK_EVERY_NANOS) {
                draw(timeline.progress(), now);
            }
        }
    }

    private synchronized void draw(Progress p, long now) {
        lastDrawNanos = now;
        stale = false;
        // one column left free: a line as wide as the terminal leaves some terminals at the next line
        String s = fit(status(p, now), columns - 1);
        if (pendingNote != null) {
            out.print("\r" + " ".repeat(lastWidth) + "\r");
            lastWidth = 0;
            note();
        }
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
        File tty = new File("/dev/tty");
        if (tty.exists()) {
            try {
                Process p = new ProcessBuilder("stty", "size")
                        .redirectInput(tty)
                        .redirectError(ProcessBuilder.Redirect.DISCARD)
                        .start();
                String[] rowsCols = new String(p.getInputStream().readAllBytes(), StandardCharsets.US_ASCII)
                        .strip()
                        .split("\\s+");
                if (p.waitFor(2, TimeUnit.SECONDS) && rowsCols.length == 2 && Integer.parseInt(rowsCols[1]) > 0) {
                    return Integer.parseInt(rowsCols[1]);
                }
            } catch (IOException | NumberFormatException ex) {
                // no stty (Windows) or no answer: the usual width
            } catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
            }
        }
        return 80;
    }

    String status(Progress p, long now) {
        double elapsed = (now - startNanos) / 1e9;
        StringBuilder sb = new StringBuilder("gbakprof: ")
                .append(String.format(Locale.ROOT, "%-8s", p.phase().label()));
        if (p.table() != null) {
            sb.append(String.format(Locale.ROOT, " | table %s %,d records", p.table(), p.records()));
        }
        boolean building = p.phase() == Phase.INDEXES || p.phase() == Phase.FINISH;
        if (building && p.indexesTotal() > 0) { // a backup (or a database without indexes) builds none
            sb.append(String.format(Locale.ROOT, " | indexes %d of %d", p.indexesBuilt(), p.indexesTotal()));
            if (p.currentIndex() != null) {
                sb.append(" (").append(p.currentIndex()).append(')');
            }
        } else if (p.indexesTotal() > 0) {
            // gbak defines each table's indexes right before its data: the count grows until the index phase
            sb.append(String.format(Locale.ROOT, " | indexes: %d defined so far", p.indexesTotal()));
        }
        sb.append(" | elapsed ").append(Durations.human(elapsed));
        if (eta.model() != null) {
            sb.append(" | ").append(eta(p, elapsed, building));
        }
        return sb.toString();
    }

    /** {@code ETA 12 min (11–14)}, and when the read position cannot be had in the data phase, that it is by rows. */
    private synchronized String eta(Progress p, double elapsed, boolean building) {
        Double fraction = null;
        String note = null;
        if (!building && p.tablesLoaded() > 0) {
            Long pos = eta.position() == null ? null : eta.position().read();
            if (pos != null && eta.backupBytes() != null && eta.backupBytes() > 0) {
                fraction = pos / (double) eta.backupBytes();
                positionNote = "the backup's read position (" + eta.position().where() + ")";
            } else {
                note = eta.position() != null ? eta.position().why() : eta.why();
                if (positionNote == null || !positionNote.startsWith("the backup's")) {
                    positionNote = "rows against the baseline's: no read position (" + note + ")";
                }
            }
        }
        LiveEta.Reading r = eta.model()
                .at(
                        p.phase(),
                        elapsed,
                        p.tablesLoaded() > 0,
                        fraction,
                        rows,
                        started,
                        Math.max(0, elapsed - currentSince));
        basis = r.basis();
        spread = r.spread();
        report(elapsed, r);
        if (note != null && !noted) {
            noted = true;
            pendingNote =
                    "gbakprof: the ETA goes by rows restored: the backup's read position cannot be read (" + note + ")";
        }
        return "ETA " + range(r.left(), r.low(), r.high()) + (note != null ? " by rows" : "");
    }

    /**
     * The run's marker, told the ETA (on a terminal at most every {@link #REPORT_EVERY_NANOS}; {@code status} reads
     * it there);
     * {@code null}: none.
     */
    synchronized void reportTo(RunMarker marker) {
        this.marker = marker;
    }

    private void report(double elapsed, LiveEta.Reading r) {
        long now = System.nanoTime();
        // off the terminal the display itself computes the ETA only at a new phase and every 10 s: each is written
        if (marker != null && (!terminal || lastReportNanos < 0 || now - lastReportNanos >= REPORT_EVERY_NANOS)) {
            lastReportNanos = now;
            marker.progress(elapsed, r.left(), r.low(), r.high());
        }
    }

    private synchronized void note() {
        if (pendingNote != null) {
            out.println(pendingNote);
            pendingNote = null;
        }
    }

    /**
     * The time left and its range in one unit: {@code 12 min (11–14)}, {@code 40 s (35–46)}, {@code 150 s (110–210)},
     * {@code 1 h 05 min (0 h 58–1 h 12)}. Seconds while the high end is under 5 minutes: whole minutes there would
     * round 55 s (42–95) to {@code 1 min (0–2)}, a range wider than the one computed (seen in bench/eta-live).
     */
    static String range(double left, double low, double high) {
        if (high < 300) {
            return String.format(Locale.ROOT, "%.0f s (%.0f–%.0f)", left, Math.floor(low), Math.ceil(high));
        }
        if (high < 5400) {
            return String.format(
                    Locale.ROOT, "%.0f min (%.0f–%.0f)", left / 60, Math.floor(low / 60), Math.ceil(high / 60));
        }
        return String.format(Locale.ROOT, "%s (%s–%s)", hm(left), hm(low), hm(high));
    }

    private static String hm(double s) {
        long m = Math.round(s / 60);
        return String.format(Locale.ROOT, "%d h %02d min", m / 60, m % 60);
    }

    /**
     * What the ETA was computed from, for the run record ({@code etaBasis}): the baseline, and how the data
     * phase's progress was told; why there was none.
     */
    synchronized String etaBasis() {
        if (eta.model() == null) {
            return "no ETA: " + eta.why();
        }
        return "baseline " + eta.model().baselineName() + " (" + eta.model().chosen() + "); data phase by "
                + (positionNote != null ? positionNote : "no data seen") + (basis != null ? "; last: " + basis : "")
                + (spread != null ? "; range: " + spread : "");
    }

    @Override
    public void close() {
        if (ticker != null) {
            ticker.shutdownNow();
        }
        if (terminal) {
            synchronized (this) {
                if (stale) { // the last state is drawn: what a recorded console (script, a CI's terminal) keeps
                    draw(timeline.progress(), System.nanoTime());
                }
                out.print("\r" + " ".repeat(lastWidth) + "\r");
                out.flush();
            }
        }
    }
}
