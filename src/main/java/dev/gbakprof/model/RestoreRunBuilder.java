package dev.gbakprof.model;

import java.util.ArrayList;
import java.util.List;

/**
 * Assembles a run record ({@link RestoreRun#builder()}, {@link RestoreRun#toBuilder()}); used by the timeline and by the
 * live wrapper to add what it knows.
 */
public final class RestoreRunBuilder {
    private String label;
    private String source;
    private Via via = Via.LOG;
    private String startedAt;
    private RunStatus status = RunStatus.INCOMPLETE;
    private Integer exitCode;
    private String command;
    private List<Column> columns = List.of();
    private Double totalSeconds;
    private Double lastSeenSeconds;
    private List<PhaseTime> phases = List.of();
    private List<TableLoad> tables = List.of();
    private List<IndexBuild> indexes = List.of();
    private List<String> errors = List.of();
    private List<Warning> warnings = List.of();
    private Environment environment;
    private List<CpuSample> cpuSamples = List.of();
    private String backupFile;
    private String database;
    private Integer pageSize;
    private Integer backupVersion;
    private Integer parallelWorkers;
    private Long totalReads;
    private Long totalWrites;
    private IndexMapping indexMapping = IndexMapping.NONE;
    private Long backupBytes;
    private Double wallSeconds;
    private Inspection inspection;
    private RunKind kind = RunKind.RESTORE;
    private String failure;
    private String worker;
    private List<PhaseResources> phaseResources = List.of();
    private Validation validation;
    private Integer parallelWorkersUsed;
    private Integer tablesDefined;
    private Integer indexesDefined;
    private List<String> indexesNeverBuilt;
    private String etaBasis;
    private String backupSha256;
    private String backupFrom;
    private Boolean reachedEnd;
    private Integer round;
    private Integer position;
    private Boolean warmup;
    private String ods;
    private List<String> errorsAfterStop;
    private String server;
    private List<IndexDefinition> indexesWritten;
    private List<IndexDefinition> indexesNeverBuiltTables;
    private String followsRunStartedAt;

    RestoreRunBuilder(RestoreRun r) {
        if (r == null) {
            return;
        }
        label = r.label();
        source = r.source();
        via = r.via();
        startedAt = r.startedAt();
        status = r.status();
        exitCode = r.exitCode();
        command = r.command();
        columns = r.columns();
        totalSeconds = r.totalSeconds();
        lastSeenSeconds = r.lastSeenSeconds();
        phases = r.phases();
        tables = r.tables();
        indexes = r.indexes();
        errors = r.errors();
        warnings = r.warnings();
        environment = r.environment();
        cpuSamples = r.cpuSamples();
        backupFile = r.backupFile();
        database = r.database();
        pageSize = r.pageSize();
        backupVersion = r.backupVersion();
        parallelWorkers = r.parallelWorkers();
        totalReads = r.totalReads();
        totalWrites = r.totalWrites();
        indexMapping = r.indexMapping();
        backupBytes = r.backupBytes();
        wallSeconds = r.wallSeconds();
        inspection = r.inspection();
        kind = r.kind();
        failure = r.failure();
        worker = r.worker();
        phaseResources = r.phaseResources();
        validation = r.validation();
        parallelWorkersUsed = r.parallelWorkersUsed();
        tablesDefined = r.tablesDefined();
        indexesDefined = r.indexesDefined();
        indexesNeverBuilt = r.indexesNeverBuilt();
        etaBasis = r.etaBasis();
        backupSha256 = r.backupSha256();
        backupFrom = r.backupFrom();
        reachedEnd = r.reachedEnd();
        round = r.round();
        position = r.position();
        warmup = r.warmup();
        ods = r.ods();
        errorsAfterStop = r.errorsAfterStop();
        server = r.server();
        indexesWritten = r.indexesWritten();
        indexesNeverBuiltTables = r.indexesNeverBuiltTables();
        followsRunStartedAt = r.followsRunStartedAt();
    }

    public RestoreRunBuilder label(String v) {
        label = v;
        return this;
    }

    public RestoreRunBuilder source(String v) {
        source = v;
        return this;
    }

    public RestoreRunBuilder via(Via v) {
        via = v;
        return this;
    }

    public RestoreRunBuilder startedAt(String v) {
        startedAt = v;
        return this;
    }

    public RestoreRunBuilder status(RunStatus v) {
        status = v;
        return this;
    }

    public RestoreRunBuilder exitCode(Integer v) {
        exitCode = v;
        return this;
    }

    public RestoreRunBuilder command(String v) {
        command = v;
        return this;
    }

    public RestoreRunBuilder columns(List<Column> v) {
        columns = v;
        return this;
    }

    public RestoreRunBuilder totalSeconds(Double v) {
        totalSeconds = v;
        return this;
    }

    public RestoreRunBuilder lastSeenSeconds(Double v) {
        lastSeenSeconds = v;
        return this;
    }

    public RestoreRunBuilder phases(List<PhaseTime> v) {
        phases = v;
        return this;
    }

    public RestoreRunBuilder tables(List<TableLoad> v) {
        tables = v;
        return this;
    }

    public RestoreRunBuilder indexes(List<IndexBuild> v) {
        indexes = v;
        return this;
    }

