package dev.gbakprof.timeline;

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
import dev.gbakprof.timeline.RestoreTimeline.TableState;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The record a timeline gives: the tables' loads, the index builds with their tables, the phases, the status and the
 * warnings that only the whole of what was read can tell (indexes never built, times unknown), from the state of a
 * {@link RestoreTimeline} at the time it is asked.
 */
final class TimelineRecord {
    private final RestoreTimeline t;

    TimelineRecord(RestoreTimeline timeline) {
        this.t = timeline;
    }

    /** The run record as far as the events so far tell. */
    RestoreRun toRun(String label, String source) {
        List<Warning> notes = new ArrayList<>(t.warnings);
        if (t.clock.deltaOnly()) {
            notes.add(new Warning(
                    WarningCode.DELTA_ONLY,
                    "no time column: times are sums of the delta column, which gbak truncates to the "
                            + "millisecond per line, so they may fall slightly short of the real elapsed time"));
        }
        List<TableLoad> tables = new ArrayList<>(t.loads.size());
        for (TableState ts : t.loads.values()) {
            tables.add(tableLoad(ts, notes));
        }
        IndexMapping mapping = t.indexTables.map(t.loads::containsKey, t.indexesStarted || t.finished(), notes);
        List<String> neverBuilt = new ArrayList<>();
        for (String name : t.definedIndexes) {
            if (!t.everBuilt.contains(name)) { // no build of the name (lastBuild would say null)
                neverBuilt.add(name);
            }
        }
        if (t.finished()) {
            inactiveIndexes(neverBuilt, notes);
        }
        if (!t.finished() && !neverBuilt.isEmpty() && !t.isBackup()) {
            // index definitions come with each table's data (docs/dev/GBAK-FORMAT.md §2): a restore that stopped during
            // the
            // data has not printed those of the tables it did not reach
            int notReached = t.indexesStarted ? 0 : t.indexTables.tablesNotReached(t.loads::containsKey);
            notes.add(new Warning(
                    WarningCode.INDEXES_NEVER_BUILT,
                    neverBuilt.size() + " of " + t.definedIndexes.size()
                            + " index definitions never built (the restore stopped"
                            + (notReached == 0
                                    ? ")"
                                    : " during the data; the " + notReached
                                            + (notReached == 1 ? " table" : " tables")
                                            + " it did not reach may define more)")));
        }
        List<IndexBuild> indexes = new ArrayList<>(t.builds.size());
        for (IndexState is : t.builds) {
            indexes.add(indexBuild(is, mapping, notes));
        }
        t.clock.moreDamage(notes);
        if (t.clock.lastUnknown() && t.finished()) {
            notes.add(new Warning(
                    WarningCode.TOTAL_UNKNOWN,
                    "total unknown: the time on gbak's last statistics line (line " + t.lastStatsLine
                            + ") is damaged"));
        }
        int dropped = t.droppedMessages + t.gbak.dropped();
        if (dropped > 0) {
            notes.add(new Warning(WarningCode.MESSAGES_DROPPED, dropped + " more errors and warnings not kept"));
        }
        List<String> errors = t.gbak.errors();
        List<String> afterStop = null;
        if (t.cutByTheStop()) {
            errors = t.gbak.beforeTheEnd();
            afterStop = t.gbak.atTheEnd();
        }
        if (t.finished() && t.gbak.onlyStrayLines()) {
            notes.add(new Warning(
                    WarningCode.STRAY_LINES,
                    "lines without gbak's prefix that look like a status vector, but the restore went on to its end:"
                            + " another writer's, not errors: " + String.join(" | ", errors)));
            errors = List.of();
        }
        RunStatus status;
        if (!errors.isEmpty()) {
            status = RunStatus.FAILED;
        } else if (t.finished()) {
            status = RunStatus.COMPLETED;
        } else {
            status = RunStatus.INCOMPLETE;
        }
        Double lastSeen = t.clock.ms() >= 0 ? t.clock.ms() / 1000.0 : null;
        boolean ended = t.finished();
        boolean backup = t.isBackup();
        List<PhaseTime> phases = new ArrayList<>();
        if (t.timed()) {
            for (Phase p : Phase.values()) {
                if (!(backup && p == Phase.INDEXES)) { // a backup builds no index
                    phases.add(new PhaseTime(p, t.phaseSeconds(p)));
                }
            }
        }
        return RestoreRun.builder()
                .label(label)
                .source(source)
                .status(status)
                .columns(t.columns)
                .totalSeconds(ended && firstMsAtStart() && !t.clock.lastUnknown() && !t.clock.lost() ? lastSeen : null)
                .lastSeenSeconds(lastSeen)
                .phases(phases)
                .tables(tables)
                .indexes(indexes)
                .errors(errors)
                .errorsAfterStop(afterStop)
                .indexesWritten(backup ? t.indexTables.written() : null)
                .warnings(notes)
                .backupFile(t.backupFile)
                .database(t.database)
                .pageSize(t.pageSize)
                .backupVersion(t.backupVersion)
                .parallelWorkers(t.parallelWorkers)
                .totalReads(
                        t.absoluteReads != null
                                ? t.absoluteReads
                                : t.anyReads && !t.countersDamaged ? t.sumReads : null)
                .totalWrites(
                        t.absoluteWrites != null
                                ? t.absoluteWrites
                                : t.anyWrites && !t.countersDamaged ? t.sumWrites : null)
                .indexMapping(mapping)
                .backupBytes(backup && t.bytesWritten >= 0 ? t.bytesWritten : null)
                .kind(backup ? RunKind.BACKUP : RunKind.RESTORE)
                .failure(t.gbak.failure())
                .parallelWorkersUsed(
                        t.parallelWorkersUsed != null
                                ? t.parallelWorkersUsed
                                : t.parallelWorkers != null && t.database != null ? t.parallelWorkers : null)
                .tablesDefined(t.indexTables.tablesDefined() == 0 ? null : t.indexTables.tablesDefined())
                .indexesDefined(t.definedIndexes.isEmpty() ? null : t.definedIndexes.size())
                .indexesNeverBuilt(t.definedIndexes.isEmpty() ? null : neverBuilt)
                .indexesNeverBuiltTables(t.definedIndexes.isEmpty() ? null : t.indexTables.tablesOf(neverBuilt))
                .reachedEnd(ended || t.gbak.notOnline())
                .build();
    }

