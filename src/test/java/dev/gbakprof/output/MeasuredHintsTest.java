package dev.gbakprof.output;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.advice.Advisor;
import dev.gbakprof.advice.Hint;
import dev.gbakprof.advice.HintCode;
import dev.gbakprof.model.Environment;
import dev.gbakprof.model.PowerPlan;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.stats.Analysis;
import dev.gbakprof.stats.Measure;
import dev.gbakprof.stats.Verdict;
import dev.gbakprof.store.LogReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The power-plan hint weighed against a comparison of two plans. The restores are {@code samples/ab}'s real gbak logs:
 * the shop backup at full CPU and with gbak held to half a CPU (a cgroup quota), the slower CPU a power plan that is
 * not a performance plan gives; the records name Windows' plans by their GUIDs (as powercfg prints them). The comparison
 * is Welch's (3 against 3 runs).
 */
class MeasuredHintsTest {
    private static final PowerPlan BALANCED =
            new PowerPlan("Balanced", "381b4222-f694-41f0-9685-ff5bb260df2e", "powercfg", false);
    private static final PowerPlan HIGH =
            new PowerPlan("High performance", "8c5e7fda-e8bf-4a96-9a85-a6e23a8c635c", "powercfg", true);

    private static List<RestoreRun> runs(String folder, String label, PowerPlan plan) {
        List<RestoreRun> out = new ArrayList<>();
        for (int i = 1; i <= 3; i++) {
            RestoreRun r = LogReader.read(Path.of("samples/ab/" + folder + "/run" + i + ".log"), label);
            Environment env =
                    new Environment("erp-db", "Windows Server 2016", "cpu", 2, plan, null, null, 1L << 33, null, null);
            out.add(r.toBuilder().environment(env).build());
        }
        return out;
    }

    @Test
    void aPerformancePlanMeasuredFasterMakesThePowerPlanHintCertainWithTheMediansAndThePlanToSet() {
        List<RestoreRun> runs = new ArrayList<>(runs("cpu-quota-50", "balanced", BALANCED));
        runs.addAll(runs("full-cpu", "high-performance", HIGH));
        Analysis a = Analysis.of(runs, "balanced");
        List<Hint> hints = MeasuredHints.of(a, 0);
        assertThat(hints.get(0).code()).isEqualTo(HintCode.POWER_PLAN);
        assertThat(hints.get(0).certainty()).isEqualTo(Hint.Certainty.HIGH);
        assertThat(hints.get(0).basis())
                .startsWith("measured here against the restores under \"High performance\": high-performance is ")
                .contains("faster than balanced, more than the run-to-run spread explains (95% CI ");
        assertThat(hints.get(0).effect())
                .startsWith(
                        "here 26.4 s under \"Balanced\", 13.0 s under \"High performance\" (the medians of these runs); the same 144 GB restore");
        assertThat(hints.get(0).prove())
                .isEqualTo("gbakprof plan --set \"High performance\" (as administrator or root), then gbakprof plan"
                        + " --check before the restores");
        // the plain hint, without the comparison, was inferred from the log alone
        assertThat(Advisor.advise(a.groups().get(0).runs()))
                .filteredOn(h -> h.code() == HintCode.POWER_PLAN)
                .extracting(Hint::certainty)
                .containsExactly(Hint.Certainty.LOW);
    }

    @Test
    void aPerformancePlanNotToldApartKeepsTheHintUnprovenAndOneMeasuredTheSameLeavesItOut() {
        // the same restores under both plans: 3 against 3 runs cannot tell ±5 %; they are the same within ±50 %
        List<RestoreRun> runs = new ArrayList<>(runs("full-cpu", "balanced", BALANCED));
        runs.addAll(runs("full-cpu", "high-performance", HIGH));
        Analysis unclear = Analysis.of(runs, "balanced", 0.05);
        assertThat(unclear.comparison(1, Measure.TOTAL).verdict()).isEqualTo(Verdict.CANNOT_TELL);
        Hint plan = MeasuredHints.of(unclear, 0).stream()
                .filter(h -> h.code() == HintCode.POWER_PLAN)
                .findFirst()
                .orElseThrow();
        assertThat(plan.certainty()).isEqualTo(Hint.Certainty.LOW);
        assertThat(plan.basis())
                .startsWith("measured here against the restores under \"High performance\", not told yet:"
                        + " high-performance against balanced: cannot tell;")
                .contains(" would tell");

        Analysis same = Analysis.of(runs, "balanced", 0.5);
        assertThat(same.comparison(1, Measure.TOTAL).verdict()).isEqualTo(Verdict.SAME);
        assertThat(Advisor.advise(same.groups().get(0).runs()))
                .extracting(Hint::code)
                .contains(HintCode.POWER_PLAN);
        assertThat(MeasuredHints.of(same, 0)).extracting(Hint::code).doesNotContain(HintCode.POWER_PLAN);
    }

    @Test
    void anotherDifferenceKeepsTheHintAsItWas() {
        // the faster restores under High performance were of another host too: the plan is not what was measured
        List<RestoreRun> runs = new ArrayList<>(runs("cpu-quota-50", "balanced", BALANCED));
        for (RestoreRun r : runs("full-cpu", "high-performance", HIGH)) {
            Environment e = r.environment();
            runs.add(r.toBuilder()
                    .environment(new Environment(
                            "other-host",
                            e.os(),
                            e.cpuModel(),
                            e.logicalCpus(),
                            e.powerPlan(),
                            null,
                            null,
                            e.memoryBytes(),
                            null,
                            null))
                    .build());
        }
        Analysis a = Analysis.of(runs, "balanced");
        assertThat(MeasuredHints.of(a, 0))
                .filteredOn(h -> h.code() == HintCode.POWER_PLAN)
                .extracting(Hint::certainty)
                .containsExactly(Hint.Certainty.LOW);
    }
}
