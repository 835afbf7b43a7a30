package dev.gbakprof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.testutil.Cli;
import dev.gbakprof.testutil.Firebird;
import dev.gbakprof.testutil.FirebirdServer;
import dev.gbakprof.testutil.FirebirdTest;
import dev.gbakprof.testutil.Restores;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code inspect} of a database that embedded gbak, run as root, restored: the file is root's, and the real
 * server (user firebird) cannot open it. One line says why and what to do, and doing it works.
 */
@ExtendWith(FirebirdServer.Fixture.class)
@FirebirdTest
class InspectAccessTest {

    @Test
    void aRootOwnedDatabaseGetsAHintThatWorks(FirebirdServer.Folder folder) throws Exception {
        Path db = restoreAsRoot(folder);
        PosixFileAttributeView view = Files.getFileAttributeView(db, PosixFileAttributeView.class);
        var lookup = FileSystems.getDefault().getUserPrincipalLookupService();
        view.setOwner(lookup.lookupPrincipalByName("root"));
        view.setGroup(lookup.lookupPrincipalByGroupName("root"));
        view.setPermissions(PosixFilePermissions.fromString("rw-rw----"));

        // the server says "Permission denied"
        Cli.Result unreadable = FirebirdServer.inspect(db.toString());
        assertThat(unreadable.code()).isEqualTo(2);
        assertThat(unreadable.err().lines()).hasSize(1);
        assertThat(unreadable.err())
                .contains(
                        "cannot open " + db + ": the server (user firebird) cannot read the file (rw-rw---- root:root)")
                .contains("chown firebird:firebird " + db)
                .contains("gbakprof run --inspect");

        // readable but not writable: Firebird 3 says the login was refused, which is not the problem
        view.setPermissions(PosixFilePermissions.fromString("rw-r--r--"));
        Cli.Result readOnly = Cli.run("inspect", FirebirdServer.database(db));
        assertThat(readOnly.code()).isEqualTo(2);
        assertThat(readOnly.err())
                .contains("the server (user firebird) cannot write the file (rw-r--r-- root:root)")
                .contains("chown firebird:firebird " + db)
                .doesNotContain("wrong user name or password");

        // what the hint says to do
        view.setOwner(lookup.lookupPrincipalByName("firebird"));
        view.setGroup(lookup.lookupPrincipalByGroupName("firebird"));
        Cli.Result given = FirebirdServer.inspect(db.toString());
        assertThat(given.err()).isEmpty();
        assertThat(given.code()).isEqualTo(0);
        assertThat(given.out()).contains("page size");
    }

