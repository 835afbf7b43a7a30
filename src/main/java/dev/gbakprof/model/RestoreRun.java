package dev.gbakprof.model;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Everything gbakprof knows about one restore: the run record ({@code "schema": "gbakprof.run/1"}).
 * Reports, JSON and comparisons see only this. Field names are a contract: add, never rename.
 *
 * @param source          the raw log (path) the record was built from
 * @param via             {@code gbak} (live run of the gbak tool), {@code service} (services API) or
 *                        {@code log} (an existing log was parsed)
 * @param startedAt       ISO-8601 start time, {@code null} for a log that does not say
 * @param exitCode        gbak's exit code, {@code null} for a parsed log
 * @param command         the command line with any password redacted, {@code null} for a parsed log
 * @param columns         the statistics columns the log carries, in gbak's order (time, delta, reads, writes)
 * @param totalSeconds    time from gbak's start to its last statistics line; {@code null} unless completed
 * @param lastSeenSeconds gbak's clock on the last statistics line seen (also for incomplete runs)
 * @param indexMapping    how indexes were mapped to tables: {@code log}, {@code inferred},
 *                        {@code database}, or {@code none}
 * @param backupBytes     size of the backup file, when gbakprof could see it
 * @param wallSeconds     wall-clock seconds gbakprof measured from gbak's launch to its exit (live runs)
 * @param worker          the process whose resources {@code cpuSamples} and {@code phaseResources} show:
 *                        {@code gbak (pid N)} or {@code Firebird server (pid N)}; {@code null} when none could be read
 * @param phaseResources  the worker's CPU, I/O and what limited it, per phase (docs/guide/advise.md, "Why is it slow")
 * @param inspection      what the restored database says, read through the server after the restore
 *                        ({@code --inspect}), with the verification against the log; {@code null} when not inspected
 * @param warnings        what weakens or qualifies the record, each with its {@link WarningCode}; the JSON
 *                        writes the messages as {@code warnings} and the codes as {@code warningCodes}
 * @param kind            {@code restore} or {@code backup} ({@code gbak -b}: its phases are setup, metadata, data and
 *                        finish, its tables are the tables written, {@code backupBytes} the bytes gbak says it wrote);
 *                        a record without the field (written before it existed) is a restore
 * @param parallelWorkersUsed the parallel workers the engine used (Firebird 5+): {@code parallelWorkers} is what gbak
 *                        was asked for ({@code use up to N parallel workers}); when the engine refuses that value
 *                        ({@code Wrong parallel workers value 4, valid range are from 1 to 1}) it uses the top of
 *                        the range (jrd.cpp); {@code null} when the log does not say
 * @param tablesDefined   tables (views excluded) the log's metadata defines ({@code restoring table}); {@code null}
 *                        when the log shows no table definition (an excerpt)
 * @param indexesDefined  index definitions the log's metadata holds ({@code restoring index}): what a full restore
 *                        builds; {@code null} when the log shows none
 * @param etaBasis        what the live ETA of {@code gbakprof run} was computed from (the baseline, the backup's read
 *                        position or rows), or why there was none; {@code null} for a parsed log
 * @param indexesNeverBuilt the index definitions gbak never started to build ({@code activating ...}): the restore
 *                        stopped before them, or (a finished restore) they are restored inactive; in gbak's order
 * @param failure         gbakprof's own words on why the run failed where gbak's {@code errors} (always gbak's or the
 *                        server's own words) do not say it plainly: a backup file that ends early, a services restore
 *                        that ended before finishing, gbak exiting non-zero in silence; {@code null} otherwise
 * @param validation      {@code gfix -v -full -n} on the restored database ({@code run --validate}); {@code null}
 *                        when not validated
 * @param backupSha256    SHA-256 of the backup file (hex), computed by gbakprof after the restore (a drill: right after
 *                        its backup); {@code null} when the file is not seen here (a server on another machine)
 * @param backupFrom      {@code run --backup-from}: the database the drill backed up (its backup record is the first of
 *                        the run folder's run.json); {@code null} for a restore of an existing backup
 * @param reachedEnd      gbak went through to the end of the restore (or backup): it printed {@code finishing, closing,
 *                        and going home}, {@code total statistics}, or (a restore without {@code -v}) {@code Database is
 *                        not online due to failure to activate one or more indices}, which it prints only after its
 *                        last step; a failed restore that reached it restored every table and left indexes unbuilt.
 *                        {@code null} in a record written before this field: {@link #wentToTheEnd()} then reads it from
 *                        {@code totalSeconds}
 * @param round           the round of an experiment this restore was made in ({@code matrix}, {@code run --repeat}),
 *                        from 1: each round restores every configuration once; {@code null} for a warm-up, a single
 *                        run and a parsed log
 * @param position        the restore's place within its round, from 1 ({@code null} as {@code round})
 * @param warmup          {@code true}: a warm-up restore ({@code --warmup}), recorded but set aside by every comparison;
 *                        {@code false}: a counted restore of a series; {@code null}: a single run or a parsed log
 * @param ods             the on-disk structure of the database the restore made, {@code major.minor} (Firebird 3.0
 *                        writes 12.0, 4.0 13.0), read from its file's header page after a restore that reached its end;
 *                        {@code null} when the file is not on this machine, not restored, or written before the field
 * @param errorsAfterStop the error lines gbak printed as it ended after gbakprof stopped it before its end (its
 *                        {@code --timeout}, Ctrl-C, a raw log it could not write): the stop's doing (the database shut
 *                        down under gbak, its connection gone, {@code Exiting before completion}), not its cause, so
 *                        kept apart from {@code errors}, word for word; {@code null} when gbakprof did not stop gbak
 *                        before its end, or in a record written before the field
 * @param server          the Firebird server the restore went through, {@code host/port} ({@code localhost/3050}): the
 *                        services manager's ({@code --via service}, gbak's {@code -se}) or the one gbak reached over
 *                        TCP ({@code host:path}, {@code --host}); {@code null} for embedded gbak, a parsed log, or a
 *                        record written before the field
 * @param indexesWritten  a backup's index definitions ({@code writing index X}, gbak -b -v), each with its table (the
 *                        data line that follows it): the indexes a restore of the backup builds; {@code null} for a
 *                        restore, or a backup record written before the field
 * @param indexesNeverBuiltTables the tables of {@code indexesNeverBuilt}, {@code {name, table}} in the same order:
 *                        each the table whose data line followed its definition, where the log says it exactly
 *                        ({@code null} where it does not: a table without rows between, or no data line after it);
 *                        {@code null} as {@code indexesNeverBuilt}, and in a record written before the field
 * @param followsRunStartedAt ISO-8601: when this run started, its runs folder already held a run that had started
 *                        later than it by more than a few minutes (this machine's clock went back, or a clock of
 *                        another machine writing there is ahead): the start of the latest such run. This run came
 *                        after that one, whatever their {@code startedAt} say. {@code null} when none, or in a record
 *                        written before the field
 */
