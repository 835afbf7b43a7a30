package dev.gbakprof.run;

import static dev.gbakprof.testutil.Restores.runDirs;
import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.firebird.Credentials;
import dev.gbakprof.firebird.Server;
import dev.gbakprof.model.Column;
import dev.gbakprof.model.IndexBuild;
import dev.gbakprof.model.IndexMapping;
import dev.gbakprof.model.Inspection;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.model.TableLoad;
import dev.gbakprof.model.Via;
import dev.gbakprof.model.WarningCode;
import dev.gbakprof.store.LogReader;
import dev.gbakprof.store.RunJson;
import dev.gbakprof.testutil.Cli;
import dev.gbakprof.testutil.FirebirdServer;
import dev.gbakprof.testutil.FirebirdTest;
import dev.gbakprof.testutil.Restores;
import dev.gbakprof.testutil.Restores.Route;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** {@code gbakprof run --via service} and {@code --inspect} against the real Firebird 3 server (scripts/test starts it). */
@ExtendWith(FirebirdServer.Fixture.class)
@FirebirdTest
class ServiceRunTest {

    @Test
    void aServicesRestoreOfNonAsciiNamesGivesLiveWhatParseGivesOfItsSavedLog(FirebirdServer.Folder f) throws Exception {
        Path runs = f.resolve("runs");
        Cli.Result r =
                Restores.run(Route.SERVICE, f.backup("intl"), f.resolve("intl-svc.fdb"), runs, "--label", "intl");
        assertThat(r.code()).as(r.err()).isZero();
        Path runDir = runDirs(runs).get(0);
        RestoreRun live = RunJson.read(runDir.resolve("run.json")).get(0);
        RestoreRun parsed = LogReader.read(runDir.resolve("gbak.log"), "intl");
        assertThat(live.tables()).extracting(t -> t.name() + "=" + t.records()).contains("Kunden_Ü=25");
        assertThat(live.indexes()).extracting(IndexBuild::name).contains("PK_Kunden_Ü", "IX_Kunden_Ü_NAME");
        // the timeline part of the live record is exactly what parse makes of the saved log
        assertThat(live.tables()).isEqualTo(parsed.tables());
        assertThat(live.indexes()).isEqualTo(parsed.indexes());
        assertThat(live.phases()).isEqualTo(parsed.phases());
        assertThat(live.totalSeconds()).isEqualTo(parsed.totalSeconds());
    }

