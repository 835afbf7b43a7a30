package dev.gbakprof.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunKind;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.model.TableLoad;
import dev.gbakprof.model.Validation;
import dev.gbakprof.model.Via;
import dev.gbakprof.model.WarningCode;
import dev.gbakprof.store.LogReader;
import dev.gbakprof.store.ReportDir;
import dev.gbakprof.store.RunJson;
import dev.gbakprof.testutil.Cli;
import dev.gbakprof.testutil.Firebird;
import dev.gbakprof.testutil.FirebirdServer;
import dev.gbakprof.testutil.FirebirdTest;
import dev.gbakprof.testutil.Restores;
import dev.gbakprof.testutil.Restores.Route;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code run --backup-from}: the whole drill (back up, restore, validate) with the real gbak and gfix of Firebird 3, on
 * every route: embedded, gbak through the server ({@code localhost:path}) and the services API.
 */
@ExtendWith(FirebirdServer.Fixture.class)
class DrillTest {

    /** A database to back up: the small fixture backup restored by gbak (through the server when {@code name} says so). */
    private static void database(String name) throws Exception {
        Firebird.restore(Firebird.backup("small"), name);
    }

    private static Cli.Result drill(String source, String target, Path runs, String... more) {
        List<String> args = new ArrayList<>(List.of(
                "run",
                "--backup-from",
                source,
                "--database",
                target,
                "--runs-dir",
                runs.toString(),
                "--label",
                "nightly"));
        args.addAll(List.of(more));
        return Cli.run(args.toArray(String[]::new));
    }

    /**
     * What every route's drill leaves: one run folder with both logs, the new backup, gfix's output, the two records
     * (backup first) and the SHA-256 of each file; the backup's record is what parse makes of its log; every row backed
     * up was restored; each stage is timed.
     */
    private static List<RestoreRun> assertDrill(Path runs, String source, Via via) throws Exception {
        List<Path> folders = Restores.runDirs(runs);
        assertThat(folders).hasSize(1);
        Path runDir = folders.get(0);
        Path fbk = runDir.resolve("small-src.fbk");
        try (Stream<Path> s = Files.list(runDir)) {
            assertThat(s.map(p -> p.getFileName().toString()))
                    .containsExactlyInAnyOrder(
                            "backup.log", "small-src.fbk", "gbak.log", "gfix.log", "run.json", "SHA256SUMS");
        }
        List<RestoreRun> runsOf = RunJson.read(runDir.resolve("run.json"));
        assertThat(runsOf).extracting(RestoreRun::kind).containsExactly(RunKind.BACKUP, RunKind.RESTORE);
        RestoreRun backup = runsOf.get(0);
        RestoreRun restore = runsOf.get(1);
        assertThat(backup.status()).isEqualTo(RunStatus.COMPLETED);
        assertThat(restore.status()).isEqualTo(RunStatus.COMPLETED);
        assertThat(backup.via()).isEqualTo(via);
        assertThat(restore.via()).isEqualTo(via);

        // the backup: a new file in the run folder, its size and SHA-256 in both records
        String sha = ReportDir.sha256(fbk);
        assertThat(backup.backupFile()).isEqualTo(fbk.toString());
        assertThat(backup.backupBytes()).isEqualTo(Files.size(fbk));
        assertThat(backup.backupSha256()).isEqualTo(sha).hasSize(64);
        assertThat(restore.backupSha256()).isEqualTo(sha);
        assertThat(restore.backupFile()).isEqualTo(fbk.toString());
        assertThat(restore.backupFrom()).isEqualTo(source);

        // both logs through the one pipeline: the live records' timelines are parse's of the saved logs
        RestoreRun parsedBackup = LogReader.read(runDir.resolve("backup.log"), "nightly");
        assertThat(backup.tables()).isEqualTo(parsedBackup.tables());
        assertThat(backup.phases()).isEqualTo(parsedBackup.phases());
        assertThat(backup.totalSeconds()).isEqualTo(parsedBackup.totalSeconds()).isPositive();
        RestoreRun parsedRestore = LogReader.read(runDir.resolve("gbak.log"), "nightly");
        assertThat(restore.tables()).isEqualTo(parsedRestore.tables());
        assertThat(restore.totalSeconds())
                .isEqualTo(parsedRestore.totalSeconds())
                .isPositive();

        // every row the backup wrote was restored (an empty table has no data line in a restore)
        assertThat(rows(restore)).isEqualTo(rows(backup)).isNotEmpty();
        assertThat(backup.rows()).isEqualTo(restore.rows()).isEqualTo(352L);

        // each stage timed: the backup, the restore (gbak's clocks and the wall), the validation
        assertThat(backup.wallSeconds()).isPositive();
        assertThat(restore.wallSeconds()).isPositive();
        assertThat(restore.validation().result()).isEqualTo(Validation.Result.PASSED);
        assertThat(restore.validation().seconds()).isPositive();

        // the run folder is the evidence: SHA256SUMS holds the SHA-256 of each file (sha256sum -c's format)
        List<String> sums = Files.readAllLines(runDir.resolve("SHA256SUMS"));
        assertThat(sums).hasSize(5);
        for (String line : sums) {
            String name = line.substring(66);
            assertThat(line.substring(0, 64)).as(name).isEqualTo(ReportDir.sha256(runDir.resolve(name)));
        }
        return runsOf;
    }