    @Test
    void aWrongPasswordIsStillAWrongPassword(FirebirdServer.Folder folder) throws Exception {
        Path db = restoreAsRoot(folder);
        Files.getFileAttributeView(db, PosixFileAttributeView.class)
                .setOwner(
                        FileSystems.getDefault().getUserPrincipalLookupService().lookupPrincipalByName("firebird"));
        Path pw = folder.resolve("wrong.password");
        Files.writeString(pw, "not-the-password\n");
        Files.setPosixFilePermissions(pw, PosixFilePermissions.fromString("rw-------"));
        Cli.Result r = FirebirdServer.inspect(db.toString(), "--password-file", pw.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("wrong user name or password").doesNotContain("chown");
    }

    /**
     * The diagnosis in the order a DBA needs it: a port where no server listens and a wrong password are said as
     * such, then a file that is no database (the backup given by mistake, a picture, an empty file, a folder) by its
     * first bytes: never "chown it to firebird", which would hand the backup to the server's account for nothing.
     */
    @Test
    void theServerTheLoginAndWhatTheFileIsComeBeforeAnyPermissionGuess(FirebirdServer.Folder folder) throws Exception {
        Path db = restoreAsRoot(folder);
        rootOnly(db);
        int closed;
        try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
            closed = s.getLocalPort(); // free once closed: nothing listens there
        }
        Cli.Result noServer = Cli.run("inspect", "--host", "localhost/" + closed, db.toString());
        assertThat(noServer.code()).isEqualTo(2);
        assertThat(noServer.err())
                .isEqualTo("gbakprof: localhost/" + closed + ": no Firebird server answers (Connection refused); is it"
                        + " running, and is this its address?\n");
        Path pw = folder.resolve("wrong.password");
        Files.writeString(pw, "not-the-password\n");
        Files.setPosixFilePermissions(pw, PosixFilePermissions.fromString("rw-------"));
        Cli.Result wrong = FirebirdServer.inspect(db.toString(), "--password-file", pw.toString());
        assertThat(wrong.err()).contains("wrong user name or password").doesNotContain("chown");

        Path fbk = Files.copy(Firebird.backup("small"), folder.resolve("small.fbk"));
        Path png = Files.copy(Path.of("docs/guide/img/report-html-two-configurations.png"), folder.resolve("a.png"));
        Path empty = Files.createFile(folder.resolve("empty.fdb"));
        Path dir = Files.createDirectories(folder.resolve("adir"));
        for (Path p : List.of(fbk, png, empty, dir)) {
            rootOnly(p);
        }
        String at = "gbakprof: " + FirebirdServer.ADDRESS + ": cannot open ";
        assertThat(FirebirdServer.inspect(fbk.toString()).err())
                .isEqualTo(at + fbk + ": a gbak backup, not a database: restore it first (gbakprof run --backup " + fbk
                        + " --database NEW.fdb --inspect)\n");
        assertThat(FirebirdServer.inspect(png.toString()).err())
                .isEqualTo(at + png
                        + ": a PNG picture, not a Firebird database (its first bytes are not a database's header page,"
                        + " nor a gbak backup's); expected a database file (gbak -c's output)\n");
        assertThat(FirebirdServer.inspect(empty.toString()).err())
                .isEqualTo(at + empty + ": an empty file, not a Firebird database; expected a database file (gbak -c's"
                        + " output)\n");
        Cli.Result folderGiven = FirebirdServer.inspect(dir.toString());
        assertThat(folderGiven.code()).isEqualTo(2);
        assertThat(folderGiven.err())
                .startsWith(at + dir + ": a folder, not a database file;")
                .doesNotContain("chown");
        // a database the server may not open still gets the hint
        assertThat(FirebirdServer.inspect(db.toString()).err()).contains("chown firebird:firebird " + db);
    }

    /** root's, {@code rw-r--r--}: the server (user firebird) may read it, not write it, as embedded gbak leaves it. */
    private static void rootOnly(Path p) throws java.io.IOException {
        PosixFileAttributeView view = Files.getFileAttributeView(p, PosixFileAttributeView.class);
        var lookup = FileSystems.getDefault().getUserPrincipalLookupService();
        view.setOwner(lookup.lookupPrincipalByName("root"));
        view.setGroup(lookup.lookupPrincipalByGroupName("root"));
        view.setPermissions(PosixFilePermissions.fromString(Files.isDirectory(p) ? "rwxr-xr-x" : "rw-r--r--"));
    }

    @Test
    void inspectRunWithoutDatabaseInspectsTheDatabaseThatRestoreMade(FirebirdServer.Folder folder) throws Exception {
        Path db = folder.resolve("run.fdb");
        Path runs = folder.resolve("runs");
        String fbk = Firebird.backup("small").toString();
        Cli.Result restored = Cli.run("run", "--backup", fbk, "--database", db.toString(), "--runs-dir", "" + runs);
        assertThat(restored.code()).as(restored.err()).isZero();
        Path runFolder = Restores.runDirs(runs).get(0);
        Files.setOwner(
                db, FileSystems.getDefault().getUserPrincipalLookupService().lookupPrincipalByName("firebird"));

        Cli.Result r = FirebirdServer.inspect("--run", runFolder.toString());

        assertThat(r.err()).isEmpty();
        assertThat(r.code()).isZero(); // the rows and indexes of the restore's log, verified in its database
        assertThat(r.out()).contains(db.toString()).contains("page size");

        Cli.Result neither = Cli.run("inspect");
        assertThat(neither.code()).isEqualTo(2);
        assertThat(neither.err())
                .isEqualTo("gbakprof: give DATABASE (a path, or host[/port]:path), or --run RUN to inspect the "
                        + "database that restore made\n");
    }

    /** The small fixture restored by embedded gbak as root, as a DBA's own gbak -c leaves it. */
    private static Path restoreAsRoot(FirebirdServer.Folder folder) throws java.io.IOException {
        Path db = folder.resolve("small.fdb");
        Firebird.restore(Firebird.backup("small"), db.toString());
        return db;
    }
}
