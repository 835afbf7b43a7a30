package dev.gbakprof.stats;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.model.Environment;
import dev.gbakprof.model.PlanSource;
import dev.gbakprof.model.PowerPlan;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.power.FakePowercfg;
import dev.gbakprof.power.RecordedRunner;
import dev.gbakprof.power.WindowsPowerCfg;
import dev.gbakprof.testutil.Logs;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A migration's comparison: the Firebird version is what runs labelled by it compare, and a confounder elsewhere. */
class ConfounderTest {
    private static final String FB3 = "LI-V3.0.11.33637 Firebird 3.0";
    private static final String FB4 = "LI-V4.0.5.3140 Firebird 4.0";

    /** Real runs: Firebird 3.0's and 4.0's gbak restoring the same backup (logs and logs-fb4). */
    private static RunGroup group(String label, String log, String gbakVersion) {
        RestoreRun run = Logs.read(log).toBuilder()
                .label(label)
                .environment(new Environment("h", "Linux", "cpu", 2, null, gbakVersion, null, 1L, null, null))
                .build();
        return new RunGroup(label, List.of(run));
    }

    private static List<Confounder> kinds(RunGroup a, RunGroup b) {
        return Confounder.differences(List.of(a, b)).stream()
                .map(Confounder.Difference::kind)
                .toList();
    }

    @Test
    void armsLabelledByTheirVersionCompareTheVersion() {
        assertThat(kinds(group(FB3, "shop-tdrw.log", FB3), group(FB4, "fb4/shop-tdrw.log", FB4)))
                .doesNotContain(Confounder.GBAK_VERSION);
        for (String[] labels : List.of(
                new String[] {"3.0", "4.0"},
                new String[] {"fb3", "fb4"},
                new String[] {"firebird-3.0", "Firebird 4.0"},
                new String[] {"old 3.0 server", "new fb40"})) {
            assertThat(kinds(group(labels[0], "shop-tdrw.log", FB3), group(labels[1], "fb4/shop-tdrw.log", FB4)))
                    .as(String.join(" / ", labels))
                    .doesNotContain(Confounder.GBAK_VERSION);
        }
    }

    @Test
    void aVersionTheLabelsDoNotNameIsAConfounder() {
        assertThat(kinds(group("balanced", "shop-tdrw.log", FB3), group("performance", "fb4/shop-tdrw.log", FB4)))
                .contains(Confounder.GBAK_VERSION);
        // "4.0" is not named by "14.0" nor by "fb40" for 4.1: whole versions only
        assertThat(Confounder.GBAK_VERSION.names("run 14.0", FB4)).isFalse();
        assertThat(Confounder.GBAK_VERSION.names("fb41", FB4)).isFalse();
        assertThat(Confounder.POWER_PLAN.names("4.0", FB4)).isFalse();
    }

    @Test
    void anOdsIsNamedByTheFirebirdVersionThatWritesItOrByItself() {
        // matrix --vary 'gbak:PATH,PATH' labels each arm with gbak -z: its engine's ODS is what it compares
        assertThat(Confounder.ODS.names(FB4, "13.0")).isTrue();
        assertThat(Confounder.ODS.names("fb3", "12.0")).isTrue();
        assertThat(Confounder.ODS.names("ods 13.1", "13.1")).isTrue();
        // a route, a switch whose digits hold the ODS, another version: not named
        assertThat(Confounder.ODS.names("service", "13.0")).isFalse();
        assertThat(Confounder.ODS.names("-bu 1300", "13.0")).isFalse();
        assertThat(Confounder.ODS.names("fb3", "13.0")).isFalse();
        assertThat(Confounder.ODS.names("ods 13.1", "13.0")).isFalse();
    }

    @Test
    void anOdsThatFollowsAGbakVersionTheLabelsDoNotNameIsSaidOnce() {
        RunGroup a = group("balanced", "shop-tdrw.log", FB3);
        RunGroup b = group("performance", "fb4/shop-tdrw.log", FB4);
        a = new RunGroup(
                a.label(), List.of(a.runs().get(0).toBuilder().ods("12.0").build()));
        b = new RunGroup(
                b.label(), List.of(b.runs().get(0).toBuilder().ods("13.0").build()));
        assertThat(kinds(a, b)).contains(Confounder.GBAK_VERSION).doesNotContain(Confounder.ODS);
    }

