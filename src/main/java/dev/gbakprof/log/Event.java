package dev.gbakprof.log;

/**
 * A classified gbak message.
 *
 * @param kind  what the message says
 * @param name  the object it names (table, index, file, database), or {@code null}
 * @param count the number it carries (records restored, page size, backup version, workers), or -1
 * @param line  the parsed line, with its statistics columns
 */
public record Event(EventKind kind, String name, long count, StatLine line) {}
