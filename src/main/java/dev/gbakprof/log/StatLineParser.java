package dev.gbakprof.log;

import dev.gbakprof.model.Column;
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
 * and widen for large values (docs/dev/GBAK-FORMAT.md §1).
 */
final class StatLineParser {
    private static final String PREFIX = "gbak:";

    private ColumnState state = ColumnState.NONE;
    private Column[] order = new Column[0]; // state's columns, as an array for the per-line loop

    /**
     * The statistics columns in force and where they came from, as one value: the parser replaces it (never
     * changes it) when a header announces columns or the numbers of an excerpt let it guess them. So a
     * caller sees that a line changed the columns ({@code state() != before}), and can read a line again
     * from the state before it ({@link #restore}: {@link LinePipeline}, two lines glued into one).
     *
     * @param columns    the columns in gbak's order; empty before the header or without -st
     * @param inferred   guessed from an excerpt without a header line
     * @param headerSeen a header line was read (now or before)
     * @param line       the line where the columns were announced or inferred; 0 when none
     */
    public record ColumnState(List<Column> columns, boolean inferred, boolean headerSeen, long line) {
        static final ColumnState NONE = new ColumnState(List.of(), false, false, 0);
    }

    public ColumnState state() {
        return state;
    }

    /** Goes back to a state this parser was in: the line read since is read again, in pieces. */
    void restore(ColumnState earlier) {
        state = earlier;
        order = earlier.columns.toArray(new Column[0]);
    }

    private void setColumns(EnumSet<Column> cols, boolean inferred, long lineNumber) {
        state = new ColumnState(List.copyOf(cols), inferred, state.headerSeen || !inferred, lineNumber);
        order = cols.toArray(new Column[0]);
    }

    /** The statistics columns in force, in gbak's order. Empty before the header or without -st. */
    public List<Column> columns() {
        return state.columns;
    }

    public boolean headerSeen() {
        return state.headerSeen;
    }

    /** True when the columns were guessed from an excerpt without a header line. */
    public boolean inferred() {
        return state.inferred;
    }

    /** Line where the columns were announced (header) or inferred; 0 when none. */
    public long columnsLine() {
        return state.line;
    }

    /**
     * Result of a line that is a header: the parser's columns changed, there is no message.
     */
    public static final StatLine HEADER = new StatLine(0, true, false, -1, -1, -1, -1, "");

    // the line being parsed: its characters as bytes (ASCII, or Latin-1 with '?' for other characters:
    // one byte per char, so positions are the same in both), and the line itself for the texts kept
    private byte[] b;
    private CharSequence raw;

    /**
     * Parses one line. Returns {@link #HEADER} for a header line, {@code null} for a blank line.
     */
    public StatLine parse(CharSequence line, long lineNumber) {
        cut = line instanceof CutLine;
        if (cut) {
            line = ((CutLine) line).text();
        }
        b = oneBytePerChar(line);
        raw = line;
        int pos = 0;
        int end = b.length;
        rawEnd = end;
        end = trimEnd(pos, end); // trailing blanks, CR, the services' trailing space, header padding
        pos = skipBlanks(pos, end); // pasted logs: leading blanks or TABs before gbak:
        if (pos >= end) {
            return null;
        }
        end = undecorated(pos, end);
        pos = decorationEnd;
        boolean prefixed = prefixAt(pos, end);
        if (prefixed && b[end - 1] == '"' && oddQuotes(pos, end)) {
            end = trimEnd(pos, end - 1); // the closing quote of a log pasted in quotes ("gbak:...\n...indices.")
        }
        if (prefixed) {
            pos += PREFIX.length();
        }
        if (isHeader(pos, end, lineNumber)) {
            return HEADER;
        }
        int n = order.length;
        if (n == 0 && !state.headerSeen && prefixed && !state.inferred) {
            if (infer(pos, end, lineNumber)) {
                n = order.length;
            }
        }
        if (n > 0) {
            StatLine stats = readStats(pos, end, lineNumber, prefixed);
            if (stats != null) {
                return stats;
            }
        }
        int from = skipBlanks(pos, end);
        StatLine plain = new StatLine(
                lineNumber,
                prefixed,
                false,
                -1,
                -1,
                -1,
                -1,
                cut && oddQuotes(from, end) ? "" : text(from, end)); // a name cut inside its quotes: no name
        if (n > 0
                && prefixed
                && !cut
                && pos < end
                && b[pos] == ' '
                && startsWithDigit(skipBlanks(pos, end), end)
                && EventClassifier.classify(plain).kind() == EventKind.OTHER
                && !plain.text().contains(PREFIX)) {
            // "gbak: " and a number, while columns are in force, yet no statistics block and no message: a line
            // too damaged to read; its columns are unreadable, so the spans it ends are unknown (not a line with a
            // second gbak: in it, which LinePipeline reads as two)
            return new StatLine(
                    lineNumber,
                    true,
                    true,
                    unreadable(Column.TIME),
                    unreadable(Column.DELTA),
                    unreadable(Column.READS),
                    unreadable(Column.WRITES),
                    "");
        }
        return plain;
    }

