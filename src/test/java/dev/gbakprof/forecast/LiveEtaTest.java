package dev.gbakprof.forecast;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.gbakprof.model.IndexBuild;
import dev.gbakprof.model.Phase;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.store.LogReader;
import dev.gbakprof.testutil.Logs;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The live ETA against a real baseline restore (the shop fixture's log). */
class LiveEtaTest {
    private final RestoreRun shop = Logs.read("shop-tdrw.log");

    @Test
    void aRunAsFastAsItsBaselineIsGivenTheBaselinesRemainder() {
        LiveEta eta = new LiveEta(shop);
        double before = shop.phaseSeconds(Phase.SETUP) + shop.phaseSeconds(Phase.METADATA);
        double data = shop.phaseSeconds(Phase.DATA);
        // half the backup read, at the baseline's pace
        LiveEta.Reading r = eta.at(Phase.DATA, before + data / 2, true, 0.5, Map.of("ORDERS", 400_000L), Set.of(), 0);
        double expected = data / 2 + shop.phaseSeconds(Phase.INDEXES) + shop.phaseSeconds(Phase.FINISH);
        assertThat(r.left()).isCloseTo(expected, within(0.01));
        assertThat(r.low()).isLessThan(r.left());
        assertThat(r.high()).isGreaterThan(r.left());
        assertThat(r.basis()).isEqualTo("data 50 % by the backup's read position; speed ×1.00 of baseline shop-tdrw");
    }

    @Test
    void aRunTwiceAsSlowIsGivenTwiceTheRemainderAndTheIndexPhaseCountsTheBuildsLeft() {
        LiveEta eta = new LiveEta(shop);
        double before = shop.phaseSeconds(Phase.SETUP) + shop.phaseSeconds(Phase.METADATA);
        double data = shop.phaseSeconds(Phase.DATA);
        // ORDER_LINES restored, 180,250 of ORDERS' 1,000,000 rows (a quarter of all rows): by the baseline's load times
        // per table that is ORDER_LINES' 0.338 s and 18 % of ORDERS' 4.884 s of its 5.317 s of loads, 23 %; this run
        // got there in twice the baseline's time
        double loads = shop.tables().stream().mapToDouble(t -> t.seconds()).sum();
        double f = (seconds("ORDER_LINES") + seconds("ORDERS") * 0.18025) / loads;
        assertThat(f).isCloseTo(0.229, within(0.001));
        LiveEta.Reading r = eta.at(
                Phase.DATA,
                2 * (before + f * data),
                true,
                null,
                Map.of("ORDER_LINES", 100_000L, "ORDERS", 180_250L),
                Set.of(),
                0);
        assertThat(r.basis())
                .isEqualTo("data 23 % by rows restored per table against the baseline's (weighted by its load times); "
                        + "speed ×2.00 of baseline shop-tdrw");
        assertThat(r.left())
                .isCloseTo(
                        2 * ((1 - f) * data + shop.phaseSeconds(Phase.INDEXES) + shop.phaseSeconds(Phase.FINISH)),
                        within(0.01));
        // the index phase: speed frozen at its start, the builds not started yet from the model of the baseline
        double atIndexes = 2 * (before + data);
        Set<String> started = new LinkedHashSet<>();
        double done = 0;
        for (IndexBuild b : shop.indexes()) {
            if (b.name().equals("IX_ORDERS_CUST_DATE")) {
                break;
            }
            started.add(b.name());
            done += b.seconds();
        }
        started.add("IX_ORDERS_CUST_DATE"); // running for 0 s
        LiveEta.Reading i = eta.at(Phase.INDEXES, atIndexes, true, null, Map.of(), started, 0);
        double builds = shop.indexes().stream().mapToDouble(IndexBuild::seconds).sum() - done;
        double between = shop.phaseSeconds(Phase.INDEXES)
                - shop.indexes().stream().mapToDouble(IndexBuild::seconds).sum();
        int notStarted = shop.indexes().size() - started.size();
        double expected = 2 * (builds + between * notStarted / shop.indexes().size() + shop.phaseSeconds(Phase.FINISH));
        assertThat(i.left()).isCloseTo(expected, within(0.02));
        assertThat(i.basis())
                .isEqualTo("index builds still to do, forecast from baseline shop-tdrw and scaled by this run's "
                        + "data speed ×2.00");
    }

    private double seconds(String table) {
        return shop.tables().stream()
                .filter(t -> t.name().equals(table))
                .findFirst()
                .orElseThrow()
                .seconds();
    }

    @Test
    void theRangeIsAnEightyPercentRangeOfTheTimeLeftThatWidensAsTheRestoreGoesOn() {
        // r = 0.25 + 0.25 × the share done, left × e^±r: 10 s done and 30 s left is a quarter done
        LiveEta.Reading r = LiveEta.reading(30, 10, "x", null, null);
        assertThat(r.low()).isCloseTo(30 * Math.exp(-0.3125), within(1e-9));
        assertThat(r.high()).isCloseTo(30 * Math.exp(0.3125), within(1e-9));
        // at the start ±0.25 (22 % less, 28 % more), near the end ±0.5 (39 % less, 65 % more) of the time left
        assertThat(LiveEta.reading(100, 0, "x", null, null).high()).isCloseTo(100 * Math.exp(0.25), within(1e-9));
        assertThat(LiveEta.reading(1, 99, "x", null, null).low())
                .isCloseTo(Math.exp(-0.2500 - 0.25 * 0.99), within(1e-9));
    }

    @Test
    void aRecordedRestoreReplayedAgainstTheOneBeforeItShowsWhatRunWouldHaveShown() throws Exception {
        // two real restores of one backup (src/test/resources/forecast/README.md), the first the baseline of the
        // second, as run chooses it; the second's log pushed line by line through the pipeline run uses, its clock
        // gbak's own, the ETA by rows (a log has no read position)
        RestoreRun baseline = accuracy("100000-2");
        java.nio.file.Path log = java.nio.file.Path.of("src/test/resources/forecast/accuracy-100000-3.cpu.log");
        double total = dev.gbakprof.store.LogReader.read(log, null).totalSeconds();
        assertThat(total).isEqualTo(1.579);
        java.util.List<EtaReplay.Shown> shown = EtaReplay.replay(baseline, log, 0.10, 0.25, 0.50, 0.75);
        assertThat(shown)
                .extracting(EtaReplay.Shown::phase)
                .containsExactly(Phase.SETUP, Phase.DATA, Phase.INDEXES, Phase.INDEXES);
        assertThat(shown)
                .extracting(s -> s.reading().left())
                .satisfiesExactly(
                        l -> assertThat(l).isCloseTo(1.69, within(0.005)),
                        l -> assertThat(l).isCloseTo(1.70, within(0.005)),
                        l -> assertThat(l).isCloseTo(0.90, within(0.005)),
                        l -> assertThat(l).isCloseTo(0.38, within(0.005)));
        for (EtaReplay.Shown s : shown) {
            assertThat(s.elapsed()).isCloseTo(s.share() * total, within(1e-9));
            // one baseline: no spread of restores; this run's stretches counted from the third on
            assertThat(s.base()).isNull();
            LiveEta.Reading rule = LiveEta.reading(s.reading().left(), s.elapsed(), "x", s.run(), null);
            assertThat(s.reading().low()).isCloseTo(rule.low(), within(1e-9));
            assertThat(s.reading().high()).isCloseTo(rule.high(), within(1e-9));
        }
        // a steady restore (gbak's CPU clock): its stretches spread little more than a steady run's, the range is
        // within 10 % of the fixed part's alone
        assertThat(shown.get(0).run()).isNull();
        assertThat(shown.get(3).run()).isBetween(0.05, 0.3);
        for (EtaReplay.Shown s : shown) {
            double r = Math.log(s.reading().high() / s.reading().left());
            double r0 = LiveEta.BASE_SPREAD
                    + LiveEta.DONE_SPREAD
                            * s.elapsed()
                            / (s.elapsed() + s.reading().left());
            assertThat(r).isBetween(r0, r0 * 1.1);
        }
        // at a quarter its data had gone slower than the baseline's (speed ×1.14) and the ETA, 1.70 s (1.27-2.29), was
        // for 1.18 s really left: outside (the rest of the restore caught up); the other three inside
        assertThat(shown).extracting(EtaReplay.Shown::holds).containsExactly(true, false, true, true);
        assertThat(shown.get(1).reading().basis())
                .isEqualTo("data 37 % by rows restored per table against the baseline's (weighted by its load times); "
                        + "speed ×1.14 of baseline accuracy-100000-2.cpu");
        assertThat(shown.get(0).reading().basis())
                .isEqualTo("baseline accuracy-100000-2.cpu's total (no data restored yet)");
    }

    @Test
    void theRangeWidensWithTheBaselinesSpreadAndThisRunsSpreadBeyondASteadyRunsInQuadrature() {
        LiveEta.Reading fixed = LiveEta.reading(30, 10, "x", null, null);
        double r0 = 0.3125;
        // a steady run's spread adds nothing
        assertThat(LiveEta.reading(30, 10, "x", LiveEta.STEADY, null).high()).isCloseTo(fixed.high(), within(1e-9));
        // r² = r0² + Z² (σ_baselines² + (σ_run² − STEADY²))
        double r = Math.sqrt(r0 * r0 + 1.2816 * 1.2816 * (0.3 * 0.3 + 0.5 * 0.5 - 0.2 * 0.2));
        LiveEta.Reading wide = LiveEta.reading(30, 10, "x", 0.5, 0.3);
        assertThat(wide.low()).isCloseTo(30 * Math.exp(-r), within(1e-9));
        assertThat(wide.high()).isCloseTo(30 * Math.exp(r), within(1e-9));
        assertThat(wide.spread())
                .startsWith(String.format(
                        java.util.Locale.ROOT, "80 %% range of the time left ×e^±%.2f: 0.31 for 25 %% done;", r))
                .contains("this run's speed against the baseline moved σ 0.50 over 0 stretches (0.46 beyond a steady "
                        + "run's 0.20)")
                .contains("baselines' totals spread σ 0.30");
        assertThat(fixed.spread())
                .contains("not told yet (under 3 stretches)")
                .contains("one baseline (no spread of restores)");
    }

    @Test
    void thisRunsStretchesGoByTheRowsEvenWithTheReadPosition() {
        // a run at the baseline's pace by the rows (its loads' times), whose read position runs ahead of them early
        // and catches up late (a byte of one table is not a second of another): by the rows it is steady
        LiveEta eta = new LiveEta(shop);
        double before = shop.phaseSeconds(Phase.SETUP) + shop.phaseSeconds(Phase.METADATA);
        double data = shop.phaseSeconds(Phase.DATA);
        for (long orders = 50_000; orders <= 1_000_000; orders += 50_000) {
            Map<String, Long> rows = Map.of("ORDER_LINES", 100_000L, "ORDERS", orders);
            double f = eta.rowsFraction(rows);
            eta.at(Phase.DATA, before + f * data, true, Math.sqrt(f), rows, Set.of(), 0);
        }
        assertThat(eta.runSpread()).isNotNull().isLessThan(1e-9);
        // twice as slow in the second half of ORDERS: the stretches say so
        LiveEta moved = new LiveEta(shop);
        for (long orders = 50_000; orders <= 1_000_000; orders += 50_000) {
            Map<String, Long> rows = Map.of("ORDER_LINES", 100_000L, "ORDERS", orders);
            double f = moved.rowsFraction(rows);
            double half = moved.rowsFraction(Map.of("ORDER_LINES", 100_000L, "ORDERS", 500_000L));
            double t = before + f * data + Math.max(0, f - half) * data;
            moved.at(Phase.DATA, t, true, Math.sqrt(f), rows, Set.of(), 0);
        }
        assertThat(moved.runSpread()).isGreaterThan(0.3);
    }

    @Test
    void onALoadedMachineTheRangeHeldWhereTheFixedRuleMissed() throws Exception {
        // four real embedded restores of one backup (500,000 ORDERS rows) on this machine while other jobs came and
        // went (src/test/resources/forecast/README.md): 9.1, 7.8, 20.5 and 26.0 s; the fourth replayed with the three
        // before it as baseline (their median, as run takes it), on the wall clock
        java.util.List<RestoreRun> three = java.util.List.of(loaded(0), loaded(1), loaded(2));
        java.nio.file.Path log = java.nio.file.Path.of("src/test/resources/forecast/loaded-500000-3.log");
        java.util.List<EtaReplay.Shown> shown = EtaReplay.replay(three, log, 0.10, 0.25, 0.50, 0.75);
        double mean = three.stream()
                .mapToDouble(r -> Math.log(r.totalSeconds()))
                .average()
                .orElseThrow();
        double sd = Math.sqrt(three.stream()
                        .mapToDouble(r -> Math.pow(Math.log(r.totalSeconds()) - mean, 2))
                        .sum()
                / 2);
        assertThat(sd).isCloseTo(0.52, within(0.005));
        int fixedHeld = 0;
        for (EtaReplay.Shown s : shown) {
            assertThat(s.base()).isCloseTo(sd, within(1e-9));
            // this run's speed moved a lot from stretch to stretch (the machine's load within the restore)
            assertThat(s.run()).isGreaterThan(0.5);
            assertThat(s.holds()).isTrue();
            LiveEta.Reading rule = LiveEta.reading(s.reading().left(), s.elapsed(), "x", null, null);
            fixedHeld += s.total() >= s.elapsed() + rule.low() && s.total() <= s.elapsed() + rule.high() ? 1 : 0;
            // wide, as the restores were: more than 3× the fixed rule's width
            assertThat(s.reading().high() - s.reading().low()).isGreaterThan(3 * (rule.high() - rule.low()));
        }
        // the fixed rule around the same ETA held one of four (at a quarter)
        assertThat(fixedHeld).isEqualTo(1);
        assertThat(shown.get(1).reading().spread()).contains("the 3 baselines' totals spread σ 0.52");
    }

    private static RestoreRun loaded(int round) {
        return dev.gbakprof.store.LogReader.read(
                java.nio.file.Path.of("src/test/resources/forecast/loaded-500000-" + round + ".log"), null);
    }

    @Test
    void aBaselineOfSeveralRestoresIsTheMedianOfEachPhaseAndTheGeometricMeanOfEachBuild() {
        // three real restores of one backup (src/test/resources/forecast/README.md), as run finds the newest of them
        java.util.List<RestoreRun> three =
                java.util.List.of(accuracy("100000-1"), accuracy("100000-2"), accuracy("100000-3"));
        LiveEta eta = new LiveEta(three, "same backup and route");
        assertThat(eta.baselineName())
                .isEqualTo(
                        "median of 3 restores (accuracy-100000-1.cpu, accuracy-100000-2.cpu, accuracy-100000-3.cpu)");
        double total = median(three, RestoreRun::totalSeconds);
        assertThat(total).isNotEqualTo(three.get(2).totalSeconds()); // not the newest's
        LiveEta.Reading start = eta.at(Phase.METADATA, 0.1, false, null, Map.of(), Set.of(), 0);
        assertThat(start.left()).isCloseTo(total - 0.1, within(1e-9));

        double before =
                median(three, r -> r.phaseSeconds(Phase.SETUP)) + median(three, r -> r.phaseSeconds(Phase.METADATA));
        double data = median(three, r -> r.phaseSeconds(Phase.DATA));
        double indexes = median(three, r -> r.phaseSeconds(Phase.INDEXES));
        double finish = median(three, r -> r.phaseSeconds(Phase.FINISH));
        // half the backup read at the medians' pace: half their data phase, their index phase and finish left
        LiveEta.Reading half = eta.at(Phase.DATA, before + data / 2, true, 0.5, Map.of(), Set.of(), 0);
        assertThat(half.left()).isCloseTo(data / 2 + indexes + finish, within(1e-6));
        assertThat(half.basis())
                .isEqualTo("data 50 % by the backup's read position; speed ×1.00 of baseline median of 3 restores "
                        + "(accuracy-100000-1.cpu, accuracy-100000-2.cpu, accuracy-100000-3.cpu)");

        // the index phase reached at that pace: each build not started yet from the model fitted on the three, near
        // the geometric mean of its three builds (within 1 %: the fit per build is the model's, not a plain mean)
        double builds = 0;
        for (IndexBuild i : three.get(2).indexes()) {
            double ln = 0;
            for (RestoreRun r : three) {
                ln += Math.log(r.indexes().stream()
                        .filter(j -> j.name().equals(i.name()))
                        .findFirst()
                        .orElseThrow()
                        .seconds());
            }
            builds += Math.exp(ln / 3);
        }
        LiveEta.Reading idx = eta.at(Phase.INDEXES, before + data, true, 1.0, Map.of(), Set.of(), 0);
        double between = new Model(three).indexesBetween;
        assertThat(idx.left())
                .isCloseTo(builds + between + finish, org.assertj.core.api.Assertions.withinPercentage(1));
    }

    private static double median(java.util.List<RestoreRun> runs, java.util.function.Function<RestoreRun, Double> f) {
        return runs.stream().map(f).sorted().toList().get(runs.size() / 2);
    }

    private static RestoreRun accuracy(String name) {
        return dev.gbakprof.store.LogReader.read(
                java.nio.file.Path.of("src/test/resources/forecast/accuracy-" + name + ".cpu.log"), null);
    }

    @Test
    void aBaselineOfASmallerBackupIsBroughtToThisRunsSizeOnce() throws Exception {
        // two real embedded restores of scripts/fixtures/sized.sql (src/test/resources/forecast/README.md): 100,000
        // ORDERS rows (126,000 in all, a 5,400,576-byte backup, 1.17 s) the baseline, as --baseline gives it, of
        // 1,200,000 (1,501,000 rows, 65,265,664 bytes, 10.6 s). The run's time against the baseline's holds the size
        // (12x the rows) as well as the speed: taken as the speed and applied to builds already forecast at this run's
        // rows, the size counted twice and the index phase read 50-62 s for 5-7 s left
        RestoreRun small = LogReader.read(Path.of("src/test/resources/forecast/sized-100000.log"), null).toBuilder()
                .backupBytes(5_400_576L)
                .build();
        Path large = Path.of("src/test/resources/forecast/sized-1200000.log");
        assertThat(LogReader.read(large, null).totalSeconds()).isEqualTo(10.637);
        List<EtaReplay.Shown> shown = EtaReplay.replay(List.of(small), 65_265_664L, large, 0.10, 0.25, 0.50, 0.75);
        assertThat(shown)
                .extracting(EtaReplay.Shown::phase)
                .containsExactly(Phase.DATA, Phase.DATA, Phase.INDEXES, Phase.INDEXES);
        for (EtaReplay.Shown s : shown) {
            assertThat(s.holds()).as(s.toString()).isTrue();
            assertThat(Math.abs(s.error())).as(s.toString()).isLessThan(0.25);
        }
        // this backup is 12.08x the baseline's: in the data phase the baseline at that size, the speed about 0.9
        assertThat(shown.get(0).reading().basis())
                .startsWith("data 27 % by rows restored per table against the baseline's (weighted by its load times); "
                        + "speed ×0.91 of baseline sized-100000 at this run's size (×12.08 its bytes)");
        // in the index phase the baseline at the rows this run restored, the speed of this run's data against it
        assertThat(shown.get(2).reading().basis())
                .isEqualTo("index builds still to do, forecast from baseline sized-100000 at this run's size (×11.91 "
                        + "its rows) and scaled by this run's data speed ×0.88");

        // a baseline whose size is not known (a gbak log): the data phase cannot tell this run's size, the index
        // phase, from the rows restored, can
        List<EtaReplay.Shown> unsized =
                EtaReplay.replay(List.of(small.toBuilder().backupBytes(null).build()), 65_265_664L, large, 0.50, 0.75);
        for (int k = 0; k < 2; k++) {
            assertThat(unsized.get(k).reading().left())
                    .isCloseTo(shown.get(k + 2).reading().left(), within(1e-9));
            assertThat(unsized.get(k).holds()).isTrue();
        }
    }

    @Test
    void beforeAnyDataTheBaselinesTotalIsTheGuess() {
        LiveEta.Reading r = new LiveEta(shop).at(Phase.METADATA, 0.1, false, null, Map.of(), Set.of(), 0);
        assertThat(r.left()).isCloseTo(shop.totalSeconds() - 0.1, within(1e-9));
        assertThat(r.basis()).isEqualTo("baseline shop-tdrw's total (no data restored yet)");
    }
}
