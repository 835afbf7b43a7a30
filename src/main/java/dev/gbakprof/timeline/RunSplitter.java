package dev.gbakprof.timeline;

import dev.gbakprof.log.Event;
import dev.gbakprof.log.EventKind;
import dev.gbakprof.log.EventListener;
import dev.gbakprof.log.StartErrors;
import dev.gbakprof.model.Column;
import dev.gbakprof.model.Phase;
import dev.gbakprof.model.RunKind;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Gives each gbak run of a log its own timeline. A new run starts at a header line once the current
 * one has begun (gbak prints its header once, when it starts), at an {@code opened file} after the
 * current run finished (a run without {@code -st} appended after it), or at the error lines of another gbak
 * call that failed at its start ({@code gbak -c} without {@code -v} appended with {@code >>}, which prints no
 * header): once the current run is past its start, the error lines that follow its last other line (or its
 * {@code Exiting before completion}) are held back; if one of them is a message only gbak's start prints
 * ({@link StartErrors}), they are a new run, else they are the current run's.
 */
public final class RunSplitter implements EventListener {
    private final List<RestoreTimeline> timelines = new ArrayList<>(List.of(new RestoreTimeline()));
    /** First line of each run. */
    private final List<Long> starts = new ArrayList<>(List.of(1L));
    /**
     * The current run has begun: gbak opened its file, printed a timed line, a backup message or an
     * error. Notices gbak prints before its header (-p: "page size specified ... rounded up") do not count.
     */
    private boolean begun;
    /** Some run has shown a restore or backup message: the file is gbak output, read it to the end. */
    private boolean gbakOutput;

    /** The timelines of the runs so far, one per gbak run, in the log's order. */
    public List<RestoreTimeline> timelines() {
        return Collections.unmodifiableList(timelines);
    }

    /**
     * Some run has shown a restore or backup message: the file is gbak output. Read by a listener after this one on
     * the same (pipeline) thread, e.g. to give up on a file that is not a gbak log.
     */
    public boolean gbakOutput() {
        return gbakOutput;
    }

    /** The timeline of the run being read. */
    public RestoreTimeline current() {
        return timelines.get(timelines.size() - 1);
    }

    /** Lines of run i, e.g. {@code 301-600}; a line two runs share (a killed run's last one, glued) is in both. */
    public String range(int i, long lastLine) {
        long to = lastLine;
        if (i + 1 < starts.size()) {
            long next = starts.get(i + 1);
            to = timelines.get(i).lines() >= next ? next : next - 1;
        }
        return starts.get(i) + "-" + to;
    }

    /** The current run opened its backup file; the kind of the event before this one. */
    private boolean openedFile;

    private EventKind previous;

    /**
     * The current run got past the point where gbak's start can fail: it created the database, restored
     * or backed up something, or said {@code Exiting before completion}.
     */
    private boolean pastStart;

    /** Error lines (and lines gbak prints without statistics among them) held back after a run's start. */
    private final List<Event> held = new ArrayList<>();

    /** The kind a command line copied after the current run began names: the next run's. */
    private RunKind prompt;

    private void newRun(long lineNumber) {
        timelines.add(new RestoreTimeline());
        if (prompt != null) {
            current().prompted(prompt);
            prompt = null;
        }
        starts.add(lineNumber);
        begun = false;
        openedFile = false;
        pastStart = false;
    }

    @Override
    public void onColumns(List<Column> columns, boolean inferred, long lineNumber) {
        release();
        if (!inferred && begun) {
            newRun(lineNumber);
        }
        current().onColumns(columns, inferred, lineNumber);
    }

    @Override
    public void onEvent(Event event) {
        EventKind k = event.kind();
        boolean loose =
                k == EventKind.ERROR || k == EventKind.OTHER && !event.line().hasStats();
        if (!pastStart || !loose) {
            release();
            take(event);
            return;
        }
        held.add(event);
        if (StartErrors.isStartOnly(event.line().text())) {
            // another gbak call's start: its lines begin with the first one held
            newRun(held.get(0).line().lineNumber());
            release();
        } else if (isExiting(event)) {
            release(); // gbak's last line: the lines held are this run's own, and what follows is not
        }
    }

    /** The lines held back are the current run's: give them to it (at the end of the log, too). */
    public void release() {
        if (held.isEmpty()) {
            return;
        }
        List<Event> lines = List.copyOf(held);
        held.clear();
        for (Event e : lines) {
            take(e);
        }
    }

    private static boolean isExiting(Event event) {
        String t = event.line().text();
        return t.startsWith("Exiting before completion") || t.startsWith("-Exiting before completion");
    }

    private void take(Event event) {
        EventKind k = event.kind();
        if ((k == EventKind.OPENED_FILE || k == EventKind.BACKUP_DATABASE)
                && current().finished()) {
            newRun(event.line().lineNumber());
        } else if (k == EventKind.OPENED_FILE
                && openedFile
                && previous != EventKind.NEXT_VOLUME
                && previous != EventKind.OPENED_FILE) {
            // a backup file opened after the run's work began, not as its next volume (gbak prints "Starting with
            // volume #N" first, mvol.cpp) nor as a file of a split backup (all opened at the start, one after the
            // other, burp.cpp open_files): a new gbak run after one that stopped (killed) without finishing
            newRun(event.line().lineNumber());
        }
        RunKind named = k == EventKind.OTHER
                        && !event.line().prefixed()
                        && !event.line().hasStats()
                ? GbakPrompt.kind(event.line().text())
                : null;
        if (named != null) {
            if (begun) {
                prompt = named; // a command line after a run: the next run's
            } else {
                current().prompted(named);
            }
        }
        openedFile |= k == EventKind.OPENED_FILE;
        previous = k;
        begun |= k == EventKind.OPENED_FILE
                || k.isBackupMessage()
                || k == EventKind.ERROR
                || event.line().hasStats();
        current().onEvent(event);
        gbakOutput |= k.isRestoreMessage() || k.isBackupMessage();
        Phase phase = k.phase();
        pastStart |= k == EventKind.CREATED_DATABASE
                || k == EventKind.STARTED_TRANSACTION
                || phase != null && phase != Phase.SETUP
                || isExiting(event);
    }
}
