package dev.gbakprof.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.model.ExitCode;
import dev.gbakprof.model.FirebirdConf;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.model.TableLoad;
import dev.gbakprof.model.Validation;
import dev.gbakprof.model.WarningCode;
import dev.gbakprof.monitor.FirebirdConfReader;
import dev.gbakprof.testutil.Cli;
import dev.gbakprof.testutil.Firebird;
import dev.gbakprof.testutil.Firebird4;
import dev.gbakprof.testutil.Firebird4Test;
import dev.gbakprof.testutil.FirebirdServer;
import dev.gbakprof.testutil.Logs;
import dev.gbakprof.testutil.Restores;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A migration's restore: Firebird 3.0's backups (made by Debian's 3.0) restored by Firebird 4.0 (scripts/firebird4),
 * embedded and through the tests' Firebird 4 server, and the two versions compared by {@code matrix}.
 */
@Firebird4Test
class Firebird4RestoreTest {
    private static final String FB4 = "Firebird 4.0";

    @TempDir
    Path dir;

    @Test
    void anEmbeddedRestoreByFirebird4IsRecordedAsItsGbakTimedItAndValidatedByItsGfix() throws Exception {
        Path gbak = Firebird4.gbak();
        Path runs = dir.resolve("runs");

        Cli.Result r = Restores.run(
                Firebird.backup("small"), dir.resolve("small4.fdb"), runs, "--gbak", gbak.toString(), "--validate");

        assertThat(r.code()).as(r.err()).isEqualTo(ExitCode.OK);
        RestoreRun run = Restores.firstRun(runs);
        assertThat(run.status()).isEqualTo(RunStatus.COMPLETED);
        assertThat(run.environment().gbakVersion()).startsWith("LI-V4.0.").endsWith(FB4);
        assertThat(run.environment().firebirdConf().path())
                .startsWith(gbak.getParent().getParent().toString());
        // the numbers are the raw log's, read naively
        Path log = Restores.runDirs(runs).get(0).resolve("gbak.log");
        List<Logs.Row> rows = Logs.rows(log);
        Logs.Row total = rows.get(rows.size() - 1);
        assertThat(total.text()).isEqualTo("total statistics");
        assertThat(run.totalSeconds()).isEqualTo(total.time() / 1000.0);
        assertThat(run.totalReads()).isEqualTo(total.reads());
        assertThat(run.totalWrites()).isEqualTo(total.writes());
        assertThat(run.backupVersion()).as("a backup of Firebird 3.0").isEqualTo(10);
        assertThat(run.ods()).as("read from the restored file's header").isEqualTo("13.0");
        assertThat(Files.readString(log, StandardCharsets.UTF_8))
                .contains("adjusting views dbkey length")
                .endsWith("gbak:adjusting the ONLINE and FORCED WRITES flags\n");
        assertThat(run.tables()).extracting(TableLoad::records).containsExactlyInAnyOrder(12L, 300L, 40L);
        assertThat(run.validation().result()).isEqualTo(Validation.Result.PASSED);
        assertThat(run.validation().command()).startsWith(gbak.resolveSibling("gfix") + " -v -full -n");
    }

    @Test
    void aTimeoutStopsFirebird4sGbakItselfThroughItsLauncher() throws Exception {
        Path gbak = Firebird4.gbak();
        Path runs = dir.resolve("runs");
        Path target = dir.resolve("shop4-stopped.fdb");

        Cli.Result r =
                Restores.run(Firebird.backup("shop"), target, runs, "--gbak", gbak.toString(), "--timeout", "2s");

        assertThat(r.code()).as(r.err()).isEqualTo(ExitCode.FAILED);
        RestoreRun run = Restores.firstRun(runs);
        assertThat(run.status()).isEqualTo(RunStatus.INCOMPLETE);
        assertThat(run.hasWarning(WarningCode.TIMEOUT))
                .as(run.warningMessages().toString())
                .isTrue();
        // the launcher exec'd gbak: the process gbakprof stopped was gbak, and none is left
        assertThat(Firebird.gbakProcesses(target.toString())).isEmpty();
        assertThat(target).doesNotExist();
    }

    @Test
    void aServicesRestoreOnTheFirebird4ServerIsInspectedAsOds13AndValidated() throws Exception {
        Path gbak = Firebird4.gbak();
        String server = Firebird4.server().toString();
        Path password = Firebird4.passwordFile(dir);
        try (FirebirdServer.Folder folder = FirebirdServer.folder()) {
            Path runs = dir.resolve("runs");
            Cli.Result r = Cli.run(
                    "run",
                    "--via",
                    "service",
                    "--host",
                    server,
                    "--password-file",
                    password.toString(),
                    "--gbak",
                    gbak.toString(),
                    "--backup",
                    folder.backup("small").toString(),
                    "--database",
                    folder.resolve("small4.fdb").toString(),
                    "--runs-dir",
                    runs.toString(),
                    "--inspect",
                    "--validate");

            assertThat(r.code()).as(r.err()).isEqualTo(ExitCode.OK);
            RestoreRun run = Restores.firstRun(runs);
            assertThat(run.inspection().engineVersion()).endsWith(FB4);
            // the server's own settings as it reports them (RDB$CONFIG): its firebird.conf, written by
            // scripts/firebird-server, sets TempDirectories to its folder's tmp; this machine's sets none
            FirebirdConf conf = run.environment().firebirdConf();
            assertThat(conf.path()).isEqualTo("RDB$CONFIG of " + server + ": firebird.conf"); // its own root's
            assertThat(conf.tempDirectories()).endsWith("/4.0/tmp");
            assertThat(FirebirdConfReader.read(Path.of("/etc/firebird/3.0/firebird.conf"))
                            .tempDirectories())
                    .isNull();
            assertThat(run.environment().firebirdConfUnknown()).isNull();
            assertThat(run.inspection().ods()).isEqualTo("13.0");
            assertThat(run.inspection().problems()).isEmpty();
            assertThat(run.inspection().verifiedAgainst()).isEqualTo("log");
            assertThat(run.validation().result()).isEqualTo(Validation.Result.PASSED);
            assertThat(run.validation().command())
                    .startsWith(gbak.resolveSibling("gfix").toString());
            String json = Files.readString(Restores.runDirs(runs).get(0).resolve("run.json"));
            assertThat(json).doesNotContain(Files.readString(password).strip());
        }
    }

    @Test
    void aFirebird3RestoreInspectedThroughTheFirebird4ServerIsRefusedBeforeItStarts() throws Exception {
        String server = Firebird4.server().toString();
        Path password = Firebird4.passwordFile(dir);
        // 4.0 opens no ODS 12: the restore would be timed and its inspection fail
        String said = refusedBeforeItStarts(
                "small3.fdb", "--inspect", "--inspect-host", server, "--password-file", password.toString());

        assertThat(said)
                .startsWith("gbakprof: --inspect: gbak LI-V3.0.")
                .contains("into ODS 12.0", server + " (LI-V4.0.", "nothing was restored")
                .contains("Inspect through a Firebird 3.0 server (--inspect-host HOST/PORT of one)");
    }

    @Test
    void anEmbeddedFirebird4RestoreInspectedThroughTheFirebird3ServerIsRefusedBeforeItStarts() throws Exception {
        Path gbak = Firebird4.gbak();
        FirebirdServer.require();
        // it was restored, reported "failed" with its total unknown, gbakprof's words among gbak's errors
        String said = refusedBeforeItStarts(
                "emb4.fdb",
                "--gbak",
                gbak.toString(),
                "--inspect",
                "--inspect-host",
                FirebirdServer.ADDRESS.toString());

        assertThat(said)
                .startsWith("gbakprof: --inspect: gbak LI-V4.0.")
                .contains(
                        FB4 + " restores embedded, into ODS 13.0",
                        FirebirdServer.ADDRESS + " (LI-V3.0.",
                        "cannot open; nothing was restored",
                        "Inspect through a Firebird 4.0 server (--inspect-host HOST/PORT of one), or leave out"
                                + " --inspect");
    }

    @Test
    void runRefusesParallelRestoreToFirebird4sGbakBeforeItStarts() throws Exception {
        Path gbak = Firebird4.gbak();
        // gbak ran and failed (unknown switch), and a failed night was recorded: check went CRITICAL
        String said = refusedBeforeItStarts("par.fdb", "--gbak", gbak.toString(), "--", "-par", "2");

        assertThat(said)
                .isEqualTo("gbakprof: gbak does not know the switch -par: parallel restore (-par) needs Firebird 5 or"
                        + " later (gbak's words: unknown switch \"PAR\"); nothing was restored");
    }

    /**
     * {@code run} of the small backup into {@code name} (in a folder the tests' server may use) with {@code more},
     * refused before it started: exit 2, one line, no database, and in the runs folder only the refused run's folder.
     * Returns that line.
     */
    private String refusedBeforeItStarts(String name, String... more) throws Exception {
        try (FirebirdServer.Folder folder = FirebirdServer.folder()) {
            Path runs = Files.createDirectories(dir.resolve("runs"));
            Path db = folder.resolve(name);
            Cli.Result r = Restores.run(Firebird.backup("small"), db, runs, more);

            assertThat(r.code()).as(r.err()).isEqualTo(ExitCode.BAD_INPUT);
            assertThat(r.out()).isEmpty();
            assertThat(r.err().strip().lines()).as(r.err()).hasSize(1);
            assertThat(db).doesNotExist();
            assertThat(Restores.runDirs(runs)).isEmpty();
            assertThat(Restores.refusedDirs(runs)).hasSize(1);
            return r.err().strip();
        }
    }

    @Test
    void matrixComparesTheTwoVersionsInBalancedRoundsWithTheVersionAsTheFactor() throws Exception {
        Path gbak = Firebird4.gbak();
        Path out = dir.resolve("matrix");

        Cli.Result r = Restores.matrix(
                Firebird.backup("small"),
                dir.resolve("m.fdb"),
                out,
                "--vary",
                "gbak:" + Firebird.GBAK + "," + gbak,
                "--repeat",
                "2",
                "--cooldown",
                "0");

        assertThat(r.code()).as(r.err()).isEqualTo(ExitCode.OK);
        List<RestoreRun> runs = Restores.matrixRuns(out);
        // a warm-up of each arm, then two rounds whose first arm turns: 3.0 4.0, 4.0 3.0
        assertThat(runs).hasSize(6);
        assertThat(runs.subList(0, 2))
                .allSatisfy(w -> assertThat(w.warmupRestore()).isTrue());
        assertThat(runs.get(0).label()).isNotEqualTo(runs.get(1).label());
        List<RestoreRun> counted = runs.subList(2, runs.size());
        assertThat(counted).extracting(RestoreRun::round).containsExactly(1, 1, 2, 2);
        assertThat(counted).extracting(RestoreRun::position).containsExactly(1, 2, 1, 2);
        assertThat(counted.get(0).label()).endsWith("Firebird 3.0");
        assertThat(counted.get(1).label()).endsWith(FB4);
        assertThat(counted.get(2).label())
                .as("the first arm turns")
                .isEqualTo(counted.get(1).label());
        assertThat(counted.get(3).label()).isEqualTo(counted.get(0).label());
        for (RestoreRun run : runs) {
            assertThat(run.environment().gbakVersion())
                    .as("each arm's own gbak")
                    .isEqualTo(run.label());
            assertThat(run.status()).isEqualTo(RunStatus.COMPLETED);
        }
        String summary = Files.readString(out.resolve("summary.md"));
        assertThat(summary)
                .startsWith("# Restore time by Firebird version (gbak)")
                .contains("index phase", "data phase")
                .doesNotContain("gbak version —");
    }

    @Test
    void matrixRefusesTwoGbaksOfOneVersionInOneLine() {
        Path gbak = Firebird4.gbak();

        Cli.Result r = Cli.run(
                "matrix",
                "--backup",
                "x.fbk",
                "--database",
                dir.resolve("x.fdb").toString(),
                "--vary",
                "gbak:" + gbak + "," + gbak);

        assertThat(r.code()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(r.err().strip()).doesNotContain("\n", "Exception").contains("two of the gbak programs are LI-V4.0.");
    }
}
