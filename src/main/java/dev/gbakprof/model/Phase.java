package dev.gbakprof.model;

import java.util.Locale;

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

    /**
     * Position in gbak's order of work: a phase has ended once a phase of a later step shows time. Metadata and data
     * share one: gbak restores metadata before, between (each table's index definitions precede its data) and after the
     * data (triggers, privileges), so neither has ended before the index phase starts.
     */
    public int step() {
        return switch (this) {
            case SETUP -> 0;
            case METADATA, DATA -> 1;
            case INDEXES -> 2;
            case FINISH -> 3;
        };
    }

    /** The lower-case name used in the run record and on screen. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The phase as English sentences name it ("index phase", "finishing phase"): the name the one-page report uses
     * ({@code headline.phase.*} of texts.properties; {@code LanguagesTest} keeps them the same).
     */
    public String prose() {
        return switch (this) {
            case INDEXES -> "index phase";
            case FINISH -> "finishing phase";
            default -> label() + " phase";
        };
    }

    /** The phase of a {@link #label()}, or {@code null}. */
    public static Phase ofLabel(String label) {
        for (Phase p : values()) {
            if (p.label().equals(label)) {
                return p;
            }
        }
        return null;
    }

    /** The {@link #label()}: what the run record's JSON writes. */
    @Override
    public String toString() {
        return label();
    }
}
