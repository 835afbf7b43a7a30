package dev.gbakprof.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.model.WarningCode;
import dev.gbakprof.store.RunJson;
import dev.gbakprof.testutil.Cli;
import dev.gbakprof.testutil.Firebird;
import dev.gbakprof.testutil.Firebird4;
import dev.gbakprof.testutil.Firebird4Test;
import dev.gbakprof.testutil.Jvm;
import dev.gbakprof.testutil.Restores;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * gbakprof started as a background job of a script ({@code cmd &} in a shell without job control) has SIGINT ignored,
 * which the JVM keeps; a Ctrl-C to its process group then reaches gbak alone. Firebird 4.0's gbak handles it (3.0's
 * keeps it ignored and restores on): it shuts its engine down and exits 1 with "connection shutdown" or "database …
 * shutdown". Real processes: a gbakprof JVM in a session of its own with SIGINT ignored, Firebird 4.0's gbak, and a
 * SIGINT to the whole process group, as a terminal's Ctrl-C sends it.
 */
@Firebird4Test
class BackgroundCtrlCTest {

    @Test
    void aCtrlCThatReachesGbakAloneIsRecordedAsAStopNotAFailedRestore(@TempDir Path dir) throws Exception {
        Path gbak4 = Firebird4.gbak();
        Path runs = dir.resolve("runs");
        Path db = dir.resolve("background.fdb");
        Path console = dir.resolve("console.txt");
        List<String> cmd = new ArrayList<>(List.of("setsid", "env", "--ignore-signal=INT"));
        cmd.addAll(Jvm.command(Restores.args(
                "run",
                Restores.Route.EMBEDDED,
                Firebird.backup("shop"),
                db,
                "--gbak",
                gbak4.toString(),
                "--runs-dir",
                runs.toString(),
                "--label",
                "bg")));
        // setsid and env exec: the pid is the JVM's, the leader of its own process group
        Process jvm = new ProcessBuilder(cmd)
                .redirectErrorStream(true)
                .redirectOutput(console.toFile())
                .start();
        Path log = dataLines(runs, 60);
        assertThat(log).as("gbak started and wrote data lines").isNotNull();
        new ProcessBuilder("kill", "-INT", "--", "-" + jvm.pid()).start().waitFor();
        assertThat(jvm.waitFor(60, TimeUnit.SECONDS)).isTrue();

        String out = Files.readString(console);
        RestoreRun run = RunJson.read(log.resolveSibling("run.json")).get(0);
        String seen = out + "\nwarnings: " + run.warningMessages();
        // it was: status failed (gbak exit code 1), "failed ERROR:connection shutdown", exit 1
        assertThat(jvm.exitValue()).as(seen).isEqualTo(130);
        assertThat(run.status()).as(seen).isEqualTo(RunStatus.INCOMPLETE);
        assertThat(run.hasWarning(WarningCode.INTERRUPTED)).as(seen).isTrue();
        assertThat(run.failure()).as(seen).matches("stopped by Ctrl-C after \\d+\\.\\d s");
        assertThat(run.errors()).as(seen).isEmpty();
        assertThat(run.warningMessages())
                .as(seen)
                .anyMatch(w -> w.startsWith("interrupted (Ctrl-C): SIGINT reached gbak but not gbakprof, which was"
                                + " started with SIGINT ignored (a background job of a script): a Ctrl-C to the process"
                                + " group stopped gbak alone; taken as Ctrl-C (gbak exit code 1, ERROR:")
                        && w.contains(" shutdown)"));
        assertThat(out)
                .as(seen)
                .contains("  incomplete " + run.failure() + "\n")
                .contains("gbakprof: stopped by Ctrl-C during the restore (status incomplete); exit code 130");
        assertThat(db).as(seen).doesNotExist();
        Cli.Result check = Cli.run("check", runs.toString());
        assertThat(check.out()).as(seen).contains(run.failure()).doesNotContain("failed");
    }

    /** The raw log of the run folder under {@code runs} once gbak restores data; {@code null} after {@code seconds}. */
    private static Path dataLines(Path runs, long seconds) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (System.nanoTime() < deadline) {
            if (Files.isDirectory(runs)) {
                try (Stream<Path> s = Files.list(runs)) {
                    for (Path d : s.toList()) {
                        Path log = d.resolve("gbak.log");
                        if (Files.exists(log) && Files.readString(log).contains("restoring data for table")) {
                            return log;
                        }
                    }
                }
            }
            Thread.sleep(20);
        }
        return null;
    }
}
