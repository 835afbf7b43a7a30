package dev.gbakprof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gbakprof.model.ExitCode;
import dev.gbakprof.store.RunMarker;
import dev.gbakprof.testutil.Cli;
import dev.gbakprof.testutil.Firebird;
import dev.gbakprof.testutil.FirebirdTest;
import dev.gbakprof.testutil.Jvm;
import dev.gbakprof.testutil.Restores;
import dev.gbakprof.testutil.Restores.Route;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code status} on a real gbakprof JVM restoring the shop backup with the real gbak, held in its data phase (gbak
 * stopped with SIGSTOP once its log has data lines), then killed: the same folder shows as running, then as killed.
 */
class StatusCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void aRunsFolderThatDoesNotExistIsOneLineAndExit2(@TempDir Path dir) {
        Cli.Result r = Cli.run("status", dir.resolve("nowhere").toString());
        assertThat(r.code()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(r.err().strip())
                .isEqualTo("gbakprof: " + dir.resolve("nowhere")
                        + ": no such folder; expected RUNS_DIR, the folder given to gbakprof run --runs-dir (default"
                        + " runs), as the argument");
        assertThat(r.out()).isEmpty();
    }

    @Test
    void anEmptyRunsFolderHasNoRestoreRunning(@TempDir Path dir) throws Exception {
        Cli.Result r = Cli.run("status", dir.toString());
        assertThat(r.code()).isEqualTo(ExitCode.OK);
        assertThat(r.out().strip()).isEqualTo("no restore is running in " + dir);
        JsonNode j = JSON.readTree(Cli.run("status", dir.toString(), "--json").out());
        assertThat(j.path("schema").asText()).isEqualTo("gbakprof.status/1");
        assertThat(j.path("running").asInt()).isZero();
        assertThat(j.path("restores").size()).isZero();
    }

