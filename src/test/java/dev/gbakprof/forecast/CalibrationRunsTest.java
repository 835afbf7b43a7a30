package dev.gbakprof.forecast;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gbakprof.model.Environment;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.Via;
import dev.gbakprof.store.RunInputs;
import dev.gbakprof.testutil.Logs;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Which calibration runs a forecast counts, on a real matrix of `-bu 100` and `-bu 4000` with its warm-up
 * (src/test/resources/forecast/matrix-bu/README.md).
 */
class CalibrationRunsTest {
    private static final Path DIR = Path.of("src/test/resources/forecast/matrix-bu");
    private static final String WARMUP = "20261207-130214-bu-100-m1";

    static RestoreRun run(String folder) throws IOException {
        return RunInputs.load(DIR.resolve(folder), null, null).get(0);
    }

    @Test
    void aWarmUpRestoreIsSetAsideAndTheAssumptionsSaySo() throws IOException {
        RestoreRun warmup = run(WARMUP);
        assertThat(warmup.warmupRestore()).isTrue();
        List<RestoreRun> given = List.of(warmup, run("20261207-130214-bu-100-m2"), run("20261207-130214-bu-100-m5"));
        assertThat(given.subList(1, 3)).noneMatch(RestoreRun::warmupRestore);
        Estimate e = Forecaster.forecast(given, Target.scaled(given.get(1), 2), null);
        // the calibration is the two counted restores: their own totals, not the warm-up's
        assertThat(e.calibration()).hasSize(2);
        assertThat(e.calibration().stream().map(Estimate.CalibrationRun::totalSeconds))
                .containsExactly(given.get(1).totalSeconds(), given.get(2).totalSeconds());
        assertThat(e.assumptions())
                .contains("calibration: 2 restores of 1 size")
                .anyMatch(a -> a.startsWith("1 warm-up restore set aside, as compare sets them aside (-bu 100)"));
        // the same forecast as from the counted restores alone
        Estimate counted = Forecaster.forecast(given.subList(1, 3), Target.scaled(given.get(1), 2), null);
        assertThat(e.total()).isEqualTo(counted.total());
        assertThat(counted.assumptions()).noneMatch(a -> a.contains("warm-up"));
    }

    @Test
    void onlyWarmUpsAreNoCalibration() throws IOException {
        RestoreRun warmup = run(WARMUP);
        assertThatThrownBy(() -> Forecaster.forecast(List.of(warmup), Target.scaled(warmup, 2), null))
                .isInstanceOf(ForecastException.class)
                .hasMessageStartingWith(
                        "no completed, timed restore among the calibration runs (1 given, 1 of them warm-up"
                                + " restores, set aside as compare sets them aside)");
    }

    @Test
    void restoresWithOtherGbakSwitchesAreRefusedNotPooledAsRepeats() throws IOException {
        List<RestoreRun> given = List.of(
                run("20261207-130214-bu-100-m2"), run("20261207-130214-bu-100-m5"), run("20261207-130214-bu-4000-m3"));
        assertThat(given.get(0).command()).contains(" -bu 100 ");
        assertThat(given.get(2).command()).contains(" -bu 4000 ");
        assertThatThrownBy(() -> Forecaster.forecast(given, Target.scaled(given.get(0), 2), null))
                .isInstanceOf(ForecastException.class)
                .hasMessageStartingWith(
                        "the calibration mixes gbak switches (-bu 100: 2 runs (-bu 100); -bu 4000: 1 run"
                                + " (-bu 4000)): ");
        // one setting is a calibration
        assertThat(Forecaster.forecast(given.subList(0, 2), Target.scaled(given.get(0), 2), null)
                        .calibration())
                .hasSize(2);
    }

