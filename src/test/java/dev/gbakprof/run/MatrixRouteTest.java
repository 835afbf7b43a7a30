package dev.gbakprof.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.model.ExitCode;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.model.Via;
import dev.gbakprof.testutil.Cli;
import dev.gbakprof.testutil.FirebirdServer;
import dev.gbakprof.testutil.FirebirdTest;
import dev.gbakprof.testutil.Restores;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code matrix --vary 'route:embedded,localhost,service'}: one backup restored embedded, by gbak through the tests'
 * server over TCP and by that server's services manager, the server being the one of {@code --host} (never 3050).
 */
@ExtendWith(FirebirdServer.Fixture.class)
@FirebirdTest
class MatrixRouteTest {

    @Test
    void eachArmRestoresOnItsRouteThroughTheGivenServerAndTheRoutesAreCompared(FirebirdServer.Folder f)
            throws Exception {
        Path backup = f.backup("small");
        Path out = f.resolve("matrix");

        Cli.Result r = Restores.matrix(
                backup,
                f.resolve("m.fdb"),
                out,
                "--vary",
                "route:embedded,localhost,service",
                "--host",
                FirebirdServer.ADDRESS.toString(),
                "--repeat",
                "1",
                "--warmup",
                "0",
                "--cooldown",
                "0");

        assertThat(r.code()).as(r.err()).isEqualTo(ExitCode.OK);
        List<RestoreRun> runs = Restores.matrixRuns(out);
        assertThat(runs).extracting(RestoreRun::label).containsExactly("embedded", "localhost", "service");
        assertThat(runs).extracting(RestoreRun::status).containsOnly(RunStatus.COMPLETED);
        assertThat(runs).extracting(RestoreRun::via).containsExactly(Via.GBAK, Via.GBAK, Via.SERVICE);
        // the embedded arm names a file; the TCP arm the --host server and its port; the services arm that server
        assertThat(runs.get(0).command()).doesNotContain(FirebirdServer.ADDRESS.toString() + ":");
        assertThat(runs.get(1).command()).contains(FirebirdServer.ADDRESS + ":" + f.dir());
        assertThat(runs.get(2).command()).contains("services restore on " + FirebirdServer.ADDRESS);
        assertThat(String.join("\n", runs.stream().map(RestoreRun::command).toList()))
                .doesNotContain("3050");
        // the comparison is against the first route, and the route is what it compares, not something else that differs
        assertThat(r.out()).contains("Against embedded (").doesNotContain("Also differs: route");
        // and every restored database was removed (no --keep)
        try (var files = Files.list(f.dir())) {
            assertThat(files.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(".fdb"));
        }
    }

    @Test
    void aDatabaseThatAlreadyNamesAServerIsRefusedBeforeAnyRestore(FirebirdServer.Folder f) throws Exception {
        Path backup = f.backup("small");

        Cli.Result r = Cli.run(
                "matrix",
                "--backup",
                backup.toString(),
                "--database",
                FirebirdServer.database(f.resolve("m.fdb")),
                "--vary",
                "route:embedded,service",
                "--host",
                FirebirdServer.ADDRESS.toString(),
                "--out",
                f.resolve("out").toString());

        assertThat(r.code()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(r.err()).contains("--vary 'route:…': give --database as a path on this machine");
        assertThat(f.resolve("out").resolve("runs")).doesNotExist();
    }
}
