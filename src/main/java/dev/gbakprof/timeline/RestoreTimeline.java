package dev.gbakprof.timeline;

import dev.gbakprof.log.Event;
import dev.gbakprof.log.EventKind;
import dev.gbakprof.log.EventListener;
import dev.gbakprof.log.StartErrors;
import dev.gbakprof.log.StatLine;
import dev.gbakprof.model.Column;
import dev.gbakprof.model.IndexBuild;
import dev.gbakprof.model.IndexMapping;
import dev.gbakprof.model.Phase;
import dev.gbakprof.model.PhaseTime;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunKind;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.model.TableLoad;
import dev.gbakprof.model.Warning;
import dev.gbakprof.model.WarningCode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
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
 */
public final class RestoreTimeline implements EventListener {
    private static final int MAX_MESSAGES = 500;

    private List<Column> columns = List.of();
    private boolean headerSeen;
    private final Clock clock = new Clock(this::warn);
    private long firstMs = -1;
    private boolean startsAtStart;
    private Phase openPhase;
    private Phase currentPhase = Phase.SETUP;
    private boolean indexesStarted;
    private final long[] phaseMs = new long[Phase.values().length];
    // the first and last phase a span of the log was counted in (ordinals), -1 before the first span
    private int firstSpanned = -1;
    private int lastSpanned = -1;
    private long lineClockMs = -1; // the trusted clock of the line being applied, -1 when it has none
    private boolean countersDamaged; // a reads or writes column could not be read: their sums are short

    // the latest state of each index name
    private final Map<String, IndexState> latestIndex = new HashMap<>();
    private IndexState openIndex; // the index being built

    private TableState openTable;
    // the tables' loads in the order of their first data line (a table loaded again keeps its place)
    private final Map<String, TableState> loads = new LinkedHashMap<>();
    private final IndexTables indexTables = new IndexTables();
    private int indexDefinitions;
    // the indexes defined, each name once, in gbak's order; the names some build of which was seen
    private final Set<String> definedIndexes = new LinkedHashSet<>();
    private final Set<String> everBuilt = new HashSet<>();
    private Integer parallelWorkersUsed;

    private final List<IndexState> builds = new ArrayList<>();

    private final List<String> errors = new ArrayList<>();
    private boolean gbakFailure; // an error line with gbak's prefix (or an engine assertion): gbak itself failed
    private String failure; // gbakprof's words on the failure, where gbak's lines do not say it plainly
    // lines without gbak's prefix since its last prefixed one: the first line of a status vector that
    // fbsvcmgr prints when the service fails (its "-"-led lines are ERROR events)
    private final List<String> unprefixed = new ArrayList<>(4);
    /** An error line came without gbak's prefix: the services manager's status vector, whose "-"-led lines go on. */
    private boolean unprefixedError;

    /** The failed index whose ERROR lines are being read (right after its {@code cannot commit index}). */
    private IndexState failing;
    /**
     * gbak said {@code Database is not online due to failure to activate one or more indices} (3.0 as {@code gbak:},
     * 5.0 as an {@code ERROR:} line): it prints that only after its last step, so the restore went to its end even
     * in a log without {@code -v}, which has no {@code finishing, closing, and going home} line.
     */
    private boolean notOnline;

    private final List<Warning> warnings = new ArrayList<>();
    private int droppedMessages;
    private boolean finishing;
    private boolean totalStatistics;
    private boolean backupClosed; // a backup's "closing file, committing, and finishing"
    private long bytesWritten = -1;
    private long firstRestoreLine;
    private long firstBackupLine;
    private long lastStatsLine;
    private long lines;

    private String backupFile;
    private String database;
    private Integer pageSize;
    private Integer backupVersion;
    private Integer parallelWorkers;
    private long sumReads;
    private long sumWrites;
    private boolean anyReads;
    private boolean anyWrites;
    private Long absoluteReads;
    private Long absoluteWrites;