    /**
     * Restores through one Firebird 4.0 server ({@code run --host}) by 3.0's gbak and by 4.0's: the records of real
     * restores of the shop backup by each gbak (logs/shop-tdrw.log, logs-fb4/shop-tdrw.log), with the route, server and
     * versions {@code run} records. The engine is 4.0 for all, so only gbak's own version tells them apart.
     */
    @Test
    void restoresByTwoGbakVersionsThroughOneServerAreRefused() {
        RestoreRun fb3a = throughServer("shop-tdrw.log", "fb3-gbak-1", "LI-V3.0.11.33637 Firebird 3.0");
        RestoreRun fb4a = throughServer("fb4/shop-tdrw.log", "fb4-gbak-1", "LI-V4.0.5.3140 Firebird 4.0");
        RestoreRun fb3b = throughServer("shop-tdrw.log", "fb3-gbak-2", "LI-V3.0.11.33637 Firebird 3.0");
        RestoreRun fb4b = throughServer("fb4/shop-tdrw.log", "fb4-gbak-2", "LI-V4.0.5.3140 Firebird 4.0");
        List<RestoreRun> given = List.of(fb3a, fb4a, fb3b, fb4b);
        assertThat(given).extracting(RestoreRun::firebirdVersion).containsOnly("4.0");

        assertThatThrownBy(() -> Forecaster.forecast(given, Target.scaled(fb4a, 2), null))
                .isInstanceOf(ForecastException.class)
                .hasMessage("the calibration mixes gbak versions (gbak 3.0 (LI-V3.0.11.33637 Firebird 3.0): 2 runs"
                        + " (fb3-gbak-1, fb3-gbak-2); gbak 4.0 (LI-V4.0.5.3140 Firebird 4.0): 2 runs (fb4-gbak-1,"
                        + " fb4-gbak-2)): each gbak restores at its own speed, through one server too, which is no"
                        + " run-to-run noise; expected calibration restores by the gbak the target will restore with"
                        + " (run --gbak)");
        // one gbak is a calibration; a record that does not say its gbak (a parsed log) mixes with none
        assertThat(Forecaster.forecast(List.of(fb4a, fb4b), Target.scaled(fb4a, 2), null)
                        .calibration())
                .hasSize(2);
        assertThat(Forecaster.forecast(List.of(fb4a, Logs.read("fb4/shop-tdrw.log")), Target.scaled(fb4a, 2), null)
                        .calibration())
                .hasSize(2);
        // two patch releases of one version are one gbak, as compare's configurations take them (Confounder#family)
        RestoreRun fb3patch = throughServer("shop-tdrw.log", "fb3-gbak-3", "LI-V3.0.10.33601 Firebird 3.0");
        assertThat(Forecaster.forecast(List.of(fb3a, fb3patch, fb3b), Target.scaled(fb3a, 2), null)
                        .calibration())
                .hasSize(3);
    }

    /**
     * A finished restore logged without -st, and an excerpt (a published log whose head is cut off), were both "not
     * completed": a DBA was sent looking for a failure. Each is said for what it is, and what to give instead.
     */
    @Test
    void aLogWithoutTimingsAndAnExcerptAreLeftOutForWhatTheyAre() {
        RestoreRun timed = Logs.read("shop-tdrw.log");
        RestoreRun plain = Logs.read("shop-nost.log");
        RestoreRun excerpt = dev.gbakprof.store.LogReader.read(
                Path.of("src/test/resources/published/fb6-issue9075-excerpt.log"), null);
        assertThat(plain.status()).isEqualTo(dev.gbakprof.model.RunStatus.COMPLETED);
        Estimate e = Forecaster.forecast(List.of(timed, plain, excerpt), Target.scaled(timed, 2), null);
        assertThat(e.assumptions())
                .contains("2 calibration runs left out: no timings (gbak without -st: it finished, but timed no phase"
                        + " or object; restore with gbak -c -v -st tdrw, or gbakprof run): shop-nost; an excerpt (the"
                        + " log starts after gbak's start: its total and the objects before its first line are"
                        + " unknown; give the whole log): fb6-issue9075-excerpt")
                .noneMatch(a -> a.contains("not completed"));
        assertThatThrownBy(() -> Forecaster.forecast(List.of(plain), Target.scaled(timed, 2), null))
                .isInstanceOf(ForecastException.class)
                .hasMessage("no completed, timed restore among the calibration runs (1 given: no timings (gbak without"
                        + " -st: it finished, but timed no phase or object; restore with gbak -c -v -st tdrw, or"
                        + " gbakprof run): shop-nost); expected the log (gbak -c -v -st tdrw, from its start to its"
                        + " end) or run record of a restore that finished");
        assertThatThrownBy(() -> Forecaster.forecast(List.of(excerpt), Target.scaled(timed, 2), null))
                .hasMessageContaining("(1 given: an excerpt (the log starts after gbak's start");
    }

    private static RestoreRun throughServer(String log, String label, String gbakVersion) {
        return Logs.read(log).toBuilder()
                .label(label)
                .via(Via.GBAK)
                .command("/opt/gbak -c -v -st tdrw -user SYSDBA /tmp/shop.fbk localhost/3050:/tmp/shop.fdb")
                .server("localhost/3050")
                .environment(new Environment(
                        "h", "Linux", "cpu", 2, null, gbakVersion, "LI-V4.0.5.3140 Firebird 4.0", 1L, null, null))
                .build();
    }
}
