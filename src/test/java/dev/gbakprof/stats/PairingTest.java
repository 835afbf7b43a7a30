package dev.gbakprof.stats;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The rule that cuts runs into rounds, and the three outcomes of a verdict. */
class PairingTest {
    private static final Instant T0 = Instant.parse("2026-12-06T03:00:00Z");

    /** A completed restore of {@code label} started {@code minute} minutes after T0, taking {@code seconds}. */
    private static RestoreRun run(String label, int minute, double seconds) {
        return RestoreRun.builder()
                .label(label)
                .startedAt(T0.plusSeconds(60L * minute).toString())
                .status(RunStatus.COMPLETED)
                .totalSeconds(seconds)
                .build();
    }

    private static RestoreRun inRound(RestoreRun r, int round, int position) {
        return r.toBuilder().placement(round, position, false).build();
    }

    private static Pairing pair(List<RestoreRun> runs) {
        return Pairing.of(runs, runs.stream().map(RestoreRun::label).distinct().toList());
    }

    @Test
    void alternatingRunsInAnyOrderWithinRoundsArePairedByTime() {
        // A B, B A, A B: given in any order, cut by start time
        List<RestoreRun> runs = List.of(
                run("B", 4, 11),
                run("A", 0, 10),
                run("B", 1, 11),
                run("A", 3, 10),
                run("A", 4 + 1, 10),
                run("B", 6, 11));
        Pairing p = pair(runs);
        assertThat(p.kind()).isEqualTo(Pairing.Kind.TIME_ORDER);
        assertThat(p.rounds()).hasSize(3).allSatisfy(r -> assertThat(r.keySet()).containsExactlyInAnyOrder("A", "B"));
        double[][] pairs = p.pairs("A", "B", Measure.TOTAL);
        assertThat(pairs[0]).containsExactly(10, 10, 10);
        assertThat(pairs[1]).containsExactly(11, 11, 11);
    }

    /**
     * A matrix stopped by Ctrl-C in its fifth round: four whole rounds and the first restore of the fifth. The four pair
     * (the stopped round pairs with none, its run still counts in its configuration's median); before, the one run
     * left every round unpaired ("cannot be cut into rounds") and the experiment was compared as two groups.
     */
    @Test
    void aMatrixStoppedInItsLastRoundPairsTheRoundsItFinished() {
        List<RestoreRun> runs = new ArrayList<>();
        double[] a = {10.0, 12.0, 9.0, 11.0, 10.5};
        for (int round = 1; round <= 5; round++) {
            runs.add(inRound(run("A", 10 * round, a[round - 1]), round, 1));
            if (round < 5) {
                runs.add(inRound(run("B", 10 * round + 2, a[round - 1] * 1.2), round, 2));
            }
        }
        Pairing p = pair(runs);
        assertThat(p.kind()).isEqualTo(Pairing.Kind.MATRIX_ROUND);
        assertThat(p.rounds()).hasSize(4);
        assertThat(p.pairs("A", "B", Measure.TOTAL)[0]).containsExactly(10.0, 12.0, 9.0, 11.0);
        Comparison c = Comparisons.compare(
                new RunGroup(
                        "A", runs.stream().filter(r -> r.label().equals("A")).toList()),
                new RunGroup(
                        "B", runs.stream().filter(r -> r.label().equals("B")).toList()),
                Measure.TOTAL,
                p,
                Comparisons.DEFAULT_MARGIN);
        assertThat(c.method()).isEqualTo(Comparison.Method.PAIRED);
        assertThat(c.pairs()).isEqualTo(4);
        assertThat(c.verdict()).isEqualTo(Verdict.SLOWER);
        // a round missing in the middle is no stop: not paired by the recorded rounds
        List<RestoreRun> gap = new ArrayList<>(runs);
        gap.removeIf(r -> r.label().equals("B") && r.round() == 2);
        assertThat(pair(gap).kind()).isNotEqualTo(Pairing.Kind.MATRIX_ROUND);
    }

    @Test
    void aAbBAndAnOddRunAndLogsWithoutStartTimesAreNotPaired() {
        Pairing aabb = pair(List.of(run("A", 0, 10), run("A", 1, 10), run("B", 2, 11), run("B", 3, 11)));
        assertThat(aabb.kind()).isEqualTo(Pairing.Kind.NONE);
        assertThat(aabb.reason()).isEqualTo(Pairing.Reason.REPEATED_IN_ROUND);
        assertThat(aabb.label()).isEqualTo("A");
        assertThat(aabb.round()).isEqualTo(1);
        Pairing odd = pair(List.of(run("A", 0, 10), run("B", 1, 11), run("A", 2, 10)));
        assertThat(odd.reason()).isEqualTo(Pairing.Reason.UNEVEN);
        assertThat(odd.round()).isEqualTo(3);
        RestoreRun log = RestoreRun.builder()
                .label("B")
                .status(RunStatus.COMPLETED)
                .totalSeconds(11.0)
                .build();
        assertThat(pair(List.of(run("A", 0, 10), log)).reason()).isEqualTo(Pairing.Reason.NO_START_TIMES);
        assertThat(pair(List.of(run("A", 0, 10), run("A", 1, 10))).reason()).isNull(); // one configuration
    }