    @Test
    @FirebirdTest
    void aRestoreInItsDataPhaseIsRunningWithItsPidThenKilled(@TempDir Path dir) throws Exception {
        Path fbk = Firebird.backup("shop");
        Path runs = dir.resolve("runs");
        // a completed restore of the same backup first: the running one then has a baseline, so an ETA of its own
        Cli.Result first = Restores.run(fbk, dir.resolve("first.fdb"), runs, "--label", "first");
        assertThat(first.code()).as(first.err()).isZero();
        Files.delete(dir.resolve("first.fdb"));

        Path db = dir.resolve("watched.fdb");
        String cwd = Path.of("").toAbsolutePath().toString(); // the run's, started from here
        Process jvm = new ProcessBuilder(Jvm.command(Restores.args(
                        "run", Route.EMBEDDED, fbk, db, "--runs-dir", runs.toString(), "--label", "tonight")))
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("console.txt").toFile())
                .start();
        Long gbak = null;
        try {
            Path folder = waitForDataLines(runs);
            gbak = Firebird.gbakProcesses(db.toString()).get(0);
            stopInTheData(gbak, folder.resolve("gbak.log")); // the restore stays in its data phase while status looks

            Cli.Result text = Cli.run("status", runs.toString());
            assertThat(text.code()).as(text.err()).isEqualTo(ExitCode.OK);
            List<String> lines = text.out().lines().toList();
            assertThat(lines.get(0)).startsWith("STATE").contains("PHASE", "ETA", "PID", "LAST LINE");
            assertThat(lines).hasSize(3);
            assertThat(lines.get(1))
                    .startsWith("running  tonight")
                    .contains("data (", " " + jvm.pid() + " ", fbk.toString(), db.toString())
                    .endsWith("  embedded  " + cwd);
            assertThat(lines.get(2)).isEqualTo("1 restore running in " + runs);

            JsonNode j =
                    JSON.readTree(Cli.run("status", runs.toString(), "--json").out());
            assertThat(j.path("running").asInt()).isEqualTo(1);
            assertThat(j.path("killed").asInt()).isZero();
            JsonNode r = j.path("restores").get(0);
            assertThat(r.path("state").asText()).isEqualTo("running");
            assertThat(r.path("folder").asText()).isEqualTo(folder.toString());
            assertThat(r.path("label").asText()).isEqualTo("tonight");
            assertThat(r.path("backup").asText()).isEqualTo(fbk.toString());
            assertThat(r.path("database").asText()).isEqualTo(db.toString());
            assertThat(r.path("route").asText()).isEqualTo("embedded");
            assertThat(r.path("workingFolder").asText()).isEqualTo(cwd);
            assertThat(r.path("pid").asLong()).isEqualTo(jvm.pid());
            assertThat(r.path("phase").asText()).isEqualTo("data");
            assertThat(r.path("table").isTextual()).isTrue();
            assertThat(r.path("elapsedSeconds").asDouble()).isPositive();
            assertThat(r.path("sinceLastLineSeconds").asDouble()).isGreaterThanOrEqualTo(0);
            // the run's own ETA, from the completed restore before it
            assertThat(r.path("etaSeconds").isNumber()).as(r.toString()).isTrue();
            assertThat(r.path("etaLowSeconds").asDouble())
                    .isLessThanOrEqualTo(r.path("etaSeconds").asDouble());
            assertThat(r.path("etaHighSeconds").asDouble())
                    .isGreaterThanOrEqualTo(r.path("etaSeconds").asDouble());
            assertThat(r.path("done").asDouble()).isBetween(0.0, 1.0);

            // killed: its gbakprof gone without a record, the folder's marker names a dead process
            jvm.destroyForcibly();
            assertThat(jvm.waitFor(30, TimeUnit.SECONDS)).isTrue();
            signal("-KILL", gbak);
            gbak = null;
            RunMarker.State marker = RunMarker.read(folder);
            assertThat(marker.live()).isFalse();
            JsonNode k =
                    JSON.readTree(Cli.run("status", runs.toString(), "--json").out());
            assertThat(k.path("running").asInt()).isZero();
            assertThat(k.path("killed").asInt()).isEqualTo(1);
            JsonNode kr = k.path("restores").get(0);
            assertThat(kr.path("state").asText()).isEqualTo("killed");
            assertThat(kr.path("pid").asLong()).isEqualTo(jvm.pid());
            assertThat(kr.path("phase").asText()).isEqualTo("data");
            assertThat(kr.path("etaSeconds").isNull()).isTrue();
            assertThat(kr.path("elapsedSeconds").isNull()).isTrue();
            assertThat(kr.path("why").asText()).contains("gbakprof process " + jvm.pid() + " is gone");
            Cli.Result killed = Cli.run("status", runs.toString());
            assertThat(killed.code()).isEqualTo(ExitCode.OK);
            assertThat(killed.out().lines().toList().get(1))
                    .startsWith("killed  tonight")
                    .contains("data (");
            assertThat(killed.out()).contains("no restore is running in " + runs);
        } finally {
            jvm.destroyForcibly();
            if (gbak != null) {
                signal("-KILL", gbak);
            }
        }
    }

    /** The run folder of the one restore under way, once its gbak.log has data lines and its marker an ETA. */
    private static Path waitForDataLines(Path runs) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            if (Files.isDirectory(runs)) {
                Path folder;
                try (Stream<Path> s = Files.list(runs)) {
                    folder = s.filter(d -> Files.exists(d.resolve(RunMarker.FILE)))
                            .findFirst()
                            .orElse(null);
                }
                Path log = folder == null ? null : folder.resolve("gbak.log");
                // and the run has written its ETA into its marker (at each new phase)
                if (log != null
                        && Files.exists(log)
                        && Files.readString(log).contains("restoring data for table")
                        && RunMarker.read(folder) != null
                        && RunMarker.read(folder).eta() != null) {
                    return folder;
                }
            }
            Thread.sleep(20);
        }
        throw new AssertionError("no data lines in a gbak.log under " + runs + " within 60 s");
    }

    /**
     * Stops gbak (SIGSTOP) at a moment its log's last line is a data line (gbak defines the next table's indexes
     * between two tables' data: those lines are metadata); until then it is let go on a few milliseconds at a time.
     * The last line is read once the log no longer grows (the lines gbak wrote before it stopped still come).
     */
    private static void stopInTheData(long gbak, Path log) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            signal("-STOP", gbak);
            // what gbak had written into the pipe still reaches the log: read it once it stops growing
            long size = -1;
            while (size != Files.size(log)) {
                size = Files.size(log);
                Thread.sleep(200);
            }
            String text = Files.readString(log);
            String last = text.substring(0, text.lastIndexOf('\n'))
                    .lines()
                    .reduce((a, b) -> b)
                    .orElse("");
            if (last.contains("restoring data for table") || last.endsWith("records restored")) {
                return;
            }
            signal("-CONT", gbak);
            Thread.sleep(5);
        }
        throw new AssertionError("gbak never stopped on a data line of " + log);
    }

    private static void signal(String sig, long pid) throws IOException, InterruptedException {
        new ProcessBuilder("kill", sig, Long.toString(pid)).start().waitFor();
    }
}
