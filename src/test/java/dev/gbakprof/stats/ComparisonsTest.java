package dev.gbakprof.stats;

import dev.gbakprof.Samples;
import dev.gbakprof.model.RestoreRun;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** On the real A/B restores (src/test/resources/report/ab): full CPU {14.698, 12.972, 12.226} s, 50 % quota {26.442, 25.633, 26.958} s. */
class ComparisonsTest {
    private final RunGroup full = new RunGroup("full-cpu", Samples.fullCpu());
    private final RunGroup quota = new RunGroup("cpu-quota-50", Samples.quota());

    @Test
    void groupsSummariseTheTotalsOfTheirRuns() {
        Spread s = full.spread(Measure.TOTAL);
        assertThat(s.n()).isEqualTo(3);
        assertThat(s.median()).isCloseTo(12.972, within(1e-9));
        assertThat(s.min()).isCloseTo(12.226, within(1e-9));
        assertThat(s.max()).isCloseTo(14.698, within(1e-9));
        assertThat(quota.spread(Measure.TOTAL).median()).isCloseTo(26.442, within(1e-9));
    }

    @Test
    void clearlySeparatedGroupsAreCalledFasterWithAnIntervalThatExcludesOne() {
        Comparison c = Comparisons.compare(quota, full, Measure.TOTAL);
        assertThat(c.verdict()).isEqualTo(Verdict.FASTER);
        assertThat(c.speedup()).isCloseTo(26.442 / 12.972, within(1e-9));
        // With 3 runs a side a resampled median is the smallest (largest) value with probability 7/27, so
        // the extreme ratios have probability 49/729 > 2.5 % each: they are the ends of the interval.
        assertThat(c.interval().low()).isCloseTo(25.633 / 14.698, within(1e-9));
        assertThat(c.interval().high()).isCloseTo(26.958 / 12.226, within(1e-9));
        assertThat(c.interval().contains(1)).isFalse();
        assertThat(c.pValue()).isCloseTo(0.1, within(1e-12));
    }

    @Test
    void theOtherDirectionIsSlowerWithTheInverseRatio() {
        Comparison c = Comparisons.compare(full, quota, Measure.TOTAL);
        assertThat(c.verdict()).isEqualTo(Verdict.SLOWER);
        assertThat(c.timeRatio()).isCloseTo(26.442 / 12.972, within(1e-9));
    }

    @Test
    void identicalInputsAreWithinNoise() {
        List<RestoreRun> copy = Samples.fullCpu().stream().map(r -> r.withLabel("copy")).toList();
        Comparison c = Comparisons.compare(full, new RunGroup("copy", copy), Measure.TOTAL);
        assertThat(c.verdict()).isEqualTo(Verdict.WITHIN_NOISE);
        assertThat(c.speedup()).isEqualTo(1.0);
        assertThat(c.interval().contains(1)).isTrue();
        assertThat(c.pValue()).isEqualTo(1.0);
    }

    @Test
    void singleRunsGetARatioButNoVerdict() {
        RunGroup one = new RunGroup("full-cpu", List.of(Samples.fullCpu().get(1)));
        RunGroup other = new RunGroup("cpu-quota-50", List.of(Samples.quota().get(1)));
        Comparison c = Comparisons.compare(other, one, Measure.TOTAL);
        assertThat(c.verdict()).isEqualTo(Verdict.TOO_FEW_RUNS);
        assertThat(c.speedup()).isCloseTo(25.633 / 12.972, within(1e-9));
        assertThat(c.interval()).isNull();
        assertThat(c.pValue()).isNull();
    }

    @Test
    void aTotalThatNoRunCompletedIsUnknown() {
        List<RestoreRun> article = Samples.article();
        Comparison c = Comparisons.compare(new RunGroup("Balanced", List.of(article.get(0))),
                new RunGroup("High performance", List.of(article.get(1))), Measure.TOTAL);
        assertThat(c.verdict()).isEqualTo(Verdict.UNKNOWN);
        assertThat(c.speedup()).isNull();
    }

    @Test
    void theSameInputsAlwaysGiveTheSameInterval() {
        Interval a = Comparisons.compare(quota, full, Measure.INDEXES).interval();
        Interval b = Comparisons.compare(quota, full, Measure.INDEXES).interval();
        assertThat(a).isEqualTo(b);
    }

    @Test
    void tiedMillisecondTimesGetTheExactPValue() {
        // metadata: full-cpu {0.018, 0.017, 0.021} s, cpu-quota-50 {0.054, 0.030, 0.021} s: mid-ranks 2, 1, 3.5
        // against 6, 5, 3.5; rank sum 6.5 is the lowest, reached by 2 of the 20 splits (the normal
        // approximation said 0.12)
        assertThat(Comparisons.compare(quota, full, Measure.METADATA).pValue()).isCloseTo(0.2, within(1e-12));
        // finish: full-cpu {0.015, 0.009, 0.007} s, cpu-quota-50 {0.011, 0.037, 0.011} s (a tie within one
        // side): full-cpu's rank sum 8 or less in 4 of the 20 splits (the normal approximation said 0.38)
        assertThat(Comparisons.compare(quota, full, Measure.FINISH).pValue()).isCloseTo(0.4, within(1e-12));
    }
}