    @Test
    void serviceRestoreGivesWhatTheGbakRouteGivesAndBothVerify(Credentials sysdba, FirebirdServer.Folder f)
            throws Exception {
        Path fbk = f.backup("small");
        Path runs = Files.createDirectories(f.resolve("runs")); // runs/gbak and runs/svc: its folder must exist
        // the gbak route: embedded gbak as root writes a root-owned file; --inspect hands it to the server
        Cli.Result local = Restores.run(
                fbk,
                f.resolve("local.fdb"),
                runs.resolve("gbak"),
                "--inspect",
                "--inspect-host",
                FirebirdServer.ADDRESS.toString(),
                "--label",
                "gbak");
        assertThat(local.code()).as(local.err()).isZero();
        assertThat(Files.getOwner(f.resolve("local.fdb")).getName()).isEqualTo("firebird");
        Cli.Result svc = Restores.run(
                Route.SERVICE, fbk, f.resolve("svc.fdb"), runs.resolve("svc"), "--inspect", "--label", "svc");
        assertThat(svc.code()).as(svc.err()).isZero();

        Path svcDir = runDirs(runs.resolve("svc")).get(0);
        Path gbakDir = runDirs(runs.resolve("gbak")).get(0);
        RestoreRun g = RunJson.read(gbakDir.resolve("run.json")).get(0);
        RestoreRun s = RunJson.read(svcDir.resolve("run.json")).get(0);
        assertThat(g.via()).isEqualTo(Via.GBAK);
        assertThat(s.via()).isEqualTo(Via.SERVICE);
        assertThat(s.status()).isEqualTo(RunStatus.COMPLETED);
        assertThat(s.exitCode()).isNull();
        assertThat(s.command()).startsWith("services restore on " + FirebirdServer.ADDRESS + " as SYSDBA: " + fbk);
        assertThat(s.environment().engineVersion()).contains("Firebird 3.0");
        assertThat(s.environment().gbakVersion()).isNull();
        // the server restored, with its own firebird.conf (scripts/firebird-server): Firebird 3.0 does not report it,
        // and this machine's file beside gbak is not the server's; embedded, the file beside gbak is the one in force
        assertThat(s.environment().firebirdConf()).isNull();
        assertThat(s.environment().firebirdConfUnknown())
                .isEqualTo("the server " + FirebirdServer.ADDRESS + " ("
                        + s.environment().engineVersion()
                        + ") does not report its configuration: RDB$CONFIG is Firebird 4.0's (its firebird.conf is the"
                        + " server's, not this machine's)");
        assertThat(g.environment().firebirdConf().path()).isEqualTo("/etc/firebird/3.0/firebird.conf");
        assertThat(g.environment().firebirdConfUnknown()).isNull();
        assertThat(s.columns()).containsExactly(Column.TIME, Column.DELTA, Column.READS, Column.WRITES);
        assertThat(s.totalSeconds()).isPositive();
        assertThat(s.tables())
                .extracting(TableLoad::name, TableLoad::records)
                .containsExactlyElementsOf(g.tables().stream()
                        .map(t -> org.assertj.core.groups.Tuple.tuple(t.name(), t.records()))
                        .toList());
        assertThat(s.tables())
                .extracting(t -> t.name() + "=" + t.records())
                .contains("EMPLOYEES=300", "DEPARTMENTS=12", "PROJECTS=40");
        assertThat(s.indexes())
                .extracting(IndexBuild::name)
                .containsExactlyInAnyOrderElementsOf(
                        g.indexes().stream().map(IndexBuild::name).toList())
                .hasSize(9);
        // services lines end with a blank; the raw log keeps them as the server sent them
        List<String> raw = Files.readAllLines(svcDir.resolve("gbak.log"));
        assertThat(raw.get(0)).startsWith("gbak: time").endsWith(" ");
        assertThat(raw).allSatisfy(l -> assertThat(l).endsWith(" "));

        for (RestoreRun r : List.of(g, s)) {
            Inspection db = r.inspection();
            assertThat(db.problems()).isEmpty();
            assertThat(db.verifiedAgainst()).isEqualTo("log");
            assertThat(db.ods()).isEqualTo("12.0");
            assertThat(db.pageSize()).isEqualTo(8192);
            assertThat(db.fileBytes()).isPositive().isEqualTo(db.fileBytes() / 8192 * 8192);
            assertThat(db.rows("EMPTY_NOTES")).isZero();
            assertThat(db.indexes())
                    .filteredOn(i -> i.name().equals("IX_EMPTY_NOTES_CREATED"))
                    .singleElement()
                    .satisfies(i -> {
                        assertThat(i.table()).isEqualTo("EMPTY_NOTES");
                        assertThat(i.descending()).isTrue();
                        assertThat(i.segments()).containsExactly("CREATED_AT");
                    });
            // the log alone maps EMPTY_NOTES' indexes to PROJECTS (inferred); the database knows better
            assertThat(r.indexMapping()).isEqualTo(IndexMapping.DATABASE);
            assertThat(r.warningCodes()).doesNotContain(WarningCode.MAPPING_INFERRED);
            assertThat(r.indexes())
                    .filteredOn(i -> i.name().equals("PK_EMPTY_NOTES"))
                    .singleElement()
                    .satisfies(
                            i -> assertThat(i.table() + " " + i.tableSource()).isEqualTo("EMPTY_NOTES database"));
            assertThat(r.indexes()).allSatisfy(i -> assertThat(i.tableSource()).isEqualTo(IndexMapping.DATABASE));
        }
        assertThat(svc.out()).contains("status     completed", "verification passed");

        // the password is in no record, log or output
        for (Path p : List.of(
                svcDir.resolve("run.json"),
                svcDir.resolve("gbak.log"),
                gbakDir.resolve("run.json"),
                gbakDir.resolve("gbak.log"))) {
            assertThat(Files.readString(p)).doesNotContain(sysdba.password());
        }
        assertThat(svc.out() + svc.err() + local.out() + local.err()).doesNotContain(sysdba.password());
    }

