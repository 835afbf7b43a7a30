package dev.gbakprof.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.testutil.Logs;
import org.junit.jupiter.api.Test;

/** Rows/s and keys/s only where gbak's millisecond clock makes them worth printing. */
class RatesTest {

    @Test
    void aRateNeedsATenthOfASecondOfGbaksClock() {
        assertThat(new TableLoad("T", 1000L, 0.0, 0.002).rowsPerSecond()).isNull(); // 1 ms off = 50% off
        assertThat(new TableLoad("T", 20_000L, 0.0, 0.099).rowsPerSecond()).isNull();
        assertThat(new TableLoad("T", 20_000L, 0.0, 0.1).rowsPerSecond()).isEqualTo(200_000.0);
        IndexBuild build = new IndexBuild("IX", "T", IndexMapping.LOG, 0.0, 0.05, null, null, false, null, null, null);
        assertThat(build.withKeys(20_000L).keysPerSecond()).isNull();
        IndexBuild longer = new IndexBuild("IX", "T", IndexMapping.LOG, 0.0, 0.25, null, null, false, null, null, null);
        assertThat(longer.withKeys(20_000L).keysPerSecond()).isEqualTo(80_000.0);
    }

    @Test
    void theShopSampleRatesItsLongLoadsOnly() {
        RestoreRun run = Logs.read("shop-tdrw.log");
        // ORDERS 4.884 s, ORDER_LINES 0.338 s, CUSTOMERS 0.093 s, PRODUCTS 0.002 s (the log's own times)
        assertThat(run.tables())
                .extracting(TableLoad::name, TableLoad::rowsPerSecond)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("ORDER_LINES", 100_000 / 0.338),
                        org.assertj.core.groups.Tuple.tuple("ORDERS", 1_000_000 / 4.884),
                        org.assertj.core.groups.Tuple.tuple("PRODUCTS", null),
                        org.assertj.core.groups.Tuple.tuple("CUSTOMERS", null));
    }
}
