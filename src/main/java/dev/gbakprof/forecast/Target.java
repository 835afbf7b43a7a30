package dev.gbakprof.forecast;

import dev.gbakprof.model.Inspection;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunKind;
import dev.gbakprof.model.WarningCode;
import java.math.BigDecimal;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The restore to forecast: the rows of each of its tables and, when the source lists them, its indexes.
 *
 * @param source      where the sizes came from, in words ({@code --rows}, {@code --scale 4}, a file, a database)
 * @param rows        rows per table, in the source's order
 * @param indexes     the target's indexes and their tables; {@code null} when the source does not list them (the
 *                    calibration's indexes are taken)
 * @param backupBytes the size of the target's backup file when known, else {@code null}
 * @param fromCalibration {@code true} when the sizes are the calibration's own (scaled or overridden): a table
 *                    not in them is a typo, not a new table
 */
public record Target(
        String source, Map<String, Long> rows, List<Index> indexes, Long backupBytes, boolean fromCalibration) {

    /**
     * The most rows a Firebird table can hold: its record numbers are 40 bits (src/jrd/RecordNumber.h: 8 bits above
     * 32 in RDB$DB_KEY and in a blob's id, in every version from 2.0 to 6.0), and a table numbers fewer rows than
     * that (the numbers of a data page's unused slots are lost). A target of more is no database: refused, and so
     * no sum of rows can overflow.
     */
    public static final long MAX_ROWS = 1L << 40;

    /** Why {@link #MAX_ROWS}, in the words a refusal prints. */
    public static final String MAX_ROWS_WHY = "more than a Firebird table can hold (its record numbers are 40 bits: at"
            + " most " + String.format(Locale.ROOT, "%,d", MAX_ROWS) + ")";

    public Target {
        rows = Collections.unmodifiableMap(new LinkedHashMap<>(rows));
        indexes = indexes == null ? null : List.copyOf(indexes);
        for (Map.Entry<String, Long> e : rows.entrySet()) {
            if (e.getValue() == null || e.getValue() < 0) {
                throw new ForecastException(source + ": table " + e.getKey() + " has " + e.getValue()
                        + " rows; expected a count of 0 or more");
            }
            if (e.getValue() > MAX_ROWS) {
                throw new ForecastException(source + ": table " + e.getKey() + " has " + Model.fmt(e.getValue())
                        + " rows, " + MAX_ROWS_WHY);
            }
        }
    }

    /**
     * An index of the target and the table it is built on ({@code null}: unknown); when unknown, the tables it may
     * belong to as its log names them ({@code null} or empty: none named).
     */
    public record Index(String name, String table, List<String> candidates) {

        public Index {
            candidates = candidates == null ? null : List.copyOf(candidates);
        }

        public Index(String name, String table) {
            this(name, table, null);
        }
    }

    /** Rows of all tables. */
    public long totalRows() {
        return rows.values().stream().mapToLong(Long::longValue).sum();
    }

    /** The sizes a restore log or run record shows: its tables' last "records restored" and its indexes. */
    public static Target of(RestoreRun run, String source) {
        if (run.rows() == null) { // 0 rows would forecast an empty database
            throw new ForecastException(source + ": its tables' rows are not in the log (an excerpt, a log that ends or"
                    + " fails before the data, a table's count never printed, or gbak without -v); expected a log or"
                    + " run record of a restore or backup that shows its data, or the database");
        }
        if (!run.wentToTheEnd()) { // its rows are only those restored before it ended: not the target's
            throw new ForecastException(source + ": " + (run.kind() == RunKind.BACKUP ? "the backup" : "the restore")
                    + " did not go to its end ("
                    + (run.stoppedBy() == WarningCode.TIMEOUT
                            ? "stopped by --timeout"
                            : run.stoppedBy() == WarningCode.INTERRUPTED ? "stopped by Ctrl-C" : "its log ends early")
                    + "), so its " + Model.fmt(run.rows()) + " rows are those of the tables it reached; expected one"
                    + " that went to its end, or the database");
        }
        Map<String, Long> rows = Model.rowsOf(run);
        if (run.kind() == RunKind.BACKUP) { // the indexes its log names, each with its table; an older record: unknown
            List<Index> written = run.indexesWritten() == null
                    ? null
                    : run.indexesWritten().stream()
                            .map(i -> new Index(i.name(), i.table()))
                            .distinct()
                            .toList();
            return new Target(source, rows, written, run.backupBytes(), false);
        }
        List<Index> indexes = run.indexes().stream()
                .map(i -> new Index(i.name(), i.table(), i.table() == null ? i.tableCandidates() : null))
                .distinct()
                .toList();
        return new Target(source, rows, indexes.isEmpty() ? null : indexes, run.backupBytes(), false);
    }

    /** The sizes a database holds, counted through the server. */
    public static Target of(Inspection inspection, String source) {
        Map<String, Long> rows = new LinkedHashMap<>();
        inspection.tables().forEach(t -> rows.put(t.name(), t.rows()));
        List<Index> indexes = inspection.indexes().stream()
                .map(i -> new Index(i.name(), i.table()))
                .toList();
        return new Target(source, rows, indexes, null, false);
    }

    /** Every table of {@code reference} times {@code factor}. */
    public static Target scaled(RestoreRun reference, double factor) {
        if (!(factor > 0) || Double.isInfinite(factor)) {
            throw new ForecastException("--scale " + trim(factor) + ": expected a factor above 0, e.g. 4 or 0.5");
        }
        Map.Entry<String, Long> largest = Model.rowsOf(reference).entrySet().stream()
                .max(Map.Entry.comparingByValue())
                .orElse(null);
        if (largest != null && largest.getValue() * factor > MAX_ROWS) {
            throw new ForecastException("--scale " + trim(factor) + ": " + largest.getKey() + " would have "
                    + String.format(Locale.ROOT, "%,.0f", largest.getValue() * factor) + " rows, "
                    + MAX_ROWS_WHY + "; expected a factor up to "
                    + trim(Math.floor(MAX_ROWS / (double) largest.getValue())) + " (that limit over its "
                    + Model.fmt(largest.getValue()) + " rows in " + name(reference) + ")");
        }
        Map<String, Long> rows = new LinkedHashMap<>();
        Model.rowsOf(reference).forEach((table, n) -> rows.put(table, Math.round(n * factor)));
        return new Target(
                "--scale " + trim(factor) + " (the rows of " + name(reference) + " times " + trim(factor) + ")",
                rows,
                null,
                scaleBytes(reference.backupBytes(), factor),
                true);
    }

    /** The tables of {@code reference} with some row counts replaced; a table it does not have is refused. */
    public static Target overriding(RestoreRun reference, Map<String, Long> given) {
        Map<String, Long> rows = Model.rowsOf(reference);
        for (Map.Entry<String, Long> e : given.entrySet()) {
            String known = rows.keySet().stream()
                    .filter(k -> k.equalsIgnoreCase(e.getKey()))
                    .findFirst()
                    .orElse(null);
            if (known == null) {
                throw new ForecastException("--rows " + e.getKey() + "=" + e.getValue() + ": no table " + e.getKey()
                        + " in the calibration runs; expected one of " + String.join(", ", rows.keySet()));
            }
            if (e.getValue() < 0) {
                throw new ForecastException(
                        "--rows " + e.getKey() + "=" + e.getValue() + ": expected a count of 0 or more");
            }
            rows.put(known, e.getValue());
        }
        return new Target("--rows (other tables as in " + name(reference) + ")", rows, null, null, true);
    }

    private static Long scaleBytes(Long bytes, double factor) {
        return bytes == null ? null : Math.round(bytes * factor);
    }

    static String name(RestoreRun run) {
        return run.label() != null ? run.label() : run.source();
    }

    /** A factor as a DBA writes it: {@code 4}, {@code 0.5}, {@code 0.000001} (never {@code 1.0E-6}). */
    static String trim(double v) {
        return Double.isFinite(v) ? BigDecimal.valueOf(v).stripTrailingZeros().toPlainString() : String.valueOf(v);
    }
}