    private static Map<String, Long> rows(RestoreRun run) {
        return run.tables().stream()
                .filter(t -> t.records() > 0)
                .collect(Collectors.toMap(TableLoad::name, TableLoad::records));
    }

    @FirebirdTest
    @Test
    void anEmbeddedDrillBacksUpRestoresAndValidatesInOneRunFolder(@TempDir Path dir) throws Exception {
        Path source = dir.resolve("small-src.fdb");
        database(source.toString());
        Path runs = dir.resolve("runs");

        Cli.Result r = drill(source.toString(), dir.resolve("small-test.fdb").toString(), runs, "--validate");

        assertThat(r.code()).as(r.out() + r.err()).isZero();
        List<RestoreRun> records = assertDrill(runs, source.toString(), Via.GBAK);
        assertThat(records.get(0).command())
                .isEqualTo("/usr/bin/gbak -b -v -st tdrw " + source + " "
                        + Restores.runDirs(runs).get(0).resolve("small-src.fbk"));
        assertThat(records.get(0).database()).isEqualTo(source.toString()); // "readied database ... for backup"
        assertThat(r.out())
                .containsPattern("gbakprof: drill passed: backup completed in [0-9.]+ s \\([0-9,]+ bytes\\), "
                        + "restore completed in [0-9.]+ s, validation passed in [0-9.]+ s \\(")
                .contains("  backup     " + source + " -> ");
        assertThat(source).exists(); // only read
        assertThat(dir.resolve("small-test.fdb")).exists();
        // a whole copy of the database: its owner's alone, whatever the umask
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(
                        Restores.runDirs(runs).get(0).resolve("small-src.fbk"))))
                .isEqualTo("rw-------");
    }

    @FirebirdTest
    @Test
    void aDrillThroughTheServerOnLocalhostKeepsThePasswordOutOfEveryFile(FirebirdServer.Folder f) throws Exception {
        String source = FirebirdServer.database(f.resolve("small-src.fdb"));
        database(source);
        Path runs = f.resolve("runs");

        Cli.Result r =
                drill(source, FirebirdServer.database(f.resolve("small-test.fdb")), runs, "--validate", "--inspect");

        assertThat(r.code()).as(r.out() + r.err()).isZero();
        List<RestoreRun> records = assertDrill(runs, source, Via.GBAK);
        assertThat(records.get(0).command()).startsWith("/usr/bin/gbak -b -v -st tdrw -user SYSDBA " + source);
        assertThat(records.get(1).inspection().problems()).isEmpty(); // rows verified against the log
        assertThat(r.out()).contains("verification passed, validation passed");
        assertNoPassword(Restores.runDirs(runs).get(0));
    }

    @FirebirdTest
    @Test
    void aDrillThroughTheServicesApi(FirebirdServer.Folder f) throws Exception {
        Path source = f.resolve("small-src.fdb");
        database(FirebirdServer.database(source));
        Path runs = f.resolve("runs");

        Cli.Result r = drill(
                source.toString(),
                f.resolve("small-test.fdb").toString(),
                runs,
                "--via",
                "service",
                "--host",
                FirebirdServer.ADDRESS.toString(),
                "--validate");

        assertThat(r.code()).as(r.out() + r.err()).isZero();
        List<RestoreRun> records = assertDrill(runs, source.toString(), Via.SERVICE);
        assertThat(records.get(0).command())
                .startsWith("services backup on " + FirebirdServer.ADDRESS + " as SYSDBA: " + source + " -> ");
        assertThat(records.get(0).columns()).hasSize(4); // isc_spb_bkp_stat TDRW
        assertNoPassword(Restores.runDirs(runs).get(0));
    }

    private static void assertNoPassword(Path runDir) throws Exception {
        String password = System.getenv("ISC_PASSWORD");
        try (Stream<Path> s = Files.list(runDir)) {
            for (Path p : s.filter(p -> !p.toString().endsWith(".fbk")).toList()) {
                assertThat(Files.readString(p, StandardCharsets.ISO_8859_1))
                        .as(p.toString())
                        .doesNotContain(password);
            }
        }
    }

    @FirebirdTest
    @Test
    void aBackupThatFailsStopsTheDrillWithOneLineAndRestoresNothing(@TempDir Path dir) throws Exception {
        Firebird.require();
        Path source = Files.writeString(dir.resolve("notes.fdb"), "not a database\n");
        Path runs = dir.resolve("runs");

        Cli.Result r = drill(source.toString(), dir.resolve("notes-test.fdb").toString(), runs, "--validate");

        assertThat(r.code()).isEqualTo(1);
        Path runDir = Restores.runDirs(runs).get(0);
        assertThat(r.out())
                .containsPattern(
                        "gbakprof: drill stopped: the backup FAILED: .+; nothing was restored \\(" + runDir + "\\)");
        List<RestoreRun> records = RunJson.read(runDir.resolve("run.json"));
        assertThat(records).hasSize(1);
        RestoreRun backup = records.get(0);
        assertThat(backup.kind()).isEqualTo(RunKind.BACKUP);
        assertThat(backup.status()).isEqualTo(RunStatus.FAILED);
        assertThat(backup.errors()).isNotEmpty(); // gbak's own words
        assertThat(backup.hasWarning(WarningCode.KIND_UNKNOWN)).isFalse();
        assertThat(dir.resolve("notes-test.fdb")).doesNotExist();
        assertThat(Files.readString(source)).isEqualTo("not a database\n"); // untouched
        try (Stream<Path> s = Files.list(runDir)) {
            assertThat(s.map(p -> p.getFileName().toString()))
                    .containsExactlyInAnyOrder("backup.log", "run.json", "SHA256SUMS");
        }
    }

    @Test
    @FirebirdTest
    void historyAndCheckFollowTheNightlyDrillsAndABackupThatFailed(@TempDir Path dir) throws Exception {
        Path source = dir.resolve("small-src.fdb");
        database(source.toString());
        Path runs = dir.resolve("runs");
        Path target = dir.resolve("small-test.fdb");
        for (int night = 0; night < 3; night++) {
            Cli.Result r = drill(source.toString(), target.toString(), runs, "--replace", "--validate");
            assertThat(r.code()).as(r.out() + r.err()).isZero();
        }
        Cli.Result ok = Cli.run("check", runs.toString(), "--rto", "1h");
        assertThat(ok.code()).as(ok.out()).isZero();
        assertThat(ok.out())
                .startsWith("OK: small-src restored in ")
                .contains("no baseline yet: 2 runs completed before it, 3 needed)");

        Files.writeString(source, "the database file was lost\n"); // the test's own copy
        Cli.Result r = drill(source.toString(), target.toString(), runs, "--replace", "--validate");
        assertThat(r.code()).isEqualTo(1);
        assertThat(target).exists(); // the last good restore: nothing was restored over it

        Cli.Result critical = Cli.run("check", runs.toString(), "--rto", "1h");
        assertThat(critical.code()).as(critical.out()).isEqualTo(2);
        assertThat(critical.out())
                .startsWith("CRITICAL: small-src backup (of the drill) failed on ")
                .contains("from 3 runs)");

        List<String> table = Cli.run("history", runs.toString()).out().lines().toList();
        assertThat(table.get(0)).isEqualTo("small-src.fbk: 4 runs: 3 completed, 1 drill stopped at its backup");
        assertThat(table.get(1)).containsPattern("started \\(UTC\\)\\s+backup\\s+status");
        assertThat(table.get(2)).containsPattern("  [0-9.]+ s\\s+completed ");
        assertThat(table.get(5)).containsPattern("  FAILED\\s+-\\s+-");

        com.fasterxml.jackson.databind.JsonNode restores = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(Cli.run("history", runs.toString(), "--json").out())
                .path("backups")
                .get(0)
                .path("restores");
        assertThat(restores.size()).isEqualTo(4);
        com.fasterxml.jackson.databind.JsonNode first = restores.get(0);
        assertThat(first.path("restored").asBoolean()).isTrue();
        assertThat(first.path("backup").path("status").asText()).isEqualTo("completed");
        assertThat(first.path("backup").path("sha256").asText())
                .isEqualTo(first.path("backupSha256").asText())
                .hasSize(64);
        assertThat(first.path("backup").path("rows").asLong()).isEqualTo(352);
        assertThat(first.path("validation").asText()).isEqualTo("passed");
        com.fasterxml.jackson.databind.JsonNode last = restores.get(3);
        assertThat(last.path("restored").asBoolean()).isFalse();
        assertThat(last.path("status").isNull()).isTrue();
        assertThat(last.path("backup").path("status").asText()).isEqualTo("failed");
        assertThat(last.path("backup").path("failure").asText()).isNotEmpty();
    }

    @FirebirdTest
    @Test
    void aDrillThatWouldWriteOverTheDatabaseItBacksUpIsRefusedBeforeAnything(@TempDir Path dir) throws Exception {
        Firebird.require();
        Path source = dir.resolve("small-src.fdb");
        database(source.toString());
        byte[] before = Files.readAllBytes(source);
        Path runs = dir.resolve("runs");
        Path link = Files.createSymbolicLink(dir.resolve("same.fdb"), source);

        for (String target : List.of(source.toString(), link.toString())) {
            Cli.Result r = drill(source.toString(), target, runs, "--replace");
            assertThat(r.code()).as(target).isEqualTo(2);
            assertThat(r.err())
                    .contains(target + ": the restore would write over the database being backed up (" + source
                            + "); both were left untouched");
        }
        assertThat(Files.readAllBytes(source)).isEqualTo(before);
        assertThat(runs).doesNotExist();

        assertThat(drill(
                                dir.resolve("missing.fdb").toString(),
                                dir.resolve("t.fdb").toString(),
                                runs)
                        .err())
                .contains("missing.fdb: no such database file (to back up)");
        Cli.Result both = Cli.run(Restores.args(
                "run",
                Route.EMBEDDED,
                Firebird.backup("small"),
                dir.resolve("t.fdb"),
                "--backup-from",
                source.toString()));
        assertThat(both.code()).isEqualTo(2);
        assertThat(both.err()).contains("--backup and --backup-from: give one");
        Cli.Result repeat = drill(source.toString(), dir.resolve("t.fdb").toString(), runs, "--repeat", "2");
        assertThat(repeat.code()).isEqualTo(2);
        assertThat(repeat.err()).contains("--backup-from makes one backup and restores it once");
        assertThat(runs).doesNotExist();
    }
}
