package dev.gbakprof.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.store.RunJson;
import dev.gbakprof.testutil.Cli;
import dev.gbakprof.testutil.FirebirdServer;
import dev.gbakprof.testutil.FirebirdTest;
import dev.gbakprof.testutil.Jvm;
import dev.gbakprof.testutil.Restores;
import dev.gbakprof.testutil.Restores.Route;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * What a restore through a server is refused before it starts, and which server its record names for {@code inspect
 * --run}: against the real test server, which runs on this machine as user {@code firebird}.
 */
@ExtendWith(FirebirdServer.Fixture.class)
@FirebirdTest
class ServerRouteChecksTest {

    private static final String NL = System.lineSeparator();

    @Test
    void inspectRunOpensTheServerTheRecordNamesAndRefusesAnotherOrNone(FirebirdServer.Folder f) throws Exception {
        Path runs = f.resolve("runs");
        Path db = f.resolve("svc.fdb");
        Cli.Result r = Restores.run(Route.SERVICE, f.backup("small"), db, runs);
        assertThat(r.code()).as(r.err()).isZero();
        Path runDir = Restores.runDirs(runs).get(0);
        RestoreRun run = Restores.firstRun(runs);
        // the database names no server: the record's server field does (it went to localhost/3050 before)
        assertThat(run.database()).isEqualTo(db.toString());
        assertThat(run.server()).isEqualTo(FirebirdServer.ADDRESS.toString());

        Cli.Result inspected = Cli.run("inspect", "--run", runDir.toString());
        assertThat(inspected.code()).as(inspected.err()).isZero();
        assertThat(inspected.out()).contains("verification passed");

        // the runs folder is no restore's: which one is not guessed
        Cli.Result folder = Cli.run("inspect", "--run", runs.toString());
        assertThat(folder.code()).isEqualTo(2);
        assertThat(folder.err())
                .isEqualTo("gbakprof: " + runs
                        + ": no run.json in this folder; expected one restore's run folder, its run.json or its gbak log"
                        + System.lineSeparator());

        Cli.Result other = Cli.run("inspect", "--host", "localhost/3050", "--run", runDir.toString());
        assertThat(other.code()).isEqualTo(2);
        assertThat(other.err())
                .isEqualTo("gbakprof: --host localhost/3050: " + runDir + " restored " + db + " on the server "
                        + FirebirdServer.ADDRESS + "; leave --host out to inspect that database, or give DATABASE to"
                        + " inspect another" + NL);

        // a record written before the field: no default server, --host says which
        Path old = Files.createDirectories(f.resolve("old"));
        ObjectNode json = (ObjectNode) new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(runDir.resolve("run.json").toFile());
        json.remove("server");
        Files.writeString(old.resolve("run.json"), json.toPrettyString());
        Cli.Result unsaid = Cli.run("inspect", "--run", old.toString());
        assertThat(unsaid.code()).isEqualTo(2);
        assertThat(unsaid.err())
                .isEqualTo("gbakprof: " + old + ": its record does not say which server restored " + db
                        + " (written before gbakprof recorded it); give that server with --host HOST[/PORT]" + NL);
        assertThat(FirebirdServer.inspect("--run", old.toString()).code()).isZero();
    }

    @Test
    void inspectRunWithTheHostOfAGbakRestoreOverTcpIsNotTakenForADatabaseTyped(FirebirdServer.Folder f)
            throws Exception {
        Path runs = f.resolve("runs");
        Cli.Result r = Restores.run(Route.SERVER, f.backup("small"), f.resolve("tcp.fdb"), runs);
        assertThat(r.code()).as(r.err()).isZero();
        Path runDir = Restores.runDirs(runs).get(0);
        assertThat(Restores.firstRun(runs).server()).isEqualTo(FirebirdServer.ADDRESS.toString());
        // it said "give the server either in DATABASE (…) or with --host, not both", though no DATABASE was typed
        Cli.Result same = FirebirdServer.inspect("--run", runDir.toString());
        assertThat(same.code()).as(same.err()).isZero();
        Cli.Result typed = FirebirdServer.inspect(FirebirdServer.database(f.resolve("tcp.fdb")));
        assertThat(typed.code()).isEqualTo(2);
        assertThat(typed.err()).contains("give the server either in DATABASE (");
    }