public record RestoreRun(
        String schema,
        String label,
        String source,
        Via via,
        String startedAt,
        RunStatus status,
        Integer exitCode,
        String command,
        List<Column> columns,
        Double totalSeconds,
        Double lastSeenSeconds,
        List<PhaseTime> phases,
        List<TableLoad> tables,
        List<IndexBuild> indexes,
        List<String> errors,
        List<Warning> warnings,
        Environment environment,
        List<CpuSample> cpuSamples,
        String backupFile,
        String database,
        Integer pageSize,
        Integer backupVersion,
        Integer parallelWorkers,
        Long totalReads,
        Long totalWrites,
        IndexMapping indexMapping,
        Long backupBytes,
        Double wallSeconds,
        Inspection inspection,
        RunKind kind,
        String failure,
        String worker,
        List<PhaseResources> phaseResources,
        Validation validation,
        Integer parallelWorkersUsed,
        Integer tablesDefined,
        Integer indexesDefined,
        List<String> indexesNeverBuilt,
        String etaBasis,
        String backupSha256,
        String backupFrom,
        Boolean reachedEnd,
        Integer round,
        Integer position,
        Boolean warmup,
        String ods,
        List<String> errorsAfterStop,
        String server,
        List<IndexDefinition> indexesWritten,
        List<IndexDefinition> indexesNeverBuiltTables,
        String followsRunStartedAt) {

    /** What every version of the record's schema starts with. */
    public static final String SCHEMA_FAMILY = "gbakprof.run/";

    public static final String SCHEMA = SCHEMA_FAMILY + "1";

    public RestoreRun {
        columns = List.copyOf(columns);
        tables = List.copyOf(tables);
        indexes = List.copyOf(indexes);
        errors = List.copyOf(errors);
        warnings = List.copyOf(warnings);
        phases = PhaseTime.marked(
                phases,
                status,
                reachedEnd != null ? reachedEnd : totalSeconds != null,
                startsAtStart(warnings, phases));
        cpuSamples = cpuSamples == null ? List.of() : List.copyOf(cpuSamples);
        indexesNeverBuilt = indexesNeverBuilt == null ? null : List.copyOf(indexesNeverBuilt);
        errorsAfterStop = errorsAfterStop == null ? null : List.copyOf(errorsAfterStop);
        indexesWritten = indexesWritten == null ? null : List.copyOf(indexesWritten);
        indexesNeverBuiltTables = indexesNeverBuiltTables == null ? null : List.copyOf(indexesNeverBuiltTables);
        kind = kind == null ? RunKind.RESTORE : kind;
        phaseResources = phaseResources == null ? List.of() : List.copyOf(phaseResources);
    }

    /**
     * gbak went through to its end: {@link #reachedEnd}, or for a record written before it, a known total (gbak's clock
     * on its last line, which only a log reaching its end has).
     */
    /**
     * The configuration in force for the restore as the record says it ({@link Environment#firebirdConf}), or {@code
     * null} when unknown: where a server restored (the services API, gbak through a server: {@link #server}), only
     * the server's own report ({@link FirebirdConf#reported}); a record that holds this machine's firebird.conf for it
     * (written before servers were asked) says nothing of the server's.
     */
    public FirebirdConf firebirdConfInForce() {
        FirebirdConf conf = environment == null ? null : environment.firebirdConf();
        boolean byServer = via == Via.SERVICE || server != null;
        return conf == null || !byServer || conf.reported() ? conf : null;
    }

    /**
     * A restore that completed and then failed a check gbakprof made of its database: its inspection ({@code --inspect}
     * could not open it, {@link WarningCode#INSPECTION_FAILED}, or found a problem) or its validation ({@code
     * --validate}). Both run only after a completed restore, so its total is gbak's, known; the run is failed.
     */
    public boolean failedAfterCompleting() {
        return status == RunStatus.FAILED
                && (hasWarning(WarningCode.INSPECTION_FAILED)
                        || inspection != null && !inspection.problems().isEmpty()
                        || validation != null && validation.result() == Validation.Result.FAILED);
    }

    /** The restore completed and its validation ({@code --validate}) was stopped before gfix ended: not validated. */
    public boolean validationStopped() {
        return validation != null && validation.result() == Validation.Result.STOPPED;
    }

    public boolean wentToTheEnd() {
        return reachedEnd != null ? reachedEnd : totalSeconds != null;
    }

    /** The log has a time or delta column (gbak ran with {@code -st t} or {@code d}): its times are known. */
    public boolean timed() {
        return columns.contains(Column.TIME) || columns.contains(Column.DELTA);
    }

    /** A warm-up restore ({@code --warmup}): recorded, never counted in a comparison. */
    public boolean warmupRestore() {
        return Boolean.TRUE.equals(warmup);
    }

    /** The warnings' messages, in order: what the JSON's {@code warnings} holds. */
    public List<String> warningMessages() {
        return warnings.stream().map(Warning::message).toList();
    }

    /** The warnings' codes, in the order of {@link #warningMessages()}: the JSON's {@code warningCodes}. */
    public List<WarningCode> warningCodes() {
        return warnings.stream().map(Warning::code).toList();
    }

    public boolean hasWarning(WarningCode code) {
        return warnings.stream().anyMatch(w -> w.is(code));
    }

    /**
     * Why gbakprof stopped the run's gbak, as its warnings say: {@link WarningCode#RAW_LOG_UNWRITABLE}, {@link
     * WarningCode#TIMEOUT} or {@link WarningCode#INTERRUPTED} (Ctrl-C); {@code null} when it did not.
     */
    public WarningCode stoppedBy() {
        for (WarningCode c : List.of(WarningCode.RAW_LOG_UNWRITABLE, WarningCode.TIMEOUT, WarningCode.INTERRUPTED)) {
            if (hasWarning(c)) {
                return c;
            }
        }
        return null;
    }

    /**
     * The index whose build gbakprof's stop cut, so not built: gbakprof stopped gbak before its end, and the last build
     * of the record (gbak builds one index at a time) has no time and did not fail; {@code null} when none. gbak's
     * {@code cannot commit index} of it after the stop is among {@link #errorsAfterStop}; a record written before
     * that field has it {@code failed}, with the stop's errors among its own.
     */
    public IndexBuild cutByStop() {
        if (stoppedBy() == null || wentToTheEnd() || indexes.isEmpty()) {
            return null;
        }
        IndexBuild last = indexes.get(indexes.size() - 1);
        return last.seconds() == null && (!last.failed() || errorsAfterStop == null) ? last : null;
    }

    /**
     * This record as today's records tell a stop: a record written before {@link #errorsAfterStop} marks the index
     * gbakprof's stop cut ({@link #cutByStop}) as failed, for gbak's {@code cannot commit index} after the stop; it was
     * not built, not refused by gbak. Every other record is returned as it is.
     */
    public RestoreRun withCutBuildNotFailed() {
        IndexBuild cut = cutByStop();
        if (cut == null || !cut.failed()) {
            return this;
        }
        List<IndexBuild> builds = new ArrayList<>(indexes);
        builds.set(
                builds.size() - 1,
                new IndexBuild(
                        cut.name(),
                        cut.table(),
                        cut.tableSource(),
                        cut.startSeconds(),
                        cut.seconds(),
                        cut.reads(),
                        cut.writes(),
                        false,
                        cut.keysPerSecond(),
                        cut.tableCandidates(),
                        null));
        return toBuilder().indexes(builds).build();
    }

    /** This record with one more warning at the end. */
    public RestoreRun withWarning(WarningCode code, String message) {
        return toBuilder().warning(code, message).build();
    }

    /**
     * The restore's time, the one definition every report uses: the total of a completed restore, {@code null}
     * otherwise. A failed restore's {@link #totalSeconds} (gbak may go on to its end without an index) or a
     * stopped one's last line is not the time of a restore.
     */
    public Double restoreSeconds() {
        return status == RunStatus.COMPLETED ? totalSeconds : null;
    }

    /**
     * Seconds of one phase: {@code null} when unknown (the log does not show it: an excerpt's phases before its first
     * line and after its last, or a log without time columns), 0 when the record lists other phases but not this one
     * (a backup builds no index).
     */
    public Double phaseSeconds(Phase phase) {
        if (phases.isEmpty()) {
            return null;
        }
        for (PhaseTime p : phases) {
            if (p.name() == phase) {
                return p.seconds();
            }
        }
        return 0.0;
    }

    /**
     * The log shows gbak's start: its setup phase is known (an excerpt's is unknown, {@code null}). A record written
     * before unknown phases were null gave an excerpt's setup as 0 s: its {@code starts-late} warning tells it. A log
     * without time columns has no phases and cannot tell.
     */
    public boolean startsAtStart() {
        return startsAtStart(warnings, phases);
    }

    private static boolean startsAtStart(List<Warning> warnings, List<PhaseTime> phases) {
        return warnings.stream().noneMatch(w -> w.is(WarningCode.STARTS_LATE))
                && phases.stream().anyMatch(p -> p.name() == Phase.SETUP && p.seconds() != null);
    }

    /** The seconds of the phases the log shows, added up; {@code null} when it shows none. */
    public Double knownPhaseSeconds() {
        return phases.stream().anyMatch(p -> p.seconds() != null)
                ? phases.stream()
                        .map(PhaseTime::seconds)
                        .filter(Objects::nonNull)
                        .mapToDouble(Double::doubleValue)
                        .sum()
                : null;
    }

    /**
     * Tables the log shows restored (a backup: written), as far as it shows them (an excerpt: those in it; a run that
     * stopped: those it reached); {@code null} when it shows none and cannot say there were none: it does not show
     * the data phase ({@link #shows}).
     */
    public Integer tableCount() {
        return !tables.isEmpty() || shows(Phase.DATA, tablesDefined) ? tables.size() : null;
    }

    /**
     * Index builds the log shows, as far as it shows them; {@code null} when it shows none and does not show the
     * index phase ({@link #shows}). A backup builds none: 0.
     */
    public Integer indexCount() {
        return !indexes.isEmpty() || kind == RunKind.BACKUP || shows(Phase.INDEXES, indexesDefined)
                ? indexes.size()
                : null;
    }

    /**
     * Whether the log shows {@code phase}, so that no object of it listed means there was none: a log with time
     * columns gives it a time ({@link #phaseSeconds}: {@code null} when an excerpt starts after it, or the log ends or
     * the restore fails before it), one without them shows the objects' definitions ({@code defined}) and gbak's end.
     */
    private boolean shows(Phase phase, Integer defined) {
        return timed() ? phaseSeconds(phase) != null : defined != null && wentToTheEnd();
    }

    /**
     * Rows of the tables of {@link #tableCount()}: restored (a restore), or written (a backup); of a run that stopped,
     * those so far. {@code null} when unknown: the table count is, or gbak never printed a table's count (it stopped
     * during the table's data before its first).
     */
    public Long rows() {
        if (tableCount() == null || tables.stream().anyMatch(t -> t.records() == null)) {
            return null;
        }
        return tables.stream().mapToLong(TableLoad::records).sum();
    }

    /**
     * {@link #rows()} over the seconds of the tables' loads (a backup: their writing), to 0.1 row/s: the run's data
     * rate; {@code null} when the time or the row count of a table is unknown (the log ends during its load), there is
     * no table, or the loads took under {@link TableLoad#MIN_RATE_SECONDS} in all.
     */
    public Double rowsPerSecond() {
        Long rows = rows();
        if (rows == null || tables.isEmpty() || tables.stream().anyMatch(t -> t.seconds() == null)) {
            return null;
        }
        double seconds = tables.stream().mapToDouble(TableLoad::seconds).sum();
        return seconds < TableLoad.MIN_RATE_SECONDS ? null : Math.round(rows / seconds * 10) / 10.0;
    }

    /** {@link #startedAt} as an instant; {@code null} when the record does not say (a parsed log) or says no time. */
    public Instant startInstant() {
        return instant(startedAt);
    }

    /** {@link #followsRunStartedAt} as an instant; {@code null} when the record does not say or says no time. */
    public Instant followsInstant() {
        return instant(followsRunStartedAt);
    }

    private static Instant instant(String iso) {
        try {
            return iso == null ? null : Instant.parse(iso);
        } catch (DateTimeParseException ex) {
            return null;
        }
    }

    /**
     * The Firebird version that restored, {@code major.minor} ({@code 4.0}): the engine's (a server's, or what
     * {@code --inspect} read), else gbak's (embedded, gbak is the engine); {@code null} when the record does not say (a
     * parsed log).
     */
    public String firebirdVersion() {
        String engine = inspection != null && inspection.engineVersion() != null
                ? inspection.engineVersion()
                : environment == null ? null : environment.engineVersion();
        String v = majorMinor(engine);
        return v != null ? v : majorMinor(environment == null ? null : environment.gbakVersion());
    }

    /** {@code 4.0} of what gbak -z or a server says ({@code LI-V4.0.5.3140 Firebird 4.0}); {@code null} without one. */
    public static String majorMinor(String version) {
        Matcher m = version == null ? null : FIREBIRD_VERSION.matcher(version);
        return m != null && m.find() ? m.group(1) + "." + m.group(2) : null;
    }

    private static final Pattern FIREBIRD_VERSION = Pattern.compile("(?:Firebird |V)(\\d+)\\.(\\d+)");

    public RestoreRun withLabel(String newLabel) {
        return toBuilder().label(newLabel).build();
    }

    public RestoreRunBuilder toBuilder() {
        return new RestoreRunBuilder(this);
    }

    public static RestoreRunBuilder builder() {
        return new RestoreRunBuilder(null);
    }
}
