package dev.gbakprof.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.store.RunJson;
import dev.gbakprof.testutil.Cli;
import dev.gbakprof.testutil.Firebird;
import dev.gbakprof.testutil.FirebirdServer;
import dev.gbakprof.testutil.FirebirdTest;
import dev.gbakprof.testutil.Jvm;
import dev.gbakprof.testutil.Restores;
import dev.gbakprof.testutil.Restores.Route;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The data-loss faults (docs/guide/reliability.md), each with the real gbak on the real file system: a backup reached by another
 * name, two runs to one new database, {@code --replace} of a database in use or from a backup that fails, a
 * runs folder that fills up. In each the user's backup and database are byte for byte what they were.
 */
@ExtendWith(FirebirdServer.Fixture.class)
@FirebirdTest
class DataLossTest {

    @Test
    void aBackupHardLinkedAsTheDatabaseIsRefusedBeforeGbakStarts(@TempDir Path dir) throws Exception {
        Path fbk = Files.copy(Firebird.backup("small"), dir.resolve("erp.fbk"));
        Path link = Files.createLink(dir.resolve("erp.fdb"), fbk);
        Path sym = Files.createSymbolicLink(dir.resolve("erp-sym.fdb"), fbk);
        String before = RunCommandTest.sha256(fbk);
        for (Path db : List.of(link, sym)) {
            Cli.Result r = Restores.run(fbk, db, dir.resolve("runs"), "--replace");
            assertThat(r.code()).as(r.err()).isEqualTo(2);
            assertThat(r.err().strip().lines()).hasSize(1);
            assertThat(r.err())
                    .contains(
                            db + ": the database would overwrite the backup file " + fbk,
                            "the same file by another name");
        }
        assertThat(RunCommandTest.sha256(fbk)).isEqualTo(before);
        assertThat(dir.resolve("runs")).doesNotExist();
    }

    @Test
    void aBackupReachedThroughABindMountIsRefused(@TempDir Path dir) throws Exception {
        Path fbk = Files.copy(
                Firebird.backup("small"),
                Files.createDirectories(dir.resolve("bk")).resolve("erp.fbk"));
        Path mirror = Files.createDirectories(dir.resolve("mirror"));
        Firebird.run(List.of("mount", "--bind", fbk.getParent().toString(), mirror.toString()));
        try {
            String before = RunCommandTest.sha256(fbk);
            Path db = mirror.resolve("erp.fbk"); // the same file by the other folder's name
            Cli.Result r = Restores.run(fbk, db, dir.resolve("runs"), "--replace");
            assertThat(r.code()).as(r.err()).isEqualTo(2);
            assertThat(r.err()).contains("would overwrite the backup file", "bind mount");
            assertThat(RunCommandTest.sha256(fbk)).isEqualTo(before);
        } finally {
            Firebird.run(List.of("umount", mirror.toString()));
        }
    }

    @Test
    void aSecondRunToTheSameNewDatabaseIsRefusedAndTheFirstCompletes(@TempDir Path dir) throws Exception {
        Path fbk = Firebird.backup("small");
        // the real gbak, started only when the test lets it (a file "go", at most 60 s): the first run holds its claim
        // on the name meanwhile, however long the second takes to start on a loaded machine (a fixed 2 s was not
        // always enough at load 10)
        Path go = dir.resolve("go");
        Path slow = dir.resolve("gbak-slow.sh");
        Files.writeString(
                slow,
                "#!/bin/sh\n[ \"$1\" = -z ] && exec /usr/bin/gbak \"$@\"\ni=0\nwhile [ ! -e '" + go
                        + "' ] && [ $i -lt 1200 ]; do sleep 0.05; i=$((i+1)); done\nexec /usr/bin/gbak \"$@\"\n");
        slow.toFile().setExecutable(true);
        Path db = dir.resolve("new.fdb");
        Path runs = dir.resolve("runs");
        Process first = Jvm.start(
                dir.resolve("first.out").toFile(),
                dir.resolve("first.err").toFile(),
                Restores.args(
                        "run",
                        Route.EMBEDDED,
                        fbk,
                        db,
                        "--gbak",
                        slow.toString(),
                        "--runs-dir",
                        runs.toString(),
                        "--label",
                        "first"));
        Path lock = TargetLock.fileOf(db);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!Files.exists(lock) && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(lock).as("the first run claims the name").exists();
        Cli.Result second = Restores.run(fbk, db, runs, "--label", "second");
        assertThat(second.code()).as(second.err()).isEqualTo(2);
        assertThat(second.err().strip().lines()).hasSize(1);
        assertThat(second.err()).contains(db + ": another gbakprof run is restoring into this database");
        Files.createFile(go);
        assertThat(first.waitFor(2, TimeUnit.MINUTES)).isTrue();
        assertThat(first.exitValue())
                .as(Files.readString(dir.resolve("first.err")))
                .isZero();
        assertThat(db).exists();
        assertThat(rows(db, "EMPLOYEES")).isEqualTo(300);
        assertThat(lock).doesNotExist();
        try (Stream<Path> s = Files.list(runs)) {
            assertThat(s.map(p -> p.getFileName().toString()))
                    .singleElement()
                    .asString()
                    .endsWith("-first");
        }
    }

