package dev.gbakprof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.model.ExitCode;
import dev.gbakprof.testutil.Cli;
import dev.gbakprof.testutil.Cli.Result;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A matrix's folder (its {@code --out}: the report's files, its restores under {@code runs/}) is an INPUT of report,
 * compare and advise: its restores are those of its {@code runs/}. On {@code experiments/warm}, the run folders of a
 * real {@code matrix --vary 'gbak:-bu 100,8000' --repeat 3} with one warm-up.
 */
class MatrixFolderInputTest {
    private static final Path WARM = Path.of("src/test/resources/experiments/warm");

    /** A copy of {@code runs} into {@code to}, its folders and files as they are. */
    private static void copy(Path runs, Path to) throws IOException {
        try (Stream<Path> all = Files.walk(runs)) {
            for (Path p : all.toList()) {
                Path target = to.resolve(runs.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        }
    }

    /** The matrix's folder as matrix leaves it: its restores under runs/, and its report's files beside them. */
    private static Path matrixFolder(Path dir) throws IOException {
        Path mx = dir.resolve("matrix-20261206-044930");
        copy(WARM, mx.resolve("runs"));
        Result report =
                Cli.run("report", "--out", mx.toString(), mx.resolve("runs").toString());
        assertThat(report.code()).as(report.err()).isZero();
        return mx;
    }

    @Test
    void compareReportAndAdviseReadAMatrixFolderAsItsRuns(@TempDir Path dir) throws IOException {
        Path mx = matrixFolder(dir);
        Path runs = mx.resolve("runs");
        for (String command : new String[] {"compare", "advise"}) {
            Result folder = Cli.run(command, "--json", mx.toString());
            Result itsRuns = Cli.run(command, "--json", runs.toString());
            assertThat(folder.code()).as(folder.err()).isEqualTo(ExitCode.OK);
            assertThat(folder.err()).isEmpty();
            assertThat(folder.out()).as(command).isEqualTo(itsRuns.out());
        }
        Result compare = Cli.run("compare", mx.toString());
        assertThat(compare.out()).contains("3 runs each", "Warm-up: 1 restore recorded and set aside (-bu 100)");
        Result report = Cli.run("report", "--out", dir.resolve("again").toString(), mx.toString());
        assertThat(report.code()).as(report.err()).isZero();
        assertThat(dir.resolve("again").resolve("report.png")).exists();
    }

    @Test
    void aFolderWhoseRunsAreNotAMatrixsIsStillRefused(@TempDir Path dir) throws IOException {
        // a project folder with run's default runs/ of nightly restores: not a matrix's folder
        Path project = dir.resolve("project");
        Path nightly = project.resolve("runs").resolve("20261201-020000-nightly");
        copy(WARM.resolve("20261206-045006-bu-100-m2"), nightly);
        Result r = Cli.run("compare", project.toString());
        assertThat(r.code()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(r.err())
                .isEqualTo("gbakprof: " + project + ": a folder, but not a run folder (no run.json) and no run folders"
                        + " in it: give a gbak log, a run record, a folder that gbakprof run wrote or a matrix's --out"
                        + " folder\n");
    }
}
