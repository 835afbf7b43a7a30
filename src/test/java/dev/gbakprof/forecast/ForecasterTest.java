package dev.gbakprof.forecast;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.gbakprof.model.IndexBuild;
import dev.gbakprof.model.Phase;
import dev.gbakprof.model.PhaseTime;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.model.TableLoad;
import dev.gbakprof.testutil.Logs;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The forecast model on real gbak logs (and, for the arithmetic of a sort-memory step, on records made here). */
class ForecasterTest {

    @Test
    void aRunForecastAtItsOwnSizeIsItsOwnTotal() {
        RestoreRun shop = Logs.read("shop-tdrw.log");
        Estimate e = Forecaster.forecast(List.of(shop), Target.of(shop, "itself"), null);
        assertThat(e.total().seconds()).isCloseTo(shop.totalSeconds(), within(0.01));
        assertThat(e.range().distance()).isZero();
        assertThat(e.range().extrapolation()).isZero();
        assertThat(e.range().runToRun()).isEqualTo(Forecaster.ASSUMED_RUN_TO_RUN);
        assertThat(e.range().runToRunBasis()).startsWith("not measured");
        assertThat(e.total().low()).isLessThan(e.total().seconds());
        assertThat(e.total().high()).isGreaterThan(e.total().seconds());
        for (String phase : List.of("setup", "metadata", "data", "indexes", "finish")) {
            double measured = shop.phases().stream()
                    .filter(p -> p.name().label().equals(phase))
                    .mapToDouble(PhaseTime::seconds)
                    .sum();
            assertThat(e.phases().stream()
                            .filter(p -> p.name().equals(phase))
                            .findFirst()
                            .orElseThrow()
                            .seconds())
                    .as(phase)
                    .isCloseTo(measured, within(0.01));
        }
    }

    @Test
    void oneCalibrationSizeScalesLoadsLinearlyAndSortsAsNLogN() {
        RestoreRun shop = Logs.read("shop-tdrw.log");
        Estimate e = Forecaster.forecast(List.of(shop), Target.scaled(shop, 4), null);
        TableLoad orders = shop.tables().stream()
                .filter(t -> t.name().equals("ORDERS"))
                .findFirst()
                .orElseThrow();
        IndexBuild pk = shop.indexes().stream()
                .filter(i -> i.name().equals("PK_ORDERS"))
                .findFirst()
                .orElseThrow();
        Estimate.ObjectForecast o = object(e, "ORDERS");
        assertThat(o.rows()).isEqualTo(4 * orders.records());
        assertThat(o.seconds()).isCloseTo(4 * orders.seconds(), within(0.002));
        double n = orders.records();
        assertThat(object(e, "PK_ORDERS").seconds())
                .isCloseTo(pk.seconds() * (4 * n * Math.log(4 * n)) / (n * Math.log(n)), within(0.002));
        assertThat(object(e, "PK_ORDERS").basis())
                .contains("one size measured; exponent assumed", "4.0× the largest measured");
        assertThat(e.target().scale()).isEqualTo(4.0);
        // 4x is ln 4 from the only calibration size: the assumed rate per ln(scale) times that
        assertThat(e.range().extrapolation()).isCloseTo(Forecaster.ASSUMED_PER_LN_SCALE * Math.log(4), within(0.0005));
        assertThat(e.assumptions()).anyMatch(a -> a.startsWith("no step in any index's cost per key up to "));
    }

    @Test
    void aTableOnlyTheTargetHasIsEstimatedFromTheNearestKindAndSaysSo() {
        RestoreRun shop = Logs.read("shop-tdrw.log");
        Map<String, Long> rows = new java.util.LinkedHashMap<>(Model.rowsOf(shop));
        rows.put("INVOICES", 900_000L);
        Target target = new Target(
                "production",
                rows,
                List.of(new Target.Index("PK_INVOICES", "INVOICES"), new Target.Index("PK_ORDERS", "ORDERS")),
                null,
                false);
        Estimate e = Forecaster.forecast(List.of(shop), target, null);
        Estimate.ObjectForecast invoices = object(e, "INVOICES");
        assertThat(invoices.fitted()).isEqualTo("nearest");
        assertThat(invoices.basis())
                .isEqualTo("not in the calibration: estimated as table ORDERS (nearest in rows: 1,000,000)");
        // ORDERS's law at 900,000 rows: its rows/s
        TableLoad orders = shop.tables().stream()
                .filter(t -> t.name().equals("ORDERS"))
                .findFirst()
                .orElseThrow();
        assertThat(invoices.seconds()).isCloseTo(orders.seconds() * 0.9, within(0.002));
        assertThat(object(e, "PK_INVOICES").basis()).startsWith("not in the calibration: estimated as index ");
        assertThat(e.assumptions())
                .anyMatch(a -> a.startsWith("2 object(s) the calibration never measured"))
                .anyMatch(a -> a.startsWith("calibrated indexes the target does not have, left out: "));
    }

