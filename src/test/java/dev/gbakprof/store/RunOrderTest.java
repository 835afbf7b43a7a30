package dev.gbakprof.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.testutil.Cli;
import dev.gbakprof.testutil.Restores;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A configuration's runs are numbered (#1, #2, …) in the order the restores ran, as their records' start times say, not
 * by their folders' names: run --repeat 10 names its folders …-r1 … -r10, and restores of under a second share the
 * time in their names, so "-r10" sorted before "-r2". Run folders of real gbak logs, as run leaves them.
 */
class RunOrderTest {

    @TempDir
    Path dir;

    @Test
    void runsAreNumberedByTheirStartTimesNotByTheirFoldersNames() throws Exception {
        Path runs = dir.resolve("runs");
        Instant start = Instant.parse("2026-12-01T01:00:00.000Z");
        int[] repeats = {1, 2, 10};
        for (int i = 0; i < repeats.length; i++) {
            // three real restores of one backup in one second: 01:00:00.100, .200, .300
            Path folder = Restores.night(
                    runs,
                    "samples/ab/full-cpu/run" + (i + 1) + ".log",
                    start.plusMillis(100L * (i + 1)),
                    "many",
                    "/b/s.fbk");
            Files.move(folder, folder.resolveSibling(folder.getFileName() + "-r" + repeats[i]));
        }

        Path out = dir.resolve("out");
        Cli.Result report = Cli.run("report", runs.toString(), "--out", out.toString());
        assertThat(report.code()).as(report.err()).isZero();
        List<String> rows = Files.readAllLines(out.resolve("runs.csv"));
        assertThat(rows.subList(1, rows.size()))
                .extracting(r -> r.replaceFirst("^many,many (#\\d+),samples/ab/full-cpu/(run\\d)\\.log,.*$", "$1 $2"))
                .as(String.join("\n", rows))
                .containsExactly("#1 run1", "#2 run2", "#3 run3"); // run3 is in folder -r10
    }
}