    /**
     * {@code 1234.567} at p as milliseconds; -1 when the token there is not seconds with up to 3 decimals. One pass over
     * the token (no {@link #tokenEnd} before it), leaving {@link #cursor} at its end.
     */
    long millisToken(int p, int end) {
        byte[] s = b;
        long whole = 0;
        int i = p;
        int d;
        while (i < end && (d = s[i] - '0') >= 0 && d <= 9) {
            whole = whole * 10 + d;
            if (++i - p > 15) {
                return notA(p, end, -1);
            }
        }
        if (i == p || i >= end || s[i] != '.') {
            return notA(p, end, -1);
        }
        int f = ++i;
        long frac = 0;
        while (i < end && i - f < 3 && (d = s[i] - '0') >= 0 && d <= 9) {
            frac = frac * 10 + d;
            i++;
        }
        int fd = i - f;
        if (fd == 0 || (i < end && (s[i] & 0xff) > ' ')) {
            return notA(p, end, -1);
        }
        cursor = i;
        for (; fd < 3; fd++) {
            frac *= 10;
        }
        return whole * 1000 + frac;
    }

    /**
     * The page counter at p: {@code Long.MIN_VALUE} when the token there is not a whole number (or there is none), -1
     * when it is one but beyond 2^63 (gbak prints a counter that went backwards as a huge unsigned value, #8027). One
     * pass over the token, leaving {@link #cursor} at its end.
     */
    long countToken(int p, int end) {
        byte[] s = b;
        if (p >= end || (s[p] & 0xff) <= ' ') {
            return notA(p, end, Long.MIN_VALUE);
        }
        long v = 0;
        boolean overflow = false;
        int i = p;
        for (; i < end && (s[i] & 0xff) > ' '; i++) {
            int d = s[i] - '0';
            if (d < 0 || d > 9) {
                return notA(p, end, Long.MIN_VALUE);
            }
            // v * 10 + d stays within a long while v < MAX/10, or v == MAX/10 and d <= MAX%10 (no division here:
            // this runs for every digit of every line)
            if (v < Long.MAX_VALUE / 10 || (v == Long.MAX_VALUE / 10 && d <= Long.MAX_VALUE % 10)) {
                v = v * 10 + d;
            } else {
                overflow = true;
            }
        }
        cursor = i;
        return overflow ? -1 : v;
    }

    /** A token at p that is not a number of the kind read: {@link #cursor} at its end, and {@code result}. */
    private long notA(int p, int end, long result) {
        tokenEnd(p, end);
        return result;
    }

    private boolean startsWithDigit(int p, int end) {
        return p < end && b[p] >= '0' && b[p] <= '9';
    }

