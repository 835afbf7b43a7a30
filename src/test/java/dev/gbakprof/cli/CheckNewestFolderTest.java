package dev.gbakprof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gbakprof.testutil.Cli;
import dev.gbakprof.testutil.FakeGbak;
import dev.gbakprof.testutil.Firebird;
import dev.gbakprof.testutil.FirebirdServer;
import dev.gbakprof.testutil.FirebirdTest;
import dev.gbakprof.testutil.Jvm;
import dev.gbakprof.testutil.Restores;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code check} judges the newest run folder whatever state it is in, on run folders of real restores: a run killed by
 * a real SIGKILL, one still running, and the newest record damaged in each way a disk or a hand can damage it.
 * {@code history} and {@code compare} name such folders in a note and go on.
 */
@FirebirdTest
@ExtendWith(FirebirdServer.Fixture.class)
class CheckNewestFolderTest {

    @TempDir
    Path dir;

    /** Three real restores of erp.fbk, labelled nightly. */
    private Path nights() throws IOException {
        Path runs = dir.resolve("runs");
        Path erp = dir.resolve("erp.fbk");
        Files.copy(Firebird.backup("small"), erp);
        for (int i = 0; i < 3; i++) {
            Path db = dir.resolve("erp-test.fdb");
            Cli.Result r = Restores.run(erp, db, runs, "--label", "nightly");
            assertThat(r.code()).as(r.err()).isZero();
            Files.deleteIfExists(db);
        }
        return runs;
    }

    private static Cli.Result check(Path runs, String... more) {
        List<String> a = new ArrayList<>(List.of("check", runs.toString()));
        a.addAll(List.of(more));
        return Cli.run(a.toArray(String[]::new));
    }

    private static Path newest(Path runs) throws IOException {
        List<Path> dirs = Restores.runDirs(runs);
        return dirs.get(dirs.size() - 1);
    }

    @Test
    void aKilledRunIsCriticalARunningOneUnknownAndHistoryAndCompareGoOn() throws Exception {
        Path runs = nights();
        assertThat(check(runs, "--rto", "4h", "--max-age", "26h", "--slower", "100000")
                        .code())
                .isZero();

        // a real gbakprof JVM restores for real; its gbak then hangs at its exit, so the run is caught while running
        FakeGbak.HangingAtExit gbak = FakeGbak.hangingAtExit(dir);
        Process jvm = new ProcessBuilder(Jvm.command(Restores.args(
                        "run",
                        Restores.Route.EMBEDDED,
                        dir.resolve("erp.fbk"),
                        dir.resolve("tonight.fdb"),
                        "--gbak",
                        gbak.gbak().toString(),
                        "--runs-dir",
                        runs.toString(),
                        "--label",
                        "nightly")))
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("console.txt").toFile())
                .start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (System.nanoTime() < deadline && !Files.exists(gbak.exited())) {
            Thread.sleep(20);
        }
        assertThat(gbak.exited()).as("the real gbak finished its restore").exists();
        Path tonight = newest(runs);
        Cli.Result running = check(runs, "--rto", "4h", "--max-age", "26h");
        assertThat(running.code()).as(running.out()).isEqualTo(3);
        assertThat(running.out())
                .startsWith("UNKNOWN: erp: the newest restore is still running (started ")
                .contains("gbakprof process " + jvm.pid())
                .contains(tonight.toString());
        // another run into the same database is refused naming the living run (not "left by a run that was killed?")
        Cli.Result second = Cli.run(Restores.args(
                "run",
                Restores.Route.EMBEDDED,
                dir.resolve("erp.fbk"),
                dir.resolve("tonight.fdb"),
                "--replace",
                "--runs-dir",
                dir.resolve("runs2").toString()));
        assertThat(second.code()).as(second.err()).isEqualTo(2);
        assertThat(second.err())
                .contains(": another gbakprof run is restoring into this database (gbakprof process " + jvm.pid());
        // hung past the RTO, or longer than the maximum age: CRITICAL already, whatever it becomes
        Thread.sleep(1100);
        Cli.Result overRto = check(runs, "--rto", "1s");
        assertThat(overRto.code()).as(overRto.out()).isEqualTo(2);
        assertThat(overRto.out())
                .startsWith("CRITICAL: erp: the newest restore is still running after ")
                .contains(", over the RTO 1.0 s (started ");
        Cli.Result overAge = check(runs, "--rto", "4h", "--max-age", "1s");
        assertThat(overAge.code()).as(overAge.out()).isEqualTo(2);
        assertThat(overAge.out())
                .startsWith(
                        "CRITICAL: erp: no restore newer than 1.0 s finished: the newest is still running (started ");