    @Test
    void aRouteIsNamedByTheWordMatrixLabelsItsRouteArmWith() {
        // matrix --vary 'route:embedded,localhost,service': the route is what is compared, not a confounder
        assertThat(Confounder.ROUTE.names("embedded", "embedded")).isTrue();
        assertThat(Confounder.ROUTE.names("localhost", "remote TCP (localhost)"))
                .isTrue();
        assertThat(Confounder.ROUTE.names("tcp", "remote TCP (db1)")).isTrue();
        assertThat(Confounder.ROUTE.names("service", "services manager")).isTrue();
        assertThat(Confounder.ROUTE.names("service", "gbak -se (services manager)"))
                .isTrue();
        // a power plan's label names no route
        assertThat(Confounder.ROUTE.names("balanced", "embedded")).isFalse();
        assertThat(Confounder.ROUTE.names("high-performance", "remote TCP (localhost)"))
                .isFalse();
        assertThat(Confounder.ROUTE.names("embedded", "services manager")).isFalse();
    }

    private static final String BALANCED = "381b4222-f694-41f0-9685-ff5bb260df2e";
    private static final String HIGH_PERFORMANCE = "8c5e7fda-e8bf-4a96-9a85-a6e23a8c635c";
    /** The active plan of the recorded German list: a custom plan (a copy of Ultimate Performance, a new GUID). */
    private static final String ULTIMATIVE_LEISTUNG = "8d5b02d9-5a68-4c52-b95b-52c758afaede";

    /** A real run under {@code plan}, labelled {@code label}, as {@code matrix} records an arm. */
    private static RunGroup arm(String label, PowerPlan plan) {
        RestoreRun run = Logs.read("shop-tdrw.log").toBuilder()
                .label(label)
                .environment(new Environment("h", "Windows Server 2016", "cpu", 2, plan, FB3, null, 1L, null, null))
                .build();
        return new RunGroup(label, List.of(run));
    }

    /** The plan Windows reports after {@code matrix --plans} sets {@code arm}, on a recorded {@code powercfg /list}. */
    private static PowerPlan set(String recordedList, String arm) {
        return new WindowsPowerCfg(new FakePowercfg(RecordedRunner.powercfg(recordedList)).runner()).set(arm);
    }

    private static List<Confounder> planArms(String a, PowerPlan planA, String b, PowerPlan planB) {
        assertThat(planA.name()).isNotEqualTo(planB.name());
        return kinds(arm(a, planA), arm(b, planB));
    }

    @Test
    void armsOfGermanWindowsNamedByAliasGuidOrNameCompareThePlan() {
        String list = "de-list-custom-ultimate-active.txt";
        PowerPlan ausbalanciert = set(list, "balanced");
        PowerPlan ultimative = set(list, ULTIMATIVE_LEISTUNG);
        assertThat(ausbalanciert.name()).isEqualTo("Ausbalanciert");
        assertThat(ultimative.name()).isEqualTo("Ultimative Leistung");
        // the alias names the built-in plan by its GUID, whatever Windows' language calls it
        assertThat(planArms("balanced", ausbalanciert, ULTIMATIVE_LEISTUNG, ultimative))
                .doesNotContain(Confounder.POWER_PLAN);
        assertThat(planArms(BALANCED, ausbalanciert, "Ultimative Leistung", ultimative))
                .doesNotContain(Confounder.POWER_PLAN);
        // matrix --plans with a switch scan: each arm's label is the plan, then the switch
        assertThat(planArms(
                        "balanced -bu 100",
                        ausbalanciert,
                        "{8D5B02D9-5A68-4C52-B95B-52C758AFAEDE} -bu 100",
                        ultimative))
                .doesNotContain(Confounder.POWER_PLAN);
    }