    /** {@link StatLine#UNREADABLE} for a column in force, -1 for one the header did not announce. */
    private long unreadable(Column c) {
        return state.columns.contains(c) ? StatLine.UNREADABLE : -1;
    }

    /**
     * A token where a column should be that is not a number of its kind, but looks like a damaged one: it
     * has a digit ({@code 47B}, {@code 0.5Z3}); a message word ({@code ERROR:}, {@code records}) has none.
     */
    private boolean damagedNumber(int p, int q) {
        if (q - p > 24) {
            return false;
        }
        for (int i = p; i < q; i++) {
            if (b[i] >= '0' && b[i] <= '9') {
                return true;
            }
        }
        return false;
    }

    /**
     * Where a second {@code gbak:} starts in the line, after the one that begins it; -1 when there is none.
     */
    static int secondPrefix(CharSequence line) {
        String text = line.toString();
        int first = text.indexOf(PREFIX);
        return first < 0 ? -1 : text.indexOf(PREFIX, first + PREFIX.length());
    }

    /** Where the line's text starts after {@link #undecorated}. */
    private int decorationEnd;

    /**
     * A line pasted into Markdown (an issue, a forum post) may be quoted ({@code > gbak: ...}), a list item
     * ({@code - gbak: ...}) or emphasised ({@code **gbak: ... **}, {@code `gbak: ...`}), docs/dev/GBAK-FORMAT.md §5:
     * when such marks stand before {@code gbak:}, they are skipped (start left in {@link #decorationEnd}),
     * and the emphasis that opens right before {@code gbak:} is dropped where it closes, at the end of the
     * line; returns the end. Other lines are left alone, and so is a trailing {@code _} of a name.
     */
    private int undecorated(int pos, int end) {
        int p = pos;
        while (p < end
                && (isMark(b[p])
                        || b[p] == '>'
                        || b[p] == '-'
                        || b[p] == '+'
                        || b[p] == ' '
                        || b[p] == '\t'
                        || b[p] == '"')) { // a quote opening a pasted log: "gbak:cannot commit index X
            p++;
        }
        decorationEnd = pos;
        if (p == pos || !prefixAt(p, end)) {
            return end;
        }
        decorationEnd = p;
        int open = p; // the emphasis right before gbak: ("**", "_", "`"), closed in reverse order at the end
        while (open > pos && isMark(b[open - 1])) {
            open--;
        }
        int n = p - open;
        if (n > 0 && end - p > n) {
            boolean closed = true;
            for (int i = 0; i < n; i++) {
                closed &= b[end - 1 - i] == b[open + i];
            }
            if (closed) {
                end = trimEnd(p, end - n);
            }
        }
        return end;
    }

    /** An odd number of {@code "} from p to end: a quote that opens or closes outside the line's own names. */
    private boolean oddQuotes(int p, int end) {
        boolean odd = false;
        for (int i = p; i < end; i++) {
            odd ^= b[i] == '"';
        }
        return odd;
    }

    /** {@code gbak:} at p. */
    private boolean prefixAt(int p, int end) {
        return end - p >= 5 && b[p] == 'g' && b[p + 1] == 'b' && b[p + 2] == 'a' && b[p + 3] == 'k' && b[p + 4] == ':';
    }

    private static boolean isMark(byte c) {
        return c == '*' || c == '_' || c == '`';
    }

    /**
     * The line as one byte per {@code char} (beyond Latin-1: {@code ?}), so that positions in it are
     * positions in the line; not {@code getBytes}, which makes one byte of a surrogate pair.
     */
    private static byte[] oneBytePerChar(CharSequence line) {
        byte[] out = new byte[line.length()];
        for (int i = 0; i < out.length; i++) {
            char c = line.charAt(i);
            // a byte order mark inside a file (two BOM-saved logs joined by cat) is a blank: a line that starts
            // with one is read as if it did not
            out[i] = c <= 0xFF ? (byte) c : c == '\uFEFF' ? (byte) ' ' : (byte) '?';
        }
        return out;
    }

