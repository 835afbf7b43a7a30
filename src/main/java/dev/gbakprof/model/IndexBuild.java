package dev.gbakprof.model;

/**
 * One index built during the restore ({@code activating and creating deferred index}).
 *
 * @param table        the table the index belongs to, {@code null} when the log cannot tell
 * @param tableSource  how {@code table} was found: {@code log} (certain), {@code inferred} (the log
 *                     alone is ambiguous because a table has no rows), {@code database} (read from
 *                     the restored database), or {@code null} when unknown
 * @param startSeconds gbak's clock when the build started
 * @param seconds      build time: the time until the next statistics line; {@code null} when the
 *                     log has no following line
 * @param reads        page reads printed on the next line (they belong to this build), or {@code null}
 * @param writes       page writes printed on the next line, or {@code null}
 * @param failed       gbak reported {@code cannot commit index}: the index was left inactive
 */
public record IndexBuild(String name, String table, String tableSource, Double startSeconds,
                         Double seconds, Long reads, Long writes, boolean failed) {

    public IndexBuild withTable(String newTable, String newSource) {
        return new IndexBuild(name, newTable, newSource, startSeconds, seconds, reads, writes, failed);
    }
}
