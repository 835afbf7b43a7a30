package dev.gbakprof.timeline;

import dev.gbakprof.log.Event;
import dev.gbakprof.log.EventKind;
import dev.gbakprof.log.EventListener;
import dev.gbakprof.log.StatLine;
import dev.gbakprof.model.Column;
import dev.gbakprof.model.Phase;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunKind;
import dev.gbakprof.model.Warning;
import dev.gbakprof.model.WarningCode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Turns the events of one restore, or of one backup ({@code gbak -b}: a record of kind backup, see
 * {@link #isBackup()}), into a {@link RestoreRun}, applying the attribution rule: gbak prints
 * a line when it starts a piece of work, so the work's time is the time until the next statistics line
 * ({@code T(i+1) − T(i)}, or {@code D(i+1)} when only the delta column exists), and the reads and writes
 * printed on line i+1 belong to line i. A span whose end was never printed has an unknown duration.
 *
 * <p>Keeps only per-table and per-index state, never the lines, so memory does not grow with the log.
 * {@link TimelineRecord} makes the record from that state; {@link GbakErrors} reads gbak's error lines. One timeline
 * is one gbak run: {@link RunSplitter} gives each run of a log its own.
 */
public final class RestoreTimeline implements EventListener {
    static final int MAX_MESSAGES = 500;

    List<Column> columns = List.of();
    private boolean headerSeen;
    final Clock clock = new Clock(this::warn);
    private long firstMs = -1;
    boolean startsAtStart;
    private Phase openPhase;
    private Phase currentPhase = Phase.SETUP;
    boolean indexesStarted;
    private final long[] phaseMs = new long[Phase.values().length];
    // the first and last phase a span of the log was counted in (ordinals), -1 before the first span
    private int firstSpanned = -1;
    private int lastSpanned = -1;
    private long lineClockMs = -1; // the trusted clock of the line being applied, -1 when it has none
    boolean countersDamaged; // a reads or writes column could not be read: their sums are short

    // the latest state of each index name
    private final Map<String, IndexState> latestIndex = new HashMap<>();
    private IndexState openIndex; // the index being built

    private TableState openTable;
    // the tables' loads in the order of their first data line (a table loaded again keeps its place)
    final Map<String, TableState> loads = new LinkedHashMap<>();
    final IndexTables indexTables = new IndexTables();
    private int indexDefinitions;
    // the indexes defined, each name once, in gbak's order; the names some build of which was seen
    final Set<String> definedIndexes = new LinkedHashSet<>();
    final Set<String> everBuilt = new HashSet<>();
    Integer parallelWorkersUsed;

    final List<IndexState> builds = new ArrayList<>();

    final GbakErrors gbak = new GbakErrors(); // gbak's error lines, what they say of the run

    final List<Warning> warnings = new ArrayList<>();
    private long ignoredRecords;
    private int ignoredLines;
    int droppedMessages;
    private boolean finishing;
    /** gbakprof stopped gbak ({@link #stoppedByGbakprof()}). */
    private boolean stopped;

    private boolean totalStatistics;
    private boolean backupClosed; // a backup's "closing file, committing, and finishing"
    long bytesWritten = -1;
    private long firstRestoreLine;
    private boolean pastSetup;
    private long firstBackupLine;
    private RunKind prompted; // the kind the command line above the run names, null when none does
    long lastStatsLine;
    private long lines;

    String backupFile;
    String database;
    Integer pageSize;
    Integer backupVersion;
    Integer parallelWorkers;
    long sumReads;
    long sumWrites;
    boolean anyReads;
    boolean anyWrites;
    Long absoluteReads;
    Long absoluteWrites;

    static final class TableState {
        final String name;
        final long startMs;
        /** The last count gbak printed for the table, null before its first: unknown, never 0. */
        Long records;

        long endMs = -1;
        boolean closed;

        TableState(String name, long startMs) {
            this.name = name;
            this.startMs = startMs;
        }
    }

    @Override
    public void onColumns(List<Column> cols, boolean inferred, long lineNumber) {
        columns = List.copyOf(cols);
        clock.columns(cols);
        headerSeen = !inferred;
        if (inferred) {
            warn(
                    WarningCode.COLUMNS_INFERRED,
                    "no header line: the columns were read as '" + Column.words(cols) + "' from the numbers on line "
                            + lineNumber + " (an excerpt?)");
        }
    }

    @Override
    public void onEvent(Event e) {
        StatLine line = e.line();
        lines = line.lineNumber();
        EventKind kind = e.kind();
        if (kind.isRestoreMessage() && firstRestoreLine == 0) {
            firstRestoreLine = line.lineNumber();
        }
        if (kind.isBackupMessage() && firstBackupLine == 0) {
            firstBackupLine = line.lineNumber();
        }
        pastSetup |= (kind.isRestoreMessage() || kind.isBackupMessage())
                && kind.phase() != null
                && kind.phase() != Phase.SETUP;
        // the next volume of a multi-volume backup, opened in the middle of the restore (often of a table's
        // data): the table's load and the phase go on
        boolean nextVolume = kind == EventKind.OPENED_FILE && backupFile != null;
        lineClockMs = -1;
        if (line.hasStats() && totalStatistics) {
            // gbak prints no statistics after its total (gbl_stat_done, docs/dev/GBAK-FORMAT.md §1): such a line is not
            // this
            // restore's (a line cut from another run, appended), and must not move its total
            clock.damage(
                    WarningCode.AFTER_TOTAL,
                    line,
                    () -> "statistics after gbak's 'total statistics' line, where gbak prints none: not part of this "
                            + "restore, not counted");
        } else if (line.hasStats()) {
            onStats(e, nextVolume);
        }
        apply(e, nextVolume);
    }

    /** Ends the span the previous statistics line started and opens the one this line starts. */
    private void onStats(Event e, boolean nextVolume) {
        StatLine line = e.line();
        lastStatsLine = line.lineNumber();
        long t = clock.time(line);
        boolean timeUnknown = timed() && t < 0;
        if (line.reads() == StatLine.UNREADABLE || line.writes() == StatLine.UNREADABLE) {
            countersDamaged |= e.kind() != EventKind.TOTAL_STATISTICS;
            clock.damage(
                    line,
                    () -> "the " + (line.reads() == StatLine.UNREADABLE ? "reads" : "writes")
                            + " column cannot be read: the page counts of the work before it are unknown");
        }
        if (e.kind() == EventKind.TOTAL_STATISTICS) {
            // msg 369 prints the absolute counters of the attachment, not a delta
            absoluteReads = line.reads() >= 0 ? line.reads() : null;
            absoluteWrites = line.writes() >= 0 ? line.writes() : null;
        } else {
            if (line.reads() >= 0) {
                sumReads += line.reads();
                anyReads = true;
            }
            if (line.writes() >= 0) {
                sumWrites += line.writes();
                anyWrites = true;
            }
        }
        if (t >= 0) {
            if (firstMs < 0) {
                firstMs = t;
                // gbak's first line is "opened file" (or, in an excerpt that kept the header, another setup
                // message); a header above "activating ... index" is an excerpt of a run, not its start
                // ("readied database" in a backup)
                startsAtStart = e.kind() == EventKind.OPENED_FILE
                        || e.kind() == EventKind.BACKUP_DATABASE
                        || (headerSeen && e.kind().phase() == Phase.SETUP);
                if (startsAtStart) {
                    phaseMs[Phase.SETUP.ordinal()] += t; // gbak's start-up before its first line
                    spanned(Phase.SETUP);
                } else if (t > 0) {
                    warn(
                            WarningCode.STARTS_LATE,
                            String.format(
                                    Locale.ROOT,
                                    "the log starts at %.3f s, not at the start "
                                            + "of the restore (an excerpt): the time before line %d is not in any phase",
                                    t / 1000.0,
                                    line.lineNumber()));
                }
            } else if (openPhase != null) {
                // a backup's closing line is printed after the file was closed: its delta is the closing
                Phase p = e.kind() == EventKind.BACKUP_CLOSING ? Phase.FINISH : openPhase;
                phaseMs[p.ordinal()] += t - clock.ms(); // never negative: no time before the clock is trusted
                spanned(p);
            }
        }
        if (openIndex != null) {
            long start = openIndex.startMs;
            openIndex.end(
                    t >= 0 && start >= 0 ? t - start : -1,
                    timeUnknown ? -1 : line.reads(),
                    timeUnknown ? -1 : line.writes());
            openIndex = null;
        }
        if (openTable != null && !continuesTable(e.kind()) && !nextVolume) {
            closeTable(t);
        }
        clock.advance(t, line.lineNumber());
        lineClockMs = t;
        openPhase = nextVolume ? currentPhase : phaseOf(e.kind());
    }

    private void spanned(Phase p) {
        firstSpanned = firstSpanned < 0 ? p.ordinal() : Math.min(firstSpanned, p.ordinal());
        lastSpanned = Math.max(lastSpanned, p.ordinal());
    }

    /**
     * Seconds of one phase, {@code null} when the log does not show it: in an excerpt (a log whose first timed line
     * is not gbak's start, like the article's five index lines), every phase before the first one a span of the log
     * was counted in, and after the last one (the log does not say whether the restore went on). A log that starts
     * at gbak's start shows every phase up to where it ends. A run that did not reach gbak's end (it failed, was
     * killed, stopped or timed out) never reached the phases after the one it was in: their time is unknown, not 0.
     * A run that reached its end but skipped a phase (no index to build) gave it no time (0).
     */
    Double phaseSeconds(Phase p) {
        boolean excerpt = firstMs >= 0 && !startsAtStart;
        if (excerpt && (firstSpanned < 0 || p.ordinal() < firstSpanned || p.ordinal() > lastSpanned)) {
            return null;
        }
        if (!finished() && p.ordinal() > Math.max(currentPhase.ordinal(), lastSpanned)) {
            return null;
        }
        return phaseMs[p.ordinal()] / 1000.0;
    }

    /**
     * Lines that belong to the table being loaded. Not {@code could not start batch when restoring table T}:
     * it is printed before T's own {@code restoring data for table T} (restore.epp get_data()), so it
     * ends the previous table. A line cut before its message may have been a {@code records restored}
     * one: the table is not known to be done.
     */
    private static boolean continuesTable(EventKind k) {
        return k == EventKind.RECORDS_RESTORED
                || k == EventKind.RECORDS_IGNORED
                || k == EventKind.COMMIT_TABLE_DATA
                || k == EventKind.RECORDS_WRITTEN
                || k == EventKind.CUT_LINE;
    }

    private void closeTable(long endMs) {
        // a clock that went back (a damaged log) counts as no time, as for an index: never a negative load
        openTable.endMs = endMs < 0 ? -1 : Math.max(endMs, openTable.startMs);
        openTable.closed = true;
        openTable = null;
    }

    private Phase phaseOf(EventKind kind) {
        if (kind == EventKind.COMMIT_METADATA) {
            return indexesStarted ? Phase.INDEXES : Phase.METADATA;
        }
        return kind.phase() != null ? kind.phase() : currentPhase;
    }

    /**
     * What the message means for tables, indexes, errors and status. The cases that keep an object (an index defined,
     * a table's data line, an index activated) are methods of their own, one per rule.
     */
    private void apply(Event e, boolean nextVolume) {
        EventKind kind = e.kind();
        gbak.line(e, firstRestoreLine != 0, finished());
        switch (kind) {
            case INDEX_DEFINITION -> defineIndex(e.name());
            case BACKUP_INDEX -> indexTables.written(e.name());
            case DATA_FOR_TABLE, WRITING_DATA -> dataLine(e);
            case RECORDS_RESTORED, RECORDS_WRITTEN -> {
                if (openTable != null) {
                    openTable.records = e.count();
                }
            }
            case CREATING_INDEXES -> indexesStarted = true;
            case ACTIVATING_INDEX -> activateIndex(e);
            case METADATA_ITEM, COMMIT_METADATA, COMMIT_TABLE_METADATA, COMMIT_TABLE_DATA -> {}
            default -> applyOthers(e);
        }
        Phase p = kind == EventKind.COMMIT_METADATA ? phaseOf(kind) : kind.phase();
        if (p != null && !nextVolume) {
            currentPhase = p;
        }
    }

    /** {@code restoring index X}: a definition, whose table is the next data line's. */
    private void defineIndex(String name) {
        indexTables.defined(newIndex(name));
        definedIndexes.add(name);
        indexDefinitions++;
    }

    /**
     * A new state for the index {@code name}, now its latest; it starts with the table of the name's previous state (a
     * later data line may map it again).
     */
    private IndexState newIndex(String name) {
        IndexState previous = latestIndex.get(name);
        IndexState is = new IndexState(name, previous == null ? null : previous.table);
        latestIndex.put(name, is);
        return is;
    }

    /** {@code restoring data for table T} (a backup's {@code writing data for table T}): T's load starts. */
    private void dataLine(Event e) {
        long t = lineClockMs;
        if (openTable != null) {
            closeTable(t);
        }
        indexTables.dataLine(e.name(), e.kind() == EventKind.DATA_FOR_TABLE);
        TableState ts = new TableState(e.name(), t);
        TableState before = loads.put(e.name(), ts);
        if (before != null) { // a second data line of the table: its rows so far are kept
            ts.records = before.records;
        }
        openTable = ts;
    }

    /** {@code activating and creating deferred index X}: its build starts. */
    private void activateIndex(Event e) {
        indexesStarted = true;
        IndexState is = latestIndex.get(e.name());
        if (is == null || is.built()) { // not defined in this log, or built a second time
            is = newIndex(e.name());
        }
        is.start(lineClockMs, e.line().lineNumber());
        everBuilt.add(is.name);
        builds.add(is);
        openIndex = is;
    }

    /**
     * {@link #apply} of the messages about the run as a whole: files, setup steps, parallel workers, the backup side.
     */
    private void applyOthers(Event e) {
        StatLine line = e.line();
        switch (e.kind()) {
            case OPENED_FILE -> {
                if (backupFile == null) {
                    backupFile = e.name();
                }
            }
            case PARALLEL_WORKERS -> parallelWorkers = e.count() >= 0 ? (int) e.count() : null;
            case SETUP_STEP -> {
                if (line.text().startsWith("backup version is ") && e.count() >= 0) {
                    backupVersion = (int) e.count();
                }
            }
            case BACKUP_DATABASE -> {
                if (database == null) {
                    database = e.name();
                }
            }
            case BACKUP_FILE -> {
                if (backupFile == null) { // later ones are the next volumes
                    backupFile = e.name();
                }
            }
            case BACKUP_SETUP_STEP -> {
                if (e.count() > 0 && e.count() <= Integer.MAX_VALUE) { // "database D has a page size of N bytes."
                    pageSize = (int) e.count();
                }
            }
            case BACKUP_CLOSING -> {
                backupClosed = true;
                bytesWritten = e.count();
            }
            case CREATED_DATABASE -> {
                database = e.name();
                pageSize = e.count() > 0 ? (int) e.count() : null;
            }
            case RESTORING_TABLE -> indexTables.tableDefined(e.name());
            case VIEW -> indexTables.view(e.name());
            case RECORDS_IGNORED -> recordsIgnored(e.count());
            case INDEX_FAILED -> {
                IndexState is = lastBuild(e.name());
                if (is == null) {
                    // no "activating ... index" line before it: gbak without -v prints none
                    // (FirebirdSQL/firebird#8263),
                    // or a paste left it out (#7465); the failure is all the log says of this build, untimed
                    is = newIndex(e.name());
                    is.start(-1, line.lineNumber());
                    is.ended = true;
                    everBuilt.add(is.name);
                    builds.add(is);
                }
                is.fail();
                gbak.indexFailed(is, line.text());
            }
            case FINISHING -> finishing = true;
            case TOTAL_STATISTICS -> totalStatistics = true;
            case ERROR, NOT_ONLINE -> gbak.errorLine(e);
            case WARNING -> {
                warn(WarningCode.GBAK_WARNING, "gbak: " + line.text());
                Integer used = GbakErrors.parallelWorkersUsed(line.text());
                parallelWorkersUsed = used != null ? used : parallelWorkersUsed;
            }
            default -> {}
        }
    }

    /** The latest build of an index, null when it was never built. */
    private IndexState lastBuild(String name) {
        IndexState is = latestIndex.get(name);
        if (is != null && is.built()) {
            return is;
        }
        for (int i = builds.size() - 1; i >= 0; i--) { // defined again after its build: a damaged log
            if (builds.get(i).name.equals(name)) {
                return builds.get(i);
            }
        }
        return null;
    }

    /**
     * gbak's {@code N records ignored}: of a table whose data it skips ({@code -skip_data}, {@code -include_data}),
     * which it does not name, printed after the data of the table before (FirebirdSQL/firebird#9075): never that
     * table's. Lines in a row are one warning, their counts added.
     */
    private void recordsIgnored(long count) {
        boolean more = !warnings.isEmpty()
                && warnings.get(warnings.size() - 1).code() == WarningCode.RECORDS_IGNORED
                && ignoredLines > 0;
        if (more) {
            warnings.remove(warnings.size() - 1);
        } else {
            ignoredRecords = 0;
            ignoredLines = 0;
        }
        ignoredRecords += count;
        ignoredLines++;
        warn(
                WarningCode.RECORDS_IGNORED,
                ignoredRecords + " records ignored" + (ignoredLines > 1 ? " (" + ignoredLines + " lines)" : "")
                        + ": gbak does not say of which table; it prints this for the data of a table it skips"
                        + " (-skip_data, -include_data), after the table before it (FirebirdSQL/firebird#9075)");
    }

    private void warn(WarningCode code, String text) {
        if (warnings.size() < MAX_MESSAGES) {
            warnings.add(new Warning(code, text));
        } else {
            droppedMessages++;
        }
    }

    // ---- what live listeners and readers ask -------------------------------------------------------

    /** gbak's own error lines so far (at most a few hundred). */
    public List<String> errors() {
        return Collections.unmodifiableList(gbak.errors());
    }

    /**
     * gbak printed an error line with its {@code gbak:} prefix, or crashed (an engine assertion, printed without
     * it): it is gbak's output, and it failed.
     */
    public boolean gbakFailure() {
        return gbak.gbakFailure();
    }

    /** gbak said it was finishing (or printed its total statistics): the restore ran to its end. */
    public boolean finished() {
        return finishing || totalStatistics || backupClosed;
    }

    /**
     * The run is a backup ({@code gbak -b}): a message only a backup prints came before any a restore prints.
     * A gbak call that failed before printing either ("I/O error during open" of a missing database) is what the
     * command line copied above it names ({@code gbak.exe -b ...}), else taken for a restore.
     */
    public boolean isBackup() {
        if (firstBackupLine == 0 && firstRestoreLine == 0) {
            return prompted == RunKind.BACKUP;
        }
        return firstBackupLine > 0 && (firstRestoreLine == 0 || firstBackupLine < firstRestoreLine);
    }

    /**
     * The command line copied above the run ({@code C:\Firebird>gbak.exe -b ...}) names its kind: it decides when
     * gbak failed before printing a line that says whether it was backing up or restoring.
     */
    void prompted(RunKind kind) {
        prompted = kind;
    }

    /** The kind the command line above the run names; {@code null} when the log shows none. */
    public RunKind promptedKind() {
        return prompted;
    }

    /**
     * The restore (or backup) got past its setup: it restored (wrote) metadata, data or an index, or was finishing. A
     * log without time statistics is read for what it shows from there on (status, objects, rows, warnings), its
     * times unknown.
     */
    public boolean pastSetup() {
        return pastSetup;
    }

    /** Line of the first message only a restore prints; 0 when none was seen. */
    public long firstRestoreLine() {
        return firstRestoreLine;
    }

    /** Line of the first message only a backup prints; 0 when none was seen. */
    public long firstBackupLine() {
        return firstBackupLine;
    }

    public List<Column> columns() {
        return columns;
    }

    /** True when the log carries a time or delta column, so durations can be computed. */
    public boolean timed() {
        return clock.timed();
    }

    /** Where the restore is now, for a live progress display. */
    public Progress progress() {
        Phase phase = openPhase != null ? openPhase : currentPhase;
        int done = 0;
        for (IndexState is : builds) {
            done += is.ended ? 1 : 0;
        }
        return new Progress(
                phase,
                openTable != null ? openTable.name : null,
                openTable != null && openTable.records != null ? openTable.records : 0,
                done,
                builds.size(),
                Math.max(indexDefinitions, builds.size()),
                openIndex != null ? openIndex.name : null,
                clock.ms() >= 0 ? clock.ms() / 1000.0 : null,
                loads.size());
    }

    /**
     * gbakprof stopped this gbak (its --timeout, Ctrl-C, a raw log it could not write), after its last line was read:
     * unless gbak had reached its end, the errors it printed last are the stop's doing, not its cause ({@link
     * RestoreRun#errorsAfterStop()}), and an index it could not commit among them was cut by the stop, not failed.
     */
    public void stoppedByGbakprof() {
        stopped = true;
    }

    /** gbakprof stopped gbak before its end: the errors gbak printed last are the stop's ({@link #stoppedByGbakprof}). */
    boolean cutByTheStop() {
        return stopped && !finished() && !gbak.notOnline();
    }

    /** The run record as far as the events so far tell. Can be called at any time. */
    public RestoreRun toRun(String label, String source) {
        return new TimelineRecord(this).toRun(label, source);
    }

    /** Lines seen so far. */
    public long lines() {
        return lines;
    }

    public long lastStatsLine() {
        return lastStatsLine;
    }
}
