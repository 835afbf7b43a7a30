package dev.gbakprof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.testutil.Cli;
import dev.gbakprof.testutil.Restores;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A restore that completes fast because the backup holds far fewer rows than the nights before (a backup of the wrong
 * database, or of one emptied) is no OK night: run folders made of real gbak logs, three nights of the shop fixture
 * (1,121,000 rows), then one of the small fixture's 352 rows under the same backup file name.
 */
class CheckFewerRowsTest {

    @TempDir
    Path dir;

    /** A run folder under {@code runs} holding {@code log}'s record, as started at {@code hour}:00 on 1 Dec 2026. */
    @Test
    void aNightOfFarFewerRowsIsAWarningNamingTheCounts() throws Exception {
        Path runs = dir.resolve("runs");
        for (int h = 1; h <= 3; h++) {
            Restores.night(runs, "samples/shop-tdrw.log", h);
        }
        Cli.Result same = Cli.run("check", runs.toString(), "--slower", "100000", "--max-age", "0");
        assertThat(same.code()).as(same.out()).isZero(); // as many rows as the nights before: OK

        Restores.night(runs, "samples/small-tdrw.log", 4);
        Cli.Result fewer = Cli.run("check", runs.toString(), "--max-age", "0"); // nights of 1 Dec 2026
        assertThat(fewer.code()).as(fewer.out()).isEqualTo(1);
        assertThat(fewer.out())
                .startsWith("WARNING: erp restored in 0.2 s on 2026-12-01 04:00 UTC, ")
                .contains(
                        " ago, but only 352 rows, under half those of the 3 restores before it (median 1,121,000"
                                + " rows): was tonight's backup made of this database, and is it whole? Look at its size and at the database gbak -b read (baseline band 16.2 s to 18.2 s");
    }
}
