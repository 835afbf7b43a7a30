package dev.gbakprof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.model.ExitCode;
import dev.gbakprof.testutil.Cli;
import dev.gbakprof.testutil.Restores;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two restores that printed the same statistics: one restore given twice (a log and its copy: no start time) is
 * refused; two run records that started at different times are two restores (restores gbak refused at once print the
 * same line or two to the millisecond, as a matrix arm of {@code -bu 10} does in its warm-up and its round).
 */
class SameStatisticsTest {
    @TempDir
    Path dir;

    @Test
    void recordsStartedApartAreTwoRestoresALogGivenTwiceIsOne() throws Exception {
        // two nights of the same real gbak log: the same statistics, recorded as started a day apart
        Path runs = Restores.nights(dir.resolve("runs"), "samples/small-tdrw.log", 2);
        Cli.Result both = Cli.run("report", "--json", runs.toString());
        assertThat(both.code()).as(both.err()).isZero();
        assertThat(both.out()).startsWith("{");

        Path copy = Files.copy(Path.of("samples/small-tdrw.log"), dir.resolve("copy.log"));
        Cli.Result twice = Cli.run("report", "--json", "samples/small-tdrw.log", copy.toString());
        assertThat(twice.code()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(twice.err()).contains("the same restore as");
    }
}