    @Test
    void aStepInTheCostPerKeyIsFoundAndTheLargerSizesUseTheSlowerRegime() {
        // the arithmetic on records made here: the Firebird 3 of this machine never showed the step, not even with a
        // TempCacheLimit of 1M for the embedded engine (docs/FORECAST.md, 'The sort-memory step')
        List<RestoreRun> runs = new ArrayList<>();
        long[] sizes = {100_000, 200_000, 400_000, 800_000};
        for (long n : sizes) {
            double unit = n >= 400_000 ? 3e-7 : 1e-7; // the sort spills between 200,000 and 400,000 keys
            double build = unit * n * Math.log(n);
            double load = n * 2e-6;
            runs.add(record(n, load, build));
        }
        Model m = new Model(runs);
        PowerLaw.Step step = m.indexes.get("PK_T").step();
        assertThat(step).isNotNull();
        assertThat(step.belowKeys()).isEqualTo(200_000);
        assertThat(step.aboveKeys()).isEqualTo(400_000);
        assertThat(step.ratio()).isCloseTo(3.0, within(0.01));
        // both regimes fit n·ln n exactly, so the exponent is 1
        assertThat(m.indexExponent).isCloseTo(1.0, within(1e-6));
        long n = 1_600_000;
        assertThat(m.indexes.get("PK_T").predict(n)).isCloseTo(3e-7 * n * Math.log(n), within(1e-6));
        assertThat(m.indexes.get("PK_T").predict(150_000)).isCloseTo(1e-7 * 150_000 * Math.log(150_000), within(1e-6));
        Estimate e = Forecaster.forecast(runs, Target.scaled(runs.get(3), 2), null);
        assertThat(object(e, "PK_T").basis())
                .contains("cost step ×3.0 between 200,000 and 400,000 keys", "above it here");
        assertThat(e.assumptions()).anyMatch(a -> a.contains("PK_T ×3.0 between 200,000 and 400,000 keys"));
        // a plain exponent is no step: cost per key growing by 2^0.3 per doubling
        List<RestoreRun> steady = new ArrayList<>();
        for (long k : sizes) {
            steady.add(record(k, k * 2e-6, 1e-8 * Math.pow(k * Math.log(k), 1.3)));
        }
        Model s = new Model(steady);
        assertThat(s.indexes.get("PK_T").step()).isNull();
        assertThat(s.indexes.get("PK_T").beta()[0]).isCloseTo(1.3, within(1e-6));
    }

    @Test
    void anIndexOfATableThatRestoredNoRowsIsForecastAtZeroRowsAsMeasured() {
        // small's EMPTY_NOTES has no data, so its restore log has no records line; a database (inspect) gives it
        // 0 rows: its indexes cost what they took, not what an index of all the rows would
        RestoreRun small = Logs.read("small-tdrw.log");
        Map<String, Long> rows = new java.util.LinkedHashMap<>(Model.rowsOf(small));
        assertThat(rows).doesNotContainKey("EMPTY_NOTES");
        rows.put("EMPTY_NOTES", 0L);
        List<Target.Index> indexes = small.indexes().stream()
                .map(i -> new Target.Index(i.name(), i.table()))
                .toList();
        Estimate e = Forecaster.forecast(List.of(small), new Target("database", rows, indexes, null, false), null);
        for (IndexBuild i : small.indexes()) {
            assertThat(object(e, i.name()).seconds()).as(i.name()).isCloseTo(i.seconds(), within(0.0005));
        }
        assertThat(e.total().seconds()).isCloseTo(small.totalSeconds(), within(0.002));
    }

    @Test
    void theRtoVerdictSaysHowSure() {
        Estimate.Total t = new Estimate.Total(100, 90, 111);
        assertThat(Forecaster.rto(t, 130).verdict()).isEqualTo("fits with margin");
        assertThat(Forecaster.rto(t, 115).verdict()).isEqualTo("at risk");
        assertThat(Forecaster.rto(t, 105).verdict()).isEqualTo("at risk");
        assertThat(Forecaster.rto(t, 105).how()).isEqualTo("the forecast fits, the high end of the range does not");
        assertThat(Forecaster.rto(t, 95).verdict()).isEqualTo("does not fit");
        assertThat(Forecaster.rto(t, 95).how()).contains("only the low end of the range fits");
        assertThat(Forecaster.rto(t, 80).how()).isEqualTo("even the low end of the range is over the window");
    }

    @Test
    void badTargetsAreRefusedInOneSentence() {
        RestoreRun shop = Logs.read("shop-tdrw.log");
        assertThatThrownBy(() -> Target.overriding(shop, Map.of("ORDRES", 5L)))
                .isInstanceOf(ForecastException.class)
                .hasMessage(
                        "--rows ORDRES=5: no table ORDRES in the calibration runs; expected one of ORDER_LINES, ORDERS, "
                                + "PRODUCTS, CUSTOMERS");
        assertThatThrownBy(() -> Target.scaled(shop, -2))
                .isInstanceOf(ForecastException.class)
                .hasMessageContaining("expected a factor above 0");
        RestoreRun cut = Logs.read("shop-cut.log");
        assertThatThrownBy(() -> Forecaster.forecast(List.of(cut), Target.of(shop, "x"), null))
                .isInstanceOf(ForecastException.class)
                .hasMessageStartingWith("no completed restore among the calibration runs");
        // a table name given in lower case is the table
        assertThat(Target.overriding(shop, Map.of("orders", 7L)).rows()).containsEntry("ORDERS", 7L);
    }

    private static RestoreRun record(long n, double load, double build) {
        return RestoreRun.builder()
                .label("n" + n)
                .status(RunStatus.COMPLETED)
                .totalSeconds(0.5 + load + build)
                .phases(List.of(
                        new PhaseTime(Phase.SETUP, 0.5),
                        new PhaseTime(Phase.DATA, load),
                        new PhaseTime(Phase.INDEXES, build)))
                .tables(List.of(new TableLoad("T", n, 0.5, load)))
                .indexes(List.of(new IndexBuild(
                        "PK_T", "T", dev.gbakprof.model.IndexMapping.LOG, 0.5 + load, build, null, null, false)))
                .build();
    }

    private static Estimate.ObjectForecast object(Estimate e, String name) {
        return e.objects().stream()
                .filter(o -> o.name().equals(name))
                .findFirst()
                .orElseThrow();
    }
}
