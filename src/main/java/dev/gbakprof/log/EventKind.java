package dev.gbakprof.log;

import dev.gbakprof.model.Phase;

/**
 * What a gbak message says, of a restore ({@code gbak -c}) or of a backup ({@code gbak -b}). Each kind
 * names the phase that the span it starts belongs to; {@code null} means "the phase gbak is already in"
 * (decided by the timeline). A backup goes through setup, metadata, data and finish (no indexes: a backup
 * writes index definitions, it builds none).
 */
public enum EventKind {
    OPENED_FILE(Phase.SETUP),
    /**
     * {@code Starting with volume #N, "file"} (msgs 225-229, no prefix): gbak goes on with the next file of
     * a multi-volume backup, in whatever phase it is, often in the middle of a table's data.
     */
    NEXT_VOLUME(null),
    /** Firebird 5+: {@code use up to N parallel workers}. */
    PARALLEL_WORKERS(Phase.SETUP),
    /** Backup format notes and database file setup: transportable, compressed, backup version, page size, secondary files. */
    SETUP_STEP(Phase.SETUP),
    CREATED_DATABASE(Phase.SETUP),
    STARTED_TRANSACTION(Phase.SETUP),
    /** {@code restoring table T}: a table (or view) definition. */
    RESTORING_TABLE(Phase.METADATA),
    /** {@code table V is a view}: the previous {@code restoring table} was a view. */
    VIEW(Phase.METADATA),
    /** Any other metadata object: domain, column, generator, procedure, trigger, privilege… */
    METADATA_ITEM(Phase.METADATA),
    /** {@code restoring index X}: an index definition (stored inactive; built later). */
    INDEX_DEFINITION(Phase.METADATA),
    /** {@code committing metadata}: before the data it belongs to metadata, after {@code creating indexes} to indexes. */
    COMMIT_METADATA(null),
    /** {@code committing metadata for table T} ({@code -o}). */
    COMMIT_TABLE_METADATA(Phase.METADATA),
    DATA_FOR_TABLE(Phase.DATA),
    RECORDS_RESTORED(Phase.DATA),
    RECORDS_IGNORED(Phase.DATA),
    /** {@code committing data for table T} ({@code -o}). */
    COMMIT_TABLE_DATA(Phase.DATA),
    /** Firebird 4+: {@code could not start batch when restoring table T, trying old way}. */
    BATCH_FALLBACK(Phase.DATA),
    CREATING_INDEXES(Phase.INDEXES),
    ACTIVATING_INDEX(Phase.INDEXES),
    /** {@code cannot commit index X}: activation failed, the index is left inactive. */
    INDEX_FAILED(null),
    /** Views dbkey length, ownership, missing privileges, system generators, read-only, schema migration. */
    FINISH_STEP(Phase.FINISH),
    FINISHING(Phase.FINISH),
    TOTAL_STATISTICS(Phase.FINISH),
    ONLINE_FLAGS(Phase.FINISH),
    /** {@code Database is not online due to failure to activate one or more indices.} and its gfix hint. */
    NOT_ONLINE(null),
    ERROR(null),
    WARNING(null),
    /** Backup: {@code readied database D for backup} (msg 166), gbak's first line of a backup. */
    BACKUP_DATABASE(Phase.SETUP, true),
    /** Backup: {@code creating file F} (msg 75), the backup file (again for each volume of a multi-volume backup). */
    BACKUP_FILE(Phase.SETUP, true),
    /** Backup: {@code starting transaction} (130), {@code database D has a page size of N bytes.} (77). */
    BACKUP_SETUP_STEP(Phase.SETUP, true),
    /** Backup: {@code writing domains}, {@code writing table T}, triggers, privileges… */
    BACKUP_METADATA(Phase.METADATA, true),
    /** Backup: {@code writing index X}, an index definition, right before its table's data line. */
    BACKUP_INDEX(Phase.METADATA, true),
    /** Backup: {@code writing data for table T} (msg 142), before the table's first row is read. */
    WRITING_DATA(Phase.DATA, true),
    /** Backup: {@code N records written} (msg 108), every {@code -verbint} rows and once at the table's end. */
    RECORDS_WRITTEN(Phase.DATA, true),
    /**
     * Backup: {@code closing file, committing, and finishing. N bytes written} (msg 176), printed after the
     * backup file was closed (backup.epp: {@code MVOL_fini_write()}, then the message): its own delta is
     * the closing of the file. The commits after it show on {@code total statistics}.
     */
    BACKUP_CLOSING(Phase.FINISH, true),
    /**
     * Statistics without a message: the last line of a killed gbak, which writes each column as it goes
     * (docs/dev/GBAK-FORMAT.md §5). Its time ends the previous span; what it was going to say is unknown.
     */
    CUT_LINE(null),
    /** Anything else: kept, never dropped. */
    OTHER(null);

    private final Phase phase;
    private final boolean backup;

    EventKind(Phase phase) {
        this(phase, false);
    }

    EventKind(Phase phase, boolean backup) {
        this.phase = phase;
        this.backup = backup;
    }

    /** The phase of the span this message starts, or {@code null} when it depends on the context. */
    public Phase phase() {
        return phase;
    }

    /** Kinds that only a restore prints: proof that a log is restore output ({@code total statistics} ends a backup too). */
    public boolean isRestoreMessage() {
        return (phase != null && this != TOTAL_STATISTICS && !backup)
                || this == COMMIT_METADATA
                || this == INDEX_FAILED
                || this == NOT_ONLINE;
    }

    /** Kinds that only a backup ({@code gbak -b}) prints. */
    public boolean isBackupMessage() {
        return backup;
    }
}
