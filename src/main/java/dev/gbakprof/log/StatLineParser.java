package dev.gbakprof.log;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Splits gbak output lines into {@link StatLine}s. The header line ({@code gbak: time delta reads writes})
 * decides which statistics columns the following lines carry; a log without a header (an excerpt pasted
 * from an article or an issue) is read by the shape of its leading numbers: numbers with a decimal point
 * are time then delta, whole numbers are reads then writes.
 *
 * <p>Columns are read as whitespace-separated tokens, never by offset: gbak's field widths are minimums
 * and widen for large values (GBAK-FORMAT.md §1).
 */
public final class StatLineParser {
    private static final String PREFIX = "gbak:";

    private List<Column> columns = List.of();
    private boolean headerSeen;
    private boolean inferred;
    private long columnsLine;

    /**
     * Result of a line that is a header: the parser's columns changed, there is no message.
     */
    public static final StatLine HEADER = new StatLine(0, true, false, -1, -1, -1, -1, "");

    /** The statistics columns in force, in gbak's order. Empty before the header or without -st. */
    public List<Column> columns() {
        return columns;
    }

    public boolean headerSeen() {
        return headerSeen;
    }

    /** True when the columns were guessed from an excerpt without a header line. */
    public boolean inferred() {
        return inferred;
    }

    /** Line where the columns were announced (header) or inferred; 0 when none. */
    public long columnsLine() {
        return columnsLine;
    }

    /**
     * Parses one line. Returns {@link #HEADER} for a header line, {@code null} for a blank line.
     */
    public StatLine parse(String raw, long lineNumber) {
        int end = raw.length();
        while (end > 0 && raw.charAt(end - 1) <= ' ') {
            end--; // trailing blanks, CR, the services' trailing space, header padding
        }
        int pos = 0;
        while (pos < end && raw.charAt(pos) <= ' ') {
            pos++; // pasted logs: leading blanks or TABs before gbak:
        }
        if (pos >= end) {
            return null;
        }
        boolean prefixed = raw.startsWith(PREFIX, pos);
        if (prefixed) {
            pos += PREFIX.length();
        }
        if (isHeader(raw, pos, end, lineNumber)) {
            return HEADER;
        }
        int n = columns.size();
        if (n == 0 && !headerSeen && prefixed && !inferred) {
            if (infer(raw, pos, end, lineNumber)) {
                n = columns.size();
            }
        }
        if (n > 0) {
            StatLine stats = readStats(raw, pos, end, lineNumber, prefixed);
            if (stats != null) {
                return stats;
            }
        }
        return new StatLine(lineNumber, prefixed, false, -1, -1, -1, -1, text(raw, pos, end));
    }

    private static String text(String raw, int pos, int end) {
        while (pos < end && raw.charAt(pos) <= ' ') {
            pos++;
        }
        return raw.substring(pos, end);
    }

    private boolean isHeader(String raw, int pos, int end, long lineNumber) {
        // Quick reject: a header starts with one of the four words.
        int p = skipBlanks(raw, pos, end);
        if (p >= end) {
            return false;
        }
        char c = raw.charAt(p);
        if (c != 't' && c != 'd' && c != 'r' && c != 'w') {
            return false;
        }
        EnumSet<Column> seen = EnumSet.noneOf(Column.class);
        while (p < end) {
            int q = tokenEnd(raw, p, end);
            Column col = Column.fromHeader(raw.substring(p, q));
            if (col == null) {
                return false;
            }
            seen.add(col);
            p = skipBlanks(raw, q, end);
        }
        columns = List.copyOf(seen); // EnumSet iterates in T, D, R, W order, as gbak prints
        headerSeen = true;
        inferred = false;
        columnsLine = lineNumber;
        return true;
    }

    /** Guess the columns of a header-less excerpt from its first line with leading numbers. */
    private boolean infer(String raw, int pos, int end, long lineNumber) {
        List<String> tokens = new ArrayList<>(5);
        int p = skipBlanks(raw, pos, end);
        while (p < end && tokens.size() < 5) {
            int q = tokenEnd(raw, p, end);
            String tok = raw.substring(p, q);
            if (parseMillis(tok) < 0 && parseCount(tok) == Long.MIN_VALUE) {
                break;
            }
            tokens.add(tok);
            p = skipBlanks(raw, q, end);
        }
        if (tokens.isEmpty() || parseMillis(tokens.get(0)) < 0 || !tokens.get(0).contains(".")) {
            return false;
        }
        String rest = raw.substring(p, end);
        if (rest.startsWith("records ") && parseCount(tokens.get(tokens.size() - 1)) != Long.MIN_VALUE) {
            tokens.remove(tokens.size() - 1); // "20000 records restored": the count belongs to the message
        }
        int decimals = 0;
        while (decimals < tokens.size() && tokens.get(decimals).contains(".")) {
            decimals++;
        }
        int counts = tokens.size() - decimals;
        if (decimals > 2 || counts > 2 || rest.isEmpty()) {
            return false;
        }
        EnumSet<Column> cols = EnumSet.noneOf(Column.class);
        cols.add(Column.TIME);
        if (decimals == 2) {
            cols.add(Column.DELTA);
        }
        if (counts >= 1) {
            cols.add(Column.READS);
        }
        if (counts == 2) {
            cols.add(Column.WRITES);
        }
        columns = List.copyOf(cols);
        inferred = true;
        columnsLine = lineNumber;
        return true;
    }

