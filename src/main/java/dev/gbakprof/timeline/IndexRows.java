package dev.gbakprof.timeline;

import dev.gbakprof.model.IndexMapping;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The indexes of one restore as {@link RestoreTimeline} keeps them: a row per definition ({@code restoring index}) or
 * build ({@code activating and creating deferred index}; a build of a defined index goes on in the definition's row),
 * held in arrays of a column each, -1 for a number not known. A huge log holds hundreds of thousands: one object an
 * index (88 bytes, eight references for the collector to follow) and its {@code HashMap} node were most of what the
 * young collections copied, and the map's table, written at random places, was read whole by each of them (its cards
 * dirty; {@link NameIndex}). Rows are copied as the arrays grow, a few times in all.
 *
 * <p>A row is an {@code int}. The rows of one name share its first row, where the name's flags are kept ({@link
 * #firstDefinition}, {@link #everBuilt}); {@link #latest} finds the latest row of a name.
 */
final class IndexRows {
    private static final byte ENDED = 1, FAILED = 2, DEFINED = 4, EVER_BUILT = 8;
    private static final IndexMapping[] MAPPINGS = IndexMapping.values();

    private int size;
    private String[] name = new String[16];
    private String[] table = new String[16]; // from the data line that followed the definition, or the mapping's
    private long[] startMs = new long[16];
    private long[] line = new long[16]; // of the activation; 0 while the index is only defined
    private long[] ms = new long[16];
    private long[] reads = new long[16];
    private long[] writes = new long[16];
    private int[] first = new int[16]; // the name's first row
    private byte[] flags = new byte[16];
    // the mapping toRun last found: exact ("log"), or inferred with the candidates when the log cannot say which one
    private byte[] source = new byte[16]; // 0: none, else the IndexMapping's ordinal + 1
    private Object[] candidates = new Object[16]; // List<String>, shared by a group's rows
    // a failed build (few): gbak's ERROR lines right after its "cannot commit index", and the table a foreign key's
    // violation names ("violation of FOREIGN KEY constraint ... on table T": gbak's own word, certain)
    private final Map<Integer, List<String>> errors = new HashMap<>();
    private final Map<Integer, String> errorTable = new HashMap<>();
    private final NameIndex latest = new NameIndex(); // the latest row of each name

    /** The latest row of the name, -1 when it has none. */
    int latest(String name) {
        return latest.get(name);
    }

    /**
     * A new row for {@code name}, now the latest of its name; it starts with the table of the name's previous row (a
     * later data line may map it again) and shares its name string.
     */
    int add(String name) {
        int row = size;
        grow();
        int previous = latest.put(name, row); // one lookup for a new name, the common case
        startMs[row] = -1;
        ms[row] = -1;
        reads[row] = -1;
        writes[row] = -1;
        if (previous < 0) {
            this.name[row] = name;
            first[row] = row;
        } else {
            this.name[row] = this.name[previous];
            table[row] = table[previous];
            first[row] = first[previous];
        }
        size = row + 1;
        return row;
    }

    private void grow() {
        if (size < name.length) {
            return;
        }
        int n = name.length * 2;
        name = Arrays.copyOf(name, n);
        table = Arrays.copyOf(table, n);
        startMs = Arrays.copyOf(startMs, n);
        line = Arrays.copyOf(line, n);
        ms = Arrays.copyOf(ms, n);
        reads = Arrays.copyOf(reads, n);
        writes = Arrays.copyOf(writes, n);
        first = Arrays.copyOf(first, n);
        flags = Arrays.copyOf(flags, n);
        source = Arrays.copyOf(source, n);
        candidates = Arrays.copyOf(candidates, n);
    }

    /** The first row of the row's name. */
    int first(int row) {
        return first[row];
    }

    String name(int row) {
        return name[row];
    }

    String table(int row) {
        return table[row];
    }

    void table(int row, String t) {
        table[row] = t;
    }

    long startMs(int row) {
        return startMs[row];
    }

    long line(int row) {
        return line[row];
    }

    long ms(int row) {
        return ms[row];
    }

    long reads(int row) {
        return reads[row];
    }

    long writes(int row) {
        return writes[row];
    }

    /** The build started: at {@code startMs} (-1: unknown) on line {@code lineNumber}. */
    void start(int row, long startMs, long lineNumber) {
        this.startMs[row] = startMs;
        line[row] = lineNumber;
        flags[first[row]] |= EVER_BUILT;
    }

    /** The next statistics line ended the build: its time (-1: unknown) and page counts (-1: unknown). */
    void end(int row, long ms, long reads, long writes) {
        flags[row] |= ENDED;
        this.ms[row] = ms;
        this.reads[row] = reads;
        this.writes[row] = writes;
    }

    /** A build with no line to start it (a failure the log shows alone): ended, untimed. */
    void untimed(int row, long lineNumber) {
        start(row, -1, lineNumber);
        flags[row] |= ENDED;
    }

    boolean built(int row) {
        return line[row] > 0;
    }

    boolean ended(int row) {
        return (flags[row] & ENDED) != 0;
    }

    boolean failed(int row) {
        return (flags[row] & FAILED) != 0;
    }

    /** The build failed: its error lines are kept from now on (at most 10). */
    void fail(int row) {
        flags[row] |= FAILED;
        errors.put(row, new ArrayList<>(2));
    }

    /** The name's first definition: true the first time only (its first row then goes in the defined list). */
    boolean firstDefinition(int row) {
        int f = first[row];
        if ((flags[f] & DEFINED) != 0) {
            return false;
        }
        flags[f] |= DEFINED;
        return true;
    }

    /** Some row of the name was built. */
    boolean everBuilt(int row) {
        return (flags[first[row]] & EVER_BUILT) != 0;
    }

    /** A failed build's error lines (empty: none printed). */
    List<String> errors(int row) {
        return errors.getOrDefault(row, List.of());
    }

    String errorTable(int row) {
        return errorTable.get(row);
    }

    void errorTable(int row, String t) {
        errorTable.put(row, t);
    }

    /** The mapping toRun found for the row, null when none. */
    IndexMapping source(int row) {
        return source[row] == 0 ? null : MAPPINGS[source[row] - 1];
    }

    @SuppressWarnings("unchecked")
    List<String> candidates(int row) {
        return (List<String>) candidates[row];
    }

    void mapped(int row, IndexMapping src, List<String> tables) {
        source[row] = (byte) (src == null ? 0 : src.ordinal() + 1);
        candidates[row] = tables;
    }

    /** Rows in an order (the definitions, the builds): an {@code int} each, not a boxed one. */
    static final class RowList {
        private int[] rows = new int[16];
        private int size;

        void add(int row) {
            if (size == rows.length) {
                rows = Arrays.copyOf(rows, size * 2);
            }
            rows[size++] = row;
        }

        int get(int i) {
            return rows[i];
        }

        int size() {
            return size;
        }

        boolean isEmpty() {
            return size == 0;
        }
    }
}
