package dev.gbakprof.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.model.RunStatus;
import dev.gbakprof.model.WarningCode;
import dev.gbakprof.testutil.FakeGbak;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bookkeeping of the one loop behind {@code run --repeat} and {@code matrix} (order, rests, cleanup, Ctrl-C,
 * the plan put back), in milliseconds: the route is a stand-in that replays a real gbak log
 * (src/test/resources/logs/small-tdrw.log) and creates the database file as gbak would. The real-gbak tests of
 * both commands stay (RunCommandTest, MatrixExperimentTest).
 */
class RestoreLoopTest {
    private static final Path LOG = Path.of("src/test/resources/logs/small-tdrw.log");

    /**
     * Replays a log, then ends as {@code end} says; the restore number {@code interruptAt} (1-based) is stopped by
     * "Ctrl-C" in its data phase.
     */
    static final class ReplayRoutes implements RestoreRoute.Factory {
        final List<String> databases = new ArrayList<>();
        final List<Boolean> existedAtStart = new ArrayList<>();
        int interruptAt = -1;
        private final Path log;
        private final RestoreRoute.Ending end;

        /** {@link #LOG}, a restore that completes. */
        ReplayRoutes() {
            this(LOG, new RestoreRoute.Ending(0, false, false, null, null, null));
        }

        ReplayRoutes(Path log, RestoreRoute.Ending end) {
            this.log = log;
            this.end = end;
        }

