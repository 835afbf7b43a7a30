package dev.gbakprof.forecast;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.gbakprof.model.IndexBuild;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.TableLoad;
import dev.gbakprof.output.EstimateText;
import dev.gbakprof.store.LogReader;
import dev.gbakprof.store.RunInputs;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.junit.jupiter.api.Test;

/**
 * Objects the calibration never measured, on real restores (src/test/resources/forecast/estimated/README.md): a
 * calibration of 20,000 CUSTOMERS and 300,000 ORDERS whose keys Firebird named (RDB$PRIMARY1, RDB$FOREIGN3), and the
 * target shop database (five tables, 19 objects) as the server counted it after a restore.
 */
class EstimatedObjectsTest {
    private static final Path DIR = Path.of("src/test/resources/forecast/estimated");

    static RestoreRun run(String name) throws IOException {
        return RunInputs.load(DIR.resolve(name), null, null).get(0);
    }

    /** The shop database as the server counted it after its restore (the record's inspection). */
    static Target shopDatabase() throws IOException {
        return Target.of(run("shop-tcp").inspection(), "database shop");
    }

    static Estimate.ObjectForecast object(Estimate e, String name) {
        return e.objects().stream()
                .filter(o -> o.name().equals(name))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void anObjectNeverCalibratedIsEstimatedFromTheNearestInRows() throws IOException {
        Estimate e = Forecaster.forecast(List.of(run("cal-320000")), shopDatabase(), null);
        assertThat(object(e, "PRODUCTS").basis())
                .isEqualTo("not in the calibration: estimated as table CUSTOMERS (nearest in rows: 20,000)");
        assertThat(object(e, "PK_CUSTOMERS").basis())
                .isEqualTo("not in the calibration: estimated as index RDB$PRIMARY1 of the same table (its"
                        + " median-cost index)");
        assertThat(object(e, "RDB$2").basis())
                .endsWith("estimated as index RDB$PRIMARY1 (table nearest in rows: 20,000)");
        // PRODUCTS's 1,000 rows at CUSTOMERS's rows/s
        TableLoad customers = run("cal-320000").tables().stream()
                .filter(t -> t.name().equals("CUSTOMERS"))
                .findFirst()
                .orElseThrow();
        assertThat(object(e, "PRODUCTS").seconds())
                .isCloseTo(customers.seconds() * 1000 / customers.records(), within(0.0005));
    }

    @Test
    void anIndexOfAnEmptyTableCostsNoSortWhenTheCalibrationHasNone() throws IOException {
        Estimate e = Forecaster.forecast(List.of(run("cal-320000")), shopDatabase(), null);
        for (String name : List.of("IX_AUDIT_EMPTY_TABLE", "PK_AUDIT_EMPTY")) {
            Estimate.ObjectForecast o = object(e, name);
            assertThat(o.rows()).isZero();
            assertThat(o.seconds()).as(name).isZero();
            assertThat(o.basis()).endsWith("no index the calibration built is known to be of an empty table: 0 s");
        }
        assertThat(object(e, "AUDIT_EMPTY").seconds()).isZero();
    }

    @Test
    void anIndexOfAnEmptyTableCostsTheCalibrationsBuildsOfOneWhenItHasThem() throws IOException {
        // shop's restore log cannot name AUDIT_EMPTY's indexes' table; the database does: an index of an empty table
        // the calibration has not, built at the median of the calibration's builds at 0 rows
        RestoreRun shop = run("shop-embedded");
        List<Double> empty = new ArrayList<>();
        for (IndexBuild i : run("shop-tcp").indexes()) {
            if (i.table() != null && i.table().equals("AUDIT_EMPTY")) {
                empty.add(i.seconds());
            }
        }
        assertThat(empty).hasSize(2);
        Model calibration = new Model(List.of(run("shop-tcp")));
        Estimate.ObjectForecast o = calibration
                .predict(new Target(
                        "database",
                        java.util.Map.of("AUDIT_LOG", 0L),
                        List.of(new Target.Index("IX_AUDIT_LOG", "AUDIT_LOG")),
                        null,
                        false))
                .get(1);
        assertThat(o.seconds()).isCloseTo((empty.get(0) + empty.get(1)) / 2, within(1e-9));
        assertThat(o.basis()).contains("the median of the calibration's 2 builds of an empty table's index");
        assertThat(shop.indexes()).isNotEmpty();
    }

    @Test
    void aGeneratedIndexNameIsTheSameIndexOnlyOnTheSameTable() throws IOException {
        Estimate e = Forecaster.forecast(List.of(run("cal-320000")), shopDatabase(), null);
        Estimate.ObjectForecast foreign = object(e, "RDB$FOREIGN3");
        assertThat(foreign.table()).isEqualTo("ORDER_LINES");
        assertThat(foreign.fitted()).isEqualTo("nearest");
        assertThat(foreign.basis())
                .startsWith("not in the calibration (its RDB$FOREIGN3 is of ORDERS: Firebird's generated names differ"
                        + " between databases): estimated as ");
        assertThat(object(e, "RDB$PRIMARY1").fitted()).isEqualTo("nearest");
        assertThat(object(e, "RDB$PRIMARY1").basis())
                .startsWith("not in the calibration (its RDB$PRIMARY1 is of CUSTOMERS");
        // the same database's: its log names RDB$FOREIGN3's table as AUDIT_EMPTY or ORDER_LINES, the database says
        // ORDER_LINES: measured
        Estimate same = Forecaster.forecast(List.of(run("shop-embedded")), shopDatabase(), null);
        assertThat(object(same, "RDB$FOREIGN3").fitted()).isNotEqualTo("nearest");
        assertThat(object(same, "RDB$PRIMARY1").fitted()).isNotEqualTo("nearest");
        assertThat(same.measured().estimatedObjects()).isEqualTo(1); // AUDIT_EMPTY, no data line in the log
    }

    @Test
    void theRangeWidensWithTheShareOfTheForecastEstimatedAndTheOutputSaysIt() throws IOException {
        Estimate e = Forecaster.forecast(List.of(run("cal-320000")), shopDatabase(), 60.0);
        double tables = 0;
        double builds = 0;
        int estimated = 0;
        for (Estimate.ObjectForecast o : e.objects()) {
            if (o.fitted().equals("nearest")) {
                estimated++;
                if (o.kind().equals("table")) {
                    tables += o.seconds();
                } else {
                    builds += o.seconds();
                }
            }
        }
        assertThat(e.measured().objects()).isEqualTo(19);
        assertThat(e.measured().estimatedObjects()).isEqualTo(estimated).isEqualTo(17);
        double t = e.total().seconds();
        assertThat(e.measured().estimatedShare()).isCloseTo((tables + builds) / t, within(0.002));
        double z = new NormalDistribution().inverseCumulativeProbability(0.9);
        double expected = Math.log(1
                + tables / t * (Math.exp(z * EstimatedShare.COPIED_TABLE_SD) - 1)
                + builds / t * (Math.exp(z * EstimatedShare.COPIED_INDEX_SD) - 1));
        assertThat(e.range().estimated()).isCloseTo(expected, within(0.002));
        assertThat(e.range().combined()).isGreaterThanOrEqualTo(e.range().estimated());
        // the real restore of the target on this machine, embedded as the calibration, falls inside
        double real = run("shop-embedded").totalSeconds();
        assertThat(real).isBetween(e.total().low(), e.total().high());
        String text = EstimateText.of(e, 5);
        assertThat(text.lines().toList().get(1))
                .startsWith("measured   2 of 19 objects; 17 estimated from other objects (never calibrated): ");
        // the whole forecast measured: no widening
        Estimate self =
                Forecaster.forecast(List.of(run("shop-embedded")), Target.of(run("shop-embedded"), "itself"), null);
        assertThat(self.measured().estimatedObjects()).isZero();
        assertThat(self.range().estimated()).isZero();
        assertThat(EstimateText.of(self, 5).lines().toList().get(1)).startsWith("measured   all 18 objects");
    }

    @Test
    void anEstimateFromAnotherObjectMissedRealRestoresByTheRangesFigures() throws IOException {
        // each table load and index build of 0.1 s or more left out of its own restore's calibration and estimated
        // from the others: what COPIED_TABLE_SD and COPIED_INDEX_SD say
        List<RestoreRun> runs = new ArrayList<>();
        for (String log : List.of("logs/shop-tdrw.log", "logs/shop-services-fbsvcmgr.log")) {
            runs.add(LogReader.read(Path.of("src/test/resources", log), null));
        }
        runs.add(LogReader.read(Path.of("samples/shop-cpu.log"), null));
        for (String log : List.of("accuracy-400000-1.cpu.log", "accuracy-100000-1.cpu.log", "loaded-500000-0.log")) {
            runs.add(LogReader.read(Path.of("src/test/resources/forecast", log), null));
        }
        runs.add(run("shop-embedded"));
        runs.add(run("cal-320000"));
        List<Double> loads = new ArrayList<>();
        List<Double> builds = new ArrayList<>();
        for (RestoreRun run : runs) {
            Target target = Target.of(run, "itself");
            for (TableLoad t : run.tables()) {
                if (t.seconds() != null && t.seconds() >= 0.1) {
                    RestoreRun less =
                            run.toBuilder().tables(without(run.tables(), t)).build();
                    loads.add(Math.log(forecastOf(less, target, t.name()) / t.seconds()));
                }
            }
            for (IndexBuild i : run.indexes()) {
                if (i.seconds() != null && i.seconds() >= 0.1) {
                    RestoreRun less =
                            run.toBuilder().indexes(without(run.indexes(), i)).build();
                    builds.add(Math.log(forecastOf(less, target, i.name()) / i.seconds()));
                }
            }
        }
        assertThat(loads).hasSize(15);
        assertThat(builds).hasSize(51);
        assertThat(rms(loads)).isCloseTo(EstimatedShare.COPIED_TABLE_SD, within(0.005));
        assertThat(rms(builds)).isCloseTo(EstimatedShare.COPIED_INDEX_SD, within(0.005));
    }

    private static double forecastOf(RestoreRun calibration, Target target, String name) {
        return new Model(List.of(calibration))
                .predict(target).stream()
                        .filter(o -> o.name().equals(name))
                        .findFirst()
                        .orElseThrow()
                        .seconds();
    }

    private static <T> List<T> without(List<T> all, T one) {
        return all.stream().filter(x -> x != one).toList();
    }

    private static double rms(List<Double> v) {
        return Math.sqrt(v.stream().mapToDouble(x -> x * x).average().orElseThrow());
    }

    @Test
    void aTargetWhoseRestoreWasStoppedIsRefused() throws IOException {
        RestoreRun stopped = run("shop-stopped");
        assertThat(stopped.rows()).isEqualTo(340_000L);
        assertThatThrownBy(() -> Target.of(stopped, "runs/shop-stopped"))
                .isInstanceOf(ForecastException.class)
                .hasMessage("runs/shop-stopped: the restore did not go to its end (stopped by --timeout), so its"
                        + " 340,000 rows are those of the tables it reached; expected one that went to its end, or"
                        + " the database");
    }

    @Test
    void aCalibrationOfTwoRoutesIsRefused() throws IOException {
        assertThatThrownBy(() -> Forecaster.forecast(
                        List.of(run("cal-320000"), run("shop-tcp")), Target.scaled(run("shop-tcp"), 2), null))
                .isInstanceOf(ForecastException.class)
                .hasMessage("the calibration mixes routes (embedded: cal; remote TCP (localhost): shop-tcp): they"
                        + " restore at different speeds, which is no run-to-run noise; expected calibration restores"
                        + " of one route, the one the target will restore by");
    }
}
