package dev.gbakprof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.firebird.FirebirdAccessException;
import dev.gbakprof.log.LogFormatException;
import dev.gbakprof.power.PowerPlanException;
import dev.gbakprof.report.FontsUnavailableException;
import dev.gbakprof.run.RunRefusedException;
import dev.gbakprof.store.OutputRefusedException;
import dev.gbakprof.testutil.Cli;
import dev.gbakprof.testutil.FakeGbak;
import dev.gbakprof.testutil.FirebirdTest;
import dev.gbakprof.testutil.Restores;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each failure carries its exit code, mapped in one place; an output that cannot be written is refused first. */
class ExitCodesTest {
    @Test
    void eachFailureCarriesItsCodeAndAnythingElseIsOne() {
        assertThat(Main.exitCode(new UsageException("x"))).isEqualTo(2);
        assertThat(Main.exitCode(new RunRefusedException("x"))).isEqualTo(2);
        assertThat(Main.exitCode(new OutputRefusedException("x"))).isEqualTo(2);
        assertThat(Main.exitCode(new LogFormatException("f", 1, "x"))).isEqualTo(2);
        assertThat(Main.exitCode(new FirebirdAccessException("x", null))).isEqualTo(2);
        assertThat(Main.exitCode(new PowerPlanException("x"))).isEqualTo(1);
        assertThat(Main.exitCode(new FontsUnavailableException("x"))).isEqualTo(1);
        assertThat(Main.exitCode(new IllegalStateException("a bug"))).isEqualTo(1);
    }

    @Test
    void helpListsEveryExitCode() {
        Cli.Result r = Cli.run("--help");
        assertThat(r.code()).isZero();
        assertThat(r.out())
                .contains("Exit codes:")
                .containsPattern("(?m)^\\s+0\\s+ok")
                .containsPattern("(?m)^\\s+1\\s+the restore")
                .containsPattern("(?m)^\\s+2\\s+bad usage")
                .containsPattern("(?m)^\\s+3\\s+plan --check")
                .containsPattern("(?m)^\\s+130\\s+stopped by Ctrl-C");
    }

