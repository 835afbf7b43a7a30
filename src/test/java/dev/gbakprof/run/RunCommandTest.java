package dev.gbakprof.run;

import static dev.gbakprof.testutil.Restores.runDirs;
import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.model.ExitCode;
import dev.gbakprof.model.IndexBuild;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.model.Via;
import dev.gbakprof.store.LogReader;
import dev.gbakprof.store.RunJson;
import dev.gbakprof.testutil.Cli;
import dev.gbakprof.testutil.Cli.Result;
import dev.gbakprof.testutil.FakeGbak;
import dev.gbakprof.testutil.Firebird;
import dev.gbakprof.testutil.FirebirdServer;
import dev.gbakprof.testutil.FirebirdTest;
import dev.gbakprof.testutil.Restores;
import dev.gbakprof.testutil.Restores.Route;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code gbakprof run} against the real gbak of Debian's Firebird 3, embedded on local files. */
@FirebirdTest
class RunCommandTest {

    @Test
    void backupDirRestoresTheNewestCompleteBackupAndTheRecordSaysWhy(@TempDir Path dir) throws Exception {
        Path backups = Files.createDirectories(dir.resolve("backups"));
        Path old = Files.copy(Firebird.backup("small"), backups.resolve("erp-1205.fbk"));
        Files.setLastModifiedTime(
                old,
                java.nio.file.attribute.FileTime.from(java.time.Instant.now().minusSeconds(86400)));
        Files.writeString(backups.resolve("erp-1206.fbk"), "a backup still being written");

        Result r = Cli.run(
                "run",
                "--backup-dir",
                backups.toString(),
                "--settle",
                "30s",
                "--database",
                dir.resolve("erp.fdb").toString(),
                "--runs-dir",
                dir.resolve("runs").toString());

        assertThat(r.code()).as(r.err()).isZero();
        RestoreRun run = dev.gbakprof.testutil.Restores.firstRun(dir.resolve("runs"));
        assertThat(run.status()).isEqualTo(RunStatus.COMPLETED);
        assertThat(run.backupFile()).endsWith("erp-1205.fbk");
        assertThat(run.warnings())
                .filteredOn(w -> w.code() == dev.gbakprof.model.WarningCode.BACKUP_CHOSEN)
                .singleElement()
                .satisfies(w -> assertThat(w.message())
                        .startsWith("newest complete backup of 2 files matching *.fbk in " + backups + ": erp-1205.fbk")
                        .contains("passed over: erp-1206.fbk (modified "));
    }

    @Test
    void aDatabaseNamedWithALeadingDashReachesGbakAsAFileNotASwitch(@TempDir Path dir) throws Exception {
        Path fbk = Firebird.backup("small");
        Process p = new ProcessBuilder(dev.gbakprof.testutil.Jvm.command(
                        "run", "--backup", fbk.toString(), "--database", "-dash.fdb", "--runs-dir", "runs"))
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("out.txt").toFile())
                .start();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();

