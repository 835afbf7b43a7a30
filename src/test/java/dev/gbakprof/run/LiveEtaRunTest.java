package dev.gbakprof.run;

import static dev.gbakprof.testutil.Restores.runDirs;
import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.store.RunJson;
import dev.gbakprof.testutil.Cli;
import dev.gbakprof.testutil.Firebird;
import dev.gbakprof.testutil.FirebirdServer;
import dev.gbakprof.testutil.FirebirdTest;
import dev.gbakprof.testutil.Restores;
import dev.gbakprof.testutil.Restores.Route;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The live ETA during a real restore that has a baseline: the first restore of a backup is the second's. */
@org.junit.jupiter.api.extension.ExtendWith(FirebirdServer.Fixture.class)
@FirebirdTest
class LiveEtaRunTest {

    @Test
    void theSecondRestoreOfABackupGetsItsEtaFromTheFirstAndTheBackupsReadPosition(@TempDir Path dir) throws Exception {
        Path fbk = Firebird.backup("shop");
        Path runs = dir.resolve("runs");
        Cli.Result first = Restores.run(fbk, dir.resolve("a.fdb"), runs, "--label", "first");
        assertThat(first.code()).as(first.err()).isZero();
        RestoreRun a = Restores.firstRun(runs);
        assertThat(a.etaBasis())
                .isEqualTo("no ETA: no completed restore of this backup by gbak 3.0 on the gbak route (embedded) in "
                        + runs + " (or give --baseline)");

        List<String> progress = progressOf(() -> {
            Cli.Result second = Restores.run(fbk, dir.resolve("b.fdb"), runs, "--label", "second");
            assertThat(second.code()).as(second.err()).isZero();
        });
        RestoreRun b = RunJson.read(runDirs(runs).get(1).resolve("run.json")).get(0);
        assertThat(b.label()).isEqualTo("second");
        assertThat(b.etaBasis())
                .startsWith("baseline first (same backup and route, gbak 3.0); data phase by the backup's read "
                        + "position (gbak pid ")
                .contains("; last: ")
                // how the range was computed: one baseline has no spread of restores
                .containsPattern("; range: 80 % range of the time left ×e\\^±\\d\\.\\d\\d: ")
                .endsWith("; one baseline (no spread of restores)");
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

        // a third restore of the backup: its baseline is the median of the two completed before it (the one given a
        // --baseline restored another backup), said by name
        assertThat(basis(Route.EMBEDDED, fbk, dir.resolve("d.fdb"), runs, "fourth"))
                .startsWith(
                        "baseline median of 2 restores (first, second) (same backup and route, gbak 3.0); data phase by the "
                                + "backup's read position (gbak pid ")
                .contains("; last: ")
                .containsPattern("; the 2 baselines' totals spread σ \\d\\.\\d\\d$");
    }

    @Test
    void eachRouteIsItsOwnBaselineAndReadsTheBackupsPositionGbaksOrTheServers(FirebirdServer.Folder f)
            throws Exception {
        Path fbk = f.backup("small"); // through the server the shop fixture takes half a minute a restore
        Path runs = f.resolve("runs");
        Cli.Result embedded = Restores.run(Route.EMBEDDED, fbk, f.resolve("a.fdb"), runs, "--label", "embedded");
        assertThat(embedded.code()).as(embedded.err()).isZero();

        // gbak to the server goes at another speed (every record over the wire): the embedded restore is no baseline
        assertThat(basis(Route.SERVER, fbk, f.resolve("b.fdb"), runs, "remote1"))
                .isEqualTo(
                        "no ETA: no completed restore of this backup by gbak 3.0 on the gbak route (remote TCP (localhost)) in "
                                + runs + " (or give --baseline)");
        // gbak still reads the backup: its descriptor's position
        assertThat(basis(Route.SERVER, fbk, f.resolve("c.fdb"), runs, "remote2"))
                .startsWith(
                        "baseline remote1 (same backup and route, gbak 3.0); data phase by the backup's read position (gbak "
                                + "pid ");

        // the services manager: the local server reads the backup, and its descriptor gives the position
        assertThat(basis(Route.SERVICE, fbk, f.resolve("e.fdb"), runs, "service1"))
                .isEqualTo("no ETA: no completed restore of this backup on the service route in " + runs
                        + " (or give --baseline)");
        assertThat(basis(Route.SERVICE, fbk, f.resolve("g.fdb"), runs, "service2"))
                .startsWith("baseline service1 (same backup and route); data phase by the backup's read position "
                        + "(server pid ");
    }

    /** The etaBasis of a restore of {@code fbk} through {@code route}, labelled {@code label}. */
    private static String basis(Route route, Path fbk, Path db, Path runs, String label) throws Exception {
        Cli.Result r = Restores.run(route, fbk, db, runs, "--label", label);
        assertThat(r.code()).as(r.err()).isZero();
        for (Path d : runDirs(runs)) {
            RestoreRun run = RunJson.read(d.resolve("run.json")).get(0);
            if (label.equals(run.label())) {
                return run.etaBasis();
            }
        }
        throw new AssertionError("no run labelled " + label + " in " + runs);
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
