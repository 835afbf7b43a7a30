package dev.gbakprof.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.model.ExitCode;
import dev.gbakprof.testutil.Cli;
import dev.gbakprof.testutil.Firebird;
import dev.gbakprof.testutil.FirebirdTest;
import dev.gbakprof.testutil.Restores;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Another Firebird program given as gbak (isql-fb, whose {@code -z} says {@code ISQL Version: …}) is refused before
 * anything runs, naming what it said it is: it was started with gbak's switches and recorded as a failed restore
 * "without an error message".
 */
@FirebirdTest
class NotGbakTest {
    @TempDir
    Path dir;

    @Test
    void isqlGivenAsGbakIsRefusedByRunAndMatrixNamingWhatItSaysItIs() throws Exception {
        Firebird.require();
        Path runs = Files.createDirectories(dir.resolve("runs"));
        Path db = dir.resolve("x.fdb");

        Cli.Result run = Restores.run(Firebird.backup("small"), db, runs, "--gbak", Firebird.ISQL.toString());
        Cli.Result matrix = Restores.matrix(
                Firebird.backup("small"),
                dir.resolve("m.fdb"),
                dir.resolve("out"),
                "--gbak",
                Firebird.ISQL.toString(),
                "--vary",
                "gbak:-bu 100,200");

        String line = "gbakprof: --gbak " + Firebird.ISQL + ": not gbak (its -z says ISQL Version: LI-V3.0.";
        for (Cli.Result r : java.util.List.of(run, matrix)) {
            assertThat(r.code()).as(r.out() + r.err()).isEqualTo(ExitCode.BAD_INPUT);
            assertThat(r.out()).isEmpty();
            assertThat(r.err().strip().lines()).as(r.err()).hasSize(1);
            assertThat(r.err())
                    .startsWith(line)
                    .endsWith(" Firebird 3.0); expected the gbak program (nothing was restored)\n");
        }
        assertThat(db).doesNotExist();
        assertThat(Restores.runDirs(runs)).isEmpty();
        assertThat(Restores.refusedDirs(runs)).hasSize(1);
        assertThat(dir.resolve("out")).doesNotExist();
    }
}
