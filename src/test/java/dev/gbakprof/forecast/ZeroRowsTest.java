package dev.gbakprof.forecast;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.gbakprof.model.IndexBuild;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.store.RunInputs;
import dev.gbakprof.testutil.Logs;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A table given few or no rows (`--rows ORDERS=0`): its load and its indexes' builds shrink with its rows down to 0,
 * where an index costs only its build's fixed part (docs/guide/forecast.md), not its calibration time.
 */
class ZeroRowsTest {
    private static final long[] ROWS = {0, 1, 10, 100, 1_000, 100_000, 1_000_000, 4_000_000};

    private static Estimate.ObjectForecast object(Estimate e, String name) {
        return e.objects().stream()
                .filter(o -> o.name().equals(name))
                .findFirst()
                .orElseThrow();
    }

    private static List<String> ordersIndexes(RestoreRun run) {
        return run.indexes().stream()
                .filter(i -> "ORDERS".equals(i.table()))
                .map(IndexBuild::name)
                .toList();
    }

    /** Each object's seconds and the total never fall as ORDERS's rows grow from 0. */
    private static void assertMonotoneInOrders(RestoreRun calibration) {
        Estimate before = null;
        for (long n : ROWS) {
            Estimate e = Forecaster.forecast(
                    List.of(calibration), Target.overriding(calibration, Map.of("ORDERS", n)), null);
            if (before != null) {
                assertThat(e.total().seconds())
                        .as("total at ORDERS=%d", n)
                        .isGreaterThanOrEqualTo(before.total().seconds());
                for (Estimate.ObjectForecast o : e.objects()) {
                    assertThat(o.seconds())
                            .as("%s at ORDERS=%d", o.name(), n)
                            .isGreaterThanOrEqualTo(object(before, o.name()).seconds());
                }
            }
            before = e;
        }
    }

    @Test
    void anIndexOfATableGivenNoRowsCostsNoSortWhenTheCalibrationBuiltNoEmptyTablesIndex() {
        // shop-tdrw built FK_ORDERS_CUSTOMER of 1,000,000 rows in 4.6 s and no index of an empty table
        RestoreRun shop = Logs.read("shop-tdrw.log");
        List<String> orders = ordersIndexes(shop);
        assertThat(orders).hasSize(5);
        Estimate none = Forecaster.forecast(List.of(shop), Target.overriding(shop, Map.of("ORDERS", 0L)), null);
        for (String name : orders) {
            Estimate.ObjectForecast o = object(none, name);
            assertThat(o.rows()).isZero();
            assertThat(o.seconds()).as(name).isZero();
            assertThat(o.basis())
                    .as(name)
                    .isEqualTo("no rows to sort; no index the calibration built is known to be of an empty table: 0 s");
        }
        assertThat(object(none, "ORDERS").seconds()).isZero();
        Estimate one = Forecaster.forecast(List.of(shop), Target.overriding(shop, Map.of("ORDERS", 1L)), null);
        assertThat(none.total().seconds()).isLessThanOrEqualTo(one.total().seconds());
        // what the other tables cost, and the phases as measured: no ORDERS index adds to it
        assertThat(none.total().seconds()).isLessThan(shop.totalSeconds() / 5);
        assertMonotoneInOrders(shop);
    }

    @Test
    void anIndexOfATableGivenNoRowsCostsTheCalibrationsEmptyBuildsAndNoMoreWithAFewRows() throws IOException {
        // shop-tcp built AUDIT_EMPTY's two indexes at 0 rows (1 ms each) and ORDERS's of 1,000,000 rows in 0.7-4.4 s
        RestoreRun tcp = RunInputs.load(Path.of("src/test/resources/forecast/estimated/shop-tcp"), null, null)
                .get(0);
        List<Double> empty = tcp.indexes().stream()
                .filter(i -> "AUDIT_EMPTY".equals(i.table()))
                .map(IndexBuild::seconds)
                .toList();
        assertThat(empty).hasSize(2);
        double fixed = (empty.get(0) + empty.get(1)) / 2;
        assertThat(fixed).isPositive();
        Estimate none = Forecaster.forecast(List.of(tcp), Target.overriding(tcp, Map.of("ORDERS", 0L)), null);
        Estimate ten = Forecaster.forecast(List.of(tcp), Target.overriding(tcp, Map.of("ORDERS", 10L)), null);
        for (String name : ordersIndexes(tcp)) {
            assertThat(object(none, name).seconds()).as(name).isCloseTo(fixed, within(1e-9));
            assertThat(object(none, name).basis())
                    .as(name)
                    .isEqualTo("no rows to sort; the fixed cost of a build, the median of the calibration's 2 builds"
                            + " of an empty table's index");
            // 10 keys cost no less than none: the fixed cost at least
            assertThat(object(ten, name).seconds()).as(name).isGreaterThanOrEqualTo(fixed);
        }
        assertMonotoneInOrders(tcp);
    }
}