    /**
     * One table's load for {@link #toRun}.
     */
    private TableLoad tableLoad(TableState ts, List<Warning> notes) {
        Double seconds = null;
        if (ts.closed && ts.endMs >= 0 && ts.startMs >= 0) {
            seconds = (ts.endMs - ts.startMs) / 1000.0;
        } else if (!ts.closed && t.timed()) {
            notes.add(new Warning(
                    WarningCode.TABLE_TIME_UNKNOWN,
                    "table " + ts.name
                            + (t.isBackup()
                                    ? ": time written unknown, the log ends while it is written"
                                    : ": load time unknown, the log ends during its load")));
        }
        return new TableLoad(ts.name, ts.records, ts.startMs >= 0 ? ts.startMs / 1000.0 : null, seconds);
    }

    /** The load of a table, null when the log shows none. */
    private TableState load(String table) {
        return table == null ? null : t.loads.get(table);
    }

    /** One index build for {@link #toRun}, with its table as {@code mapping} found it. */
    private IndexBuild indexBuild(IndexState is, IndexMapping mapping, List<Warning> notes) {
        IndexMapping source = is.source;
        String table = source == null || is.candidates == null ? is.table : null; // candidates: no one guess
        IndexMapping src = source != null ? source : table == null ? null : mapping;
        List<String> candidates = source != null ? is.candidates : null;
        boolean cut = t.cutByTheStop() && (t.gbak.failedAtTheEnd(is) || !is.failed) && !is.ended;
        boolean failed = is.failed && !cut;
        String errorTable = failed ? is.errorTable : null;
        if (errorTable != null) { // gbak named it in the failure's own words: certain
            table = errorTable;
            src = IndexMapping.LOG;
            candidates = null;
        }
        Double seconds = is.ms < 0 ? null : is.ms / 1000.0;
        if (cut) {
            notes.add(new Warning(
                    WarningCode.INDEX_TIME_UNKNOWN,
                    "index " + is.name + ": not built, gbakprof stopped gbak during its build (its line " + is.line
                            + "): its build time is unknown"));
        } else if (t.timed() && !is.ended) {
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
        return t.startsAtStart;
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
            Collections.sort(names);
            String what = count == 1 ? "1 index definition" : count + " index definitions";
            notes.add(new Warning(
                    WarningCode.INDEXES_NOT_ACTIVATED,
                    (t.builds.isEmpty()
                                    ? what + " never activated, so restored inactive and not built (gbak -i, or "
                                            + "inactive in the backup): "
                                    : what + " inactive in the backup, so restored inactive and not built (gbak "
                                            + "activated the others, so not gbak -i): ")
                            + String.join(", ", names)
                            + (count > names.size() ? ", ..." : "")));
        }
    }
}
