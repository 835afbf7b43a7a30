package dev.gbakprof.stats;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.model.Phase;
import dev.gbakprof.model.PhaseTime;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.output.Lang;
import dev.gbakprof.output.Texts;
import dev.gbakprof.output.VerdictText;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * gbak's clock ticks in milliseconds: rounds that printed the same time are tied, not slower, and a phase whose median
 * is 0 ms is too short to compare, not unknown. The data phases are those of a DBA review's {@code matrix --vary
 * 'gbak:-bu 100,4000' --repeat 4}, each the difference of gbak's two millisecond clocks, as the parser makes it.
 */
class MillisecondClockTest {
    private static final Instant T0 = Instant.parse("2026-12-07T13:00:00Z");

    /** A completed restore in round {@code round} whose data phase ran from {@code fromMs} to {@code toMs}. */
    private static RestoreRun run(String label, int round, int position, double total, int fromMs, int toMs) {
        double data = toMs / 1000.0 - fromMs / 1000.0; // 0.154 − 0.138 gives 0.016000000000000014
        return RestoreRun.builder()
                .label(label)
                .startedAt(T0.plusSeconds(10L * (2 * round + position)).toString())
                .status(RunStatus.COMPLETED)
                .totalSeconds(total)
                .phases(List.of(new PhaseTime(Phase.DATA, data)))
                .build()
                .toBuilder()
                .placement(round, position, false)
                .build();
    }

    /** Four rounds of A and B; B's data phase against A's: 3 vs 3, 4 vs 2, 1 vs 1, 2 vs 1 ms. */
    private static List<RestoreRun> reviewRounds() {
        int[][] ms = {{3, 3}, {4, 2}, {1, 1}, {2, 1}}; // {B, A}
        int[] start = {138, 151, 127, 149};
        List<RestoreRun> runs = new ArrayList<>();
        for (int i = 0; i < ms.length; i++) {
            runs.add(run("A", i + 1, 1, 0.140 + i * 0.001, start[i], start[i] + ms[i][1]));
            runs.add(run("B", i + 1, 2, 0.160 + i * 0.001, start[i] + 7, start[i] + 7 + ms[i][0]));
        }
        return runs;
    }

    @Test
    void roundsThatPrintedTheSameMillisecondsAreTiedNotSlower() {
        Comparison c = Analysis.of(reviewRounds(), "A").comparison(1, Measure.DATA);
        assertThat(c.method()).isEqualTo(Comparison.Method.PAIRED);
        assertThat(c.pairs()).isEqualTo(4);
        assertThat(c.pairsSlower()).isEqualTo(2);
        assertThat(c.pairsTied()).isEqualTo(2);
        assertThat(c.timeRatio()).isBetween(1.41, 1.42); // √2: the geometric mean of 1, 2, 1, 2
        assertThat(VerdictText.sentence(c, Texts.of(Lang.EN))).contains("slower in 2 of 4 rounds, 2 tied");
        for (Lang lang : Lang.values()) {
            assertThat(VerdictText.sentence(c, Texts.of(lang)))
                    .as(lang.toString())
                    .contains("2")
                    .contains("4")
                    .doesNotContain("{");
        }
    }

    @Test
    void theSameMillisecondsUnderFloatingPointNoiseAreATie() {
        // 0.15400000000000003 − 0.138 and 0.016: one millisecond count, whatever the last bits say
        double a = 0.15400000000000003 - 0.138;
        double b = 0.016;
        assertThat(a).isNotEqualTo(b);
        Paired.Result p = Paired.test(new double[] {a, 0.002, 0.005}, new double[] {b, 0.001, 0.005}, 0.95);
        assertThat(p.aLonger()).isEqualTo(1);
        assertThat(p.bLonger()).isZero();
        assertThat(p.n() - p.aLonger() - p.bLonger()).isEqualTo(2);
    }

    @Test
    void roundsWithoutTiesSayNoTie() {
        List<RestoreRun> runs = new ArrayList<>();
        for (int i = 1; i <= 3; i++) {
            runs.add(run("A", i, 1, 10.0 + i, 100, 100 + 2 * i));
            runs.add(run("B", i, 2, 11.0 + i, 200, 200 + 3 * i));
        }
        Comparison c = Analysis.of(runs, "A").comparison(1, Measure.TOTAL);
        assertThat(c.pairsSlower()).isEqualTo(3);
        assertThat(c.pairsTied()).isZero();
        assertThat(VerdictText.sentence(c, Texts.of(Lang.EN)))
                .contains("slower in 3 of 3 rounds:")
                .doesNotContain("tied");
    }

    @Test
    void aKnownMedianOfZeroMillisecondsIsTooShortNotUnknown() {
        List<RestoreRun> runs = new ArrayList<>();
        int[] aMs = {0, 0, 1};
        int[] bMs = {2, 1, 3};
        for (int i = 0; i < 3; i++) {
            runs.add(run("A", i + 1, 1, 0.140, 150, 150 + aMs[i]));
            runs.add(run("B", i + 1, 2, 0.150, 150, 150 + bMs[i]));
        }
        Analysis a = Analysis.of(runs, "A");
        assertThat(a.baselineGroup().spread(Measure.DATA).n()).isEqualTo(3);
        assertThat(a.baselineGroup().spread(Measure.DATA).median()).isZero();
        Comparison c = a.comparison(1, Measure.DATA);
        assertThat(c.verdict()).isEqualTo(Verdict.TOO_SHORT);
        assertThat(c.verdict().code()).isEqualTo("too-short");
        String sentence = VerdictText.sentence(c, Texts.of(Lang.EN));
        assertThat(sentence).contains("too short for gbak's 1 ms clock").doesNotContain("unknown");
        // a measure no run knows stays unknown
        assertThat(a.comparison(1, Measure.INDEXES).verdict()).isEqualTo(Verdict.UNKNOWN);
    }
}