    @Test
    void gbakThroughTheServerWithoutUserLogsInAsTheInspectionDoes() throws Exception {
        FirebirdServer.require();
        assertThat(System.getenv("ISC_USER"))
                .as("the default user is SYSDBA when ISC_USER is not set")
                .isNull();
        try (FirebirdServer.Folder f = FirebirdServer.folder()) {
            Path runs = f.resolve("runs");
            Cli.Result r = Restores.run(Route.SERVER, f.backup("small"), f.resolve("remote.fdb"), runs, "--inspect");
            assertThat(r.code()).as(r.out() + r.err()).isZero();
            RestoreRun run = Restores.firstRun(runs);
            assertThat(run.status()).isEqualTo(RunStatus.COMPLETED);
            assertThat(run.command()).startsWith("/usr/bin/gbak -c -v -st tdrw -user SYSDBA ");
            assertThat(run.inspection().problems()).isEmpty();
            // the server restored what gbak sent it: the firebird.conf beside /usr/bin/gbak is not the server's
            assertThat(run.environment().firebirdConf()).isNull();
            assertThat(run.environment().firebirdConfUnknown())
                    .startsWith("the server " + FirebirdServer.ADDRESS + " (")
                    .endsWith(") does not report its configuration: RDB$CONFIG is Firebird 4.0's (its firebird.conf is"
                            + " the server's, not this machine's)");
        }
    }

    @Test
    void verificationFailsNamingTheTableAndReportsAnInactiveIndex(Credentials sysdba, FirebirdServer.Folder f)
            throws Exception {
        Path db = f.resolve("small.fdb");
        Path runs = f.resolve("runs");
        Cli.Result r = Restores.run(Route.SERVICE, f.backup("small"), db, runs);
        assertThat(r.code()).as(r.err()).isZero();
        Path runDir = runDirs(runs).get(0);
        assertThat(FirebirdServer.inspect(db.toString(), "--run", runDir.toString())
                        .code())
                .isZero();

        try (Connection c = new Server(FirebirdServer.ADDRESS, sysdba).open(db.toString());
                Statement st = c.createStatement()) {
            st.executeUpdate("DELETE FROM EMPLOYEES WHERE EMP_ID > 290");
            st.execute("ALTER INDEX IX_EMPLOYEES_NAME INACTIVE");
        }
        Cli.Result checked = FirebirdServer.inspect(db.toString(), "--run", runDir.toString());
        assertThat(checked.code()).isEqualTo(1);
        assertThat(checked.out())
                .contains(
                        "verification FAILED",
                        "table EMPLOYEES: the log says 300 records restored, the database has 290",
                        "index IX_EMPLOYEES_NAME (table EMPLOYEES) is inactive: gbak activated it, but it is inactive now");
        Cli.Result alone = FirebirdServer.inspect(db.toString(), "--json");
        assertThat(alone.code()).isEqualTo(1);
        assertThat(alone.out())
                .contains("\"problems\" : [ \"index IX_EMPLOYEES_NAME (table EMPLOYEES) is inactive\" ]");
    }

    @Test
    void failedIndexActivationFailsTheRunAlthoughTheServiceSucceeds(FirebirdServer.Folder f) throws Exception {
        Path runs = f.resolve("runs");
        Cli.Result r = Restores.run(Route.SERVICE, f.backup("dupfail"), f.resolve("dup.fdb"), runs, "--inspect");
        assertThat(r.code()).isEqualTo(1);
        RestoreRun run = Restores.firstRun(runs);
        assertThat(run.status()).isEqualTo(RunStatus.FAILED);
        assertThat(run.errors()).contains("cannot commit index UX_ITEMS_NORM_CODE");
        assertThat(run.indexes())
                .filteredOn(IndexBuild::failed)
                .extracting(IndexBuild::name)
                .containsExactly("UX_ITEMS_NORM_CODE");
        assertThat(run.inspection()).isNull();
        assertThat(run.warningMessages()).contains("--inspect: not inspected, the restore did not complete");
    }

