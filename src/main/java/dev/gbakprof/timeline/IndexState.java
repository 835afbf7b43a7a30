package dev.gbakprof.timeline;

import dev.gbakprof.model.IndexMapping;
import java.util.ArrayList;
import java.util.List;

/**
 * One index as the timeline keeps it: a definition ({@code restoring index}) or a build ({@code activating and
 * creating deferred index}; a build of a defined index goes on in the definition's state). Times and page counts are
 * -1 while not known.
 */
final class IndexState {
    final String name;
    /** From the data line that followed the definition, or the mapping's; a new state starts with the previous one's. */
    String table;

    long startMs = -1;
    /** Line of the activation; 0 while the index is only defined. */
    long line;

    long ms = -1;
    long reads = -1;
    long writes = -1;
    boolean ended;
    boolean failed;
    /** How many of gbak's errors came before its {@code cannot commit index} of this one ({@link GbakErrors}). */
    int failedAt;
    /** The mapping {@code toRun} last found: exact ({@code log}), or inferred; null when none. */
    IndexMapping source;
    /** The tables the index may belong to when the log cannot say which one (shared by a group's states). */
    List<String> candidates;
    /** A failed build's {@code ERROR:} lines right after its {@code cannot commit index} (at most 10). */
    List<String> errors = List.of();
    /** The table a foreign key's violation names ("violation of FOREIGN KEY constraint ... on table T"): certain. */
    String errorTable;

    IndexState(String name, String table) {
        this.name = name;
        this.table = table;
    }

    /** The build started: at {@code startMs} (-1: unknown) on line {@code lineNumber}. */
    void start(long startMs, long lineNumber) {
        this.startMs = startMs;
        line = lineNumber;
    }

    /** The next statistics line ended the build: its time (-1: unknown) and page counts (-1: unknown). */
    void end(long ms, long reads, long writes) {
        ended = true;
        this.ms = ms;
        this.reads = reads;
        this.writes = writes;
    }

    boolean built() {
        return line > 0;
    }

    /** The build failed: its error lines are kept from now on. */
    void fail() {
        failed = true;
        errors = new ArrayList<>(2);
    }
}
