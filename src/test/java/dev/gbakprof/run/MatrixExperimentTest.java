package dev.gbakprof.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gbakprof.model.PowerPlan;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.power.PowerPlanException;
import dev.gbakprof.power.PowerPlanSwitcher;
import dev.gbakprof.power.PowerSnapshot;
import dev.gbakprof.testutil.Firebird;
import dev.gbakprof.testutil.FirebirdTest;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code matrix} with real gbak restores. Power plans cannot be switched on this virtual machine (no cpufreq)
 * and powercfg does not exist here, so the switcher is the one fake: it records the calls.
 */
class MatrixExperimentTest {

    /** Records every plan change; fails on one plan when asked to. */
    static final class RecordingSwitcher implements PowerPlanSwitcher {
        final List<String> calls = new ArrayList<>();
        final List<Instant> times = new ArrayList<>();
        String active = "381b4222-f694-41f0-9685-ff5bb260df2e";
        String failOn;

        @Override
        public PowerSnapshot probe() {
            return new PowerSnapshot(plan(active), List.of(), List.of(), List.of());
        }

        private static PowerPlan plan(String key) {
            return switch (key) {
                case "381b4222-f694-41f0-9685-ff5bb260df2e", "balanced" ->
                    new PowerPlan("Balanced", "381b4222-f694-41f0-9685-ff5bb260df2e", "powercfg", false);
                default -> new PowerPlan("High performance", "8c5e7fda-e8bf-4a96-9a85-a6e23a8c635c", "powercfg", true);
            };
        }

        @Override
        public PowerPlan set(String nameOrAlias) {
            calls.add(nameOrAlias);
            times.add(Instant.now());
            if (nameOrAlias.equals(failOn)) {
                throw new PowerPlanException("Access denied (recorded failure)");
            }
            active = plan(nameOrAlias).guid();
            return plan(active);
        }
    }

    private static RunOptions options(Path fbk, Path dir, Duration cooldown, Duration timeout) {
        TestOptions o = new TestOptions();
        o.backup = fbk.toString();
        o.database = dir.resolve("m.fdb").toString();
        o.gbak = Firebird.GBAK;
        o.cooldown = cooldown;
        o.timeout = timeout;
        o.runs = dir.resolve("runs");
        return o.build();
    }

    @FirebirdTest
    @Test
    void interleavedRunsAreLabelledRestedAndThePlanIsPutBack(@TempDir Path dir) throws Exception {
        Path fbk = Firebird.backup("small");
        RecordingSwitcher sw = new RecordingSwitcher();
        List<MatrixPlan.Slot> schedule = MatrixPlan.schedule(
                MatrixPlan.arms(List.of("balanced", "high-performance"), null), 2, 0, MatrixPlan.Order.INTERLEAVED, 1);
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        MatrixExperiment m = new MatrixExperiment(
                options(fbk, dir, Duration.ofMillis(1200), null),
                schedule,
                sw,
                null,
                new PrintStream(console, true),
                false);
        MatrixExperiment.Result r = m.run();
        assertThat(r.runs())
                .extracting(o -> o.run().label())
                .containsExactly("balanced", "high-performance", "balanced", "high-performance");
        assertThat(r.runs()).allSatisfy(o -> assertThat(o.run().status()).isEqualTo(RunStatus.COMPLETED));
        assertThat(sw.calls)
                .containsExactly(
                        "balanced",
                        "high-performance",
                        "balanced",
                        "high-performance",
                        "381b4222-f694-41f0-9685-ff5bb260df2e");
        assertThat(r.restoredPlan()).isEqualTo("Balanced");
        for (int i = 1; i < r.runs().size(); i++) {
            RestoreRun prev = r.runs().get(i - 1).run();
            Instant prevEnd = Instant.parse(prev.startedAt()).plusMillis(Math.round(prev.wallSeconds() * 1000));
            assertThat(Duration.between(
                            prevEnd, Instant.parse(r.runs().get(i).run().startedAt())))
                    .isGreaterThanOrEqualTo(Duration.ofMillis(1200));
        }
        assertThat(console.toString()).contains("restored the original power plan: Balanced");
        try (var files = Files.list(dir)) {
            assertThat(files.filter(f -> f.toString().endsWith(".fdb"))).isEmpty();
        }
    }

    @FirebirdTest
    @Test
    void planIsPutBackAfterAForcedFailure(@TempDir Path dir) throws Exception {
        Path fbk = Firebird.backup("small");
        RecordingSwitcher sw = new RecordingSwitcher();
        sw.failOn = "high-performance";
        List<MatrixPlan.Slot> schedule = MatrixPlan.schedule(
                MatrixPlan.arms(List.of("balanced", "high-performance"), null), 1, 0, MatrixPlan.Order.INTERLEAVED, 1);
        MatrixExperiment m = new MatrixExperiment(
                options(fbk, dir, Duration.ZERO, null),
                schedule,
                sw,
                null,
                new PrintStream(new ByteArrayOutputStream(), true),
                false);
        assertThatThrownBy(m::run).isInstanceOf(PowerPlanException.class).hasMessageContaining("Access denied");
        assertThat(sw.calls).containsExactly("balanced", "high-performance", "381b4222-f694-41f0-9685-ff5bb260df2e");
    }

