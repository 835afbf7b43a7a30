package dev.gbakprof.model;

import java.util.Locale;

/**
 * How indexes were mapped to their tables: the record's {@code indexMapping} and each index's
 * {@code tableSource}, written as the lower-case name.
 */
public enum IndexMapping {
    /** Certain from the log: every table defined in it has a data line, so gbak's order maps each index. */
    LOG,
    /** Inferred from the log (a table without a data line, or no table definitions): not a fact. */
    INFERRED,
    /** Read from the restored database ({@code --inspect}, {@code inspect}): the authority. */
    DATABASE,
    /** No index definition was mapped (the record's {@code indexMapping} only; an index without a table has a null {@code tableSource}). */
    NONE;

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
