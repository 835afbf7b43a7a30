package dev.gbakprof.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.gbakprof.Samples;
import dev.gbakprof.model.RestoreRun;
import java.util.List;
import org.junit.jupiter.api.Test;

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
        // Welch's t on the log-times (scipy.stats: ttest_ind(log(quota), log(full), equal_var=False) gives
        // p = 0.003916, df = 2.291; the interval of the ratio of geometric means, with gbak's 1 ms resolution)
        assertThat(c.interval().low()).isCloseTo(1.602598, within(1e-6));
        assertThat(c.interval().high()).isCloseTo(2.462237, within(1e-6));
        assertThat(c.pValue()).isCloseTo(0.003916, within(1e-6));
    }

    @Test
    void theOtherDirectionIsSlowerWithTheInverseRatio() {
        Comparison c = Comparisons.compare(full, quota, Measure.TOTAL);
        assertThat(c.verdict()).isEqualTo(Verdict.SLOWER);
        assertThat(c.timeRatio()).isCloseTo(26.442 / 12.972, within(1e-9));
    }

    @Test
    void identicalInputsWithARunToRunSpreadCannotTellAndSayWhatWouldTell() {
        List<RestoreRun> copy =
                Samples.fullCpu().stream().map(r -> r.withLabel("copy")).toList();
        Comparison c = Comparisons.compare(full, new RunGroup("copy", copy), Measure.TOTAL);
        // the same three runs under two labels: a ratio of 1, but 12.2–14.7 s a side is too wide for ±5 %
        assertThat(c.verdict()).isEqualTo(Verdict.CANNOT_TELL);
        assertThat(c.method()).isEqualTo(Comparison.Method.WELCH);
        assertThat(c.runsNeeded()).isGreaterThan(3);
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
        Comparison c = Comparisons.compare(
                new RunGroup("Balanced", List.of(article.get(0))),
                new RunGroup("High performance", List.of(article.get(1))),
                Measure.TOTAL);
        assertThat(c.verdict()).isEqualTo(Verdict.UNKNOWN);
        assertThat(c.speedup()).isNull();
    }

    @Test
    void theSameInputsAlwaysGiveTheSameInterval() {
        Interval a = Comparisons.compare(quota, full, Measure.INDEXES).interval();
        Interval b = Comparisons.compare(quota, full, Measure.INDEXES).interval();
        assertThat(a).isEqualTo(b);
    }
}
