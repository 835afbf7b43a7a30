package dev.gbakprof.model;

import java.util.List;

/**
 * What the restored database itself says, read through the server with Jaybird after the restore, and
 * what checking it against the restore log found.
 *
 * @param database      the database as the server opened it ({@code host/port:path})
 * @param engineVersion the server's version, e.g. {@code LI-V3.0.11.33637 Firebird 3.0}
 * @param ods           on-disk structure, {@code major.minor} (e.g. {@code 12.0})
 * @param pageSize      page size in bytes
 * @param pageBuffers   page buffers the server uses for it ({@code MON$PAGE_BUFFERS}: the header's setting,
 *                      or the server's default cache size when the header says 0)
 * @param fileBytes     allocated pages × page size: the size of the database file
 * @param sweepInterval sweep interval (0: automatic sweep off)
 * @param forcedWrites  forced writes (synchronous writes) on
 * @param tables        user tables (no views, no global temporary tables) with their row counts
 * @param indexes       user indexes
 * @param problems      what verification found wrong, one line each; empty when it passed
 * @param verifiedAgainst {@code log} when the row counts were checked against a restore log, {@code null}
 *                      when the database was only inspected
 */
public record Inspection(
        String database,
        String engineVersion,
        String ods,
        Integer pageSize,
        Integer pageBuffers,
        Long fileBytes,
        Integer sweepInterval,
        Boolean forcedWrites,
        List<Table> tables,
        List<Index> indexes,
        List<String> problems,
        String verifiedAgainst) {

    public Inspection {
        tables = tables == null ? List.of() : List.copyOf(tables);
        indexes = indexes == null ? List.of() : List.copyOf(indexes);
        problems = problems == null ? List.of() : List.copyOf(problems);
    }

    /** A user table and the rows it holds. */
    public record Table(String name, long rows) {}

    /**
     * A user index as {@code RDB$INDICES} describes it.
     *
     * @param segments    the indexed columns in order; empty for an expression index
     * @param expression  the {@code COMPUTED BY} source of an expression index, else {@code null}
     * @param selectivity the stored statistics ({@code RDB$STATISTICS}: 1 / distinct keys), {@code null} if never computed
     */
    public record Index(
            String name,
            String table,
            List<String> segments,
            String expression,
            boolean unique,
            boolean descending,
            boolean active,
            Double selectivity) {
        public Index {
            segments = segments == null ? List.of() : List.copyOf(segments);
        }
    }

    /** Rows of a table, or {@code null} when the database has no such table. */
    public Long rows(String table) {
        return tables.stream()
                .filter(t -> t.name().equals(table))
                .map(Table::rows)
                .findFirst()
                .orElse(null);
    }

    public Inspection withVerification(List<String> newProblems, String against) {
        return new Inspection(
                database,
                engineVersion,
                ods,
                pageSize,
                pageBuffers,
                fileBytes,
                sweepInterval,
                forcedWrites,
                tables,
                indexes,
                newProblems,
                against);
    }
}