    public RestoreRunBuilder errors(List<String> v) {
        errors = v;
        return this;
    }

    public RestoreRunBuilder warnings(List<Warning> v) {
        warnings = v;
        return this;
    }
    /** Adds one warning after those set so far. */
    public RestoreRunBuilder warning(WarningCode code, String message) {
        List<Warning> more = new ArrayList<>(warnings);
        more.add(new Warning(code, message));
        warnings = more;
        return this;
    }

    public RestoreRunBuilder environment(Environment v) {
        environment = v;
        return this;
    }

    public RestoreRunBuilder cpuSamples(List<CpuSample> v) {
        cpuSamples = v;
        return this;
    }

    public RestoreRunBuilder backupFile(String v) {
        backupFile = v;
        return this;
    }

    public RestoreRunBuilder database(String v) {
        database = v;
        return this;
    }

    public RestoreRunBuilder pageSize(Integer v) {
        pageSize = v;
        return this;
    }

    public RestoreRunBuilder backupVersion(Integer v) {
        backupVersion = v;
        return this;
    }

    public RestoreRunBuilder parallelWorkers(Integer v) {
        parallelWorkers = v;
        return this;
    }

    public RestoreRunBuilder totalReads(Long v) {
        totalReads = v;
        return this;
    }

    public RestoreRunBuilder totalWrites(Long v) {
        totalWrites = v;
        return this;
    }

    public RestoreRunBuilder indexMapping(IndexMapping v) {
        indexMapping = v;
        return this;
    }

    public RestoreRunBuilder backupBytes(Long v) {
        backupBytes = v;
        return this;
    }

    public RestoreRunBuilder wallSeconds(Double v) {
        wallSeconds = v;
        return this;
    }

    public RestoreRunBuilder inspection(Inspection v) {
        inspection = v;
        return this;
    }

    public RestoreRunBuilder kind(RunKind v) {
        kind = v;
        return this;
    }

    public RestoreRunBuilder failure(String v) {
        failure = v;
        return this;
    }

    public RestoreRunBuilder worker(String v) {
        worker = v;
        return this;
    }

    public RestoreRunBuilder phaseResources(List<PhaseResources> v) {
        phaseResources = v;
        return this;
    }

    public RestoreRunBuilder validation(Validation v) {
        validation = v;
        return this;
    }

    public RestoreRunBuilder parallelWorkersUsed(Integer v) {
        parallelWorkersUsed = v;
        return this;
    }

    public RestoreRunBuilder tablesDefined(Integer v) {
        tablesDefined = v;
        return this;
    }

    public RestoreRunBuilder indexesDefined(Integer v) {
        indexesDefined = v;
        return this;
    }

    public RestoreRunBuilder indexesNeverBuilt(List<String> v) {
        indexesNeverBuilt = v;
        return this;
    }

    public RestoreRunBuilder etaBasis(String v) {
        etaBasis = v;
        return this;
    }

    public RestoreRunBuilder backupSha256(String v) {
        backupSha256 = v;
        return this;
    }

    /** Where the restore sits in a series: its round and place in it (from 1), and whether it is a warm-up. */
    public RestoreRunBuilder placement(Integer roundNumber, Integer place, Boolean warmUp) {
        round = roundNumber;
        position = place;
        warmup = warmUp;
        return this;
    }

    public RestoreRunBuilder ods(String v) {
        ods = v;
        return this;
    }

    public RestoreRunBuilder errorsAfterStop(List<String> v) {
        errorsAfterStop = v;
        return this;
    }

    public RestoreRunBuilder server(String v) {
        server = v;
        return this;
    }

    public RestoreRunBuilder indexesWritten(List<IndexDefinition> v) {
        indexesWritten = v;
        return this;
    }

    public RestoreRunBuilder indexesNeverBuiltTables(List<IndexDefinition> v) {
        indexesNeverBuiltTables = v;
        return this;
    }

    public RestoreRunBuilder followsRunStartedAt(String v) {
        followsRunStartedAt = v;
        return this;
    }

    public RestoreRunBuilder reachedEnd(Boolean v) {
        reachedEnd = v;
        return this;
    }

    public RestoreRunBuilder backupFrom(String v) {
        backupFrom = v;
        return this;
    }

    public RestoreRun build() {
        return new RestoreRun(
                RestoreRun.SCHEMA,
                label,
                source,
                via,
                startedAt,
                status,
                exitCode,
                command,
                columns,
                totalSeconds,
                lastSeenSeconds,
                phases,
                tables,
                indexes,
                errors,
                warnings,
                environment,
                cpuSamples,
                backupFile,
                database,
                pageSize,
                backupVersion,
                parallelWorkers,
                totalReads,
                totalWrites,
                indexMapping,
                backupBytes,
                wallSeconds,
                inspection,
                kind,
                failure,
                worker,
                phaseResources,
                validation,
                parallelWorkersUsed,
                tablesDefined,
                indexesDefined,
                indexesNeverBuilt,
                etaBasis,
                backupSha256,
                backupFrom,
                reachedEnd,
                round,
                position,
                warmup,
                ods,
                errorsAfterStop,
                server,
                indexesWritten,
                indexesNeverBuiltTables,
                followsRunStartedAt);
    }
}
