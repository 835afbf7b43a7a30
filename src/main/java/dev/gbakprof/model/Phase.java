package dev.gbakprof.model;

/** The five phases of a restore, in the order gbak goes through them. */
public enum Phase {
    /** Opening the backup file and creating the database. */
    SETUP,
    /** Domains, tables, columns, index definitions, generators, procedures, triggers, privileges. */
    METADATA,
    /** Restoring the rows of each table. */
    DATA,
    /** Creating indexes: activating the deferred indexes and the commits between them. */
    INDEXES,
    /** Fixing views, ownership, missing privileges, system generators, finishing. */
    FINISH;

    /** The lower-case name used in the run record and on screen. */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    /** The {@link #label()}: what the run record's JSON writes. */
    @Override
    public String toString() {
        return label();
    }
}