    @Test
    void replaceRefusesADatabaseInUseThroughTheServer(FirebirdServer.Folder f) throws Exception {
        Path fbk = f.backup("small");
        Path db = f.resolve("busy.fdb");
        serverRestore(fbk, db);
        Process isql = new ProcessBuilder(
                        Firebird.ISQL.toString(), "-q", "-user", "SYSDBA", FirebirdServer.database(db))
                .redirectErrorStream(true)
                .redirectOutput(f.resolve("isql.txt").toFile())
                .start();
        OutputStream in = isql.getOutputStream();
        try {
            // an attachment holding a transaction open, as an application would
            in.write("SET TRANSACTION;\nSELECT COUNT(*) FROM EMPLOYEES;\n".getBytes(StandardCharsets.UTF_8));
            in.flush();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (OpenFiles.of(db).holders().isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            // the attachment itself writes the file (its header page, the transaction), so the data are compared
            String before = data(FirebirdServer.database(db));
            for (Route route : List.of(Route.EMBEDDED, Route.SERVICE)) {
                Cli.Result r = Restores.run(route, fbk, db, f.resolve("runs"), "--replace");
                assertThat(r.code()).as(r.err()).isEqualTo(2);
                assertThat(r.err().strip().lines()).hasSize(1);
                assertThat(r.err()).contains(db + ": database in use (open in firebird (pid ", "left untouched");
            }
            assertThat(data(FirebirdServer.database(db))).isEqualTo(before);
        } finally {
            in.close();
            assertThat(isql.waitFor(30, TimeUnit.SECONDS)).isTrue();
        }
        assertThat(rows(db, "EMPLOYEES")).isEqualTo(300);
        assertThat(f.resolve("runs")).doesNotExist();
    }

    @Test
    void replaceRefusesAFileThatIsNoDatabaseOnEveryRouteAndLeavesItUntouched(FirebirdServer.Folder f) throws Exception {
        // --backup old.fbk --database new.fbk swapped at 3 a.m.: the other backup was replaced by the restore (exit 0)
        Path fbk = f.backup("small");
        Path otherBackup = Files.copy(Firebird.backup("small"), f.resolve("yesterday.fbk"));
        Path log = Files.copy(dev.gbakprof.testutil.Logs.log("small-tdrw.log"), f.resolve("restore.log"));
        Path empty = Files.createFile(f.resolve("empty.fdb"));
        Path picture = Files.write(
                f.resolve("chart.fdb"),
                Files.readAllBytes(Path.of("docs/guide/img").resolve(firstPng())));
        List<Object[]> cases = List.of(
                new Object[] {
                    otherBackup,
                    "a gbak backup, not a database; it was left untouched. --replace replaces"
                            + " only a Firebird database: give the database to replace as --database (the backup to restore"
                            + " is --backup)"
                },
                new Object[] {
                    log,
                    "a text file, not a Firebird database; it was left untouched. --replace replaces only"
                            + " a Firebird database: remove or move this file, or choose another --database"
                },
                new Object[] {empty, "an empty file (0 bytes), not a Firebird database; it was left untouched"},
                new Object[] {picture, "a PNG picture, not a Firebird database; it was left untouched"});
        for (Object[] c : cases) {
            Path target = (Path) c[0];
            String before = RunCommandTest.sha256(target);
            // embedded gbak, and the services manager of the server on this machine, whose files are here
            for (Route route : List.of(Route.EMBEDDED, Route.SERVICE)) {
                Cli.Result r = Restores.run(route, fbk, target, f.resolve("runs"), "--replace");
                assertThat(r.code()).as(r.err()).isEqualTo(2);
                assertThat(r.err().strip().lines()).hasSize(1);
                assertThat(r.err()).startsWith("gbakprof: " + target + ": " + c[1]);
                assertThat(RunCommandTest.sha256(target)).isEqualTo(before);
            }
        }
        // a jobs file's --replace: the same refusal, the job refused
        Path jobs = Files.writeString(
                f.resolve("jobs.json"),
                "[{\"label\": \"erp\", \"backup\": \"" + fbk + "\", \"database\": \"" + otherBackup + "\"}]");
        String before = RunCommandTest.sha256(otherBackup);
        Cli.Result j = Cli.run(
                "run",
                "--jobs",
                jobs.toString(),
                "--replace",
                "--runs-dir",
                f.resolve("runs").toString());
        assertThat(j.code()).as(j.out() + j.err()).isEqualTo(2);
        assertThat(j.out() + j.err()).contains(otherBackup + ": a gbak backup, not a database; it was left untouched");
        assertThat(RunCommandTest.sha256(otherBackup)).isEqualTo(before);
        assertThat(f.resolve("runs")).as("no restore, no run folder").doesNotExist();
        try (Stream<Path> s = Files.list(f.dir())) {
            assertThat(s.map(p -> p.getFileName().toString())).noneMatch(n -> n.contains(RestoredDatabase.STAGING));
        }
    }

    /** A picture of the guide's, a real PNG file. */
    private static String firstPng() throws IOException {
        try (Stream<Path> s = Files.list(Path.of("docs/guide/img"))) {
            return s.map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(".png"))
                    .sorted()
                    .findFirst()
                    .orElseThrow();
        }
    }

