package dev.gbakprof.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.model.Inspection;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.store.RunJson;
import dev.gbakprof.testutil.Cli;
import dev.gbakprof.testutil.FirebirdServer;
import dev.gbakprof.testutil.FirebirdTest;
import dev.gbakprof.testutil.Restores;
import dev.gbakprof.testutil.Restores.Route;
import java.nio.file.Path;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code run --inspect} prints one line of counts and what does not match the log, not a line per table and index (a
 * database of 225 tables printed 512 lines); the record holds them all, and {@code --verbose} prints them.
 */
@FirebirdTest
@ExtendWith(FirebirdServer.Fixture.class)
class InspectSummaryTest {
    /** A table's line of the full listing: its name, then its rows. */
    private static final Pattern TABLE_LINE = Pattern.compile("(?m)^ +ORDER_LINES +[\\d,]+ rows$");

    @Test
    void anInspectedServicesRestoreSaysItsCountsInOneLineAndVerboseListsEachTable(FirebirdServer.Folder f)
            throws Exception {
        Path fbk = f.backup("shop");
        Path runs = f.resolve("runs");
        Cli.Result r = Restores.run(Route.SERVICE, fbk, f.resolve("s.fdb"), runs, "--label", "s", "--inspect");
        assertThat(r.code()).as(r.err()).isZero();
        RestoreRun run = Restores.firstRun(runs);
        Inspection db = run.inspection();
        assertThat(db.tables()).hasSize(5);
        long rows = db.tables().stream().mapToLong(Inspection.Table::rows).sum();
        assertThat(r.out())
                .contains(String.format(
                        "    5 tables, %,d rows, all match the log; %d indexes, 0 inactive%n",
                        rows, db.indexes().size()))
                .contains("each table's rows and each index: the record's inspection, or --verbose")
                .contains("verification passed");
        assertThat(TABLE_LINE.matcher(r.out()).find()).as(r.out()).isFalse();

        Cli.Result verbose = Restores.run(
                Route.SERVICE, fbk, f.resolve("v.fdb"), f.resolve("v-runs"), "--label", "v", "--inspect", "--verbose");
        assertThat(verbose.code()).as(verbose.err()).isZero();
        assertThat(TABLE_LINE.matcher(verbose.out()).find()).as(verbose.out()).isTrue();
        assertThat(verbose.out()).contains("PK_ORDERS").doesNotContain("or --verbose");
        assertThat(RunJson.read(Restores.runDirs(f.resolve("v-runs")).get(0).resolve("run.json"))
                        .get(0)
                        .inspection()
                        .tables())
                .hasSize(5);
    }
}