    @FirebirdTest
    @Test
    void planIsPutBackAfterATimeout(@TempDir Path dir) throws Exception {
        Path fbk = Firebird.backup("shop");
        RecordingSwitcher sw = new RecordingSwitcher();
        sw.active = "8c5e7fda-e8bf-4a96-9a85-a6e23a8c635c";
        List<MatrixPlan.Slot> schedule = MatrixPlan.schedule(
                MatrixPlan.arms(List.of("balanced", "high-performance"), null), 1, 0, MatrixPlan.Order.INTERLEAVED, 1);
        MatrixExperiment m = new MatrixExperiment(
                options(fbk, dir, Duration.ZERO, Duration.ofSeconds(2)),
                schedule,
                sw,
                null,
                new PrintStream(new ByteArrayOutputStream(), true),
                false);
        MatrixExperiment.Result r = m.run();
        assertThat(r.runs())
                .hasSize(2)
                .allSatisfy(o -> assertThat(o.run().status()).isEqualTo(RunStatus.INCOMPLETE));
        assertThat(sw.calls).last().isEqualTo("8c5e7fda-e8bf-4a96-9a85-a6e23a8c635c");
        assertThat(r.restoredPlan()).isEqualTo("High performance");
        assertThat(Firebird.gbakProcesses(dir.toString())).isEmpty();
    }

    /**
     * {@code --warmup 1} of route arms warmed the first arm only: the service arm's first restore met the server cold
     * and was counted (route arms on a 4.0 server: 0.621 s against 0.263 s and 0.192 s for its others). Each arm gets
     * its warm-ups, as hyperfine warms each command.
     */
    @Test
    void everyArmIsWarmedUpBeforeTheFirstRound() {
        List<MatrixPlan.Arm> arms = MatrixPlan.arms(List.of(), "gbak:-bu 100,2000,8000");
        List<MatrixPlan.Slot> s = MatrixPlan.schedule(arms, 2, 1, MatrixPlan.Order.BALANCED, 1);
        assertThat(s).hasSize(9);
        assertThat(s.subList(0, 3)).allSatisfy(slot -> assertThat(slot.warmup()).isTrue());
        assertThat(s.subList(0, 3)).extracting(MatrixPlan.Slot::arm).containsExactlyElementsOf(arms);
        assertThat(s.subList(3, 9))
                .noneSatisfy(slot -> assertThat(slot.warmup()).isTrue());
        assertThat(MatrixPlan.schedule(arms, 2, 2, MatrixPlan.Order.BALANCED, 1).stream()
                        .filter(MatrixPlan.Slot::warmup)
                        .map(MatrixPlan.Slot::arm))
                .containsExactly(arms.get(0), arms.get(1), arms.get(2), arms.get(0), arms.get(1), arms.get(2));
    }

    @Test
    void randomBlocksRunEachArmOncePerRound() {
        List<MatrixPlan.Arm> arms = MatrixPlan.arms(List.of(), "gbak:-bu 100,2000,8000");
        assertThat(arms).extracting(MatrixPlan.Arm::label).containsExactly("-bu 100", "-bu 2000", "-bu 8000");
        assertThat(arms.get(1).gbakArgs()).containsExactly("-bu", "2000");
        List<MatrixPlan.Arm> s = MatrixPlan.schedule(arms, 4, 0, MatrixPlan.Order.RANDOM_BLOCKS, 42).stream()
                .map(MatrixPlan.Slot::arm)
                .toList();
        assertThat(s).hasSize(12);
        for (int round = 0; round < 4; round++) {
            assertThat(s.subList(round * 3, round * 3 + 3)).containsExactlyInAnyOrderElementsOf(arms);
        }
        assertThat(s)
                .isNotEqualTo(MatrixPlan.schedule(arms, 4, 0, MatrixPlan.Order.INTERLEAVED, 42).stream()
                        .map(MatrixPlan.Slot::arm)
                        .toList());
        assertThat(MatrixPlan.arms(List.of("balanced", "high-performance"), "gbak:-bu 100,8000"))
                .extracting(MatrixPlan.Arm::label)
                .containsExactly(
                        "balanced -bu 100",
                        "balanced -bu 8000",
                        "high-performance -bu 100",
                        "high-performance -bu 8000");
    }

    @FirebirdTest
    @Test
    void gbakOptionScanRunsRealRestoresWithEachValue(@TempDir Path dir) throws Exception {
        Path fbk = Firebird.backup("small");
        List<MatrixPlan.Slot> schedule = MatrixPlan.schedule(
                MatrixPlan.arms(List.of(), "gbak:-bu 100,4000"), 1, 0, MatrixPlan.Order.INTERLEAVED, 1);
        MatrixExperiment m = new MatrixExperiment(
                options(fbk, dir, Duration.ZERO, null),
                schedule,
                null,
                null,
                new PrintStream(new ByteArrayOutputStream(), true),
                false);
        MatrixExperiment.Result r = m.run();
        assertThat(r.runs())
                .extracting(o -> o.run().command())
                .anySatisfy(c -> assertThat(c).contains(" -bu 100 "))
                .anySatisfy(c -> assertThat(c).contains(" -bu 4000 "));
        assertThat(r.runs()).allSatisfy(o -> assertThat(o.run().status()).isEqualTo(RunStatus.COMPLETED));
        assertThat(r.restoredPlan()).isNull();
    }
}