    /** Position after the last token read by {@link #readStats}; avoids a second pass over each token. */
    private int cursor;

    private StatLine readStats(String raw, int pos, int end, long lineNumber, boolean prefixed) {
        long time = -1;
        long delta = -1;
        long reads = -1;
        long writes = -1;
        int p = skipBlanks(raw, pos, end);
        for (int i = 0, n = columns.size(); i < n; i++) {
            Column col = columns.get(i);
            if (p >= end) {
                return null;
            }
            long v = col.isTime() ? scanMillis(raw, p, end) : scanCount(raw, p, end);
            if (v == Long.MIN_VALUE) {
                return null;
            }
            switch (col) {
                case TIME -> time = v;
                case DELTA -> delta = v;
                case READS -> reads = v;
                default -> writes = v;
            }
            p = skipBlanks(raw, cursor, end);
        }
        return new StatLine(lineNumber, prefixed, true, time, delta, reads, writes, raw.substring(p, end));
    }

    /** Reads {@code 1234.567} at p as milliseconds, leaving {@link #cursor} after it; MIN_VALUE if not one. */
    private long scanMillis(String s, int p, int end) {
        long whole = 0;
        int i = p;
        char c;
        while (i < end && (c = s.charAt(i)) >= '0' && c <= '9') {
            whole = whole * 10 + (c - '0');
            i++;
        }
        if (i == p || i - p > 15 || i >= end || s.charAt(i) != '.') {
            return Long.MIN_VALUE;
        }
        int f = ++i;
        long frac = 0;
        while (i < end && i - f < 3 && (c = s.charAt(i)) >= '0' && c <= '9') {
            frac = frac * 10 + (c - '0');
            i++;
        }
        int fd = i - f;
        if (fd == 0 || (i < end && s.charAt(i) > ' ')) {
            return Long.MIN_VALUE;
        }
        for (; fd < 3; fd++) {
            frac *= 10;
        }
        cursor = i;
        return whole * 1000 + frac;
    }

    /** Reads a page counter at p, leaving {@link #cursor} after it; -1 beyond 2^63, MIN_VALUE if not one. */
    private long scanCount(String s, int p, int end) {
        int i = p;
        while (i < end && s.charAt(i) > ' ') {
            i++;
        }
        long v = parseCount(s, p, i);
        cursor = i;
        return v;
    }

    static int skipBlanks(String s, int p, int end) {
        while (p < end && s.charAt(p) <= ' ') {
            p++;
        }
        return p;
    }

    static int tokenEnd(String s, int p, int end) {
        while (p < end && s.charAt(p) > ' ') {
            p++;
        }
        return p;
    }

    static long parseMillis(String tok) {
        return parseMillis(tok, 0, tok.length());
    }

    /** {@code 1234.567} → 1234567; -1 when the token is not seconds with up to 3 decimals. */
    static long parseMillis(String s, int from, int to) {
        long whole = 0;
        int i = from;
        int digits = 0;
        while (i < to && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
            whole = whole * 10 + (s.charAt(i) - '0');
            i++;
            digits++;
            if (digits > 15) {
                return -1;
            }
        }
        if (digits == 0 || i >= to || s.charAt(i) != '.') {
            return -1;
        }
        i++;
        long frac = 0;
        int fd = 0;
        while (i < to && s.charAt(i) >= '0' && s.charAt(i) <= '9' && fd < 3) {
            frac = frac * 10 + (s.charAt(i) - '0');
            i++;
            fd++;
        }
        if (fd == 0 || i != to) {
            return -1;
        }
        while (fd < 3) {
            frac *= 10;
            fd++;
        }
        return whole * 1000 + frac;
    }

    static long parseCount(String tok) {
        return parseCount(tok, 0, tok.length());
    }

    /**
     * A page counter; {@code Long.MIN_VALUE} when the token is not a whole number, -1 when it is one
     * but beyond 2^63 (gbak prints a counter that went backwards as a huge unsigned value, #8027).
     */
    static long parseCount(String s, int from, int to) {
        if (from >= to) {
            return Long.MIN_VALUE;
        }
        long v = 0;
        boolean overflow = false;
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return Long.MIN_VALUE;
            }
            if (!overflow) {
                if (v > (Long.MAX_VALUE - (c - '0')) / 10) {
                    overflow = true;
                } else {
                    v = v * 10 + (c - '0');
                }
            }
        }
        return overflow ? -1 : v;
    }

    /** The set of columns as the letters gbak's -st switch takes, e.g. {@code TDRW}. */
    public static String letters(Set<Column> cols) {
        StringBuilder sb = new StringBuilder();
        for (Column c : cols) {
            sb.append(c.letter());
        }
        return sb.toString();
    }
}
