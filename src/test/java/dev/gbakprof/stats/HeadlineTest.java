package dev.gbakprof.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.gbakprof.Samples;
import java.util.List;
import org.junit.jupiter.api.Test;

class HeadlineTest {

    @Test
    void excerptsWithoutATotalCompareTheIndexPhaseTheyShow() {
        List<RunGroup> groups = Groups.byLabel(Samples.article());
        Headline h = Headline.of(groups, 0);
        assertThat(h.measure()).isEqualTo(Measure.INDEXES);
        assertThat(h.onTotal()).isFalse();
        assertThat(h.faster().label()).isEqualTo("High performance");
        assertThat(h.slower().label()).isEqualTo("Balanced");
        // first to last of the five lines: 13304.334 - 9529.339 and 7894.340 - 5301.785
        assertThat(h.comparison().baselineSpread().median()).isCloseTo(3774.995, within(1e-6));
        assertThat(h.comparison().candidateSpread().median()).isCloseTo(2592.555, within(1e-6));
        assertThat(h.timeSaved()).isCloseTo(1 - 2592.555 / 3774.995, within(1e-9));
        assertThat(h.comparison().verdict()).isEqualTo(Verdict.TOO_FEW_RUNS);
    }

    @Test
    void completedRunsCompareTheTotalFastestAgainstTheBaseline() {
        List<RunGroup> groups = Groups.byLabel(Samples.abBoth());
        Headline h = Headline.of(groups, 1);
        assertThat(h.measure()).isEqualTo(Measure.TOTAL);
        assertThat(h.faster().label()).isEqualTo("full-cpu");
        assertThat(h.slower().label()).isEqualTo("cpu-quota-50");
        assertThat(h.timeSaved()).isCloseTo(1 - 12.972 / 26.442, within(1e-9));
        assertThat(h.comparison().verdict()).isEqualTo(Verdict.FASTER);
    }

    @Test
    void whenTheFastestIsTheBaselineItIsComparedWithTheSlowest() {
        Headline h = Headline.of(Groups.byLabel(Samples.abBoth()), 0);
        assertThat(h.faster().label()).isEqualTo("full-cpu");
        assertThat(h.slower().label()).isEqualTo("cpu-quota-50");
    }

    @Test
    void aSingleLabelHasNothingToCompare() {
        Headline h = Headline.of(Groups.byLabel(Samples.fullCpu()), 0);
        assertThat(h.slower()).isNull();
        assertThat(h.comparison()).isNull();
        assertThat(h.faster().spread(h.measure()).median()).isCloseTo(12.972, within(1e-9));
    }
}
