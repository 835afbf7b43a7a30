package dev.gbakprof.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.gbakprof.Samples;
import java.util.List;
import org.junit.jupiter.api.Test;

class SlowerCheckTest {
    private final RunGroup full = new RunGroup("full-cpu", Samples.fullCpu());
    private final RunGroup quota = new RunGroup("cpu-quota-50", Samples.quota());

    @Test
    void aCandidateSlowerThanAllowedFails() {
        SlowerCheck c = SlowerCheck.of(full, quota, 10);
        assertThat(c.passed()).isFalse();
        assertThat(c.slowerPercent()).isCloseTo(100 * (26.442 / 12.972 - 1), within(1e-9));
        assertThat(c.message())
                .startsWith("FAIL cpu-quota-50: median total 26.442 s is 103.8% slower than full-cpu (12.972 s)");
    }

    @Test
    void aCandidateWithinTheAllowanceOrFasterPasses() {
        assertThat(SlowerCheck.of(full, quota, 104).passed()).isTrue();
        assertThat(SlowerCheck.of(full, quota, 103.8).passed()).isFalse();
        assertThat(SlowerCheck.of(quota, full, 0).passed()).isTrue();
    }

    @Test
    void anUnknownTotalCannotPass() {
        RunGroup balanced = new RunGroup("Balanced", List.of(Samples.article().get(0)));
        SlowerCheck c = SlowerCheck.of(full, balanced, 10);
        assertThat(c.passed()).isFalse();
        assertThat(c.message()).contains("no completed run of Balanced");
    }
}