    @Test
    void gbakOverTcpWithoutAPasswordIsRefusedBeforeGbakStarts(FirebirdServer.Folder f) throws Exception {
        Path runs = f.resolve("runs");
        Path db = f.resolve("nopw.fdb");
        ProcessBuilder pb = new ProcessBuilder(Jvm.command(
                        "run",
                        "--host",
                        FirebirdServer.ADDRESS.toString(),
                        "--backup",
                        f.backup("small").toString(),
                        "--database",
                        db.toString(),
                        "--runs-dir",
                        runs.toString()))
                .redirectOutput(f.resolve("out.txt").toFile())
                .redirectError(f.resolve("err.txt").toFile());
        pb.environment().remove("ISC_PASSWORD");
        Process p = pb.start();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        String err = Files.readString(f.resolve("err.txt"));
        // it ran gbak, recorded a failed restore and warned of a partial database gbak never created
        assertThat(p.exitValue()).as(err).isEqualTo(2);
        assertThat(err)
                .startsWith("gbakprof: gbak restores through the server " + FirebirdServer.ADDRESS
                        + ", which needs a login: give the password with --password-file F or the ISC_PASSWORD"
                        + " environment variable")
                // it named Debian's password file, which is its server's on 3050, not this server's on its own port
                .doesNotContain("Debian", "SYSDBA.password")
                .doesNotContain("partial");
        assertThat(err.strip().lines()).hasSize(1);
        assertThat(Files.readString(f.resolve("out.txt"))).isEmpty();
        assertThat(db).doesNotExist();
        assertThat(Files.exists(runs) ? Restores.runDirs(runs) : java.util.List.of())
                .isEmpty();
    }

    @Test
    void aServicesRestoreOnThisMachineRefusesWhatTheServerWouldFailAt(FirebirdServer.Folder f) throws Exception {
        Path runs = Files.createDirectories(f.resolve("runs"));
        Path backup = f.backup("small");
        // a missing backup: it was a failed run folder (rc 1), the embedded route's one line and exit 2
        Cli.Result missing = Restores.run(Route.SERVICE, f.resolve("nope.fbk"), f.resolve("a.fdb"), runs);
        assertThat(missing.code()).isEqualTo(2);
        assertThat(missing.err()).isEqualTo("gbakprof: " + f.resolve("nope.fbk") + ": no such backup file" + NL);
        // a database folder that does not exist
        Path nowhere = f.resolve("nofolder").resolve("b.fdb");
        Cli.Result folder = Restores.run(Route.SERVICE, backup, nowhere, runs);
        assertThat(folder.code()).isEqualTo(2);
        assertThat(folder.err())
                .isEqualTo("gbakprof: " + nowhere + ": folder " + nowhere.getParent()
                        + " does not exist; create it or choose another --database" + NL);
        // a folder the server's account may not write (root's, rwxr-xr-x), by either route through the server
        Path closed = Files.createDirectories(f.resolve("closed"));
        Files.setPosixFilePermissions(closed, PosixFilePermissions.fromString("rwxr-xr-x"));
        for (Route route : new Route[] {Route.SERVICE, Route.SERVER}) {
            Path db = closed.resolve("c.fdb");
            Cli.Result unwritable = Restores.run(route, backup, db, runs);
            assertThat(unwritable.code()).as(unwritable.err()).isEqualTo(2);
            assertThat(unwritable.err())
                    .endsWith(db + ": the server " + FirebirdServer.ADDRESS + " creates the database, but the server"
                            + " (user firebird) cannot write into folder " + closed + " (rwxr-xr-x root:root); restore"
                            + " into a folder it can write, or let it write into that one" + NL);
        }
        // a backup the server's account may not read
        Files.setPosixFilePermissions(backup, PosixFilePermissions.fromString("rw-------"));
        Cli.Result unreadable = Restores.run(Route.SERVICE, backup, f.resolve("d.fdb"), runs);
        assertThat(unreadable.code()).isEqualTo(2);
        assertThat(unreadable.err())
                .contains(backup + ": the server " + FirebirdServer.ADDRESS + " reads the backup"
                        + " itself, but the server (user firebird) cannot read the file (rw------- root:");
        assertThat(Restores.runDirs(runs)).as("no failed run folder").isEmpty();
    }

    @Test
    void aServicesFailureIsGbakprofsReasonNotOneOfGbaksLines(FirebirdServer.Folder f) throws Exception {
        Path runs = f.resolve("runs");
        Path junk = f.resolve("junk.fbk");
        Files.write(junk, new byte[4096]);
        Files.setPosixFilePermissions(junk, PosixFilePermissions.fromString("rw-r--r--"));
        Cli.Result r = Restores.run(Route.SERVICE, junk, f.resolve("j.fdb"), runs);
        assertThat(r.code()).as(r.err()).isEqualTo(1);
        RestoreRun run = Restores.firstRun(runs);
        assertThat(run.status()).isEqualTo(RunStatus.FAILED);
        assertThat(run.failure()).startsWith(FirebirdServer.ADDRESS + ": the services restore failed: ");
        assertThat(run.errors()).isEmpty();
        // the services restore always asks for statistics: never "no -st", whether or not gbak's header came
        assertThat(r.out()).doesNotContain("no -st").doesNotContain("errors (gbak's own words)");
        assertThat(RunJson.read(Restores.runDirs(runs).get(0).resolve("run.json")))
                .hasSize(1);
    }
}
