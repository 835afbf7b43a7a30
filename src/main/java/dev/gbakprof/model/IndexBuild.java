package dev.gbakprof.model;

import java.util.List;

/**
 * One index built during the restore ({@code activating and creating deferred index}).
 *
 * @param table         the table the index belongs to, {@code null} when the log cannot tell
 * @param tableSource   how {@code table} was found: {@link IndexMapping#LOG} (certain), {@link IndexMapping#INFERRED}
 *                      (the log alone is ambiguous because a table has no rows), {@link IndexMapping#DATABASE}
 *                      (read from the restored database), or {@code null} when unknown; never {@code NONE}
 * @param startSeconds  gbak's clock when the build started
 * @param seconds       build time: the time until the next statistics line; {@code null} when the
 *                      log has no following line
 * @param reads         page reads printed on the next line (they belong to this build), or {@code null}
 * @param writes        page writes printed on the next line, or {@code null}
 * @param failed        gbak reported {@code cannot commit index}: the index was left inactive
 * @param keysPerSecond rows of the index's table / build seconds (each row gives the index one key);
 *                      {@code null} unless the table is certain ({@code log} or {@code database}), its rows
 *                      are known and not zero, and the build took measurable time
 * @param tableCandidates the tables the index may belong to when the log cannot say which one (a table with no
 *                      rows prints its index definitions but no data line): {@code table} is then {@code null} and
 *                      {@code tableSource} {@code inferred}; {@code null} when {@code table} is known or nothing is
 * @param errors        gbak's {@code ERROR:} lines right after its {@code cannot commit index} of this index, in gbak's
 *                      words without {@code ERROR:} and the indentation (the duplicate key, the foreign key without its
 *                      parent row, and the problematic key value): why it failed; {@code null} when it did not fail,
 *                      or in a record written before this field
 */
public record IndexBuild(
        String name,
        String table,
        IndexMapping tableSource,
        Double startSeconds,
        Double seconds,
        Long reads,
        Long writes,
        boolean failed,
        Double keysPerSecond,
        List<String> tableCandidates,
        List<String> errors) {

    public IndexBuild {
        tableCandidates = tableCandidates == null ? null : List.copyOf(tableCandidates);
        errors = errors == null ? null : List.copyOf(errors);
    }

    /** This build with its table known (the candidates are gone). */
    public IndexBuild withTable(String newTable, IndexMapping newSource) {
        return new IndexBuild(
                name, newTable, newSource, startSeconds, seconds, reads, writes, failed, keysPerSecond, null, errors);
    }

    /** This build with {@code keysPerSecond} computed from the rows of its table ({@code null}: unknown). */
    public IndexBuild withKeys(Long rows) {
        return new IndexBuild(
                name,
                table,
                tableSource,
                startSeconds,
                seconds,
                reads,
                writes,
                failed,
                keysPerSecond(rows, seconds, failed),
                tableCandidates,
                errors);
    }

    /** The {@code keysPerSecond} of a build of {@code seconds} of a table of {@code rows} ({@code null}: unknown). */
    public static Double keysPerSecond(Long rows, Double seconds, boolean failed) {
        return rows == null || rows == 0 || seconds == null || seconds < TableLoad.MIN_RATE_SECONDS || failed
                ? null
                : Math.round(rows / seconds * 10) / 10.0;
    }
}
