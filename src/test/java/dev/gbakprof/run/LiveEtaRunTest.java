package dev.gbakprof.run;

import static dev.gbakprof.testutil.Restores.runDirs;
import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.store.RunJson;
import dev.gbakprof.testutil.Cli;
import dev.gbakprof.testutil.Firebird;
import dev.gbakprof.testutil.Restores;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The live ETA during a real restore that has a baseline: the first restore of a backup is the second's. */
class LiveEtaRunTest {

    @Test
    void theSecondRestoreOfABackupGetsItsEtaFromTheFirstAndTheBackupsReadPosition(@TempDir Path dir) throws Exception {
        Path fbk = Firebird.backup("shop");
        Path runs = dir.resolve("runs");
        Cli.Result first = Restores.run(fbk, dir.resolve("a.fdb"), runs, "--label", "first");
        assertThat(first.code()).as(first.err()).isZero();
        RestoreRun a = Restores.firstRun(runs);
        assertThat(a.etaBasis())
                .isEqualTo("no ETA: no completed restore of this backup on the gbak route in " + runs
                        + " (or give --baseline)");

        List<String> progress = progressOf(() -> {
            Cli.Result second = Restores.run(fbk, dir.resolve("b.fdb"), runs, "--label", "second");
            assertThat(second.code()).as(second.err()).isZero();
        });
        RestoreRun b = RunJson.read(runDirs(runs).get(1).resolve("run.json")).get(0);
        assertThat(b.label()).isEqualTo("second");
        assertThat(b.etaBasis())
                .startsWith("baseline first (same backup and route); data phase by the backup's read "
                        + "position (gbak pid ")
                .contains("; last: ");
        // the plain progress lines (not a terminal): each phase once, with the ETA and its range
        assertThat(progress)
                .anySatisfy(l -> assertThat(l)
                        .startsWith("gbakprof: data ")
                        .containsPattern(" \\| ETA \\d+ (s|min) \\(\\d+–\\d+\\)$"));
        assertThat(progress)
                .anySatisfy(l -> assertThat(l)
                        .startsWith("gbakprof: indexes ")
                        .contains(" | indexes ")
                        .containsPattern(" of 14\\b.* \\| ETA \\d+ (s|min) \\(\\d+–\\d+\\)$"));
        assertThat(progress).noneSatisfy(l -> assertThat(l).contains("no read position"));

        // a baseline given with --baseline is not claimed to be of the same backup and route: a gbak log of another
        // backup says so (the small fixture restored: a fraction of a second)
        Path log = dev.gbakprof.testutil.Logs.log("shop-tdrw.log");
        Cli.Result third = Cli.run(
                "run",
                "--backup",
                Firebird.backup("small").toString(),
                "--database",
                dir.resolve("c.fdb").toString(),
                "--runs-dir",
                runs.toString(),
                "--label",
                "third",
                "--baseline",
                log.toString());
        assertThat(third.code()).as(third.err()).isZero();
        RestoreRun c = RunJson.read(runDirs(runs).get(2).resolve("run.json")).get(0);
        assertThat(c.etaBasis())
                .startsWith(
                        "baseline shop-tdrw (given with --baseline; a gbak log, its route unknown; of another backup "
                                + "file, shop.fbk); data phase by ");
    }

    private static List<String> progressOf(Runnable action) {
        PrintStream saved = System.err;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream capture = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            System.setErr(capture);
            action.run();
        } finally {
            System.setErr(saved);
        }
        return bytes.toString(StandardCharsets.UTF_8).lines().toList();
    }
}