    @Test
    void matrixRoundsArePairedByTheirRecordedRoundsAndTwoExperimentsByTime() {
        List<RestoreRun> matrix = List.of(
                inRound(run("A", 0, 10), 1, 1),
                inRound(run("B", 1, 11), 1, 2),
                inRound(run("B", 2, 11), 2, 1),
                inRound(run("A", 3, 10), 2, 2),
                inRound(run("A", 4, 10), 3, 1),
                inRound(run("B", 5, 11), 3, 2));
        assertThat(pair(matrix).kind()).isEqualTo(Pairing.Kind.MATRIX_ROUND);
        assertThat(pair(matrix).rounds().get(1).keySet()).containsExactly("B", "A"); // the order they ran in
        // a second matrix later: two round 1s; their start times still pair them
        List<RestoreRun> two = new ArrayList<>(matrix);
        two.add(inRound(run("A", 10, 10), 1, 1));
        two.add(inRound(run("B", 11, 11), 1, 2));
        assertThat(pair(two).kind()).isEqualTo(Pairing.Kind.TIME_ORDER);
        assertThat(pair(two).rounds()).hasSize(4);
        // two run --repeat series (A A, then B B) have rounds 1 and 2 each, but their rounds are not interleaved
        List<RestoreRun> series = List.of(
                inRound(run("A", 0, 10), 1, 1),
                inRound(run("A", 1, 10), 2, 1),
                inRound(run("B", 2, 11), 1, 1),
                inRound(run("B", 3, 11), 2, 1));
        assertThat(pair(series).reason()).isEqualTo(Pairing.Reason.REPEATED_IN_ROUND);
    }

    @Test
    void twoRoundsAreTooFewToPairAndSaySo() {
        Pairing matrix = pair(List.of(
                inRound(run("A", 0, 10), 1, 1),
                inRound(run("B", 1, 11), 1, 2),
                inRound(run("B", 2, 11), 2, 1),
                inRound(run("A", 3, 10), 2, 2)));
        Pairing alternating = pair(List.of(run("A", 0, 10), run("B", 1, 11), run("B", 2, 11), run("A", 3, 10)));

        for (Pairing p : List.of(matrix, alternating)) {
            assertThat(p.paired()).isFalse();
            assertThat(p.reason()).isEqualTo(Pairing.Reason.FEW_ROUNDS);
            assertThat(p.round()).isEqualTo(2);
            assertThat(p.rounds()).isEmpty();
        }
    }

    @Test
    void aVerdictIsFasterSlowerTheSameWithinTheMarginOrCannotTell() {
        assertThat(Comparisons.verdict(new Interval(1.10, 1.30, 0.95), 0.05)).isEqualTo(Verdict.FASTER);
        assertThat(Comparisons.verdict(new Interval(0.70, 0.95, 0.95), 0.05)).isEqualTo(Verdict.SLOWER);
        assertThat(Comparisons.verdict(new Interval(0.97, 1.04, 0.95), 0.05)).isEqualTo(Verdict.SAME);
        assertThat(Comparisons.verdict(new Interval(1 / 1.05, 1.05, 0.95), 0.05))
                .isEqualTo(Verdict.SAME);
        assertThat(Comparisons.verdict(new Interval(0.90, 1.12, 0.95), 0.05)).isEqualTo(Verdict.CANNOT_TELL);
        assertThat(Comparisons.verdict(new Interval(0.90, 1.12, 0.95), 0.15)).isEqualTo(Verdict.SAME);
    }

    @Test
    void pairedRoundsGiveTheGeometricMeanOfTheirRatiosAndTheSignCount() {
        // rounds that drift from 10 to 40 s, B 10 % slower in each: Welch cannot tell, the pairs can
        List<RestoreRun> runs = new ArrayList<>();
        double[] drift = {10, 21, 33, 40, 15, 27};
        for (int i = 0; i < drift.length; i++) {
            runs.add(run("A", 2 * i, drift[i]));
            runs.add(run("B", 2 * i + 1, Math.round(drift[i] * 1100) / 1000.0));
        }
        Analysis a = Analysis.of(runs, "A");
        Comparison c = a.comparison(1, Measure.TOTAL);
        assertThat(c.method()).isEqualTo(Comparison.Method.PAIRED);
        assertThat(c.pairs()).isEqualTo(6);
        assertThat(c.pairsSlower()).isEqualTo(6);
        assertThat(c.timeRatio()).isBetween(1.0999, 1.1001);
        assertThat(c.verdict()).isEqualTo(Verdict.SLOWER);
        Comparison unpaired = Comparisons.compare(a.groups().get(0), a.groups().get(1), Measure.TOTAL);
        assertThat(unpaired.method()).isEqualTo(Comparison.Method.WELCH);
        assertThat(unpaired.verdict()).isEqualTo(Verdict.CANNOT_TELL);
        assertThat(unpaired.runsNeeded()).isGreaterThan(6);
        assertThat(a.pairing().rounds()).extracting(Map::size).containsOnly(2);
    }

    @Test
    void aFirstRestoreFarSlowerThanTheRestIsNoted() {
        List<RestoreRun> runs = List.of(run("A", 0, 16.0), run("A", 1, 8.2), run("A", 2, 8.8), run("A", 3, 8.5));
        Analysis a = Analysis.of(runs, null);
        Note n = a.notes().stream()
                .filter(x -> x.code() == NoteCode.FIRST_RUN_SLOWER)
                .findFirst()
                .orElseThrow();
        assertThat(n.arg(0)).isEqualTo("A");
        assertThat((Double) n.arg(1)).isBetween(1.88, 1.89); // 16.0 / 8.5
        assertThat(Analysis.of(List.of(run("A", 0, 9.0), run("A", 1, 8.2), run("A", 2, 8.8)), null)
                        .noteCodes())
                .doesNotContain(NoteCode.FIRST_RUN_SLOWER);
    }
}