        List<ProcessHandle> children = jvm.descendants().toList();
        new ProcessBuilder("kill", "-KILL", Long.toString(jvm.pid())).start().waitFor();
        assertThat(jvm.waitFor(30, TimeUnit.SECONDS)).isTrue();
        children.forEach(ProcessHandle::destroyForcibly); // what kill -9 leaves behind: the wrapper's sleep
        assertThat(tonight.resolve("run.json")).doesNotExist();

        Cli.Result killed = check(runs, "--rto", "4h", "--max-age", "26h");
        assertThat(killed.code()).as(killed.out()).isEqualTo(2);
        assertThat(killed.out())
                .startsWith("CRITICAL: erp: tonight's restore left no record (killed or crashed?) (started ")
                .contains("no run.json in " + tonight)
                .contains("gbakprof process " + jvm.pid() + " is gone");
        // --backup names it too: the marker says which backup the night was
        assertThat(check(runs, "--backup", "erp").code()).isEqualTo(2);

        // an older gbakprof left no marker: the folder's name tells whose night it was
        Files.delete(tonight.resolve(".gbakprof-running"));
        assertThat(check(runs).out()).startsWith("CRITICAL: erp: tonight's restore left no record");

        Cli.Result history = Cli.run("history", runs.toString());
        assertThat(history.code()).as(history.err()).isZero();
        assertThat(history.out())
                .contains("erp.fbk: 3 runs: 3 completed")
                .contains("note: " + tonight + ": the restore left no record (killed or crashed?)");

