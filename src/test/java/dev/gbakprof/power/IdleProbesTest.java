package dev.gbakprof.power;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gbakprof.model.IdleProbe;
import java.util.List;
import org.junit.jupiter.api.Test;

class IdleProbesTest {

    @Test
    void aBurstThatRunsHalfAgainAsLongAfterIdleMeansTheCpuClocksDown() {
        IdleProbe p =
                IdleProbes.evaluate(List.of(31.0, 29.5, 30.2, 35.0, 30.0), List.of(20.0, 20.4, 19.8, 20.1, 20.0), 1);
        assertThat(p.ratio()).isEqualTo(1.51); // median 30.2 / median 20.0
        assertThat(p.verdict()).isEqualTo("clocks-down");
        assertThat(p.message())
                .contains(
                        "20.0 ms CPU burst took 1.51× as long after 1 s idle",
                        "median of 5 each",
                        "clocks down when idle");
    }

    @Test
    void theSameTimeAfterIdleAndBackToBackIsSteady() {
        IdleProbe p = IdleProbes.evaluate(List.of(20.3, 20.1, 19.9), List.of(20.0, 20.2, 19.9), 1);
        assertThat(p.ratio()).isEqualTo(1.005);
        assertThat(p.verdict()).isEqualTo("steady");
    }

    @Test
    void aRatioBetweenTheThresholdsIsUnclearNotAVerdict() {
        IdleProbe p = IdleProbes.evaluate(List.of(25.0, 25.0, 25.0), List.of(20.0, 20.0, 20.0), 2);
        assertThat(p.ratio()).isEqualTo(1.25);
        assertThat(p.verdict()).isEqualTo("unclear");
        assertThat(p.message()).contains("after 2 s idle", "below the 1.4×");
    }

    @Test
    void backToBackBurstsThatVaryTooMuchGiveNoSteadyVerdict() {
        IdleProbe p = IdleProbes.evaluate(List.of(20.0, 21.0, 20.0), List.of(12.0, 20.0, 25.0), 1);
        assertThat(p.verdict()).isEqualTo("unclear");
        assertThat(p.message()).contains("varied 2.08×");
    }

    @Test
    void noBurstsIsRefused() {
        assertThatThrownBy(() -> IdleProbes.evaluate(List.of(), List.of(1.0), 1))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theRealProbeOnThisMachineGivesASaneRatioFromCpuTime() throws InterruptedException {
        IdleProbe p = IdleProbes.measure(3, 0.3, 10);
        // a burst sized to 10 ms of CPU can take far less once the test JVM's C2 compiler has compiled it (gbakprof
        // runs on C1 alone): 0.4 ms was seen on a loaded machine
        assertThat(p.afterIdleMs())
                .hasSize(3)
                .allSatisfy(ms -> assertThat(ms).isPositive().isLessThan(2000.0));
        assertThat(p.backToBackMs())
                .hasSize(3)
                .allSatisfy(ms -> assertThat(ms).isPositive().isLessThan(2000.0));
        assertThat(p.ratio()).isBetween(0.2, 10.0);
        assertThat(p.verdict()).isIn("clocks-down", "steady", "unclear");
    }
}
