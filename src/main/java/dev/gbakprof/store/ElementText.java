package dev.gbakprof.store;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.NumberOutput;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import dev.gbakprof.model.IndexBuild;
import dev.gbakprof.model.PhaseTime;
import dev.gbakprof.model.TableLoad;
import java.io.IOException;
import java.io.OutputStream;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * The text of one table load, index build or phase of a run record, in the characters {@link RecordWriter}'s
 * generator would write for it field by field, made here and handed to the generator whole
 * ({@link JsonGenerator#writeRawValue(SerializableString)}, which still writes the separator before it). A huge log's
 * record holds hundreds of thousands of these: the generator's per-field work (its context checks, the pretty
 * printer's calls, the double-to-text of every number) was a fifth of a parse of the 200 MB bench log, and its
 * compiled code a share of the JIT's (bench/parse-throughput, docs/dev/BENCHMARKS.md).
 *
 * <p>The text is made in bytes (it is printable ASCII: its UTF-8), and handed over as a {@link SerializableString}, so a
 * generator on bytes (a parse's record on stdout or in a file) copies them into its buffer: given as characters, the
 * generator encoded each one again, a tenth of the main thread on the 200 MB bench log (async-profiler).
 *
 * <p>The layout is not written down here: it is read from jackson-core itself, from a probe written at class
 * initialisation by the same {@link DefaultPrettyPrinter} at the same depth (the brace, the indentation and line end,
 * the {@code " : "} and {@code ","} between fields). An element is made here only when every text in it is printable
 * ASCII without a quote or backslash (what the generator writes as it is) and every number is finite; any other
 * element, and any list at another depth, is written by the generator as before. {@code RecordWriterTest} compares
 * the bytes with databind's on every log and record of the tests and samples, and the numbers with jackson-core's.
 */
final class ElementText implements SerializableString {
    /** The layout: between "{" and the first name, between a value and the next name, name to value, last value to "}". */
    private static final byte[] FIRST, NEXT, NAME_VALUE, END;
    /** Objects around the list in the probe (the record's own object): the depth the layout holds for. */
    private static final int DEPTH;

    static {
        try {
            StringWriter probe = new StringWriter();
            try (JsonGenerator g = RecordWriter.generator(probe)) {
                g.setPrettyPrinter(new DefaultPrettyPrinter());
                g.writeStartObject();
                g.writeFieldName("a");
                g.writeStartArray();
                g.writeStartObject();
                g.writeNumberField("x", 1);
                g.writeNumberField("y", 2);
                g.writeEndObject();
                g.writeEndArray();
                g.writeEndObject();
            }
            String p = probe.toString();
            int open = p.indexOf('{', p.indexOf('['));
            int x = p.indexOf("\"x\"", open);
            int one = p.indexOf('1', x);
            int y = p.indexOf("\"y\"", one);
            int two = p.indexOf('2', y);
            int close = p.indexOf('}', two);
            FIRST = ascii(p.substring(open + 1, x));
            NAME_VALUE = ascii(p.substring(x + 3, one));
            NEXT = ascii(p.substring(one + 1, y));
            END = ascii(p.substring(two + 1, close));
            DEPTH = 1;
        } catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    /**
     * Each field's text up to its value: the layout before its name (the name is the first field of every element, the
     * others follow one), the quoted name and the layout to the value; one copy a field, and one for the constant end of
     * an index build (its two lists, null when the element is made here, and the layout to the closing brace).
     */
    private static final byte[] NAME = field(FIRST, "name"),
            TABLE = field(NEXT, "table"),
            TABLE_SOURCE = field(NEXT, "tableSource"),
            START_SECONDS = field(NEXT, "startSeconds"),
            SECONDS = field(NEXT, "seconds"),
            READS = field(NEXT, "reads"),
            WRITES = field(NEXT, "writes"),
            FAILED_TRUE = join(field(NEXT, "failed"), ascii("true")),
            FAILED_FALSE = join(field(NEXT, "failed"), ascii("false")),
            KEYS_PER_SECOND = field(NEXT, "keysPerSecond"),
            RECORDS = field(NEXT, "records"),
            ROWS_PER_SECOND = field(NEXT, "rowsPerSecond"),
            NULL = ascii("null"),
            CLOSE = join(END, ascii("}")),
            INDEX_CLOSE = join(field(NEXT, "tableCandidates"), NULL, field(NEXT, "errors"), NULL, CLOSE);

    private byte[] buf = new byte[512];
    private int len;
    /** The texts of enum constants (their {@code toString()}, which may make a new String at each call). */
    private final Map<Object, String> enumTexts = new IdentityHashMap<>();

    ElementText() {}

    /** A maker of elements for the list the generator is writing now, or null when it is not at the probe's depth. */
    static ElementText at(JsonGenerator g) {
        if (!(g.getPrettyPrinter() instanceof DefaultPrettyPrinter)) {
            return null;
        }
        int objects = 0;
        for (JsonStreamContext c = g.getOutputContext(); c != null; c = c.getParent()) {
            objects += c.inObject() ? 1 : 0;
        }
        return objects == DEPTH ? new ElementText() : null;
    }

    // ---- the element as the generator reads it (SerializableString: writeRawValue copies its bytes) -------------

    /** The element's text (for a generator on characters, which asks for it when its buffer is full). */
    @Override
    public String getValue() {
        return new String(buf, 0, len, StandardCharsets.ISO_8859_1); // printable ASCII only: of() made sure
    }

    @Override
    public int charLength() {
        return len;
    }

    @Override
    public byte[] asUnquotedUTF8() {
        return java.util.Arrays.copyOf(buf, len); // ASCII: its UTF-8 is its bytes
    }

    @Override
    public int appendUnquotedUTF8(byte[] buffer, int offset) {
        if (offset + len > buffer.length) {
            return -1; // the generator then writes asUnquotedUTF8()
        }
        System.arraycopy(buf, 0, buffer, offset, len);
        return len;
    }

    @Override
    public int appendUnquoted(char[] buffer, int offset) {
        if (offset + len > buffer.length) {
            return -1;
        }
        for (int i = 0; i < len; i++) {
            buffer[offset + i] = (char) buf[i];
        }
        return len;
    }

    @Override
    public int writeUnquotedUTF8(OutputStream out) throws IOException {
        out.write(buf, 0, len);
        return len;
    }

    @Override
    public int putUnquotedUTF8(ByteBuffer buffer) {
        if (len > buffer.remaining()) {
            return -1;
        }
        buffer.put(buf, 0, len);
        return len;
    }

    // an element is a raw value, never written as a quoted string: the quoting methods have no use here
    @Override
    public char[] asQuotedChars() {
        throw new UnsupportedOperationException(RAW);
    }

    @Override
    public byte[] asQuotedUTF8() {
        throw new UnsupportedOperationException(RAW);
    }

    @Override
    public int appendQuotedUTF8(byte[] buffer, int offset) {
        throw new UnsupportedOperationException(RAW);
    }

    @Override
    public int appendQuoted(char[] buffer, int offset) {
        throw new UnsupportedOperationException(RAW);
    }

    @Override
    public int writeQuotedUTF8(OutputStream out) {
        throw new UnsupportedOperationException(RAW);
    }

    @Override
    public int putQuotedUTF8(ByteBuffer buffer) {
        throw new UnsupportedOperationException(RAW);
    }

    private static final String RAW = "an element of a run record is raw JSON, written unquoted (writeRawValue)";

    /**
     * Makes the text of {@code element} (an index build, table load or phase, with the fields RecordWriter writes,
     * in its order); false when the generator must write it (a text it would escape, a number not finite, a list of
     * table candidates or of errors).
     */
    boolean of(Object element) {
        len = 0;
        put((byte) '{');
        if (element instanceof IndexBuild i) {
            return index(i);
        } else if (element instanceof TableLoad t) {
            return table(t);
        } else if (element instanceof PhaseTime p) {
            return phase(p);
        }
        return false;
    }

    // One method a type, each compiled on its own for the elements of its own list (a record's lists hold one type).
    // With the three in of(), C2 compiled one method of 32 KB (0.15 s; LogCompilation, the 200 MB bench log) and
    // installed it when 165,000 of the record's 253,000 elements were written; now 17 ms for index(). With each
    // field's layout and name in one constant: 0.968x the CPU of that parse (20 pairs, docs/dev/BENCHMARKS.md).

    private boolean index(IndexBuild i) {
        boolean made = text(NAME, i.name())
                && text(TABLE, i.table())
                && text(TABLE_SOURCE, i.tableSource())
                && number(START_SECONDS, i.startSeconds())
                && number(SECONDS, i.seconds())
                && number(READS, i.reads())
                && number(WRITES, i.writes());
        put(i.failed() ? FAILED_TRUE : FAILED_FALSE);
        made = made && number(KEYS_PER_SECOND, i.keysPerSecond()) && i.tableCandidates() == null && i.errors() == null;
        put(INDEX_CLOSE);
        return made;
    }

    private boolean table(TableLoad t) {
        boolean made = text(NAME, t.name())
                && number(RECORDS, t.records())
                && number(START_SECONDS, t.startSeconds())
                && number(SECONDS, t.seconds())
                && number(ROWS_PER_SECOND, t.rowsPerSecondRounded());
        put(CLOSE);
        return made;
    }

    private boolean phase(PhaseTime p) {
        boolean made = text(NAME, p.name()) && number(SECONDS, p.seconds());
        put(CLOSE);
        return made;
    }

    /** An enum as its {@code toString()}, quoted (as the generator writes an enum without {@code @JsonValue}). */
    private boolean text(byte[] field, Enum<?> value) {
        return text(field, value == null ? null : enumTexts.computeIfAbsent(value, Object::toString));
    }

    /**
     * A text, quoted; false when the generator would escape a character of it. One method for each type of field, here
     * and in {@code number}: one for any {@code Object} or {@code Number} saw the types in turn as the list went from
     * index builds to table loads, and C2 compiled it again at each (LogCompilation of a parse of the 200 MB bench log:
     * 16-20 uncommon traps instead of 26-29, 109-125 C2 compilations instead of 132-137).
     */
    private boolean text(byte[] field, String s) {
        put(field);
        if (s == null) {
            put(NULL);
            return true;
        }
        int n = s.length();
        ensure(n + 2);
        buf[len++] = '"';
        for (int i = 0; i < n; i++) { // checked as it is copied: an element given up is not written (of() says false)
            char c = s.charAt(i);
            if (c < 0x20 || c > 0x7E || c == '"' || c == '\\') {
                return false;
            }
            buf[len++] = (byte) c;
        }
        buf[len++] = '"';
        return true;
    }

    private boolean number(byte[] field, Double value) {
        put(field);
        if (value == null) {
            put(NULL);
            return true;
        }
        double v = value;
        if (!Double.isFinite(v)) {
            return false; // the generator writes "NaN" as a string
        }
        decimal(v);
        return true;
    }

    private boolean number(byte[] field, Long value) {
        put(field);
        if (value == null) {
            put(NULL);
        } else {
            integer(value);
        }
        return true;
    }

    private boolean number(byte[] field, long value) {
        put(field);
        integer(value);
        return true;
    }

    /**
     * A double as jackson-core writes it (its Schubfach writer, as {@code USE_FAST_DOUBLE_WRITER}): the shortest decimal
     * that reads back as the same double, plain from 10^-3 to below 10^7 with at least one digit after the point. The
     * seconds of a gbak log are whole milliseconds: when v is the double nearest to m / 1000 for a whole m, that
     * decimal (without its trailing zeros) is the shortest one, since any other decimal of no more digits lies at least
     * 0.001 away, far beyond the doubles around v; it is written from m's digits. Any other value: jackson-core's text.
     */
    void decimal(double v) {
        if ((v >= 1e-3 && v < 1e7) || Double.doubleToRawLongBits(v) == 0) {
            long m = Math.round(v * 1000);
            if (Double.compare(m / 1000.0, v) == 0) { // exactly that double (SpotBugs: no == on doubles)
                integer(m / 1000);
                put((byte) '.');
                int f = (int) (m % 1000);
                if (f == 0) {
                    put((byte) '0');
                } else {
                    put((byte) ('0' + f / 100));
                    if (f % 100 != 0) {
                        put((byte) ('0' + f / 10 % 10));
                        if (f % 10 != 0) {
                            put((byte) ('0' + f % 10));
                        }
                    }
                }
                return;
            }
        }
        put(NumberOutput.toString(v, true));
    }

    private void integer(long v) {
        if (v < 0 || v >= 1_000_000_000_000_000_000L) {
            put(Long.toString(v));
            return;
        }
        ensure(19);
        int digits = 1;
        for (long p = 10; digits < 19 && v >= p; p *= 10) {
            digits++;
        }
        int at = len + digits;
        do {
            buf[--at] = (byte) ('0' + v % 10);
            v /= 10;
        } while (v > 0);
        len += digits;
    }

    private void put(byte c) {
        ensure(1);
        buf[len++] = c;
    }

    private void put(byte[] cs) {
        ensure(cs.length);
        System.arraycopy(cs, 0, buf, len, cs.length);
        len += cs.length;
    }

    /** An ASCII text of this class's own (a literal, a number's digits). */
    private void put(String s) {
        int n = s.length();
        ensure(n);
        for (int i = 0; i < n; i++) {
            buf[len++] = (byte) s.charAt(i);
        }
    }

    private void ensure(int more) {
        if (len + more > buf.length) {
            buf = java.util.Arrays.copyOf(buf, Math.max(buf.length * 2, len + more));
        }
    }

    private static byte[] field(byte[] before, String name) {
        return join(before, ascii('"' + name + '"'), NAME_VALUE);
    }

    private static byte[] join(byte[]... parts) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
