package dev.gbakprof.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.model.GbakExit;
import dev.gbakprof.model.IndexBuild;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.model.WarningCode;
import dev.gbakprof.store.RunJson;
import dev.gbakprof.testutil.FakeGbak;
import dev.gbakprof.testutil.Firebird;
import dev.gbakprof.testutil.FirebirdTest;
import dev.gbakprof.testutil.Jvm;
import dev.gbakprof.testutil.Restores;
import dev.gbakprof.testutil.Restores.Route;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A real SIGINT to a real gbakprof JVM while the real gbak restores. */
@FirebirdTest
class CtrlCTest {

    /** A real gbakprof JVM started with {@code args}, its standard output and error in {@code console}. */
    private static Process gbakprof(Path console, String... args) throws java.io.IOException {
        return new ProcessBuilder(Jvm.interruptible(Jvm.command(args)))
                .redirectErrorStream(true)
                .redirectOutput(console.toFile())
                .start();
    }

    /** A gbakprof JVM restoring, and its raw log once gbak wrote data lines ({@code null} if it did not in 30 s). */
    private record Restoring(Process jvm, Path log) {}

    /** A real gbakprof restoring the shop backup embedded into {@code db}, once gbak writes its data lines. */
    private static Restoring restoring(Path dir, Path runs, Path db, String label) throws Exception {
        Path fbk = Firebird.backup("shop");
        Process jvm = gbakprof(
                dir.resolve("console.txt"),
                Restores.args("run", Route.EMBEDDED, fbk, db, "--runs-dir", runs.toString(), "--label", label));
        return new Restoring(jvm, fileSaying(runs, "", "gbak.log", "restoring data for table", 30));
    }

