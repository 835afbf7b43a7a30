package dev.gbakprof.model;

import java.util.Locale;

/**
 * What a {@link Warning} is about. Code branches on this, never on the sentence; the record's JSON
 * carries it in {@code warningCodes} as the lower-case, hyphenated name ({@code interrupted},
 * {@code mapping-inferred}). A code is a contract: add codes freely, never rename one.
 */
public enum WarningCode {
    /** No header line: the statistics columns were read by counting numbers (an excerpt). */
    COLUMNS_INFERRED,
    /** Only the delta column: times are sums of gbak's truncated deltas. */
    DELTA_ONLY,
    /** The log starts after the restore did (an excerpt): the time before its first line is in no phase. */
    STARTS_LATE,
    /** gbak's clock goes back between two lines: the spans the later line ends and starts are unknown. */
    CLOCK_BACKWARDS,
    /**
     * A line whose statistics cannot be read or trusted (a damaged column such as {@code 47B}, a time its delta
     * does not explain, an absurd jump): the spans it ends and starts are unknown; the message names the line.
     */
    DAMAGED_LINE,
    /** Statistics after gbak's {@code total statistics} line (where gbak prints none): not counted. */
    AFTER_TOTAL,
    /** The total is unknown although the restore finished: gbak's last statistics line is damaged. */
    TOTAL_UNKNOWN,
    /** gbak printed "N records ignored" for a table. */
    RECORDS_IGNORED,
    /** gbak printed a warning of its own (the message quotes it). */
    GBAK_WARNING,
    /** A table's load time is unknown: the log ends during its load. */
    TABLE_TIME_UNKNOWN,
    /** An index's build time is unknown: the log ends right after its line. */
    INDEX_TIME_UNKNOWN,
    /** Index definitions gbak never activated: restored inactive, not built. */
    INDEXES_NOT_ACTIVATED,
    /** A restore that stopped (cut, failed, killed) before building every index it defined: "8 of 14 ... never built". */
    INDEXES_NEVER_BUILT,
    /** The index→table mapping is inferred from the log, not certain (inspection replaces it). */
    MAPPING_INFERRED,
    /** More errors and warnings than a record keeps. */
    MESSAGES_DROPPED,
    /** The log holds several gbak runs; the message says which lines this record comes from. */
    SEVERAL_RUNS,
    /** Lines of the log that are no timed restore (a backup, a failed call) were left out. */
    RUN_LEFT_OUT,
    /** The file ends in NUL bytes (written only in part); read up to them. */
    TRAILING_NULS,
    /** A block of NUL bytes with more lines after it: a run a crash cut, then another appended; read on. */
    NUL_BLOCK,
    /**
     * The log ends in the middle of a line (no line end) of a run that had not ended: the file was cut there, or gbak
     * stopped while writing it; the message names the line.
     */
    LAST_LINE_CUT,
    /** A restore log without time statistics (no {@code -st t}): read for its status and objects, times unknown. */
    UNTIMED,
    /** "-"-led lines without gbak's prefix in a restore that went on to its end: another writer's, not errors. */
    STRAY_LINES,
    /** {@code run --backup-dir}: which backup of the folder was restored, and why. */
    BACKUP_CHOSEN,
    /** CPU sampling stopped or measured nothing usable. */
    CPU_SAMPLING,
    /** The run was stopped by its {@code --timeout}. */
    TIMEOUT,
    /** The run was stopped by Ctrl-C. */
    INTERRUPTED,
    /** A completed gbak run printed no statistics columns (no {@code -st}). */
    NO_STATISTICS,
    /** A partial database is left in place (the message says why). */
    PARTIAL_DATABASE_KEPT,
    /** {@code --inspect} did not inspect (the restore did not complete). */
    NOT_INSPECTED,
    /**
     * {@code --inspect} could not open or read the database of a completed restore (the record's {@code failure}
     * says why): the run is failed, its total is gbak's.
     */
    INSPECTION_FAILED,
    /** What gbakprof did to let the server open the restored file (ownership handed over). */
    FILE_HANDED_OVER,
    /** An index is inactive in the restored database because it was inactive in the backup. */
    INDEX_INACTIVE_IN_BACKUP,
    /** An index the log built is not in the restored database. */
    INDEX_NOT_IN_DATABASE,
    /** {@code --replace} left the database as it was (the restore did not succeed); the message says what is where. */
    NOT_REPLACED,
    /** The raw log could not be written (a full disk): gbakprof stopped the restore. */
    RAW_LOG_UNWRITABLE,
    /** {@code --validate} did not validate (the restore did not complete). */
    NOT_VALIDATED,
    /** gfix's validation reported warnings only (the message quotes them). */
    VALIDATION_WARNINGS,
    /** gbak failed before printing a line that says backup or restore: the record is taken for a restore. */
    KIND_UNKNOWN,
    /** Lines of a log without BOM were not UTF-8 and were read as windows-1252 (no {@code --encoding} given). */
    CODE_PAGE_ASSUMED,
    /** A drill's backup did not complete: the partial backup file gbakprof made in the run folder was removed. */
    PARTIAL_BACKUP_REMOVED,
    /**
     * gbak exited a minute or more after the last line of a finished run (what it does after that line prints nothing;
     * an embedded Firebird tool can hang at its detach): the wall time includes the wait, gbak's clock does not.
     */
    LATE_EXIT,
    /**
     * The record's names are tokens ({@code --anonymize}: {@link Anonymizer}): T001 is a table, not the real one; the
     * numbers are as measured.
     */
    ANONYMIZED,
    /**
     * The runs folder held a run started later than this one when it began ({@code followsRunStartedAt}): this
     * machine's clock went back (or the clock of another machine writing there is ahead).
     */
    RUNS_FOLDER_AHEAD,
    /** A warning from a record written before warnings had codes (or with a code this version does not know). */
    OTHER;

    /** The code as the JSON writes it: {@code mapping-inferred}. */
    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The code a JSON word names, {@link #OTHER} for one this version does not know. */
    public static WarningCode fromJson(String word) {
        for (WarningCode c : values()) {
            if (c.toString().equals(word)) {
                return c;
            }
        }
        return OTHER;
    }
}