    /** The characters from..to of the line being parsed, as a String. */
    private String text(int from, int to) {
        return raw.subSequence(from, to).toString();
    }

    private boolean isHeader(int pos, int end, long lineNumber) {
        // Quick reject: a header starts with one of the four words.
        int p = skipBlanks(pos, end);
        if (p >= end) {
            return false;
        }
        byte c = b[p];
        if (c != 't' && c != 'd' && c != 'r' && c != 'w') {
            return false;
        }
        EnumSet<Column> seen = EnumSet.noneOf(Column.class);
        while (p < end) {
            int q = tokenEnd(p, end);
            Column col = Column.fromHeader(text(p, q));
            if (col == null) {
                return false;
            }
            seen.add(col);
            p = skipBlanks(q, end);
        }
        setColumns(seen, false, lineNumber); // EnumSet iterates in T, D, R, W order, as gbak prints
        return true;
    }

    /** Guess the columns of a header-less excerpt from its first line with leading numbers. */
    private boolean infer(int pos, int end, long lineNumber) {
        List<String> tokens = new ArrayList<>(5);
        int p = skipBlanks(pos, end);
        while (p < end && tokens.size() < 5) {
            int q = tokenEnd(p, end);
            String tok = text(p, q);
            if (parseMillis(tok) < 0 && parseCount(tok) == Long.MIN_VALUE) {
                break;
            }
            tokens.add(tok);
            p = skipBlanks(q, end);
        }
        if (tokens.isEmpty() || parseMillis(tokens.get(0)) < 0 || !tokens.get(0).contains(".")) {
            return false;
        }
        String rest = text(p, end);
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
        cols.add(decimals == 1 && printedAsDelta(pos, end, tokens.get(0)) ? Column.DELTA : Column.TIME);
        if (decimals == 2) {
            cols.add(Column.DELTA);
        }
        if (counts >= 1) {
            cols.add(Column.READS);
        }
        if (counts == 2) {
            cols.add(Column.WRITES);
        }
        setColumns(cols, true, lineNumber);
        return true;
    }

    /** The line being parsed is a {@link CutLine}: gbak stopped in the middle of it. */
    private boolean cut;
    /** End of the line being parsed before its trailing blanks were trimmed. */
    private int rawEnd;

    /**
     * One column with a decimal point can be time or delta. gbak prints time as {@code %4u.%03u} and delta
     * as {@code %2u.%03u} after one blank (docs/dev/GBAK-FORMAT.md §1): a whole part 2 or 3 wide ({@code gbak:  0.011})
     * is a delta; 4 or more ({@code gbak:    0.011}) a time. One space ({@code gbak: 0.011}: blanks collapsed
     * by a paste) cannot tell, and is read as time, as the warning says.
     */
    private boolean printedAsDelta(int afterPrefix, int end, String token) {
        int dot = token.indexOf('.');
        int start = skipBlanks(afterPrefix, end);
        if (start <= afterPrefix + 1) {
            return false; // no padding at all: blanks collapsed (or a delta of 10 s and more); read as time
        }
        int width = start - (afterPrefix + 1) + dot; // the blanks after the one separator, then the digits
        return width == 2 || width == 3;
    }

    /** Position after the last token read by {@link #readStats}; avoids a second pass over each token. */
    private int cursor;

