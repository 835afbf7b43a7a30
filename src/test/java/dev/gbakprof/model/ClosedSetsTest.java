package dev.gbakprof.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The closed sets of the run record are enums whose JSON words are those every record has carried. */
class ClosedSetsTest {
    @Test
    void eachEnumWritesTheWordTheRecordAlwaysHad() {
        assertThat(Arrays.stream(Via.values()).map(Object::toString)).containsExactly("gbak", "service", "log");
        assertThat(Arrays.stream(IndexMapping.values()).map(Object::toString))
                .containsExactly("log", "inferred", "database", "none");
        assertThat(Arrays.stream(Phase.values()).map(Object::toString))
                .containsExactly("setup", "metadata", "data", "indexes", "finish");
        assertThat(Arrays.stream(Column.values()).map(Object::toString))
                .containsExactly("time", "delta", "reads", "writes");
        assertThat(Arrays.stream(PlanSource.values()).map(Object::toString))
                .containsExactly("powercfg", "cpufreq", "unknown");
        assertThat(WarningCode.MAPPING_INFERRED).hasToString("mapping-inferred");
        assertThat(WarningCode.fromJson("interrupted")).isEqualTo(WarningCode.INTERRUPTED);
        assertThat(WarningCode.fromJson("a-code-of-a-later-version")).isEqualTo(WarningCode.OTHER);
    }

    @Test
    void anUnknownPowerPlanKeepsItsReasonInTheSourceAsBefore() {
        PowerPlan unknown = PowerPlan.unknown("no cpufreq in /sys (virtual machine?)");
        assertThat(unknown.source()).isEqualTo("unknown: no cpufreq in /sys (virtual machine?)");
        assertThat(unknown.from()).isEqualTo(PlanSource.UNKNOWN);
        assertThat(unknown.unknownReason()).isEqualTo("no cpufreq in /sys (virtual machine?)");

        PowerPlan read = PowerPlan.read("performance", null, PlanSource.CPUFREQ, true);
        assertThat(read.source()).isEqualTo("cpufreq");
        assertThat(read.from()).isEqualTo(PlanSource.CPUFREQ);
        assertThat(read.unknownReason()).isNull();
        assertThat(new PowerPlan("x", null, "someone else's probe").from()).isNull();
    }
}
