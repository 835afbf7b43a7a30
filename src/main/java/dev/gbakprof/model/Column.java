package dev.gbakprof.model;

import java.util.List;
import java.util.Locale;

/**
 * A statistics column of {@code gbak -st}. gbak always prints the selected columns in this order
 * (time, delta, reads, writes), whatever order the letters were given in.
 */
public enum Column {
    /** T: seconds since gbak started, with milliseconds. */
    TIME,
    /** D: seconds since the previous statistics line, with milliseconds. */
    DELTA,
    /** R: page reads of gbak's attachment since the previous statistics line. */
    READS,
    /** W: page writes of gbak's attachment since the previous statistics line. */
    WRITES;

    /** The letter {@code -st} selects it with: the first of its name (T, D, R, W). */
    public char letter() {
        return name().charAt(0);
    }

    /** The word gbak prints in its header line: time, delta, reads, writes. */
    public String header() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The {@link #header()} word: what the run record's JSON writes. */
    @Override
    public String toString() {
        return header();
    }

    /** The columns' header words separated by spaces, as gbak's header line prints them: {@code time delta}. */
    public static String words(List<Column> columns) {
        return String.join(" ", columns.stream().map(Column::header).toList());
    }

    public boolean isTime() {
        return this == TIME || this == DELTA;
    }

    public static Column fromHeader(String word) {
        for (Column c : values()) {
            if (c.header().equals(word)) {
                return c;
            }
        }
        return null;
    }
}
