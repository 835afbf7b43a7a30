package dev.gbakprof.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.firebird.ServerAddress;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.store.RunJson;
import dev.gbakprof.testutil.Cli;
import dev.gbakprof.testutil.FirebirdServer;
import dev.gbakprof.testutil.FirebirdTest;
import dev.gbakprof.testutil.RemoteServer;
import dev.gbakprof.testutil.Restores;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code run --host} and {@code run --via service --host} to a server gbakprof sees as on another machine: the real
 * test server at an address of a network namespace ({@link RemoteServer}), with a baseline of the same backup and
 * route. gbak reads the backup here (its read position gives the ETA); the services manager of a remote server reads
 * it there, where no read position can be seen: the ETA goes by rows and says why.
 */
@ExtendWith(FirebirdServer.Fixture.class)
@FirebirdTest
class RemoteServerRunTest {

    @Test
    void aRemoteServersRestoreGoesByRowsAndSaysWhyWhereTheServerReadsTheBackup(FirebirdServer.Folder f)
            throws Exception {
        String password = System.getenv("ISC_PASSWORD");
        Path fbk = f.backup("small");
        String backup = fbk.toString();
        Path runs = f.resolve("runs");
        try (RemoteServer remote = RemoteServer.start()) {
            String ip = remote.host();
            String host = ip + "/" + FirebirdServer.ADDRESS.port();
            String here = remote.hostSide() + "/" + FirebirdServer.ADDRESS.port();
            assertThat(ServerAddress.parse(host).onThisMachine())
                    .as(ip + " is on no interface of this machine")
                    .isFalse();
            assertThat(ServerAddress.parse(remote.hostSide()).onThisMachine())
                    .as("this machine's end of the veth pair")
                    .isTrue();

            // gbak to the server over TCP: gbak reads the backup here, so its descriptor's position is read
            assertThat(run(runs, "gbak1", "--host", host, "--backup", backup, "--database", db(f, "g1")))
                    .isEmpty();
            List<String> gbakProgress =
                    run(runs, "gbak2", "--host", host, "--backup", backup, "--database", db(f, "g2"));
            RestoreRun g2 = record(runs, "gbak2");
            assertThat(g2.database()).isEqualTo(host + ":" + f.resolve("g2.fdb"));
            assertThat(g2.etaBasis())
                    .startsWith(
                            "baseline gbak1 (same backup and route, gbak 3.0); data phase by the backup's read position "
                                    + "(gbak pid ");
            assertThat(gbakProgress).noneSatisfy(l -> assertThat(l).contains("by rows"));
            // the file gbak read is here: its size and SHA-256 are recorded
            assertThat(g2.backupBytes()).isEqualTo(Files.size(fbk));
            assertThat(g2.backupSha256()).isEqualTo(dev.gbakprof.store.ReportDir.sha256(fbk));
            assertThat(g2.worker())
                    .as("the server's process is not seen from here")
                    .isNull();

            // the services manager of a server elsewhere reads the backup itself: no read position, by rows
            List<String> first = run(runs, "service1", service(host, backup, db(f, "s1")));
            assertThat(first).noneSatisfy(l -> assertThat(l).contains("ETA"));
            List<String> progress = run(runs, "service2", service(host, backup, db(f, "s2"), "--inspect"));
            String why = "the backup is read by the server on " + ip
                    + ", a remote server: its descriptors are not seen from here";
            assertThat(progress)
                    .containsOnlyOnce("gbakprof: the ETA goes by rows restored: the backup's read position cannot be "
                            + "read (" + why + ")")
                    .anySatisfy(l -> assertThat(l)
                            .startsWith("gbakprof: data ")
                            .containsPattern(" \\| ETA \\d+ s \\(\\d+–\\d+\\) by rows$"))
                    .anySatisfy(l -> assertThat(l)
                            .startsWith("gbakprof: indexes ")
                            .containsPattern(" \\| ETA \\d+ s \\(\\d+–\\d+\\)$"));
            RestoreRun s2 = record(runs, "service2");
            assertThat(s2.etaBasis())
                    .startsWith("baseline service1 (same backup and route); data phase by rows against the "
                            + "baseline's: no read position (" + why + "); last: ");
            // the paths are the server's: sent as given, and nothing of this machine is claimed for them
            assertThat(s2.database()).isEqualTo(f.resolve("s2.fdb").toString());
            assertThat(s2.backupBytes()).isNull();
            assertThat(s2.backupSha256()).isNull();
            assertThat(s2.worker()).isNull();
            assertThat(s2.status()).isEqualTo(dev.gbakprof.model.RunStatus.COMPLETED);
            assertThat(s2.inspection().problems())
                    .as("rows and indexes verified through " + host)
                    .isEmpty();
            assertThat(f.resolve("s2.fdb.gbakprof-lock")).doesNotExist();

            // a relative path means nothing on another machine: refused before anything starts
            Cli.Result relative = refused(runs, service(host, "small.fbk", db(f, "s3")));
            assertThat(relative.code()).isEqualTo(2);
            assertThat(relative.err())
                    .isEqualTo("gbakprof: --backup small.fbk: a relative path, which the server " + host
                            + " would look for in its own working folder; give its absolute path on that server"
                            + System.lineSeparator());
            // an existing database is asked of the server and left untouched; --replace cannot be done from here
            Cli.Result exists = refused(runs, service(host, backup, db(f, "s1")));
            assertThat(exists.code()).as(exists.err()).isEqualTo(2);
            assertThat(exists.err()).contains(f.resolve("s1.fdb").toString()).contains("exists");
            Cli.Result replace = refused(runs, service(host, backup, db(f, "s1"), "--replace"));
            assertThat(replace.code()).as(replace.err()).isEqualTo(2);
            assertThat(replace.err()).contains("--replace of a database on another machine is refused");

            // this machine's end of the pair is one of its own addresses, not a localhost name: the server there is
            // this machine's, and its descriptor of the backup gives the position
            assertThat(run(runs, "here1", service(here, backup, db(f, "h1")))).isEmpty();
            assertThat(run(runs, "here2", service(here, backup, db(f, "h2"))))
                    .noneSatisfy(l -> assertThat(l).contains("by rows"));
            assertThat(record(runs, "here2").etaBasis())
                    .startsWith("baseline here1 (same backup and route); data phase by the backup's read position "
                            + "(server pid ");
            assertThat(record(runs, "here2").backupSha256()).isEqualTo(g2.backupSha256());
            // and its process is sampled as a server on this machine, as through localhost (the shop backup: the small
            // one's restore of 0.15 s ends before the first sample)
            run(runs, "here3", service(here, f.backup("shop").toString(), db(f, "h3")));
            assertThat(record(runs, "here3").worker()).matches("Firebird server \\(pid \\d+\\)");
            assertThat(Restores.runDirs(runs)).hasSize(7);
        }

        // no password in any file of the runs (the argument lists are in their records: command)
        try (Stream<Path> files = Files.walk(runs)) {
            for (Path p : files.filter(Files::isRegularFile).toList()) {
                assertThat(Files.readString(p, StandardCharsets.ISO_8859_1))
                        .as(p.toString())
                        .doesNotContain(password);
            }
        }
        assertThat(record(runs, "gbak2").command()).contains("-user", "SYSDBA").doesNotContain(password);
    }