        assertThat(p.exitValue()).as(Files.readString(dir.resolve("out.txt"))).isZero();
        assertThat(dir.resolve("-dash.fdb")).isNotEmptyFile();
        RestoreRun run = RunJson.read(runDirs(dir.resolve("runs")).get(0).resolve("run.json"))
                .get(0);
        assertThat(run.status()).isEqualTo(RunStatus.COMPLETED);
        assertThat(run.command()).endsWith(" ./-dash.fdb");
    }

    @Test
    void liveRecordEqualsParseOfTheSavedRawLog(@TempDir Path dir) throws Exception {
        Path fbk = Firebird.backup("small");
        Path runs = dir.resolve("runs");
        Result r = Restores.run(fbk, dir.resolve("small.fdb"), runs, "--label", "live");
        assertThat(r.code()).as(r.err()).isZero();
        Path runDir = runDirs(runs).get(0);
        assertThat(runDir.getFileName().toString()).matches("\\d{8}-\\d{6}-live");
        RestoreRun live = RunJson.read(runDir.resolve("run.json")).get(0);
        RestoreRun parsed = LogReader.read(runDir.resolve("gbak.log"), "live");
        assertThat(live.status()).isEqualTo(RunStatus.COMPLETED);
        assertThat(live.via()).isEqualTo(Via.GBAK);
        assertThat(live.exitCode()).isZero();
        assertThat(live.startedAt()).isNotNull();
        assertThat(live.environment().gbakVersion()).contains("Firebird 3.0");
        assertThat(live.environment().logicalCpus()).isPositive();
        assertThat(live.backupBytes()).isEqualTo(Files.size(fbk));
        assertThat(live.command()).startsWith("/usr/bin/gbak -c -v -st tdrw");
        assertThat(live.ods())
                .as("Firebird 3.0's, from the restored file's header")
                .isEqualTo("12.0");
        assertThat(live.backupSha256()).isEqualTo(dev.gbakprof.store.ReportDir.sha256(fbk)); // read after the restore
        assertThat(Files.readAllLines(runDir.resolve("SHA256SUMS")))
                .containsExactly(
                        dev.gbakprof.store.ReportDir.sha256(runDir.resolve("gbak.log")) + "  gbak.log",
                        dev.gbakprof.store.ReportDir.sha256(runDir.resolve("run.json")) + "  run.json");
        // the timeline part is exactly what parse makes of the raw log
        assertThat(live.toBuilder()
                        .via(Via.LOG)
                        .startedAt(null)
                        .exitCode(null)
                        .command(null)
                        .environment(null)
                        .cpuSamples(List.of())
                        .backupBytes(null)
                        .wallSeconds(null)
                        .etaBasis(null)
                        .backupSha256(null)
                        .ods(null)
                        .worker(null)
                        .phaseResources(List.of())
                        .warnings(live.warnings().stream()
                                .filter(parsed.warnings()::contains)
                                .toList())
                        .backupFile(parsed.backupFile())
                        .build())
                .isEqualTo(parsed);
        assertThat(live.tables())
                .extracting(t -> t.name() + "=" + t.records())
                .contains("EMPLOYEES=300", "DEPARTMENTS=12", "PROJECTS=40");
        assertThat(r.out()).contains("status     completed", "run record " + runDir.resolve("run.json"));
    }

    @Test
    void probePowerRecordsTheIdleProbeInTheRunsEnvironment(@TempDir Path dir) throws Exception {
        Path fbk = Firebird.backup("small");
        Path runs = dir.resolve("runs");
        Result r = Restores.run(fbk, dir.resolve("small.fdb"), runs, "--label", "probed", "--probe-power");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.err()).contains("gbakprof: idle probe (about 6 s) ...", "gbakprof: idle probe: the same ");
        RestoreRun live = Restores.firstRun(runs);
        assertThat(live.environment().idleProbe()).isNotNull();
        assertThat(live.environment().idleProbe().afterIdleMs()).hasSize(5);
        assertThat(live.environment().idleProbe().backToBackMs()).hasSize(5);
        assertThat(live.environment().idleProbe().ratio()).isBetween(0.2, 10.0);
        assertThat(live.environment().idleProbe().verdict()).isIn("clocks-down", "steady", "unclear");
    }

    @Test
    void nonAsciiTableNamesAreReadAsGbakPrintsThemUnderACLocale() throws Exception {
        FirebirdServer.require(); // --inspect checks the names against the database
        try (FirebirdServer.Folder f = FirebirdServer.folder()) {
            Path runs = f.resolve("runs");
            Path db = f.resolve("intl.fdb");
            // cron and env -i: a C locale, where Java's default charset is ASCII
            Path javaBin = Path.of(System.getProperty("java.home"), "bin", "java");
            ProcessBuilder pb = new ProcessBuilder(
                            javaBin.toString(),
                            "-Dfile.encoding=US-ASCII",
                            "-cp",
                            System.getProperty("java.class.path"),
                            "dev.gbakprof.cli.Main",
                            "run",
                            "--backup",
                            f.backup("intl").toString(),
                            "--database",
                            db.toString(),
                            "--inspect",
                            "--inspect-host",
                            FirebirdServer.ADDRESS.toString(),
                            "--runs-dir",
                            runs.toString(),
                            "--label",
                            "c-locale")
                    .redirectErrorStream(true)
                    .redirectOutput(f.resolve("console.txt").toFile());
            pb.environment().keySet().removeIf(k -> k.startsWith("LC_") || k.equals("LANG"));
            pb.environment().put("LC_ALL", "C");
            Process jvm = pb.start();
            assertThat(jvm.waitFor(2, TimeUnit.MINUTES)).isTrue();
            assertThat(jvm.exitValue())
                    .as(Files.readString(f.resolve("console.txt")))
                    .isZero();
            Path runDir = runDirs(runs).get(0);
            RestoreRun live = RunJson.read(runDir.resolve("run.json")).get(0);
            assertThat(live.tables())
                    .extracting(t -> t.name() + "=" + t.records())
                    .contains("Kunden_Ü=25", "ORTE=3");
            assertThat(live.indexes()).extracting(IndexBuild::name).contains("PK_Kunden_Ü", "IX_Kunden_Ü_NAME");
            assertThat(live.inspection().problems()).isEmpty();
            assertThat(live.tables())
                    .isEqualTo(LogReader.read(runDir.resolve("gbak.log"), "c-locale")
                            .tables());
        }
    }

    @Test
    void rawLogIsGbaksOutputByteForByte(@TempDir Path dir) throws Exception {
        Path fbk = Firebird.backup("small");
        // a gbak that also copies its own output aside, so both sides of one run can be compared
        Path copy = dir.resolve("copy.bin");
        Path wrapper = dir.resolve("gbak-tee.sh");
        // (gbak -z, the version asked before the restore, is passed straight through)
        Files.writeString(
                wrapper,
                "#!/bin/sh\n[ \"$1\" = -z ] && exec /usr/bin/gbak \"$@\"\n/usr/bin/gbak \"$@\" > '" + copy
                        + "' 2>&1\nrc=$?\ncat '" + copy + "'\nexit $rc\n");
        wrapper.toFile().setExecutable(true);
        Path runs = dir.resolve("runs");
        Result r = Restores.run(fbk, dir.resolve("small.fdb"), runs, "--gbak", wrapper.toString(), "--label", "tee");
        assertThat(r.code()).as(r.err()).isZero();
        byte[] raw = Files.readAllBytes(runDirs(runs).get(0).resolve("gbak.log"));
        assertThat(raw).isEqualTo(Files.readAllBytes(copy));
        assertThat(raw.length).isGreaterThan(1000);
    }

    @Test
    void failingIndexActivationIsAFailedRunWithGbaksError(@TempDir Path dir) throws Exception {
        Path fbk = Firebird.backup("dupfail");
        Path runs = dir.resolve("runs");
        Result r = Restores.run(fbk, dir.resolve("dup.fdb"), runs, "--label", "dup");
        assertThat(r.code()).isEqualTo(1);
        RestoreRun run = Restores.firstRun(runs);
        assertThat(run.status()).isEqualTo(RunStatus.FAILED);
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errors()).contains("cannot commit index UX_ITEMS_NORM_CODE");
        assertThat(run.errors()).anyMatch(e -> e.contains("attempt to store duplicate value"));
        assertThat(run.indexes()).filteredOn(IndexBuild::failed).hasSize(1);
        assertThat(r.out()).contains("cannot commit index UX_ITEMS_NORM_CODE");
    }

    @Test
    void truncatedBackupFailsWithGbaksWordsWithoutWaitingForTheNextVolume(@TempDir Path dir) throws Exception {
        Path fbk = Firebird.backup("small");
        byte[] all = Files.readAllBytes(fbk);
        Path cut = dir.resolve("cut.fbk");
        Files.write(cut, java.util.Arrays.copyOf(all, all.length * 2 / 3));
        Path db = dir.resolve("cut.fdb");
        Path runs = dir.resolve("runs");
        Result r = Restores.run(cut, db, runs, "--label", "cut");
        assertThat(r.code()).isEqualTo(1);
        RestoreRun run = Restores.firstRun(runs);
        assertThat(run.status()).isEqualTo(RunStatus.FAILED);
        assertThat(run.errors()).anyMatch(e -> e.contains("Backup incomplete"));
        assertThat(db).doesNotExist(); // the partial database this run created is removed
        assertThat(Files.readAllBytes(fbk)).isEqualTo(all);
    }

    @Test
    void existingDatabaseIsRefusedAndUntouched(@TempDir Path dir) throws Exception {
        Path fbk = Firebird.backup("small");
        Path target = dir.resolve("precious.fdb");
        byte[] content = "not a database, but somebody's file".getBytes(StandardCharsets.UTF_8);
        Files.write(target, content);
        String before = sha256(target);
        Result r = Restores.run(fbk, target, dir.resolve("runs"));
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err().strip().lines()).hasSize(1);
        assertThat(r.err()).contains("precious.fdb", "exists", "--replace");
        assertThat(sha256(target)).isEqualTo(before);
        assertThat(dir.resolve("runs")).doesNotExist();
        String backupBefore = sha256(fbk);
        // --replace replaces a database, not somebody's text file (it did, exit 0)
        Result refused = Restores.run(fbk, target, dir.resolve("runs"), "--replace", "--label", "rep");
        assertThat(refused.code()).as(refused.err()).isEqualTo(2);
        assertThat(refused.err())
                .isEqualTo("gbakprof: " + target + ": a text file, not a Firebird database; it was left untouched."
                        + " --replace replaces only a Firebird database: remove or move this file, or choose another"
                        + " --database\n");
        assertThat(sha256(target)).isEqualTo(before);
        // a database it replaces with the restore, and the backup stays as it was
        Files.delete(target);
        Firebird.restore(fbk, target.toString());
        String database = sha256(target);
        Result rep = Restores.run(fbk, target, dir.resolve("runs"), "--replace", "--label", "rep");
        assertThat(rep.code()).as(rep.err()).isZero();
        assertThat(sha256(target)).isNotEqualTo(database);
        assertThat(sha256(fbk)).isEqualTo(backupBefore);
    }

    @Test
    void aFileThatIsSurelyNoBackupIsRefusedBeforeGbakStartsByRunAndMatrix(@TempDir Path dir) throws Exception {
        // gbak was started for each, and the night recorded as a failed restore (matrix: every arm's)
        Path database = dir.resolve("erp.fdb");
        Firebird.restore(Firebird.backup("small"), database.toString());
        Path empty = Files.createFile(dir.resolve("empty.fbk"));
        Path picture;
        try (Stream<Path> s = Files.list(Path.of("docs/guide/img"))) {
            picture = Files.copy(
                    s.filter(p -> p.toString().endsWith(".png"))
                            .sorted()
                            .findFirst()
                            .orElseThrow(),
                    dir.resolve("chart.fbk"));
        }
        Path log = Files.copy(dev.gbakprof.testutil.Logs.log("small-backup.log"), dir.resolve("backup.log"));
        Path utf16 = Files.copy(dev.gbakprof.testutil.Logs.log("small-tdrw.utf16le.log"), dir.resolve("utf16.log"));
        String give = "; give the backup file (gbak -b's output)";
        List<List<String>> cases = List.of(
                List.of(
                        database.toString(),
                        "a Firebird database (ODS 12.0), not a gbak backup" + give
                                + ", or back this database up and restore that backup: --backup-from " + database),
                List.of(
                        empty.toString(),
                        "an empty file (0 bytes), not a gbak backup (a backup that failed, or one still being"
                                + " written?)" + give),
                List.of(picture.toString(), "a PNG picture, not a gbak backup" + give),
                List.of(log.toString(), "a text file (a log?), not a gbak backup" + give),
                List.of(utf16.toString(), "a text file (a log?), not a gbak backup" + give));
        Path target = dir.resolve("restored.fdb");
        String before = sha256(database);
        for (List<String> c : cases) {
            Result r = Restores.run(Path.of(c.get(0)), target, dir.resolve("runs"));
            assertThat(r.code()).as(r.err()).isEqualTo(2);
            assertThat(r.err()).isEqualTo("gbakprof: " + c.get(0) + ": " + c.get(1) + "\n");
        }
        Result matrix = Restores.matrix(database, target, dir.resolve("out"), "--vary", "gbak:-bu 100,200");
        assertThat(matrix.code()).as(matrix.err()).isEqualTo(2);
        assertThat(matrix.err())
                .isEqualTo(
                        "gbakprof: " + database + ": a Firebird database (ODS 12.0), not a gbak backup" + give + "\n");
        assertThat(sha256(database)).isEqualTo(before);
        assertThat(dir.resolve("runs")).as("no run folder").doesNotExist();
        assertThat(dir.resolve("out")).doesNotExist();
        try (Stream<Path> s = Files.list(dir)) {
            assertThat(s.map(p -> p.getFileName().toString())).noneMatch(n -> n.startsWith("restored"));
        }
    }

    @Test
    void aFolderGivenAsTheDatabaseIsSaidToBeOneAtOnce(@TempDir Path dir) throws Exception {
        // it said "database exists … Add --replace", and --replace then refused it as no database file
        Path folder = Files.createDirectories(dir.resolve("data"));
        String said = "gbakprof: " + folder + ": a folder, not a database file; give the database file to create, e.g. "
                + folder.resolve("small.fdb") + "\n";
        for (String[] more : List.of(new String[0], new String[] {"--replace"}, new String[] {"--repeat", "2"})) {
            Result r = Restores.run(Firebird.backup("small"), folder, dir.resolve("runs"), more);
            assertThat(r.code()).as(r.err()).isEqualTo(2);
            assertThat(r.err()).isEqualTo(said);
        }
        Result matrix =
                Restores.matrix(Firebird.backup("small"), folder, dir.resolve("out"), "--vary", "gbak:-bu 100,200");
        assertThat(matrix.code()).as(matrix.err()).isEqualTo(2);
        assertThat(matrix.err()).isEqualTo(said);
        try (Stream<Path> s = Files.list(dir)) {
            assertThat(s.map(p -> p.getFileName().toString())).containsExactly("data");
        }
        assertThat(folder).isEmptyDirectory();
    }

    @Test
    void missingGbakAndMissingBackupAreOneLineErrors(@TempDir Path dir) {
        Result noGbak = Cli.run(
                "run",
                "--gbak",
                dir.resolve("nogbak").toString(),
                "--backup",
                "x.fbk",
                "--database",
                dir.resolve("x.fdb").toString());
        assertThat(noGbak.code()).isEqualTo(2);
        assertThat(noGbak.err().strip().lines()).hasSize(1);
        assertThat(noGbak.err())
                .isEqualTo("gbakprof: --gbak " + dir.resolve("nogbak") + ": no such gbak" + System.lineSeparator());
        Firebird.require();
        Result noBackup =
                Cli.run(Restores.args("run", Route.EMBEDDED, dir.resolve("missing.fbk"), dir.resolve("x.fdb")));
        assertThat(noBackup.code()).isEqualTo(2);
        assertThat(noBackup.err()).contains("missing.fbk", "no such backup file");
    }

    @Test
    void anEmptyGbakPathIsRefusedNamingTheOptionAndRecordedAsRefused(@TempDir Path dir) throws Exception {
        Path runs = Files.createDirectories(dir.resolve("runs"));
        Path db = dir.resolve("e.fdb");
        // --gbak "$GBAK4" with GBAK4 unset: it said "gbakprof: : no such gbak"
        Result r = Restores.run(Firebird.backup("small"), db, runs, "--gbak", "");

        assertThat(r.code()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(r.err())
                .isEqualTo("gbakprof: --gbak '': an empty path; expected the gbak program's path"
                        + System.lineSeparator());
        assertThat(db).doesNotExist();
        // a refused night's folder, as a missing backup leaves (check: refused, not a killed run)
        assertThat(Restores.runDirs(runs)).isEmpty();
        assertThat(Restores.refusedDirs(runs)).hasSize(1);
        Result check = Cli.run("check", runs.toString());
        assertThat(check.out()).contains("refused before it started", "--gbak ''");
    }

    @Test
    void aMissingDatabaseFolderIsRefusedBeforeGbakStarts(@TempDir Path dir) throws Exception {
        FakeGbak.Refusal f = FakeGbak.refusal(dir);
        Path missing = f.missingFolder();
        Result r = Restores.run(
                f.backup(),
                missing.resolve("x.fdb"),
                dir.resolve("runs"),
                "--gbak",
                f.gbak().toString());
        assertThat(r.code()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(r.err())
                .isEqualTo("gbakprof: " + missing.resolve("x.fdb") + ": folder " + missing
                        + " does not exist; create it or choose another --database\n");
        assertThat(f.calls()).doesNotExist();
        assertThat(dir.resolve("runs")).doesNotExist();
    }

    @Test
    void anUnreadableBaselineIsRefusedBeforeAnyRunFolderOrDatabase(@TempDir Path dir) throws Exception {
        Path fbk = Firebird.backup("small");
        Path bad = dir.resolve("bad.json");
        Files.writeString(bad, "not a run record\n");
        Path runs = dir.resolve("runs");
        Result r = Restores.run(fbk, dir.resolve("x.fdb"), runs, "--baseline", bad.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err().strip().lines()).hasSize(1);
        assertThat(r.err()).startsWith("gbakprof: " + bad);
        assertThat(runs).doesNotExist();
        assertThat(dir.resolve("x.fdb")).doesNotExist();
    }

    @Test
    void aGbakThatIsNotExecutableARunsDirThatIsAFileAndANegativeCooldownAreOneLineRefusals(@TempDir Path dir)
            throws Exception {
        Path fbk = Firebird.backup("small");
        Path notExecutable = dir.resolve("gbak");
        Files.copy(Firebird.GBAK, notExecutable);
        notExecutable.toFile().setExecutable(false, false);
        Path file = dir.resolve("runs.txt");
        Files.writeString(file, "a file, not a folder\n");
        String db = dir.resolve("x.fdb").toString();
        Result gbak = Cli.run(
                "run",
                "--gbak",
                notExecutable.toString(),
                "--backup",
                fbk.toString(),
                "--database",
                db,
                "--runs-dir",
                dir.resolve("runs").toString());
        Result runsDir = Cli.run("run", "--backup", fbk.toString(), "--database", db, "--runs-dir", file.toString());
        Result cooldown = Cli.run(
                "run",
                "--backup",
                fbk.toString(),
                "--database",
                db,
                "--repeat",
                "2",
                "--cooldown",
                "-1",
                "--runs-dir",
                dir.resolve("runs").toString());
        assertThat(List.of(gbak, runsDir, cooldown)).allSatisfy(r -> {
            assertThat(r.code()).as(r.err()).isEqualTo(2);
            assertThat(r.err().strip().lines()).hasSize(1);
        });
        assertThat(gbak.err()).contains(notExecutable + ": not executable");
        assertThat(runsDir.err()).contains(file + ": not a directory");
        assertThat(cooldown.err()).contains("--cooldown -1.0: expected 0 to 86400 seconds (a day)");
        assertThat(dir.resolve("runs")).doesNotExist();
        assertThat(dir.resolve("x.fdb")).doesNotExist();
        assertThat(Files.readString(file)).isEqualTo("a file, not a folder\n");
    }

    @Test
    void passwordInExtraArgumentsIsRefused(@TempDir Path dir) throws Exception {
        Path fbk = Firebird.backup("small");
        Result r =
                Cli.run(Restores.args("run", Route.EMBEDDED, fbk, dir.resolve("x.fdb"), "--", "-password", "s3cret"));
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("--password-file").doesNotContain("s3cret");
    }

    @Test
    void gbaksOutputFileSwitchIsRefusedBeforeAnythingStarts(@TempDir Path dir) throws Exception {
        // with -y FILE gbak wrote its output there: gbakprof saw an empty gbak.log, called the completed restore
        // incomplete and removed its database as a partial one
        Path fbk = Firebird.backup("small");
        Path runs = dir.resolve("runs");
        Result r = Restores.run(
                fbk,
                dir.resolve("y.fdb"),
                runs,
                "--",
                "-Y",
                dir.resolve("y.log").toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err().strip().lines()).hasSize(1);
        assertThat(r.err()).contains("gbak's -y sends its output away from gbakprof", "leave -y out", "gbak.log");
        assertThat(dir.resolve("y.log")).doesNotExist();
        assertThat(dir.resolve("y.fdb")).doesNotExist();
        assertThat(runs).doesNotExist();
    }

    @Test
    void repeatedRestoresUseFreshNamesRestAndCleanUp(@TempDir Path dir) throws Exception {
        Path fbk = Firebird.backup("small");
        Path runs = dir.resolve("runs");
        Path db = dir.resolve("rep.fdb");
        Result r = Restores.run(fbk, db, runs, "--repeat", "3", "--warmup", "1", "--cooldown", "1.5", "--label", "rep");
        assertThat(r.code()).as(r.err()).isZero();
        List<Path> dirs = runDirs(runs);
        assertThat(dirs).hasSize(4);
        List<RestoreRun> all = new ArrayList<>();
        for (Path d : dirs) {
            all.add(RunJson.read(d.resolve("run.json")).get(0));
        }
        // the warm-up first, recorded and marked; then the counted restores, each a round of its own
        assertThat(all.get(0).warmupRestore()).isTrue();
        assertThat(all.get(0).command()).endsWith("rep-warmup1.fdb");
        assertThat(all.get(0).round()).isNull();
        List<RestoreRun> recs = all.subList(1, all.size());
        assertThat(recs).extracting(RestoreRun::round).containsExactly(1, 2, 3);
        assertThat(recs).allSatisfy(x -> assertThat(x.warmup()).isFalse());
        assertThat(recs).allSatisfy(x -> assertThat(x.status()).isEqualTo(RunStatus.COMPLETED));
        assertThat(recs)
                .extracting(RestoreRun::command)
                .anySatisfy(c -> assertThat(c).endsWith("rep-run1.fdb"))
                .anySatisfy(c -> assertThat(c).endsWith("rep-run3.fdb"));
        for (int i = 1; i < recs.size(); i++) {
            Instant prevEnd = Instant.parse(recs.get(i - 1).startedAt())
                    .plusMillis(Math.round(recs.get(i - 1).wallSeconds() * 1000));
            assertThat(Duration.between(prevEnd, Instant.parse(recs.get(i).startedAt())))
                    .isGreaterThanOrEqualTo(Duration.ofMillis(1500));
        }
        try (Stream<Path> left = Files.list(dir)) {
            assertThat(left.map(p -> p.getFileName().toString()))
                    .doesNotContain("rep-warmup1.fdb", "rep-run1.fdb", "rep-run2.fdb", "rep-run3.fdb");
        }
        assertThat(r.out()).contains("repeated restores", "min", "median", "max");
        // compare sets the warm-up aside and says so
        Result cmp = Cli.run("report", "--out", dir.resolve("report").toString(), runs.toString());
        assertThat(cmp.out()).as(cmp.err()).contains("Warm-up: 1 restore recorded and set aside (rep)");
    }

    @Test
    void timeoutKillsGbakAndLeavesAConsistentRecord(@TempDir Path dir) throws Exception {
        Path fbk = Firebird.backup("shop");
        Path runs = dir.resolve("runs");
        Path db = dir.resolve("slow.fdb");
        // 1 s: gbak is loading data. Embedded gbak does not always answer the SIGTERM (measured here: at 1 s of a shop
        // restore, gbak went on and finished at 7.0 s with exit code 0, in one run of three): then the record says so
        Result r = Restores.run(fbk, db, runs, "--timeout", "1s", "--label", "timeout");
        assertThat(r.code()).isEqualTo(1);
        Path runDir = runDirs(runs).get(0);
        RestoreRun run = RunJson.read(runDir.resolve("run.json")).get(0);
        assertThat(run.status()).isEqualTo(RunStatus.INCOMPLETE);
        assertThat(run.warningMessages()).anyMatch(w -> w.contains("timeout of 1s"));
        assertThat(run.failure()).isEqualTo("stopped by --timeout after 1.0 s"); // the reason check and report give
        assertThat(Firebird.gbakProcesses(db.toString())).isEmpty();
        assertThat(Files.size(runDir.resolve("gbak.log"))).isPositive();
        assertThat(LogReader.read(runDir.resolve("gbak.log"), "timeout").tables())
                .isNotEmpty();
        if (run.wentToTheEnd()) {
            assertThat(run.warningMessages())
                    .as(r.out())
                    .anyMatch(
                            w -> w.matches("timeout of 1s: .*; gbak went on after the stop \\(sent 1\\.\\d s after it "
                                    + "started: .*\\) and reached the end of the restore \\(its last line at .*\\. Every table and "
                                    + "index was restored, so the database is not removed as partial.*"));
            assertThat(db).exists();
            return;
        }
        // stopped before gbak's end: the finish it never reached is unknown, not 0 s
        assertThat(run.phaseSeconds(dev.gbakprof.model.Phase.FINISH))
                .as(r.out())
                .isNull();
        assertThat(Files.readString(runDir.resolve("run.json")))
                .containsPattern("\"name\" : \"finish\",\\s*\"seconds\" : null");
        assertThat(run.wallSeconds()).isBetween(0.9, 20.0); // at least the timeout
        assertThat(db).doesNotExist(); // the partial database this run created is gone
    }

    @Test
    void aTimeoutWhileGbakHangsAfterTheEndOfTheRestoreKeepsTheRestoredDatabase(@TempDir Path dir) throws Exception {
        Path fbk = Firebird.backup("small");
        Path runs = dir.resolve("runs");
        Path db = dir.resolve("finished.fdb");
        FakeGbak.HangingAtExit gbak = FakeGbak.hangingAtExit(dir);
        // the small restore takes a second or two; the timeout comes while the wrapper waits after it
        Result r = Restores.run(fbk, db, runs, "--gbak", gbak.gbak().toString(), "--timeout", "12s");
        assertThat(gbak.exited())
                .as("the real gbak finished before the timeout")
                .exists();
        assertThat(r.code()).as(r.out() + r.err()).isEqualTo(1);
        assertThat(r.out() + r.err()).doesNotContain("removed the partial database");
        RestoreRun run = RunJson.read(runDirs(runs).get(0).resolve("run.json")).get(0);
        assertThat(run.status()).isEqualTo(RunStatus.INCOMPLETE);
        assertThat(run.wentToTheEnd()).isTrue();
        assertThat(run.warningMessages())
                .anyMatch(w -> w.startsWith("timeout of 12s: gbakprof stopped gbak")
                        && w.contains("gbak had printed the end of the restore")
                        && w.contains("the database is not removed as partial"));
        assertThat(DataLossTest.rows(db, "EMPLOYEES")).isEqualTo(300);
        // a run gbakprof stopped has no total, on the console and in the record (the record had gbak's last clock
        // while the console said unknown); the clock gbak reached is its last seen, said as such
        assertThat(run.totalSeconds()).isNull();
        assertThat(Files.readString(runDirs(runs).get(0).resolve("run.json"))).contains("\"totalSeconds\" : null");
        assertThat(run.lastSeenSeconds()).isPositive();
        assertThat(r.out())
                .contains("  total      unknown (gbakprof stopped the run): gbak still reached the end of the restore,"
                        + " its last line at " + dev.gbakprof.model.Durations.seconds(run.lastSeenSeconds())
                        + " on its clock\n");
    }

    @Test
    void repeatedRestoresKeepTheirPartialDatabasesWithKeepPartial(@TempDir Path dir) throws Exception {
        Path fbk = Firebird.backup("shop");
        Path runs = dir.resolve("runs");
        Result r = Restores.run(
                fbk,
                dir.resolve("cut.fdb"),
                runs,
                "--repeat",
                "2",
                "--cooldown",
                "0",
                "--timeout",
                "1s", // in the data, as above: each restore is cut, not let finish in the stop's grace
                "--keep-partial");
        assertThat(r.code()).as(r.out() + r.err()).isEqualTo(1);
        List<Path> folders = runDirs(runs);
        assertThat(folders).hasSize(2);
        int kept = 0;
        for (Path folder : folders) {
            RestoreRun run = RunJson.read(folder.resolve("run.json")).get(0);
            Path db = Path.of(run.database());
            if (run.wentToTheEnd()) {
                // gbak went on after the SIGTERM and finished in the stop's grace: whole, not partial, and removed
                // after it as every restore of a series without --keep
                assertThat(db).doesNotExist();
                assertThat(run.warningMessages()).noneMatch(w -> w.contains("left in place"));
            } else if (Files.exists(db)) {
                kept++;
                assertThat(run.warningMessages())
                        .as(db + " is there")
                        .anyMatch(w -> w.contains(db + " is left in place: --keep-partial"));
            } else {
                // cut before gbak created it (a loaded machine): the record says nothing is left, and nothing removed
                // it
                assertThat(run.warningMessages()).as(db + " is not there").noneMatch(w -> w.contains("left in place"));
            }
        }
        // with --keep-partial nothing is removed; without it, a cut restore prints this line (the test above)
        assertThat(r.out()).as(kept + " partial databases kept").doesNotContain("removed the partial database");
    }

    @Test
    void passwordGoesThroughTheEnvironmentNeverTheCommandLine(@TempDir Path dir) throws Exception {
        Path fbk = Firebird.backup("shop");
        String secret = "Pw-" + Long.toHexString(System.nanoTime());
        Path pwFile = dir.resolve("pw.txt");
        Files.writeString(pwFile, secret + "\n");
        Path db = dir.resolve("secret.fdb");
        Path runs = dir.resolve("runs");
        List<String> cmdlines = new ArrayList<>();
        List<String> environs = new ArrayList<>();
        Thread watcher = new Thread(() -> {
            long end = System.nanoTime() + 20_000_000_000L;
            while (System.nanoTime() < end && cmdlines.isEmpty()) {
                try {
                    for (long pid : Firebird.gbakProcesses(db.toString())) {
                        cmdlines.add(new String(
                                        Files.readAllBytes(Path.of("/proc", "" + pid, "cmdline")),
                                        StandardCharsets.UTF_8)
                                .replace('\0', ' '));
                        environs.add(new String(
                                Files.readAllBytes(Path.of("/proc", "" + pid, "environ")), StandardCharsets.UTF_8));
                    }
                    Thread.sleep(20);
                } catch (Exception ex) {
                    // process came and went
                }
            }
        });
        watcher.start();
        Result r = Restores.run(
                fbk, db, runs, "--user", "SYSDBA", "--password-file", pwFile.toString(), "--timeout", "4s");
        watcher.join();
        assertThat(cmdlines).isNotEmpty();
        assertThat(cmdlines)
                .allSatisfy(c -> assertThat(c).doesNotContain(secret).contains("-user SYSDBA"));
        assertThat(environs).allSatisfy(e -> assertThat(e).contains("ISC_PASSWORD=" + secret));
        Path runDir = runDirs(runs).get(0);
        assertThat(Files.readString(runDir.resolve("gbak.log"))).doesNotContain(secret);
        assertThat(Files.readString(runDir.resolve("run.json"))).doesNotContain(secret);
        assertThat(r.out() + r.err()).doesNotContain(secret);
    }

    static String sha256(Path p) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(p)));
    }
}
