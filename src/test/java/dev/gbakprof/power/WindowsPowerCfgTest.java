package dev.gbakprof.power;

import static dev.gbakprof.power.RecordedRunner.powercfg;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gbakprof.model.PowerPlan;
import dev.gbakprof.power.WindowsPowerCfg.Scheme;
import java.util.List;
import org.junit.jupiter.api.Test;

class WindowsPowerCfgTest {

    private static final String BALANCED = "381b4222-f694-41f0-9685-ff5bb260df2e";
    private static final String HIGH = "8c5e7fda-e8bf-4a96-9a85-a6e23a8c635c";
    private static final String SAVER = "a1841308-3541-4fab-bc81-f71556f20b4a";
    private static final String EN_CUSTOM_ULTIMATE = "4e5bddd9-75ad-4f4e-925e-78d8fdbedf94";
    private static final String DE_CUSTOM_ULTIMATE = "8d5b02d9-5a68-4c52-b95b-52c758afaede";

    /**
     * {@code powercfg /query GUID SUB_PROCESSOR PROCTHROTTLEMIN}, laid out like the recorded
     * {@code en-query-head.txt} (scheme, subgroup, setting, bounds, AC index, DC index). No public recording
     * of this exact query was found, so this one is written here, with the AC index given.
     */
    private static String minimumProcessorStateQuery(String guid, String name, int acPercent) {
        return "Power Scheme GUID: " + guid + "  (" + name + ")\n"
                + "  Subgroup GUID: 54533251-82be-4824-96c1-47b60b740d00  (Processor power management)\n"
                + "    Power Setting GUID: 893dee8e-2bef-41e0-89c6-b55d0929964c  (Minimum processor state)\n"
                + "      Minimum Possible Setting: 0x00000000\n"
                + "      Maximum Possible Setting: 0x00000064\n"
                + "      Possible Settings increment: 0x00000001\n"
                + "      Possible Settings units: %\n"
                + String.format("    Current AC Power Setting Index: 0x%08x%n", acPercent)
                + "    Current DC Power Setting Index: 0x00000005\n";
    }

    @Test
    void englishListIsReadByGuidWithItsNamesAndTheActiveStar() {
        assertThat(WindowsPowerCfg.parseList(powercfg("en-list-custom-ultimate-active.txt")))
                .containsExactly(
                        new Scheme(BALANCED, "Balanced", false),
                        new Scheme(EN_CUSTOM_ULTIMATE, "Ultimate Performance", true),
                        new Scheme(HIGH, "High performance", false),
                        new Scheme(SAVER, "Power saver", false));
    }

    @Test
    void germanListIsReadByGuidWhateverTheTranslatedLabels() {
        assertThat(WindowsPowerCfg.parseList(powercfg("de-list-custom-ultimate-active.txt")))
                .containsExactly(
                        new Scheme(BALANCED, "Ausbalanciert", false),
                        new Scheme(DE_CUSTOM_ULTIMATE, "Ultimative Leistung", true));
    }

    @Test
    void listWithoutTheDashedLineIsReadToo() {
        assertThat(WindowsPowerCfg.parseList(powercfg("en-list-balanced-active-msdocs.txt")))
                .containsExactly(
                        new Scheme(BALANCED, "Balanced", true),
                        new Scheme(HIGH, "High performance", false),
                        new Scheme(SAVER, "Power saver", false));
    }

    @Test
    void activeSchemeIsTheSchemeLineNotTheSubgroupOrSettingAfterIt() {
        assertThat(WindowsPowerCfg.parseActive(powercfg("en-query-head.txt")))
                .contains(new Scheme(BALANCED, "Balanced", true));
    }

    @Test
    void settingIndexesAreTheLastTwoHexNumbersAfterTheBounds() {
        long[] acDc = WindowsPowerCfg.parseSettingIndexes(powercfg("en-query-head.txt"))
                .orElseThrow();
        assertThat(acDc).containsExactly(0x4b0, 0x258);
    }

