package dev.gbakprof.advice;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.model.Environment;
import dev.gbakprof.model.Phase;
import dev.gbakprof.model.PhaseResources;
import dev.gbakprof.model.PhaseResources.Bound;
import dev.gbakprof.model.PowerPlan;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.store.LogReader;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The rules on real logs, and on the states of a record that gbakprof run writes (plan, resources). */
class AdvisorTest {
    private static final RestoreRun SHOP = LogReader.read(Path.of("samples/shop-tdrw.log"), "shop");

    private static Environment env(String gbakVersion, Boolean performance) {
        return new Environment(
                "db1",
                "Linux",
                "cpu",
                2,
                new PowerPlan(performance ? "performance" : "powersave", null, "cpufreq", performance),
                gbakVersion,
                null,
                1L << 30);
    }

    private static PhaseResources use(Phase phase, double share, Bound bound) {
        return new PhaseResources(phase, 10, 10 * share, share, 1, 1, 0.5, bound);
    }

    @Test
    void aDominantIndexPhaseOfAParsedLogAsksForThePowerPlanWithTheSeedsFigures() {
        List<Hint> hints = Advisor.advise(List.of(SHOP));
        assertThat(hints).extracting(Hint::code).containsExactly(HintCode.POWER_PLAN);
        assertThat(hints.get(0).evidence())
                .startsWith("the index phase is 68 % of the restore (11.7 of 17.2 s)")
                .contains("CPU use not sampled", "the power plan is not in the record");
        assertThat(hints.get(0).effect()).contains("4 h 07 min", "2 h 35 min", "−37 %");
        assertThat(hints.get(0).prove())
                .isEqualTo("gbakprof matrix --backup shop.fbk --database restore-shop-tdrw.fdb"
                        + " --plans balanced,high-performance --repeat 3");
    }

    @Test
    void anExcerptsShareIsOfWhatTheLogShows() {
        List<Hint> hints = Advisor.advise(List.of(LogReader.read(Path.of("samples/article-balanced.log"), "b")));
        assertThat(hints.get(0).code()).isEqualTo(HintCode.POWER_PLAN);
        assertThat(hints.get(0).evidence())
                .startsWith("the index phase is 100 % of what the log shows (an excerpt) (3775.0 of 3775.0 s)");
    }

    @Test
    void aPerformancePlanWithACpuBoundIndexPhaseOnFirebird5AsksForParallelWorkersNotThePlan() {
        RestoreRun r = SHOP.toBuilder()
                .environment(env("WI-V5.0.1.1469 Firebird 5.0", true))
                .phaseResources(List.of(use(Phase.INDEXES, 0.97, Bound.CPU_BOUND)))
                .build();
        List<Hint> hints = Advisor.advise(List.of(r));
        assertThat(hints).extracting(Hint::code).containsExactly(HintCode.PARALLEL_WORKERS);
        assertThat(hints.get(0).evidence()).contains("CPU-bound (the restore's process kept 97 % of a core busy)");
        assertThat(hints.get(0).effect()).contains("#7770", "MaxParallelWorkers");
        assertThat(hints.get(0).prove()).contains("--vary 'gbak:-par 1,2,4,8'");
    }

    @Test
    void firebird3GetsNoParallelHintAndANonPerformancePlanIsNamed() {
        RestoreRun r = SHOP.toBuilder()
                .environment(env("LI-V3.0.11.33637 Firebird 3.0", false))
                .phaseResources(List.of(use(Phase.INDEXES, 0.95, Bound.CPU_BOUND)))
                .build();
        List<Hint> hints = Advisor.advise(List.of(r));
        assertThat(hints).extracting(Hint::code).containsExactly(HintCode.POWER_PLAN);
        assertThat(hints.get(0).evidence()).contains("under the power plan \"powersave\", not a performance plan");
    }

    @Test
    void anIndexPhaseThatWaitedForACpuIsStarvedAndGetsNoPowerPlanHint() {
        RestoreRun r = SHOP.toBuilder()
                .environment(env("LI-V3.0.11.33637 Firebird 3.0", false))
                .phaseResources(
                        List.of(new PhaseResources(Phase.INDEXES, 36, 6.9, 0.19, 0.1, 38, 0.99, Bound.CPU_STARVED)))
                .build();
        List<Hint> hints = Advisor.advise(List.of(r));
        assertThat(hints).extracting(Hint::code).containsExactly(HintCode.CPU_STARVED);
        assertThat(hints.get(0).evidence()).contains("got 19 % of a core while the machine's CPUs were 99 % busy");
    }

    @Test
    void gbak5sReducedWorkersNameTheConfigLine() {
        List<Hint> hints = Advisor.advise(
                List.of(LogReader.read(Path.of("src/test/resources/published/fb5-issue8140-excerpt.log"), "fb5")));
        assertThat(hints).extracting(Hint::code).contains(HintCode.PARALLEL_REDUCED);
        Hint h = hints.stream()
                .filter(x -> x.code() == HintCode.PARALLEL_REDUCED)
                .findFirst()
                .orElseThrow();
        assertThat(h.title())
                .isEqualTo("Allow the parallel workers gbak asked for: MaxParallelWorkers = 4 in firebird.conf");
        assertThat(h.evidence()).contains("gbak asked for 4 parallel workers and the server allowed 1");
    }

    @Test
    void aRemoteTcpRestoreSuggestsTheServicesManagerAndAServicesOneDoesNot() {
        RestoreRun tcp = SHOP.toBuilder()
                .via(dev.gbakprof.model.Via.GBAK)
                .database("dbhost:/data/erp.fdb")
                .command("/usr/bin/gbak -c -v -st tdrw shop.fbk dbhost:/data/erp.fdb")
                .build();
        assertThat(Advisor.advise(List.of(tcp))).extracting(Hint::code).contains(HintCode.REMOTE_ROUTE);
        RestoreRun se = tcp.toBuilder()
                .command("/usr/bin/gbak -c -v -st tdrw -se dbhost:service_mgr shop.fbk /data/erp.fdb")
                .build();
        assertThat(Advisor.advise(List.of(se))).extracting(Hint::code).doesNotContain(HintCode.REMOTE_ROUTE);
        RestoreRun windows = SHOP.toBuilder()
                .via(dev.gbakprof.model.Via.GBAK)
                .database("C:\\\\data\\\\erp.fdb")
                .build();
        assertThat(Advisor.advise(List.of(windows))).extracting(Hint::code).doesNotContain(HintCode.REMOTE_ROUTE);
    }

    @Test
    void anIoBoundDominantDataPhaseAsksForStorageAndPageBuffers() {
        RestoreRun r = SHOP.toBuilder()
                .phases(List.of(
                        new dev.gbakprof.model.PhaseTime(dev.gbakprof.model.Phase.DATA, 12.0),
                        new dev.gbakprof.model.PhaseTime(dev.gbakprof.model.Phase.INDEXES, 5.0)))
                .totalSeconds(17.0)
                .phaseResources(List.of(new PhaseResources(Phase.DATA, 12, 2.4, 0.2, 900, 400, 0.4, Bound.IO_BOUND)))
                .build();
        List<Hint> hints = Advisor.advise(List.of(r));
        assertThat(hints).extracting(Hint::code).containsExactly(HintCode.STORAGE);
        assertThat(hints.get(0).prove()).contains("--vary 'gbak:-bu 2048,16384'");
    }
}