    @Test
    void ultimateNamesTheCopyOfUltimatePerformanceThatMatrixSetsForIt() {
        String list = "en-list-custom-ultimate-active.txt";
        PowerPlan balanced = set(list, "balanced");
        PowerPlan ultimate = set(list, "ultimate");
        assertThat(ultimate.guid())
                .as("a copy, not the built-in GUID")
                .isEqualTo("4e5bddd9-75ad-4f4e-925e-78d8fdbedf94");
        assertThat(planArms("balanced", balanced, "ultimate", ultimate)).doesNotContain(Confounder.POWER_PLAN);
        assertThat(planArms("balanced", balanced, "Ultimate Performance", ultimate))
                .doesNotContain(Confounder.POWER_PLAN);
        // "performance" is matrix's word for High performance, and the High performance plan is no Ultimate one
        PowerPlan high = set(list, "performance");
        assertThat(planArms("balanced", balanced, "performance", high)).doesNotContain(Confounder.POWER_PLAN);
        assertThat(planArms("performance", high, "ultimate", ultimate)).doesNotContain(Confounder.POWER_PLAN);
        assertThat(planArms("balanced", balanced, "Ultimate Performance", high)).contains(Confounder.POWER_PLAN);
        assertThat(planArms("high-performance", ultimate, "ultimate", high)).contains(Confounder.POWER_PLAN);
    }

    @Test
    void armsGivenAsGuidsCompareThePlan() {
        String list = "en-list-balanced-active-msdocs.txt";
        assertThat(planArms(BALANCED, set(list, BALANCED), HIGH_PERFORMANCE, set(list, HIGH_PERFORMANCE)))
                .doesNotContain(Confounder.POWER_PLAN);
        assertThat(planArms(
                        "a1841308-3541-4fab-bc81-f71556f20b4a",
                        set(list, "power-saver"),
                        "high-performance",
                        set(list, HIGH_PERFORMANCE)))
                .doesNotContain(Confounder.POWER_PLAN);
    }

    @Test
    void russianPlanNamesAreNamedByTheirGuidsAlias() {
        // no Russian powercfg output was found published (src/test/resources/powercfg/README.md): the names here are
        // the ones Russian Windows gives its built-in plans, and the GUIDs are the same in every language
        PowerPlan balanced = PowerPlan.read("Сбалансированная", BALANCED, PlanSource.POWERCFG, false);
        PowerPlan high = PowerPlan.read("Высокая производительность", HIGH_PERFORMANCE, PlanSource.POWERCFG, true);
        assertThat(planArms("balanced", balanced, "high-performance", high)).doesNotContain(Confounder.POWER_PLAN);
        assertThat(planArms("Сбалансированная", balanced, "Высокая производительность", high))
                .doesNotContain(Confounder.POWER_PLAN);
        // labels of another plan do not hide that the records differ
        assertThat(planArms("power-saver", balanced, "high-performance", high)).contains(Confounder.POWER_PLAN);
    }

    @Test
    void aCustomPlanTheLabelsDoNotNameStaysADifference() {
        String list = "de-list-custom-ultimate-active.txt";
        PowerPlan ausbalanciert = set(list, "balanced");
        PowerPlan ultimative = set(list, ULTIMATIVE_LEISTUNG);
        // German Windows' copy of Ultimate Performance has neither its GUID nor its English name: nothing links it
        // to "ultimate" or to "high-performance"
        assertThat(planArms("balanced", ausbalanciert, "high-performance", ultimative))
                .contains(Confounder.POWER_PLAN);
        assertThat(planArms("balanced", ausbalanciert, "ultimate", ultimative)).contains(Confounder.POWER_PLAN);
        assertThat(planArms("monday", ausbalanciert, "tuesday", ultimative)).contains(Confounder.POWER_PLAN);
        Confounder.Difference plan =
                Confounder.differences(List.of(arm("balanced", ausbalanciert), arm("high-performance", ultimative)))
                        .stream()
                        .filter(d -> d.kind() == Confounder.POWER_PLAN)
                        .findFirst()
                        .orElseThrow();
        assertThat(plan.values().stream().map(Confounder.Values::values))
                .containsExactly(Set.of("Ausbalanciert"), Set.of("Ultimative Leistung"));
    }
}