        // compare of every run folder, the killed one among them: a note, and the comparison
        List<String> args = new ArrayList<>(List.of("compare"));
        List<Path> folders = Restores.runDirs(runs);
        for (int i = 0; i < folders.size(); i++) {
            args.add((i % 2 == 0 ? "a=" : "b=") + folders.get(i));
        }
        Cli.Result compare = Cli.run(args.toArray(String[]::new));
        assertThat(compare.code()).as(compare.err()).isZero();
        assertThat(compare.err()).contains("note: " + tonight + ": the restore left no record");
    }

    @Test
    void aRefusedNightIsCriticalUntilTheNextRestoreAndHistoryGoesOn() throws Exception {
        Path runs = nights();
        Path erp = dir.resolve("erp.fbk");
        Path db = dir.resolve("erp-test.fdb");
        Files.move(erp, dir.resolve("erp.fbk.moved")); // tonight's backup was not made

        Cli.Result refused = Restores.run(erp, db, runs, "--label", "nightly");
        assertThat(refused.code()).as(refused.err()).isEqualTo(2);
        assertThat(refused.err()).isEqualTo("gbakprof: " + erp + ": no such backup file" + System.lineSeparator());
        List<Path> left = Restores.refusedDirs(runs);
        assertThat(left).hasSize(1);
        Path tonight = left.get(0);
        try (Stream<Path> files = Files.list(tonight)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly(".gbakprof-running");
        }

        Cli.Result c = check(runs, "--rto", "4h", "--max-age", "26h");
        assertThat(c.code()).as(c.out()).isEqualTo(2);
        assertThat(c.out())
                .startsWith("CRITICAL: erp: tonight's restore was refused before it started (at ")
                .contains(" s ago): " + erp + ": no such backup file | age=");
        assertThat(check(runs, "--label", "nightly").code()).isEqualTo(2);
        assertThat(check(runs, "--backup", "erp").code()).isEqualTo(2);
        JsonNode json = new ObjectMapper().readTree(check(runs, "--json").out());
        assertThat(json.get("status").asText()).isEqualTo("CRITICAL");
        assertThat(json.at("/run/status").asText()).isEqualTo("refused");
        assertThat(json.at("/run/folder").asText()).isEqualTo(tonight.toString());
        Path prom = dir.resolve("erp.prom");
        check(runs, "--prometheus", prom.toString());
        assertThat(Files.readString(prom))
                .contains("gbakprof_check_status{backup=\"erp.fbk\",label=\"nightly\"} 2")
                .contains("gbakprof_restore_success{backup=\"erp.fbk\",label=\"nightly\"} 0");

        Cli.Result history = Cli.run("history", runs.toString());
        assertThat(history.code()).as(history.err()).isZero();
        assertThat(history.out())
                .contains("erp.fbk: 3 runs: 3 completed")
                .contains("note: " + tonight + ": the restore was refused: " + erp + ": no such backup file; left"
                        + " out");
        assertThat(Cli.run("status", runs.toString()).out()).contains("no restore is running in " + runs);

        // the next night: the backup is back, but last night's database was left where the restore goes
        Files.move(dir.resolve("erp.fbk.moved"), erp);
        Files.writeString(db, "left by hand");
        Cli.Result exists = Restores.run(erp, db, runs, "--label", "nightly");
        assertThat(exists.code()).as(exists.err()).isEqualTo(2);
        assertThat(Files.readString(db)).isEqualTo("left by hand");
        assertThat(check(runs).out())
                .startsWith("CRITICAL: erp: tonight's restore was refused before it started")
                .contains(db.toString());

        Files.delete(db);
        assertThat(Restores.run(erp, db, runs, "--label", "nightly").code()).isZero();
        // the band is out (--slower 100000): a loaded machine's restore may be slower than its baseline's for real
        Cli.Result ok = check(runs, "--rto", "4h", "--max-age", "26h", "--slower", "100000");
        assertThat(ok.code()).as(ok.out()).isZero();
        assertThat(ok.out()).startsWith("OK: erp restored in ");
    }

    @Test
    void aDamagedOrImpossibleNewestRecordIsUnknownNamingTheFile() throws Exception {
        Path runs = nights();
        Cli.Result ok = check(runs, "--slower", "100000");
        assertThat(ok.code()).as(ok.out()).isZero();
        Path record = newest(runs).resolve("run.json");
        String json = Files.readString(record);
        Map<String, String> damages = new java.util.LinkedHashMap<>();
        damages.put("negative total", total(json, "-5.0"));
        damages.put("infinite total", total(json, "1e309"));
        damages.put("total over 30 days", total(json, "2600000.0"));
        damages.put(
                "phases that do not add up",
                json.replaceFirst("(\"name\" : \"data\",\\s*\"seconds\" : )[0-9.]+", "$1" + "9.5"));
        damages.put("cut short", json.substring(0, json.length() / 2));
        int n = 0;
        for (Map.Entry<String, String> d : damages.entrySet()) {
            Path copy = copy(runs, dir.resolve("damaged-" + n++));
            Path r = newest(copy).resolve("run.json");
            Files.writeString(r, d.getValue());
            Cli.Result c = check(copy);
            assertThat(c.code()).as(d.getKey() + ": " + c.out()).isEqualTo(3);
            assertThat(c.out())
                    .as(d.getKey())
                    .startsWith("UNKNOWN: erp: the newest restore's record cannot be judged")
                    .contains(r.toString());
            Cli.Result history = Cli.run("history", copy.toString());
            assertThat(history.code()).as(d.getKey() + history.err()).isZero();
            assertThat(history.out()).contains("note: " + r);
        }
        // a whole record, but a file of the folder changed after the run: SHA256SUMS no longer matches
        Path copy = copy(runs, dir.resolve("changed"));
        Path log = newest(copy).resolve("gbak.log");
        Files.writeString(log, "\n", StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.APPEND);
        Cli.Result changed = check(copy);
        assertThat(changed.code()).as(changed.out()).isEqualTo(3);
        assertThat(changed.out()).contains(log + ": no longer matches its SHA-256 in ");
    }

    @Test
    void theRunCountIsTheBands() throws Exception {
        Path runs = nights();
        Path erp = dir.resolve("erp.fbk");
        Cli.Result fourth = Restores.run(erp, dir.resolve("erp-test.fdb"), runs, "--label", "nightly");
        assertThat(fourth.code()).isZero();
        Cli.Result c = check(runs, "--slower", "100000");
        Matcher m = Pattern.compile("from (\\d+) runs\\)").matcher(c.out());
        assertThat(m.find()).as(c.out()).isTrue();
        JsonNode h = new ObjectMapper()
                .readTree(Cli.run("history", runs.toString(), "--json").out());
        JsonNode restores = h.path("backups").get(0).path("restores");
        int bandRuns =
                restores.get(restores.size() - 1).path("band").path("runs").asInt();
        assertThat(Integer.parseInt(m.group(1))).isEqualTo(bandRuns).isEqualTo(3);
    }

    @Test
    void aMissingOrWrongPasswordIsRefusedBeforeTheRestore(FirebirdServer.Folder f) throws Exception {
        Path backup = f.backup("small");
        Path runs = dir.resolve("runs");
        List<String> args = List.of(Restores.args(
                "run",
                Restores.Route.SERVER,
                backup,
                f.resolve("login.fdb"),
                "--runs-dir",
                runs.toString(),
                "--label",
                "nightly"));
        Cli.Result wrong = jvm(args, "ISC_PASSWORD", "not-the-password");
        assertThat(wrong.code()).as(wrong.out()).isEqualTo(2);
        assertThat(wrong.out())
                .contains("wrong user name or password for SYSDBA")
                .doesNotContain("not-the-password");
        assertThat(runs).doesNotExist(); // refused before the restore: no run folder

        // no password at all: refused as the wrong one is (gbak tried, and a failed night was recorded); where the
        // runs folder exists the refused night's folder says so, and check calls it a configuration problem
        Files.createDirectories(runs);
        Cli.Result none = jvm(args, "ISC_PASSWORD", null);
        assertThat(none.code()).as(none.out()).isEqualTo(2);
        assertThat(none.out())
                .startsWith("gbakprof: gbak restores through the server " + FirebirdServer.ADDRESS
                        + ", which needs a login: give the password with --password-file F or the ISC_PASSWORD"
                        + " environment variable");
        assertThat(Restores.runDirs(runs)).as("no failed restore recorded").isEmpty();
        Cli.Result c = check(runs);
        assertThat(c.code()).as(c.out()).isEqualTo(3);
        assertThat(c.out())
                .startsWith("UNKNOWN: small: the newest restore (at ")
                .contains("was refused at its login, a configuration problem");
    }

    /** {@code gbakprof ARGS} in a JVM of its own with {@code name} set to {@code value} (unset: {@code null}). */
    private Cli.Result jvm(List<String> args, String name, String value) throws Exception {
        Path console = Files.createTempFile(dir, "console", ".txt");
        ProcessBuilder pb = new ProcessBuilder(Jvm.command(args.toArray(String[]::new)))
                .redirectErrorStream(true)
                .redirectOutput(console.toFile());
        if (value == null) {
            pb.environment().remove(name);
        } else {
            pb.environment().put(name, value);
        }
        Process p = pb.start();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        return new Cli.Result(p.exitValue(), Files.readString(console), "");
    }

    private static String total(String json, String value) {
        return json.replaceFirst("\"totalSeconds\" : [0-9.]+", "\"totalSeconds\" : " + value);
    }

    private static Path copy(Path runs, Path to) throws IOException {
        try (Stream<Path> s = Files.walk(runs)) {
            for (Path p : s.sorted(Comparator.naturalOrder()).toList()) {
                Path t = to.resolve(runs.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(t);
                } else {
                    Files.copy(p, t);
                }
            }
        }
        return to;
    }
}
