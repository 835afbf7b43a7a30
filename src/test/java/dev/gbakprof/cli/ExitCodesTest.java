package dev.gbakprof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.firebird.FirebirdAccessException;
import dev.gbakprof.log.LogFormatException;
import dev.gbakprof.power.PowerPlanException;
import dev.gbakprof.report.FontsUnavailableException;
import dev.gbakprof.run.RunRefusedException;
import dev.gbakprof.store.OutputRefusedException;
import dev.gbakprof.testutil.Cli;
import dev.gbakprof.testutil.FirebirdTest;
import dev.gbakprof.testutil.Restores;
import java.nio.file.Files;
import java.nio.file.Path;
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
        Path backup = Files.writeString(dir.resolve("b.fbk"), "not restored");
        Cli.Result r = Restores.run(backup, dir.resolve("d.fdb"), file.resolve("runs"));
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("--runs-dir " + file.resolve("runs") + ": " + file + " is a file, not a folder");
        assertThat(dir.resolve("d.fdb")).doesNotExist();
    }
}