    private static final class TableState {
        final String name;
        final long startMs;
        long records;
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
                                    java.util.Locale.ROOT,
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
     * at gbak's start shows every phase up to where it ends; one it ends before has had no time (0).
     */
    private Double phaseSeconds(Phase p) {
        boolean excerpt = firstMs >= 0 && !startsAtStart;
        if (excerpt && (firstSpanned < 0 || p.ordinal() < firstSpanned || p.ordinal() > lastSpanned)) {
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
        if (failing != null && kind != EventKind.ERROR) {
            failing = null; // the failed index's ERROR lines end at gbak's next other line
        }
        if (!e.line().prefixed() && kind == EventKind.OTHER) {
            statusVector(e.line());
        } else if (!unprefixed.isEmpty()) {
            unprefixed.clear(); // only the unknown lines right before a "-"-led one are its status vector
        }
        switch (kind) {
            case INDEX_DEFINITION -> defineIndex(e.name());
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
            case RECORDS_IGNORED ->
                warn(
                        WarningCode.RECORDS_IGNORED,
                        (openTable != null ? "table " + openTable.name + ": " : "") + e.count() + " records ignored");
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
                failing = is;
                error(line.text());
            }
            case FINISHING -> finishing = true;
            case TOTAL_STATISTICS -> totalStatistics = true;
            case ERROR, NOT_ONLINE -> {
                String text = line.text();
                notOnline |= text.contains(NOT_ONLINE);
                failedIndexError(text);
                if (text.startsWith("Done with volume #")) {
                    // gbak's question to the console ("Press return to reopen that file, or type a new name...") is
                    // no error: keep its first words, and say what it means
                    int tab = text.indexOf('\t');
                    text = (tab > 0 ? text.substring(0, tab) : text).strip();
                    if (failure == null && e.count() > 0) {
                        failure = "backup file ends early: gbak asked for volume " + (e.count() + 1);
                    }
                }
                error(text);
                // gbak's prefix, an engine assertion, or a refusal of gbak's start in the services manager's words
                gbakFailure |= line.prefixed() || text.startsWith("Assertion (") || StartErrors.isStartOnly(text);
                unprefixedError |= !line.prefixed();
            }
            case WARNING -> {
                warn(WarningCode.GBAK_WARNING, "gbak: " + line.text());
                parallelWorkersRefused(line.text());
            }
            default -> {}
        }
    }

    private static final String NOT_ONLINE = "Database is not online due to failure to activate";

    /**
     * One of the {@code ERROR:} lines gbak prints right after {@code cannot commit index X}: why X failed (gbak's status
     * vector: the duplicate key, the foreign key without its parent row, the problematic key value). The block ends at
     * gbak's next other line, and at its end-of-restore lines ({@code Database is not online}, {@code Run gfix
     * -online}, Firebird 5 prints them as {@code ERROR:} lines too) or its {@code Exiting before completion}.
     */
    private void failedIndexError(String text) {
        if (failing == null) {
            return;
        }
        String words = text.startsWith("ERROR:") ? text.substring(6).strip() : null;
        if (words == null
                || words.contains(NOT_ONLINE)
                || words.contains("gfix -online")
                || words.startsWith("Exiting before completion")) {
            failing = null;
            return;
        }
        List<String> kept = failing.errors;
        if (!words.isEmpty() && kept.size() < 10) {
            kept.add(words);
        }
        java.util.regex.Matcher m = FOREIGN_KEY_TABLE.matcher(words);
        if (failing.errorTable == null && m.find()) {
            String table = m.group(1).strip();
            // Firebird 3 to 5 quote the name ("NAGL"); Firebird 6 prints it with its schema ("PUBLIC"."NAGL"), as gbak
            // names the index
            failing.errorTable = table.matches("\"[^\"]+\"") ? table.substring(1, table.length() - 1) : table;
        }
    }

    /** The table of a foreign key's violation, in the engine's words (isc_foreign_key): the index's table. */
    private static final java.util.regex.Pattern FOREIGN_KEY_TABLE =
            java.util.regex.Pattern.compile("^violation of FOREIGN KEY constraint \".*\" on table (.+)$");