    @Test
    void anOutOfReportUnderAFileIsRefusedWithTwoBeforeAnyWork(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("a-file"), "x");
        Cli.Result r = Cli.run(
                "report",
                "samples/shop-tdrw.log",
                "--out",
                file.resolve("report").toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err().strip())
                .isEqualTo("gbakprof: --out " + file.resolve("report") + ": " + file
                        + " is a file, not a folder; nothing was done. Choose another --out");
        assertThat(Files.readString(file)).isEqualTo("x");
    }

    @Test
    void anOutOnAReadOnlyFileSystemIsRefusedWithTwo() {
        Cli.Result r =
                Cli.run("compare", "samples/shop-tdrw.log", "samples/small-tdrw.log", "--out", "/proc/gbakprof-report");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err())
                .startsWith("gbakprof: --out /proc/gbakprof-report: cannot write in /proc")
                .doesNotContain("\tat ");
        assertThat(r.out()).isEmpty();
    }

    @Test
    void aNegativeTopIsOneLineOfBadUsageInEveryCommand(@TempDir Path dir) {
        Map<String, Cli.Result> runs = Map.of(
                "parse", Cli.run("parse", "--top", "-1", "samples/small-tdrw.log"),
                "estimate", Cli.run("estimate", "--top", "-2", "--scale", "2", "samples/shop-tdrw.log"),
                "report", Cli.run("report", "--top", "-3", "samples/small-tdrw.log", "--out", dir.toString()));
        runs.forEach((command, r) -> {
            assertThat(r.code()).as(command).isEqualTo(2);
            assertThat(r.err()).as(command).startsWith("gbakprof: --top -").containsOnlyOnce("\n");
            assertThat(r.out()).as(command).isEmpty();
        });
    }

    @Test
    void parseMinusOInAnUnwritableFolderIsRefusedWithTwoBeforeParsing() {
        Cli.Result r = Cli.run("parse", "samples/shop-tdrw.log", "-o", "/proc/gbakprof.json");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).startsWith("gbakprof: -o FILE /proc/gbakprof.json: cannot write in /proc");
        assertThat(r.out()).isEmpty(); // refused before the log's summary was printed
    }

    @FirebirdTest
    @Test
    void runsDirUnderAFileIsRefusedWithTwoBeforeGbakStarts(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("a-file"), "x");
        Path backup = FakeGbak.backupLike(dir.resolve("b.fbk"), "not restored");
        Cli.Result r = Restores.run(backup, dir.resolve("d.fdb"), file.resolve("runs"));
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("--runs-dir " + file.resolve("runs") + ": " + file + " is a file, not a folder");
        assertThat(dir.resolve("d.fdb")).doesNotExist();
    }

    @FirebirdTest
    @Test
    void runsDirAndMatrixOutInAMissingFolderAreRefusedWithTwoBeforeGbakStarts(@TempDir Path dir) throws Exception {
        Path backup = FakeGbak.backupLike(dir.resolve("b.fbk"), "not restored");
        Path missing = dir.resolve("typo/deeper");
        Cli.Result run = Restores.run(backup, dir.resolve("d.fdb"), missing.resolve("runs"));
        assertThat(run.code()).as(run.err()).isEqualTo(2);
        assertThat(run.err())
                .isEqualTo("gbakprof: --runs-dir " + missing.resolve("runs") + ": folder " + missing + " does not "
                        + "exist; nothing was done. Create it, or choose another --runs-dir\n");
        Cli.Result matrix =
                Restores.matrix(backup, dir.resolve("m.fdb"), missing.resolve("m"), "--vary", "gbak:-bu 10,20");
        assertThat(matrix.code()).as(matrix.err()).isEqualTo(2);
        assertThat(matrix.err()).contains("--out " + missing.resolve("m") + ": folder " + missing + " does not exist");
        assertThat(dir.resolve("typo")).doesNotExist();
        assertThat(dir.resolve("d.fdb")).doesNotExist();
    }

    /**
     * A typo in an output's path makes no tree of folders: the folder an output file goes into, and the folder that
     * holds an output directory, must exist; the directory itself is created.
     */
    @Test
    void aMissingFolderAboveAnOutputIsRefusedAndNothingIsCreated(@TempDir Path dir) throws Exception {
        Path typo = dir.resolve("typo");
        Path missing = typo.resolve("deeper");
        String log = "samples/shop-tdrw.log";
        record Case(String option, Path path, String... args) {}
        for (Case c : List.of(
                new Case("-o FILE", missing.resolve("x.json"), "parse", log, "-o"),
                new Case("--out", missing.resolve("r"), "report", log, "--out"),
                new Case("--out", missing.resolve("c"), "compare", log, "samples/small-tdrw.log", "--out"),
                new Case("--out", missing.resolve("t"), "history", "samples/seven", "--out"),
                new Case("--out", missing.resolve("d"), "demo", "--out"))) {
            List<String> args = new ArrayList<>(List.of(c.args()));
            args.add(c.path().toString());
            Cli.Result r = Cli.run(args.toArray(String[]::new));
            assertThat(r.code()).as(args + ": " + r.err()).isEqualTo(2);
            assertThat(r.err())
                    .isEqualTo("gbakprof: " + c.option() + " " + c.path() + ": folder " + missing
                            + " does not exist; nothing was done. Create it, or choose another " + c.option() + "\n");
            assertThat(r.out()).isEmpty();
        }
        Path prom = missing.resolve("x.prom");
        Cli.Result check = Cli.run("check", "samples/seven", "--prometheus", prom.toString());
        assertThat(check.code()).isEqualTo(3); // check's UNKNOWN, as for its other usage errors
        assertThat(check.out())
                .isEqualTo("UNKNOWN: --prometheus " + prom + ": folder " + missing
                        + " does not exist; nothing was done. Create it, or choose another --prometheus\n");
        assertThat(typo).doesNotExist();

        // the directory itself is made, in a folder that exists
        Cli.Result made = Cli.run("history", "samples/seven", "--out", typo.toString());
        assertThat(made.code()).as(made.err()).isZero();
        assertThat(typo.resolve("trend.png")).isNotEmptyFile();
    }
}