        @Override
        public RestoreRoute route(String database) {
            int n = databases.size() + 1;
            databases.add(database);
            return new RestoreRoute() {
                @Override
                public dev.gbakprof.model.Via via() {
                    return dev.gbakprof.model.Via.GBAK;
                }

                @Override
                public String command() {
                    return "replay " + log + " " + database;
                }

                @Override
                public Ending run(OutputStream raw, Consumer<CharSequence> lines, Duration timeout) {
                    try {
                        existedAtStart.add(Files.exists(Path.of(database)));
                        Files.write(Path.of(database), new byte[] {1, 2, 3}); // what gbak -c creates
                        for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
                            if (n == interruptAt && line.contains("restoring data for table")) {
                                return new Ending(null, false, true, null, null, "the replay stopped");
                            }
                            raw.write((line + "\n").getBytes(StandardCharsets.UTF_8));
                            raw.flush();
                            lines.accept(line);
                        }
                        return end;
                    } catch (IOException ex) {
                        throw new UncheckedIOException(ex);
                    }
                }

                @Override
                public void interrupt() {
                    // the replay is synchronous
                }
            };
        }
    }

    private static RunOptions options(Path dir, int repeat, Duration cooldown, boolean keep) {
        TestOptions o = new TestOptions();
        o.backup = dir.resolve("backup.fbk").toString();
        o.database = dir.resolve("erp.fdb").toString();
        o.repeat = repeat;
        o.cooldown = cooldown;
        o.keep = keep;
        o.runs = dir.resolve("runs");
        return o.build();
    }

    private static PrintStream quiet() {
        return new PrintStream(new ByteArrayOutputStream(), true);
    }

    @Test
    void aSeriesRestsBetweenRestoresIntoFreshNamesAndRemovesEach(@TempDir Path dir) throws Exception {
        FakeGbak.backupLike(dir.resolve("backup.fbk"), "a backup");
        ReplayRoutes routes = new ReplayRoutes();
        List<Duration> rests = new ArrayList<>();
        RestoreSeries series = new RestoreSeries(
                options(dir, 3, Duration.ofSeconds(2), false), null, () -> null, quiet(), false, routes, rests::add);
        List<RestoreSession.Outcome> out = series.run("rep");
        assertThat(out)
                .extracting(o -> o.run().status())
                .containsOnly(RunStatus.COMPLETED)
                .hasSize(3);
        assertThat(out).extracting(o -> o.run().label()).containsOnly("rep");
        assertThat(out)
                .extracting(o -> o.runDir().getFileName().toString())
                .allMatch(n -> n.matches("\\d{8}-\\d{6}-rep-r\\d(-\\d+)?"));
        assertThat(routes.databases)
                .containsExactly(
                        dir.resolve("erp-run1.fdb").toString(),
                        dir.resolve("erp-run2.fdb").toString(),
                        dir.resolve("erp-run3.fdb").toString());
        assertThat(routes.existedAtStart).containsOnly(false);
        assertThat(rests).containsExactly(Duration.ofSeconds(2), Duration.ofSeconds(2)); // between, not after
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("backup.fbk", "runs");
        }
    }

    @Test
    void keepKeepsEachDatabaseAndCtrlCEndsTheSeriesRemovingOnlyItsPartialOne(@TempDir Path dir) throws Exception {
        FakeGbak.backupLike(dir.resolve("backup.fbk"), "a backup");
        ReplayRoutes routes = new ReplayRoutes();
        routes.interruptAt = 2;
        List<RestoreSession.Outcome> out = new RestoreSeries(
                        options(dir, 4, Duration.ZERO, true), null, () -> null, quiet(), false, routes, d -> {
                            throw new AssertionError("no rest with --cooldown 0");
                        })
                .run("keep");
        assertThat(out).hasSize(2);
        assertThat(out.get(0).run().status()).isEqualTo(RunStatus.COMPLETED);
        assertThat(out.get(1).run().status()).isEqualTo(RunStatus.INCOMPLETE);
        assertThat(out.get(1).run().hasWarning(WarningCode.INTERRUPTED)).isTrue();
        assertThat(routes.databases).hasSize(2); // restores 3 and 4 never started
        assertThat(dir.resolve("erp-run1.fdb")).as("--keep").exists();
        assertThat(dir.resolve("erp-run2.fdb"))
                .as("the partial one this run created")
                .doesNotExist();
    }

    @Test
    void matrixRunsItsOrderThroughTheSameLoopAndPutsThePlanBackAfterCtrlC(@TempDir Path dir) throws Exception {
        FakeGbak.backupLike(dir.resolve("backup.fbk"), "a backup");
        ReplayRoutes routes = new ReplayRoutes();
        routes.interruptAt = 3;
        MatrixExperimentTest.RecordingSwitcher sw = new MatrixExperimentTest.RecordingSwitcher();
        List<MatrixPlan.Slot> schedule = MatrixPlan.schedule(
                MatrixPlan.arms(List.of("balanced", "high-performance"), "gbak:-bu 100,4000"),
                1,
                0,
                MatrixPlan.Order.INTERLEAVED,
                1);
        List<Duration> rests = new ArrayList<>();
        MatrixExperiment m = new MatrixExperiment(
                options(dir, 1, Duration.ofMillis(1500), false),
                schedule,
                sw,
                null,
                quiet(),
                false,
                routes,
                rests::add);
        MatrixExperiment.Result r = m.run();
        assertThat(r.runs())
                .extracting(o -> o.run().label())
                .containsExactly("balanced -bu 100", "balanced -bu 4000", "high-performance -bu 100");
        assertThat(r.stoppedBy()).isEqualTo("Ctrl-C");
        assertThat(sw.calls)
                .containsExactly(
                        "balanced",
                        "balanced",
                        "high-performance",
                        "381b4222-f694-41f0-9685-ff5bb260df2e"); // the plan before each restore, then the original back
        assertThat(r.restoredPlan()).isEqualTo("Balanced");
        assertThat(rests).hasSize(2);
        assertThat(routes.databases)
                .extracting(d -> Path.of(d).getFileName().toString())
                .containsExactly(
                        "erp-balanced--bu-100-1.fdb",
                        "erp-balanced--bu-4000-2.fdb",
                        "erp-high-performance--bu-100-3.fdb");
        try (var files = Files.list(dir)) { // each removed after its run, the partial one by its session
            assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("backup.fbk", "runs");
        }
    }

    @Test
    void matrixThroughAServerOnThisMachineChecksItsTargetsAsRunDoes(@TempDir Path dir) throws Exception {
        // a folder the server's account (firebird, where the machine has it) may write: else that is refused first
        Files.setPosixFilePermissions(dir, java.nio.file.attribute.PosixFilePermissions.fromString("rwxrwxrwx"));
        Path fbk = FakeGbak.backupLike(dir.resolve("backup.fbk"), "a backup");
        List<MatrixPlan.Slot> schedule = MatrixPlan.schedule(
                MatrixPlan.arms(List.of(), "gbak:-bu 100,4000"), 1, 0, MatrixPlan.Order.INTERLEAVED, 1);
        TestOptions o = new TestOptions();
        o.backup = fbk.toString();
        o.database = "localhost:" + dir.resolve("erp.fdb");
        o.runs = dir.resolve("runs");
        RunOptions viaServer = o.build();
        MatrixExperiment m =
                new MatrixExperiment(viaServer, schedule, null, null, quiet(), false, new ReplayRoutes(), null);
        Files.createLink(dir.resolve("erp-bu-4000-2.fdb"), fbk); // the backup, by another name
        org.assertj.core.api.Assertions.assertThatThrownBy(m::run)
                .isInstanceOf(RunRefusedException.class)
                .hasMessageContaining("erp-bu-4000-2.fdb: the database would overwrite the backup file");
        Files.delete(dir.resolve("erp-bu-4000-2.fdb"));
        Files.writeString(dir.resolve("erp-bu-4000-2.fdb"), "somebody's database");
        org.assertj.core.api.Assertions.assertThatThrownBy(m::run)
                .isInstanceOf(RunRefusedException.class)
                .hasMessageContaining("erp-bu-4000-2.fdb: database exists");
        assertThat(dir.resolve("runs")).as("refused before the first restore").doesNotExist();
    }
}