    @Test
    void replaceFromATruncatedBackupLeavesTheDatabaseAsItWas(@TempDir Path dir) throws Exception {
        Path good = Firebird.backup("small");
        Path db = dir.resolve("erp.fdb");
        Path runs = dir.resolve("runs");
        assertThat(Restores.run(good, db, runs, "--label", "first").code()).isZero();
        String before = RunCommandTest.sha256(db);
        byte[] all = Files.readAllBytes(good);
        Path cut = Files.write(dir.resolve("cut.fbk"), Arrays.copyOf(all, all.length * 2 / 3));
        Cli.Result r = Restores.run(cut, db, runs, "--replace", "--label", "cut");
        assertThat(r.code()).as(r.err()).isEqualTo(1);
        assertThat(RunCommandTest.sha256(db)).isEqualTo(before);
        assertThat(rows(db, "EMPLOYEES")).isEqualTo(300);
        Path staging = dir.resolve("erp" + RestoredDatabase.STAGING + ".fdb");
        assertThat(staging).as("the partial restore beside it is removed").doesNotExist();
        assertThat(TargetLock.fileOf(db)).doesNotExist();
        RestoreRun run = record(runs, "cut");
        assertThat(run.status()).isEqualTo(RunStatus.FAILED);
        assertThat(run.warnings())
                .contains(new dev.gbakprof.model.Warning(
                        dev.gbakprof.model.WarningCode.NOT_REPLACED,
                        "--replace: the restore did not complete, so " + db + " was left as it was"));
        assertThat(run.warnings()).noneMatch(w -> w.message().contains("left in place"));
    }

    @Test
    void replaceMovesACompleteRestoreOverTheDatabaseKeepingItsOwnerAndMode(FirebirdServer.Folder f) throws Exception {
        Path fbk = f.backup("small");
        Path db = f.resolve("erp.fdb");
        serverRestore(fbk, db); // owned by the server's user, as a DBA's databases are
        Files.setPosixFilePermissions(db, PosixFilePermissions.fromString("rw-rw----"));
        String before = RunCommandTest.sha256(db);
        Cli.Result r = Restores.run(fbk, db, f.resolve("runs"), "--replace", "--label", "rep");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(RunCommandTest.sha256(db)).isNotEqualTo(before);
        PosixFileAttributes a = Files.readAttributes(db, PosixFileAttributes.class);
        assertThat(a.owner().getName()).isEqualTo("firebird");
        assertThat(PosixFilePermissions.toString(a.permissions())).isEqualTo("rw-rw----");
        assertThat(rows(db, "EMPLOYEES")).isEqualTo(300);
        try (Stream<Path> s = Files.list(f.dir())) {
            assertThat(s.map(p -> p.getFileName().toString()))
                    .containsExactlyInAnyOrder("small.fbk", "erp.fdb", "runs");
        }
        RestoreRun run = record(f.resolve("runs"), "rep");
        assertThat(run.database()).isEqualTo(db.toString());
        assertThat(run.command()).endsWith("erp" + RestoredDatabase.STAGING + ".fdb");
    }