    @Test
    void nameMayHoldParentheses() {
        assertThat(WindowsPowerCfg.parseList(
                        "Power Scheme GUID: a42b1691-948d-4dd6-8212-9523b6693a8d  (Ultimate Performance (ExitLag)) *"))
                .containsExactly(
                        new Scheme("a42b1691-948d-4dd6-8212-9523b6693a8d", "Ultimate Performance (ExitLag)", true));
    }

    @Test
    void balancedIsTheActivePlanAndNotAPerformancePlan() {
        RecordedRunner runner = new RecordedRunner()
                .ok("powercfg /list", powercfg("en-list-balanced-active-msdocs.txt"))
                .ok("powercfg /getactivescheme", powercfg("en-query-head.txt"));

        PowerSnapshot snapshot = new WindowsPowerCfg(runner).probe();

        assertThat(snapshot.active()).isEqualTo(new PowerPlan("Balanced", BALANCED, "powercfg", false));
        assertThat(snapshot.available())
                .containsExactly(
                        new PowerSnapshot.Choice("Balanced", BALANCED, true),
                        new PowerSnapshot.Choice("High performance", HIGH, false),
                        new PowerSnapshot.Choice("Power saver", SAVER, false));
        assertThat(runner.calls())
                .doesNotContain(List.of("powercfg", "/query", BALANCED, "SUB_PROCESSOR", "PROCTHROTTLEMIN"));
    }

    @Test
    void activePlanFallsBackToTheStarOfListWhenGetActiveSchemeFails() {
        RecordedRunner runner = new RecordedRunner()
                .ok("powercfg /list", powercfg("de-list-custom-ultimate-active.txt"))
                .fails("powercfg /getactivescheme", 1, "")
                .fails("powercfg /query " + DE_CUSTOM_ULTIMATE + " SUB_PROCESSOR PROCTHROTTLEMIN", 1, "");

        PowerPlan plan = new WindowsPowerCfg(runner).probe().active();

        assertThat(plan).isEqualTo(new PowerPlan("Ultimative Leistung", DE_CUSTOM_ULTIMATE, "powercfg", null));
    }

    @Test
    void customPlanIsAPerformancePlanWhenItsMinimumProcessorStateOnAcIs100Percent() {
        String query = "powercfg /query " + EN_CUSTOM_ULTIMATE + " SUB_PROCESSOR PROCTHROTTLEMIN";
        RecordedRunner full = new RecordedRunner()
                .ok("powercfg /list", powercfg("en-list-custom-ultimate-active.txt"))
                .fails("powercfg /getactivescheme", 1, "")
                .ok(query, minimumProcessorStateQuery(EN_CUSTOM_ULTIMATE, "Ultimate Performance", 100));
        RecordedRunner throttled = new RecordedRunner()
                .ok("powercfg /list", powercfg("en-list-custom-ultimate-active.txt"))
                .fails("powercfg /getactivescheme", 1, "")
                .ok(query, minimumProcessorStateQuery(EN_CUSTOM_ULTIMATE, "Ultimate Performance", 5));

        PowerSnapshot fullSnapshot = new WindowsPowerCfg(full).probe();

        assertThat(fullSnapshot.active().performance()).isTrue();
        assertThat(fullSnapshot.details()).contains(new PowerSnapshot.Detail("minimum processor state (AC)", "100 %"));
        assertThat(new WindowsPowerCfg(throttled).probe().active().performance())
                .isFalse();
    }

    @Test
    void powercfgMissingMakesTheStateUnknownWithTheReason() {
        PowerPlan plan = new WindowsPowerCfg(new RecordedRunner()).probe().active();

        assertThat(plan.name()).isEqualTo("unknown");
        assertThat(plan.performance()).isNull();
        assertThat(plan.source()).startsWith("unknown: powercfg cannot be run: Cannot run program \"powercfg\"");
    }