    /**
     * The file {@code name} of the run folder under {@code runs} whose name ends in {@code tag}, once it holds {@code
     * text}; {@code null} when none did in {@code seconds}.
     */
    private static Path fileSaying(Path runs, String tag, String name, String text, long seconds) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (System.nanoTime() < deadline) {
            if (Files.isDirectory(runs)) {
                Path file;
                try (Stream<Path> s = Files.list(runs)) {
                    file = s.filter(d -> d.getFileName().toString().endsWith(tag))
                            .map(d -> d.resolve(name))
                            .filter(Files::exists)
                            .findFirst()
                            .orElse(null);
                }
                if (file != null && Files.readString(file).contains(text)) {
                    return file;
                }
            }
            Thread.sleep(20);
        }
        return null;
    }

    @Test
    void ctrlCKillsGbakAndStillWritesTheRecord(@TempDir Path dir) throws Exception {
        Path runs = dir.resolve("runs");
        Path db = dir.resolve("interrupted.fdb");
        Restoring r = restoring(dir, runs, db, "ctrl-c");
        Process jvm = r.jvm();
        Path log = r.log();
        assertThat(log).as("gbak started and wrote data lines").isNotNull();
        List<Long> gbaks = Firebird.gbakProcesses(db.toString());
        assertThat(gbaks).hasSize(1);
        new ProcessBuilder("kill", "-INT", Long.toString(jvm.pid())).start().waitFor();
        assertThat(jvm.waitFor(40, TimeUnit.SECONDS)).isTrue();

        assertThat(Firebird.gbakProcesses(db.toString())).isEmpty();
        assertThat(Path.of("/proc", gbaks.get(0).toString())).doesNotExist();
        RestoreRun run = RunJson.read(log.resolveSibling("run.json")).get(0);
        assertThat(run.status()).isEqualTo(RunStatus.INCOMPLETE);
        assertThat(run.warningMessages()).anyMatch(w -> w.contains("interrupted (Ctrl-C)"));
        assertThat(run.hasWarning(WarningCode.INTERRUPTED)).isTrue(); // what a series or matrix stops on
        assertThat(run.tables()).isNotEmpty();
        String seen = Files.readString(dir.resolve("console.txt")) + "\nwarnings: " + run.warningMessages();
        // what gbak's exit code means (143 SIGTERM of the stop, 141 SIGPIPE, 0 when it finished in the grace): the
        // same words in the record's warning and on the console
        String exit = GbakExit.words(run.exitCode(), WarningCode.INTERRUPTED);
        assertThat(run.exitCode()).as(seen).isNotNull();
        assertThat(run.warningMessages())
                .as(seen)
                .anyMatch(w -> w.startsWith("interrupted (Ctrl-C): gbakprof stopped gbak (pid ")
                        && w.contains(" (" + exit + ")"));
        assertThat(Files.readString(dir.resolve("console.txt")))
                .as(seen)
                .contains("  status     incomplete  (" + exit + ")");
        // the stop is the reason, with when it came; what gbak printed as it ended is the stop's doing, not an error
        assertThat(run.failure()).as(seen).matches("stopped by Ctrl-C after \\d+\\.\\d s");
        assertThat(Files.readString(dir.resolve("console.txt")))
                .as(seen)
                .contains("\n  incomplete " + run.failure() + "\n");
        assertThat(run.errors()).as(seen).isEmpty();
        assertThat(run.indexes()).as(seen).noneMatch(IndexBuild::failed);
        if (run.wentToTheEnd()) {
            // embedded gbak can go on after the SIGTERM and finish within the stop's grace (seen: exit 0 3.3 s after a
            // SIGTERM during the index builds): every table and index is there, so the database is kept, and said so
            assertThat(db).as(seen).exists();
            assertThat(run.warningMessages()).anyMatch(w -> w.contains("the database is not removed as partial"));
        } else {
            assertThat(db).as(seen).doesNotExist();
            assertThat(seen).contains("gbakprof: removed the partial database " + db);
        }
    }

    /**
     * A {@code kill}, a scheduler's or a service manager's stop (SIGTERM) is said as such, not as a person's Ctrl-C, with
     * the exit status the process really ends with (143).
     */
    @Test
    void aSigtermIsSaidAsSuchWithItsExitStatus(@TempDir Path dir) throws Exception {
        Path runs = dir.resolve("runs");
        Path db = dir.resolve("terminated.fdb");
        Path console = dir.resolve("console.txt");
        Restoring r = restoring(dir, runs, db, "term");
        assertThat(r.log()).as("gbak started and wrote data lines").isNotNull();
        Process jvm = r.jvm();
        new ProcessBuilder("kill", "-TERM", Long.toString(jvm.pid())).start().waitFor();
        assertThat(jvm.waitFor(40, TimeUnit.SECONDS)).isTrue();
        String out = Files.readString(console);
        assertThat(jvm.exitValue()).as(out).isEqualTo(143);
        assertThat(out).contains("gbakprof: stopped by SIGTERM during the restore (status incomplete); exit code 143");
        RestoreRun run = RunJson.read(r.log().resolveSibling("run.json")).get(0);
        assertThat(run.failure()).as(out).matches("stopped by SIGTERM after \\d+\\.\\d s");
        assertThat(run.warningMessages()).as(out).anyMatch(w -> w.startsWith("interrupted (SIGTERM): "));
        assertThat(run.hasWarning(WarningCode.INTERRUPTED)).isTrue();
        assertThat(Firebird.gbakProcesses(db.toString())).isEmpty();
    }

    @Test
    void ctrlCWhileGbakHangsAfterTheEndOfTheRestoreKeepsTheRestoredDatabase(@TempDir Path dir) throws Exception {
        Path fbk = Firebird.backup("small");
        Path runs = dir.resolve("runs");
        Path db = dir.resolve("finished.fdb");
        FakeGbak.HangingAtExit gbak = FakeGbak.hangingAtExit(dir);
        Path console = dir.resolve("console.txt");
        Process jvm = gbakprof(
                console,
                Restores.args(
                        "run",
                        Route.EMBEDDED,
                        fbk,
                        db,
                        "--gbak",
                        gbak.gbak().toString(),
                        "--runs-dir",
                        runs.toString(),
                        "--label",
                        "hang"));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (System.nanoTime() < deadline && !Files.exists(gbak.exited())) {
            Thread.sleep(20);
        }
        assertThat(gbak.exited()).as("the real gbak finished its restore").exists();
        // and gbakprof has read its last line (its raw log holds it): under load its reader can lag behind gbak's exit,
        // and a stop before that line is read is one during the restore, worded so
        fileSaying(runs, "", "gbak.log", "finishing, closing, and going home", 120);
        new ProcessBuilder("kill", "-INT", Long.toString(jvm.pid())).start().waitFor();
        assertThat(jvm.waitFor(40, TimeUnit.SECONDS)).isTrue();

        String out = Files.readString(console);
        assertThat(jvm.exitValue()).as(out).isEqualTo(130);
        assertThat(out).doesNotContain("removed the partial database");
        Path runDir;
        try (Stream<Path> s = Files.list(runs)) {
            runDir = s.findFirst().orElseThrow();
        }
        RestoreRun run = RunJson.read(runDir.resolve("run.json")).get(0);
        assertThat(run.status()).isEqualTo(RunStatus.INCOMPLETE); // gbak never said it was done: it did not exit
        assertThat(run.wentToTheEnd()).isTrue();
        assertThat(run.hasWarning(WarningCode.INTERRUPTED)).isTrue();
        assertThat(run.warningMessages())
                .anyMatch(w -> w.startsWith("interrupted (Ctrl-C): ")
                        && w.contains("gbak had printed the end of the restore (its last line at ")
                        && w.contains("FirebirdSQL/firebird#7589")
                        && w.contains("the database is not removed as partial"));
        assertThat(run.hasWarning(WarningCode.PARTIAL_DATABASE_KEPT)).isFalse();
        // kept, and whole: every row of the backup is there
        assertThat(DataLossTest.rows(db, "EMPLOYEES")).isEqualTo(300);
    }

    @Test
    void ctrlCInTheThirdOfThreeRestoresSaysWhatCompletedAndWhatWasStoppedThenExits130(@TempDir Path dir)
            throws Exception {
        Path fbk = Firebird.backup("small");
        Path runs = dir.resolve("runs");
        Path db = dir.resolve("repeated.fdb");
        // the real gbak, except that the third restore waits (so Ctrl-C surely lands in it, on a busy machine too)
        Path gbak = FakeGbak.waitingOn(dir, "-run3.fdb");
        Path console = dir.resolve("console.txt");
        Process jvm = gbakprof(
                console,
                Restores.args(
                        "run",
                        Route.EMBEDDED,
                        fbk,
                        db,
                        "--repeat",
                        "3",
                        "--cooldown",
                        "0",
                        "--gbak",
                        gbak.toString(),
                        "--runs-dir",
                        runs.toString(),
                        "--label",
                        "ctrl-c"));
        Path third = fileSaying(runs, "-r3", "gbak.log", "waiting", 120);
        assertThat(third).as("the third restore started").isNotNull();
        new ProcessBuilder("kill", "-INT", Long.toString(jvm.pid())).start().waitFor();
        assertThat(jvm.waitFor(60, TimeUnit.SECONDS)).isTrue();

        String out = Files.readString(console);
        assertThat(jvm.exitValue()).as(out).isEqualTo(130);
        assertThat(out)
                .containsPattern(
                        "repeated restores\n  run 1  completed +\\d+\\.\\d+ s .*\n  run 2  completed +\\d+\\.\\d+ s"
                                + ".*\n  run 3  incomplete +unknown .*\n  total over 2 restores: min ");
        assertThat(out)
                .contains("gbakprof: stopped by Ctrl-C during restore 3 of 3 (status incomplete); "
                        + "2 of 3 restores completed; exit code 130");
        assertThat(RunJson.read(third.resolveSibling("run.json")).get(0).status())
                .isEqualTo(RunStatus.INCOMPLETE);
    }

    /**
     * Ctrl-C in a matrix after restores of both arms completed: the table, the report of what completed (drawn after
     * the signal, not during the JVM's shutdown, where its PNG encoder could not register its shutdown hook: "Shutdown
     * in progress" and no report), the stop line as run --repeat says it, exit 130.
     */
    @Test
    void ctrlCInAMatrixWritesTheReportOfWhatCompletedThenExits130(@TempDir Path dir) throws Exception {
        Path fbk = Firebird.backup("small");
        Path out = dir.resolve("out");
        // restores: -bu 100, -bu 4000, then round 2 starts with -bu 4000 (restore 3), which waits for the Ctrl-C
        Path gbak = FakeGbak.waitingOn(dir, "-bu-4000-3.fdb");
        Path console = dir.resolve("console.txt");
        Process jvm = gbakprof(
                console,
                Restores.args(
                        "matrix",
                        Route.EMBEDDED,
                        fbk,
                        dir.resolve("m.fdb"),
                        "--vary",
                        "gbak:-bu 100,4000",
                        "--repeat",
                        "2",
                        "--warmup",
                        "0",
                        "--cooldown",
                        "0",
                        "--gbak",
                        gbak.toString(),
                        "--out",
                        out.toString()));
        Path third = fileSaying(out.resolve("runs"), "-m3", "gbak.log", "waiting", 120);
        assertThat(third).as("the third restore started").isNotNull();
        new ProcessBuilder("kill", "-INT", Long.toString(jvm.pid())).start().waitFor();
        assertThat(jvm.waitFor(60, TimeUnit.SECONDS)).isTrue();

        String said = Files.readString(console);
        assertThat(jvm.exitValue()).as(said).isEqualTo(130);
        assertThat(said)
                .as(said)
                .doesNotContain("Shutdown in progress")
                .containsPattern(
                        "\n  -bu 100 +completed .*\n  -bu 4000 +completed .*\n  -bu 4000 +incomplete +unknown ")
                .containsPattern("wrote \\d+ files to " + Pattern.quote(out.toString()) + ": report.png, report.html, ")
                .endsWith("gbakprof: stopped by Ctrl-C during restore 3 of 4 (status incomplete); 2 of 4 restores"
                        + " completed, 1 was not started; exit code 130\n");
        try (Stream<Path> files = Files.list(out)) {
            assertThat(files.map(p -> p.getFileName().toString()))
                    .contains("report.png", "report.html", "total.png", "summary.md", "runs.csv", "runs");
        }
        assertThat(ImageIO.read(out.resolve("report.png").toFile())).isNotNull();
        assertThat(RunJson.read(third.resolveSibling("run.json")).get(0).hasWarning(WarningCode.INTERRUPTED))
                .isTrue();
        try (Stream<Path> runs = Files.list(out.resolve("runs"))) {
            assertThat(runs).as("the fourth restore never started").hasSize(3);
        }
    }

    /**
     * Ctrl-C in the rest between two restores ends the rest: no other restore starts, and what completed is said at
     * once, not after the rest.
     */
    @Test
    void ctrlCInTheRestBetweenRestoresEndsTheSeriesAtOnce(@TempDir Path dir) throws Exception {
        Path fbk = Firebird.backup("small");
        Path runs = dir.resolve("runs");
        Path console = dir.resolve("console.txt");
        Process jvm = gbakprof(
                console,
                Restores.args(
                        "run",
                        Route.EMBEDDED,
                        fbk,
                        dir.resolve("rest.fdb"),
                        "--repeat",
                        "3",
                        "--cooldown",
                        "90",
                        "--runs-dir",
                        runs.toString(),
                        "--label",
                        "rest"));
        assertThat(fileSaying(runs, "-r1", "run.json", "\"status\"", 120))
                .as("the first restore ended")
                .isNotNull();
        Thread.sleep(500); // into the rest
        long signalled = System.nanoTime();
        new ProcessBuilder("kill", "-INT", Long.toString(jvm.pid())).start().waitFor();
        assertThat(jvm.waitFor(60, TimeUnit.SECONDS)).isTrue();
        double took = (System.nanoTime() - signalled) / 1e9;

        String said = Files.readString(console);
        assertThat(jvm.exitValue()).as(said).isEqualTo(130);
        assertThat(said)
                .as(said)
                .contains("gbakprof: resting 90.0 s before the next restore")
                .endsWith(
                        "gbakprof: stopped by Ctrl-C; 1 of 3 restores completed, 2 were not started; exit code 130\n");
        assertThat(took).as("ended with the rest, not after it").isLessThan(30);
        try (Stream<Path> folders = Files.list(runs)) {
            assertThat(folders).hasSize(1);
        }
    }
}