    private StatLine readStats(int pos, int end, long lineNumber, boolean prefixed) {
        long time = -1;
        long delta = -1;
        long reads = -1;
        long writes = -1;
        int p = skipBlanks(pos, end);
        int read = 0;
        int damaged = 0;
        boolean decimalPoint = false;
        for (Column col : order) {
            if (p >= end) {
                break; // a line cut after some columns (below)
            }
            if (cut && tokenEnd(p, end) == rawEnd) {
                break; // gbak writes each column with its blank: one without it was cut in the middle
            }
            long v = col == Column.TIME || col == Column.DELTA ? scanMillis(p, end) : countToken(p, end);
            if (v == Long.MIN_VALUE) {
                if (!damagedNumber(p, cursor)) {
                    return null;
                }
                for (int i = p; i < cursor; i++) {
                    decimalPoint |= b[i] == '.';
                }
                v = StatLine.UNREADABLE; // one damaged column: unreadable, the others and the message still read
                damaged++;
            }
            switch (col) {
                case TIME -> time = v;
                case DELTA -> delta = v;
                case READS -> reads = v;
                default -> writes = v;
            }
            read++;
            p = skipBlanks(cursor, end);
        }
        if (read == 0 || (damaged == read && !decimalPoint)) {
            return null; // no column read: not a statistics line ("gbak:   33 records restored" of a run without -st)
        }
        if (read < order.length) {
            // the last line of a killed gbak, stopped before its message: the columns it wrote still end the
            // previous line's span (docs/dev/GBAK-FORMAT.md §5); what it was going to say is unknown (CUT_LINE)
            return new StatLine(lineNumber, prefixed, true, time, delta, reads, writes, "");
        }
        String text = p >= end ? "" : text(p, end);
        if (cut && oddQuotes(p, end)) {
            text = ""; // Firebird 6 quotes names: one cut inside its quotes ("PUBLIC"."PK_) is no name at all
        }
        if (cut
                && !text.isEmpty()
                && EventClassifier.classify(new StatLine(lineNumber, prefixed, true, time, delta, reads, writes, text))
                                .kind()
                        == EventKind.OTHER) {
            text = ""; // a message cut short ("300000 rec"): not known, not guessed
        }
        return new StatLine(lineNumber, prefixed, true, time, delta, reads, writes, text);
    }

    /** Reads {@code 1234.567} at p as milliseconds, leaving {@link #cursor} after it; MIN_VALUE if not one. */
    private long scanMillis(int p, int end) {
        long v = millisToken(p, end);
        return v < 0 ? Long.MIN_VALUE : v;
    }

    /** The end without the blanks (and control characters) before it, not before {@code from}. */
    private int trimEnd(int from, int end) {
        while (end > from && (b[end - 1] & 0xff) <= ' ') {
            end--;
        }
        return end;
    }

    int skipBlanks(int p, int end) {
        while (p < end && (b[p] & 0xff) <= ' ') {
            p++;
        }
        return p;
    }

    /** End of the token at p; also left in {@link #cursor}. */
    private int tokenEnd(int p, int end) {
        while (p < end && (b[p] & 0xff) > ' ') {
            p++;
        }
        cursor = p;
        return p;
    }

    /** {@code 1234.567} → 1234567; -1 when the token is not seconds with up to 3 decimals. */
    static long parseMillis(String tok) {
        StatLineParser p = over(tok);
        long v = p.millisToken(0, p.b.length);
        return p.cursor == p.b.length ? v : -1;
    }

    /**
     * A page counter; {@code Long.MIN_VALUE} when the token is not a whole number, -1 when it is one
     * but beyond 2^63 (gbak prints a counter that went backwards as a huge unsigned value, #8027).
     */
    static long parseCount(String tok) {
        StatLineParser p = over(tok);
        long v = p.countToken(0, p.b.length);
        return p.cursor == p.b.length ? v : Long.MIN_VALUE;
    }

    /** A parser reading {@code tok} only, for the two methods above. */
    private static StatLineParser over(String tok) {
        return over(oneBytePerChar(tok));
    }

    /** A parser whose line is in {@code bytes}, for its column readers (and {@code ColumnReadersTest}'s). */
    static StatLineParser over(byte[] bytes) {
        StatLineParser p = new StatLineParser();
        p.b = bytes;
        return p;
    }

    /** Where the last column reader stopped (the end of the token it read). */
    int cursor() {
        return cursor;
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