    /** {@code --via service --host host --backup backup --database database}, then {@code more}. */
    private static String[] service(String host, String backup, String database, String... more) {
        List<String> args = new java.util.ArrayList<>(
                List.of("--via", "service", "--host", host, "--backup", backup, "--database", database));
        args.addAll(List.of(more));
        return args.toArray(String[]::new);
    }

    /** {@code gbakprof run args... --runs-dir runs}, which is to be refused. */
    private static Cli.Result refused(Path runs, String... args) {
        List<String> all = new java.util.ArrayList<>(List.of("run"));
        all.addAll(List.of(args));
        all.addAll(List.of("--runs-dir", runs.toString()));
        return Cli.run(all.toArray(String[]::new));
    }

    private static String db(FirebirdServer.Folder f, String name) {
        return f.resolve(name + ".fdb").toString();
    }

    /** {@code gbakprof run ARGS --runs-dir runs --label label}, which must succeed; the progress lines it printed. */
    private static List<String> run(Path runs, String label, String... args) {
        List<String> all = new java.util.ArrayList<>(List.of("run"));
        all.addAll(List.of(args));
        all.addAll(List.of("--runs-dir", runs.toString(), "--label", label));
        PrintStream saved = System.err;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream capture = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            System.setErr(capture);
            Cli.Result r = Cli.run(all.toArray(String[]::new));
            assertThat(r.code()).as(r.err()).isZero();
        } finally {
            System.setErr(saved);
        }
        List<String> lines = bytes.toString(StandardCharsets.UTF_8).lines().toList();
        return lines.stream().filter(l -> l.contains("ETA")).toList();
    }

    private static RestoreRun record(Path runs, String label) throws Exception {
        for (Path d : Restores.runDirs(runs)) {
            RestoreRun run = RunJson.read(d.resolve("run.json")).get(0);
            if (label.equals(run.label())) {
                return run;
            }
        }
        throw new AssertionError("no run labelled " + label + " in " + runs);
    }
}