    @Test
    void truncatedBackupThroughTheServiceFailsWithAnExplanationAndLeavesNoPartialDatabase(FirebirdServer.Folder f)
            throws Exception {
        FirebirdServer.requireStdoutOffTheWire(); // the server prints gbak's next-volume prompt to its stdout
        Path cut = f.resolve("trunc.fbk");
        Files.write(cut, java.util.Arrays.copyOf(Files.readAllBytes(f.backup("small")), 20_000));
        Path runs = f.resolve("runs");
        Cli.Result r = Restores.run(Route.SERVICE, cut, f.resolve("trunc.fdb"), runs);
        assertThat(r.code()).isEqualTo(1);
        assertThat(runDirs(runs)).hasSize(1);
        RestoreRun run = Restores.firstRun(runs);
        assertThat(run.status()).isEqualTo(RunStatus.FAILED);
        assertThat(run.errors()).isEmpty(); // no word from gbak or the server: gbakprof's own is apart
        assertThat(run.failure()).isEqualTo("the services restore ended before finishing (no error from the server)");
        assertThat(f.resolve("trunc.fdb")).doesNotExist();

        Cli.Result kept =
                Restores.run(Route.SERVICE, cut, f.resolve("kept.fdb"), runs, "--keep-partial", "--label", "kept");
        assertThat(kept.code()).isEqualTo(1);
        assertThat(f.resolve("kept.fdb")).exists();
        String left = "the partial database " + f.resolve("kept.fdb") + " on " + FirebirdServer.ADDRESS
                + " is left in place: --keep-partial";
        // the folder of the labelled run (the two folders sort by time, then label: both may start in one second)
        Path keptDir = runDirs(runs).stream()
                .filter(d -> d.getFileName().toString().endsWith("-kept"))
                .findFirst()
                .orElseThrow();
        assertThat(RunJson.read(keptDir.resolve("run.json")).get(0).warningMessages())
                .contains(left);
        assertThat(kept.out()).contains("status     failed", left);
    }

    @Test
    void existingDatabaseOnTheServerIsRefusedUnlessReplace(FirebirdServer.Folder f) throws Exception {
        Path fbk = f.backup("small");
        Path db = f.resolve("twice.fdb");
        Path runs = f.resolve("runs");
        assertThat(Restores.run(Route.SERVICE, fbk, db, runs).code()).isZero();
        long size = Files.size(db);
        Cli.Result again = Restores.run(Route.SERVICE, fbk, db, runs);
        assertThat(again.code()).isEqualTo(2);
        assertThat(again.err().strip().lines()).hasSize(1);
        assertThat(again.err()).contains("twice.fdb: database exists on " + FirebirdServer.ADDRESS, "--replace");
        assertThat(runDirs(runs)).hasSize(1);
        assertThat(Files.size(db)).isEqualTo(size);
        Cli.Result replaced = Restores.run(Route.SERVICE, fbk, db, runs, "--replace");
        assertThat(replaced.code()).as(replaced.err()).isZero();
        assertThat(replaced.out()).contains("status     completed");
    }