    /**
     * Firebird 5+: {@code WARNING:Wrong parallel workers value 4, valid range are from 1 to 1} (isc_bad_par_workers):
     * the engine refused the value gbak was given and used the top of the range instead (1 for a negative one;
     * jrd.cpp, the isc_dpb_parallel_workers check).
     */
    private void parallelWorkersRefused(String text) {
        java.util.regex.Matcher m = PARALLEL_REFUSED.matcher(text);
        if (m.find()) {
            long asked = Long.parseLong(m.group(1));
            long top = Long.parseLong(m.group(3));
            parallelWorkersUsed = (int) Math.min(Integer.MAX_VALUE, asked < 0 ? 1 : Math.min(asked, top));
        }
    }

    private static final java.util.regex.Pattern PARALLEL_REFUSED = java.util.regex.Pattern.compile(
            "Wrong parallel workers value (-?\\d{1,9}), valid range are from (\\d{1,9}) to (\\d{1,9})");

    /**
     * fbsvcmgr prints the service's failure as a status vector, without gbak's prefix: a first line
     * ("database x.fdb already exists..."), then "-"-led ones ("-Exiting before completion..."). Unknown
     * unprefixed lines of a running restore are kept (the last four) until a "-"-led one makes them errors. For an
     * unprefixed line the catalogue does not know ({@code OTHER}); any other line ends the lines kept ({@link #apply}).
     */
    private void statusVector(StatLine line) {
        if (firstRestoreLine == 0 && !unprefixedError || finished()) {
            return; // a status vector goes on a running restore's lines, or on a refusal of gbak's start without gbak:
        }
        String t = line.text();
        if (t.length() > 1 && t.charAt(0) == '-' && Character.isLetter(t.charAt(1))) {
            unprefixed.forEach(this::error);
            unprefixed.clear();
            error(t);
        } else {
            if (unprefixed.size() == 4) {
                unprefixed.remove(0);
            }
            unprefixed.add(t);
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

    private void error(String text) {
        if (errors.size() < MAX_MESSAGES) {
            errors.add(text);
        } else {
            droppedMessages++;
        }
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
        return java.util.Collections.unmodifiableList(errors);
    }

    /**
     * gbak printed an error line with its {@code gbak:} prefix, or crashed (an engine assertion, printed without
     * it): it is gbak's output, and it failed.
     */
    public boolean gbakFailure() {
        return gbakFailure;
    }

    /** gbak said it was finishing (or printed its total statistics): the restore ran to its end. */
    public boolean finished() {
        return finishing || totalStatistics || backupClosed;
    }

    /**
     * The run is a backup ({@code gbak -b}): a message only a backup prints came before any a restore prints.
     * A gbak call that failed before printing either ("I/O error during open" of a missing database) cannot be
     * told apart, and is taken for a restore.
     */
    public boolean isBackup() {
        return firstBackupLine > 0 && (firstRestoreLine == 0 || firstBackupLine < firstRestoreLine);
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
                openTable != null ? openTable.records : 0,
                done,
                builds.size(),
                Math.max(indexDefinitions, builds.size()),
                openIndex != null ? openIndex.name : null,
                clock.ms() >= 0 ? clock.ms() / 1000.0 : null,
                loads.size());
    }

    /** The run record as far as the events so far tell. Can be called at any time. */
    public RestoreRun toRun(String label, String source) {
        List<Warning> notes = new ArrayList<>(warnings);
        if (clock.deltaOnly()) {
            notes.add(new Warning(
                    WarningCode.DELTA_ONLY,
                    "no time column: times are sums of the delta column, which gbak truncates to the "
                            + "millisecond per line, so they may fall slightly short of the real elapsed time"));
        }
        List<TableLoad> tables = new ArrayList<>(loads.size());
        for (TableState ts : loads.values()) {
            tables.add(tableLoad(ts, notes));
        }
        IndexMapping mapping = indexTables.map(loads::containsKey, indexesStarted || finished(), notes);
        List<String> neverBuilt = new ArrayList<>();
        for (String name : definedIndexes) {
            if (!everBuilt.contains(name)) { // no build of the name (lastBuild would say null)
                neverBuilt.add(name);
            }
        }
        if (finished()) {
            inactiveIndexes(neverBuilt, notes);
        }
        if (!finished() && !neverBuilt.isEmpty() && !isBackup()) {
            // index definitions come with each table's data (docs/dev/GBAK-FORMAT.md §2): a restore that stopped during
            // the
            // data has not printed those of the tables it did not reach
            int notReached = indexesStarted ? 0 : indexTables.tablesNotReached(loads::containsKey);
            notes.add(new Warning(
                    WarningCode.INDEXES_NEVER_BUILT,
                    neverBuilt.size() + " of " + definedIndexes.size()
                            + " index definitions never built (the restore stopped"
                            + (notReached == 0
                                    ? ")"
                                    : " during the data; the " + notReached
                                            + (notReached == 1 ? " table" : " tables")
                                            + " it did not reach may define more)")));
        }
        List<IndexBuild> indexes = new ArrayList<>(builds.size());
        for (IndexState is : builds) {
            indexes.add(indexBuild(is, mapping, notes));
        }
        clock.moreDamage(notes);
        if (clock.lastUnknown() && finished()) {
            notes.add(new Warning(
                    WarningCode.TOTAL_UNKNOWN,
                    "total unknown: the time on gbak's last statistics line (line " + lastStatsLine + ") is damaged"));
        }
        if (droppedMessages > 0) {
            notes.add(
                    new Warning(WarningCode.MESSAGES_DROPPED, droppedMessages + " more errors and warnings not kept"));
        }
        RunStatus status;
        if (!errors.isEmpty()) {
            status = RunStatus.FAILED;
        } else if (finished()) {
            status = RunStatus.COMPLETED;
        } else {
            status = RunStatus.INCOMPLETE;
        }
        Double lastSeen = clock.ms() >= 0 ? clock.ms() / 1000.0 : null;
        boolean ended = finished();
        boolean backup = isBackup();
        List<PhaseTime> phases = new ArrayList<>();
        if (timed()) {
            for (Phase p : Phase.values()) {
                if (!(backup && p == Phase.INDEXES)) { // a backup builds no index
                    phases.add(new PhaseTime(p, phaseSeconds(p)));
                }
            }
        }
        return RestoreRun.builder()
                .label(label)
                .source(source)
                .status(status)
                .columns(columns)
                .totalSeconds(ended && firstMsAtStart() && !clock.lastUnknown() && !clock.lost() ? lastSeen : null)
                .lastSeenSeconds(lastSeen)
                .phases(phases)
                .tables(tables)
                .indexes(indexes)
                .errors(errors)
                .warnings(notes)
                .backupFile(backupFile)
                .database(database)
                .pageSize(pageSize)
                .backupVersion(backupVersion)
                .parallelWorkers(parallelWorkers)
                .totalReads(absoluteReads != null ? absoluteReads : anyReads && !countersDamaged ? sumReads : null)
                .totalWrites(absoluteWrites != null ? absoluteWrites : anyWrites && !countersDamaged ? sumWrites : null)
                .indexMapping(mapping)
                .backupBytes(backup && bytesWritten >= 0 ? bytesWritten : null)
                .kind(backup ? RunKind.BACKUP : RunKind.RESTORE)
                .failure(failure)
                .parallelWorkersUsed(
                        parallelWorkersUsed != null
                                ? parallelWorkersUsed
                                : parallelWorkers != null && database != null ? parallelWorkers : null)
                .tablesDefined(indexTables.tablesDefined() == 0 ? null : indexTables.tablesDefined())
                .indexesDefined(definedIndexes.isEmpty() ? null : definedIndexes.size())
                .indexesNeverBuilt(definedIndexes.isEmpty() ? null : neverBuilt)
                .reachedEnd(ended || notOnline)
                .build();
    }

    /**
     * One table's load for {@link #toRun}.
     */
    private TableLoad tableLoad(TableState ts, List<Warning> notes) {
        Double seconds = null;
        if (ts.closed && ts.endMs >= 0 && ts.startMs >= 0) {
            seconds = (ts.endMs - ts.startMs) / 1000.0;
        } else if (!ts.closed && timed()) {
            notes.add(new Warning(
                    WarningCode.TABLE_TIME_UNKNOWN,
                    "table " + ts.name
                            + (isBackup()
                                    ? ": time written unknown, the log ends while it is written"
                                    : ": load time unknown, the log ends during its load")));
        }
        return new TableLoad(ts.name, ts.records, ts.startMs >= 0 ? ts.startMs / 1000.0 : null, seconds);
    }

    /** The load of a table, null when the log shows none. */
    private TableState load(String table) {
        return table == null ? null : loads.get(table);
    }

    /** One index build for {@link #toRun}, with its table as {@code mapping} found it. */
    private IndexBuild indexBuild(IndexState is, IndexMapping mapping, List<Warning> notes) {
        IndexMapping source = is.source;
        String table = source == null || is.candidates == null ? is.table : null; // candidates: no one guess
        IndexMapping src = source != null ? source : table == null ? null : mapping;
        List<String> candidates = source != null ? is.candidates : null;
        boolean failed = is.failed;
        String errorTable = failed ? is.errorTable : null;
        if (errorTable != null) { // gbak named it in the failure's own words: certain
            table = errorTable;
            src = IndexMapping.LOG;
            candidates = null;
        }
        Double seconds = is.ms < 0 ? null : is.ms / 1000.0;
        if (timed() && !is.ended) {
            notes.add(new Warning(
                    WarningCode.INDEX_TIME_UNKNOWN,
                    "index " + is.name + ": build time unknown, the log ends right after its line (line " + is.line
                            + ") with no later line to time it"));
        }
        Double keys = null;
        if (src == IndexMapping.LOG) {
            TableState ts = load(table);
            keys = IndexBuild.keysPerSecond(ts == null ? null : ts.records, seconds, failed);
        }
        return new IndexBuild(
                is.name,
                table,
                src,
                is.startMs >= 0 ? is.startMs / 1000.0 : null,
                seconds,
                is.reads >= 0 ? is.reads : null,
                is.writes >= 0 ? is.writes : null,
                failed,
                keys,
                candidates,
                failed ? is.errors : null);
    }

    /** The total is gbak's clock on its last line only when the log starts at the start of the restore. */
    private boolean firstMsAtStart() {
        return startsAtStart;
    }

    /**
     * Index definitions that gbak never activated in a restore that ran to its end: restored inactive, never built;
     * their build time is not in the indexes phase. restore.epp (3.0 to 5.0) stores each index definition with the
     * backup's RDB$INDEX_INACTIVE; one active in the backup is stored deferred (always with -v, which every log that
     * names index definitions has; 5.0 always), so the commit at "creating indexes" builds none of them and each is
     * built by its "activating and creating deferred index" line. One inactive in the backup stays inactive (a real
     * 3.0.11 restore of dupfail: UX_TAGS_NAME has RDB$INDEX_INACTIVE 1 and no index pages). {@code gbak -i} stores
     * every one inactive and activates none: when the log activates any, the others were inactive in the backup.
     */
    private void inactiveIndexes(List<String> neverBuilt, List<Warning> notes) {
        int count = neverBuilt.size();
        List<String> names = new ArrayList<>(neverBuilt.subList(0, Math.min(10, count))); // the first ten, gbak's order
        if (count > 0) {
            java.util.Collections.sort(names);
            String what = count == 1 ? "1 index definition" : count + " index definitions";
            notes.add(new Warning(
                    WarningCode.INDEXES_NOT_ACTIVATED,
                    (builds.isEmpty()
                                    ? what + " never activated, so restored inactive and not built (gbak -i, or "
                                            + "inactive in the backup): "
                                    : what + " inactive in the backup, so restored inactive and not built (gbak "
                                            + "activated the others, so not gbak -i): ")
                            + String.join(", ", names)
                            + (count > names.size() ? ", ..." : "")));
        }
    }

    /** Lines seen so far. */
    public long lines() {
        return lines;
    }

    public long lastStatsLine() {
        return lastStatsLine;
    }
}