    @Test
    void aRunsFolderThatFillsUpStopsGbakRemovesThePartialDatabaseAndSaysWhere(@TempDir Path dir) throws Exception {
        Path fbk = Firebird.backup("small");
        Path runs = Files.createDirectories(dir.resolve("runs"));
        Firebird.run(List.of("mount", "-t", "tmpfs", "-o", "size=16k", "tmpfs", runs.toString()));
        try {
            // about 4 KB left for gbak's log (9 KB): 16 KB less the filler and the page the run folder's marker
            // (.gbakprof-running, a tmpfs page of its own) takes; with no page left the log fails at its first write,
            // which a fast restore reaches only after gbak's end, and nothing is partial
            Files.write(runs.resolve("filler"), new byte[8 * 1024]);
            Path db = dir.resolve("full.fdb");
            Cli.Result r = Restores.run(fbk, db, runs, "--label", "full");
            assertThat(r.code()).as(r.err()).isEqualTo(2);
            Path runDir;
            try (Stream<Path> s = Files.list(runs)) {
                runDir = s.filter(Files::isDirectory).findFirst().orElseThrow();
            }
            assertThat(r.err())
                    .contains(
                            "gbakprof: cannot write the raw log " + runDir.resolve("gbak.log")
                                    + " (No space left on device)",
                            "cannot write the run record " + runDir.resolve("run.json"));
            assertThat(r.err().lines().filter(l -> l.startsWith("gbakprof: cannot write")))
                    .hasSize(1);
            assertThat(r.out())
                    .contains("status     incomplete", "gbakprof stopped the restore: cannot write the raw log")
                    .contains("  run record not written (" + runDir.resolve("run.json") + ": see below)\n")
                    .doesNotContain("  run record " + runDir);
            assertThat(Firebird.gbakProcesses(db.toString())).isEmpty();
            if (r.out().contains("the database is not removed as partial")) { // the record could not be written
                // gbak printed its end before gbakprof read the line that filled the disk (gbak runs ahead of the
                // reader by up to a pipe's 64 KB, this log is 9 KB), or in the stop's grace: nothing is partial
                assertThat(db).as(r.out()).exists();
                assertThat(r.out()).contains("the database is not removed as partial");
            } else {
                assertThat(db)
                        .as("the partial database this run created is removed\n" + r.out())
                        .doesNotExist();
                // removed by gbakprof, or never left: a gbak stopped while it creates the database leaves none
                assertThat(r.out() + r.err()).doesNotContain("left in place");
            }
            assertThat(TargetLock.fileOf(db)).doesNotExist();
        } finally {
            Firebird.run(List.of("umount", runs.toString()));
        }
    }

    @Test
    void anOutputOnAFullDiskNamesItsFileAndLeavesNothingHalfWritten(@TempDir Path dir) throws Exception {
        Path full = Files.createDirectories(dir.resolve("full"));
        Firebird.run(List.of("mount", "-t", "tmpfs", "-o", "size=16k", "tmpfs", full.toString()));
        try {
            Files.write(full.resolve("filler"), new byte[16 * 1024 - 64]);
            String log = dev.gbakprof.testutil.Logs.log("small-tdrw.log").toString();

            Cli.Result parse =
                    Cli.run("parse", log, "-o", full.resolve("small.json").toString());

            assertThat(parse.code()).isEqualTo(1);
            assertThat(parse.err())
                    .startsWith("gbakprof: " + full.resolve("small.json") + ": cannot write (No space left on device)");
            try (Stream<Path> s = Files.list(full)) {
                assertThat(s.map(p -> p.getFileName().toString())).containsOnly("filler");
            }
        } finally {
            Firebird.run(List.of("umount", full.toString()));
        }
    }

    /** Restores {@code fbk} into {@code db} through the local server, as the server's user owns its databases. */
    static void serverRestore(Path fbk, Path db) throws IOException {
        Firebird.restore(fbk, FirebirdServer.database(db));
    }

    /** A checksum of the fixture's data (every row of its tables, read by the real isql). */
    static String data(String db) throws Exception {
        String out = Firebird.run(
                List.of(Firebird.ISQL.toString(), "-q", "-user", "SYSDBA", db),
                "SET LIST ON;\nSELECT * FROM DEPARTMENTS ORDER BY 1;\nSELECT * FROM EMPLOYEES ORDER BY 1;\n"
                        + "SELECT * FROM PROJECTS ORDER BY 1;\n");
        assertThat(out).contains("EMP_ID");
        return java.util.HexFormat.of()
                .formatHex(java.security.MessageDigest.getInstance("SHA-256")
                        .digest(out.getBytes(StandardCharsets.UTF_8)));
    }

    /** The rows of {@code table}, counted by the real isql (embedded). */
    static long rows(Path db, String table) throws IOException {
        String out = Firebird.run(
                List.of(Firebird.ISQL.toString(), "-q", "-user", "SYSDBA", db.toString()),
                "SET LIST ON;\nSELECT COUNT(*) AS N FROM " + table + ";\n");
        return Long.parseLong(out.replaceAll("(?s).*N\\s+(\\d+).*", "$1"));
    }

    /** The record of the one run labelled {@code label} in {@code runs}. */
    static RestoreRun record(Path runs, String label) throws IOException {
        try (Stream<Path> s = Files.list(runs)) {
            Path d = s.filter(p -> p.getFileName().toString().endsWith("-" + label))
                    .findFirst()
                    .orElseThrow();
            return RunJson.read(d.resolve("run.json")).get(0);
        }
    }
}