    @Test
    void setHighPerformanceByAliasCallsSetActiveWithItsGuid() {
        RecordedRunner runner = new FakePowercfg(powercfg("en-list-balanced-active-msdocs.txt")).runner();

        PowerPlan now = new WindowsPowerCfg(runner).set("high-performance");

        assertThat(now).isEqualTo(new PowerPlan("High performance", HIGH, "powercfg", true));
        assertThat(runner.calls()).contains(List.of("powercfg", "/setactive", HIGH));
    }

    @Test
    void setAcceptsThePlanNameAsGermanWindowsShowsIt() {
        RecordedRunner runner = new FakePowercfg(powercfg("de-list-custom-ultimate-active.txt"))
                .runner()
                .fails("powercfg /query " + BALANCED + " SUB_PROCESSOR PROCTHROTTLEMIN", 1, "");

        PowerPlan now = new WindowsPowerCfg(runner).set("ausbalanciert");

        assertThat(now).isEqualTo(new PowerPlan("Ausbalanciert", BALANCED, "powercfg", false));
        assertThat(runner.calls()).contains(List.of("powercfg", "/setactive", BALANCED));
    }

    @Test
    void setAcceptsAGuidInBracesAndCapitals() {
        RecordedRunner runner = new FakePowercfg(powercfg("en-list-balanced-active-msdocs.txt")).runner();

        new WindowsPowerCfg(runner).set("{A1841308-3541-4FAB-BC81-F71556F20B4A}");

        assertThat(runner.calls()).contains(List.of("powercfg", "/setactive", SAVER));
    }

    @Test
    void ultimateAliasFindsTheCopyNamedUltimatePerformanceWhenTheBuiltInGuidIsAbsent() {
        RecordedRunner runner = new FakePowercfg(powercfg("en-list-custom-ultimate-active.txt"))
                .runner()
                .fails("powercfg /query " + EN_CUSTOM_ULTIMATE + " SUB_PROCESSOR PROCTHROTTLEMIN", 1, "");
        WindowsPowerCfg windows = new WindowsPowerCfg(runner);
        windows.set("balanced");

        PowerPlan now = windows.set("ultimate");

        assertThat(now.guid()).isEqualTo(EN_CUSTOM_ULTIMATE);
        assertThat(runner.calls()).contains(List.of("powercfg", "/setactive", EN_CUSTOM_ULTIMATE));
    }

    @Test
    void unknownNameIsRefusedWithThePlansOfThisSystem() {
        RecordedRunner runner = new FakePowercfg(powercfg("de-list-custom-ultimate-active.txt")).runner();

        assertThatThrownBy(() -> new WindowsPowerCfg(runner).set("Turbo"))
                .isInstanceOf(UnknownPlanException.class)
                .hasMessage("no power plan named 'Turbo'; plans on this system: Ausbalanciert (" + BALANCED
                        + "), Ultimative Leistung (" + DE_CUSTOM_ULTIMATE + "); aliases: balanced,"
                        + " high-performance, power-saver, ultimate");
        assertThat(runner.calls()).noneMatch(call -> call.contains("/setactive"));
    }

    @Test
    void missingBuiltInPlanSaysHowToCreateIt() {
        RecordedRunner runner = new FakePowercfg(powercfg("de-list-custom-ultimate-active.txt")).runner();

        assertThatThrownBy(() -> new WindowsPowerCfg(runner).set("high-performance"))
                .isInstanceOf(UnknownPlanException.class)
                .hasMessageStartingWith("High performance (" + HIGH + ") is not installed on this system")
                .hasMessageContaining("powercfg -duplicatescheme " + HIGH);
    }

    @Test
    void setThatDoesNotTakeIsReportedNotHidden() {
        RecordedRunner runner = new FakePowercfg(powercfg("en-list-balanced-active-msdocs.txt"))
                .ignoringSetActive()
                .runner();

        assertThatThrownBy(() -> new WindowsPowerCfg(runner).set("power-saver"))
                .isInstanceOf(PowerPlanException.class)
                .hasMessage("powercfg accepted /setactive " + SAVER + " (Power saver) but the active plan is still"
                        + " Balanced (" + BALANCED + "); a group policy or a vendor tool may enforce the plan");
    }
}