    @Test
    void aServicesRestoreStoppedByTheTimeoutSaysWhatItLeavesAndTheNextRunWhatToDo(
            Credentials sysdba, FirebirdServer.Folder f) throws Exception {
        Path fbk = f.backup("shop"); // tens of seconds of the server's work: the timeout stops it early
        Path db = f.resolve("stopped.fdb");
        Path runs = f.resolve("runs");
        Cli.Result stopped = Restores.run(Route.SERVICE, fbk, db, runs, "--timeout", "1s");
        assertThat(stopped.code()).as(stopped.err()).isEqualTo(1);
        String drop = "isql-fb -user SYSDBA " + FirebirdServer.ADDRESS + ":" + db + ", then DROP DATABASE;";
        assertThat(stopped.out())
                .contains("status     incomplete")
                .contains("the server goes on restoring " + db + " on " + FirebirdServer.ADDRESS
                        + " (a partial database, shut " + "down until the server has finished it)")
                .contains("Once the server has finished, drop it with isql", drop, "--replace");
        Path folder = runDirs(runs).get(0);

        // the next run is refused, saying which run left the database and what to do
        Cli.Result next = Restores.run(Route.SERVICE, fbk, db, runs);
        assertThat(next.code()).isEqualTo(2);
        assertThat(next.err().strip().lines()).hasSize(1);
        assertThat(next.err())
                .contains(db + ": database exists on " + FirebirdServer.ADDRESS
                        + ", left untouched: the services restore of run " + folder
                        + ", stopped by --timeout, left it, and the server ")
                .contains(drop, "--replace");
        assertThat(runDirs(runs)).hasSize(1);

        // once the server has finished: the database is whole, and the advice drops it
        Server server = new Server(FirebirdServer.ADDRESS, sysdba);
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.MINUTES.toNanos(4);
        while (server.fileState(db.toString()) == Server.FileState.SHUT_DOWN && System.nanoTime() < deadline) {
            Thread.sleep(500);
        }
        assertThat(server.fileState(db.toString())).isEqualTo(Server.FileState.DATABASE);
        Cli.Result after = Restores.run(Route.SERVICE, fbk, db, runs);
        assertThat(after.code()).isEqualTo(2);
        assertThat(after.err())
                .contains("and the server has restored it to its end since (not timed). Drop it with isql", drop);
        Process isql = new ProcessBuilder("isql-fb", "-user", "SYSDBA", FirebirdServer.ADDRESS + ":" + db)
                .redirectErrorStream(true)
                .start();
        isql.getOutputStream().write("DROP DATABASE;\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        isql.getOutputStream().close();
        String said = new String(isql.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(isql.waitFor()).as(said).isZero();
        assertThat(db).doesNotExist();
        assertThat(server.fileState(db.toString())).isEqualTo(Server.FileState.ABSENT); // nothing in the way now
    }

    @Test
    void repeatedServiceRestoresDropTheDatabasesTheyCreated(Credentials sysdba, FirebirdServer.Folder f)
            throws Exception {
        Path runs = f.resolve("runs");
        Cli.Result r = Restores.run(
                Route.SERVICE, f.backup("small"), f.resolve("rep.fdb"), runs, "--repeat", "2", "--cooldown", "0");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(runDirs(runs)).hasSize(2);
        Server server = new Server(FirebirdServer.ADDRESS, sysdba);
        assertThat(server.fileExists(f.resolve("rep-run1.fdb").toString())).isFalse();
        assertThat(f.resolve("rep-run2.fdb")).doesNotExist();
    }

    @Test
    void repeatedGbakRestoresThroughTheServerDropWhatTheyCreatedButNotWhatExisted(
            Credentials sysdba, FirebirdServer.Folder f) throws Exception {
        Path fbk = f.backup("small");
        Path runs = f.resolve("runs");
        String[] repeat = {
            "run",
            "--backup",
            fbk.toString(),
            "--database",
            FirebirdServer.database(f.resolve("rep.fdb")),
            "--repeat",
            "2",
            "--cooldown",
            "0",
            "--runs-dir",
            runs.toString()
        };
        for (int time = 1; time <= 2; time++) { // the second time finds no database left by the first
            Cli.Result r = Cli.run(repeat);
            assertThat(r.code()).as(time + ": " + r.out() + r.err()).isZero();
            assertThat(f.resolve("rep-run1.fdb")).doesNotExist();
            assertThat(f.resolve("rep-run2.fdb")).doesNotExist();
        }
        assertThat(runDirs(runs)).hasSize(4);

        // a database that was there before the series is not the series' to drop
        assertThat(Restores.run(Route.SERVICE, fbk, f.resolve("old-run1.fdb"), f.resolve("runs-old"))
                        .code())
                .isZero();
        Cli.Result r = Restores.run(Route.SERVER, fbk, f.resolve("old.fdb"), runs, "--repeat", "2", "--cooldown", "0");
        // the server runs on this machine: its file is seen here, and refused before any restore starts
        assertThat(r.code()).as(r.err()).isEqualTo(2);
        assertThat(r.err()).contains(f.resolve("old-run1.fdb") + ": database exists");
        try (Connection c = new Server(FirebirdServer.ADDRESS, sysdba)
                        .open(f.resolve("old-run1.fdb").toString());
                Statement st = c.createStatement();
                java.sql.ResultSet rows = st.executeQuery("SELECT COUNT(*) FROM EMPLOYEES")) {
            assertThat(rows.next()).isTrue();
            assertThat(rows.getInt(1)).isEqualTo(300);
        }
        assertThat(f.resolve("old-run2.fdb")).doesNotExist();
    }

    @Test
    void wrongPasswordAndUnreachableServerAreOneLineRefusals(@TempDir Path dir) throws Exception {
        FirebirdServer.require();
        Path pw = dir.resolve("pw.txt");
        Files.writeString(pw, "not-the-password\n");
        Path runs = dir.resolve("runs");
        Cli.Result wrong = Restores.run(
                Route.SERVICE,
                Path.of("/nowhere/small.fbk"),
                Path.of("/nowhere/x.fdb"),
                runs,
                "--password-file",
                pw.toString());
        assertThat(wrong.code()).isEqualTo(2);
        assertThat(wrong.err().strip().lines()).hasSize(1);
        assertThat(wrong.err())
                .isEqualToIgnoringNewLines("gbakprof: " + FirebirdServer.ADDRESS
                        + ": wrong user name or password for SYSDBA (the server refused the login)");
        assertThat(wrong.err() + wrong.out()).doesNotContain("not-the-password");

        Cli.Result unreachable = Restores.run(
                Route.SERVICE, Path.of("/nowhere/small.fbk"), Path.of("/nowhere/x.fdb"), runs, "--host", "127.0.0.1/1");
        assertThat(unreachable.code()).isEqualTo(2);
        assertThat(unreachable.err().strip().lines()).hasSize(1);
        assertThat(unreachable.err()).startsWith("gbakprof: 127.0.0.1/1: no Firebird server answers");

        Cli.Result inspectWrong = FirebirdServer.inspect("/nowhere/x.fdb", "--password-file", pw.toString());
        assertThat(inspectWrong.code()).isEqualTo(2);
        assertThat(inspectWrong.err()).contains("wrong user name or password");
        assertThat(runs).doesNotExist();
    }

    @Test
    void inspectAfterTheGbakRouteIsRefusedWhenTheServerCannotReachTheFolder(@TempDir Path dir) throws Exception {
        FirebirdServer.require();
        Cli.Result r = Restores.run(
                dev.gbakprof.testutil.Firebird.backup("small"),
                dir.resolve("x.fdb"),
                dir.resolve("runs"),
                "--inspect",
                "--inspect-host",
                FirebirdServer.ADDRESS.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err().strip().lines()).hasSize(1);
        assertThat(r.err()).contains("--inspect opens", "the server (user firebird) cannot enter folder " + dir);
        assertThat(dir.resolve("runs")).doesNotExist();
    }

    @Test
    void hostWithoutViaServiceRestoresThroughThatServerOverTcp(Credentials sysdba, FirebirdServer.Folder f)
            throws Exception {
        // it restored embedded, --host serving only --inspect: now gbak is given host/port:path
        Path db = f.resolve("host.fdb");
        Path runs = f.resolve("runs");
        Cli.Result r = Restores.run(
                Route.EMBEDDED, f.backup("small"), db, runs, "--host", FirebirdServer.ADDRESS.toString(), "--validate");
        assertThat(r.code()).as(r.out() + r.err()).isZero();
        RestoreRun run = Restores.firstRun(runs);
        assertThat(run.via()).isEqualTo(Via.GBAK);
        assertThat(run.command()).endsWith(" " + FirebirdServer.ADDRESS + ":" + db);
        assertThat(run.validation().database()).isEqualTo(FirebirdServer.ADDRESS + ":" + db);
        // the server created the file (embedded gbak as root would have made it root's)
        assertThat(Files.getOwner(db).getName()).isEqualTo("firebird");
        assertThat(r.out() + r.err() + Files.readString(runDirs(runs).get(0).resolve("run.json")))
                .doesNotContain(sysdba.password());
    }

    @Test
    void relativePathsOfTheServicesRestoreAreTheDbasFolderNotTheServers(FirebirdServer.Folder f) throws Exception {
        // the DBA works in f and names the files relative to it; the server's working folder is another (/tmp here):
        // it said "cannot open backup file", and put a relative database there. The names are f's own (unique), so no
        // file of another test is ever taken for them there.
        String name = f.dir().getFileName().toString();
        Files.move(f.backup("small"), f.resolve(name + ".fbk"));
        Path stray =
                Path.of("/proc", Long.toString(serverPid()), "cwd").toRealPath().resolve(name + ".fdb");
        Path out = f.resolve("out.txt");
        Path err = f.resolve("err.txt");
        try {
            Process p = new ProcessBuilder(dev.gbakprof.testutil.Jvm.command(
                            "run",
                            "--via",
                            "service",
                            "--host",
                            FirebirdServer.ADDRESS.toString(),
                            "--backup",
                            name + ".fbk",
                            "--database",
                            name + ".fdb",
                            "--runs-dir",
                            "runs"))
                    .directory(f.dir().toFile())
                    .redirectOutput(out.toFile())
                    .redirectError(err.toFile())
                    .start();
            assertThat(p.waitFor(300, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
            assertThat(p.exitValue())
                    .as(Files.readString(out) + Files.readString(err))
                    .isZero();
            assertThat(Files.readString(err)).contains(f.resolve(name + ".fbk") + " -> " + f.resolve(name + ".fdb"));
            RestoreRun run = Restores.firstRun(f.resolve("runs"));
            assertThat(run.status()).isEqualTo(RunStatus.COMPLETED);
            assertThat(run.backupFile()).isEqualTo(f.resolve(name + ".fbk").toString());
            assertThat(f.resolve(name + ".fdb")).isRegularFile();
            assertThat(stray).doesNotExist();
        } finally {
            Files.deleteIfExists(stray); // what the defect left in the server's folder, if it came back
        }
    }

    /** The pid of the Firebird server (as root every process's cwd can be read). */
    private static long serverPid() throws java.io.IOException {
        return FirebirdServer.pid();
    }
}
