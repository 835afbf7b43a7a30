package dev.gbakprof.stats;

import dev.gbakprof.Samples;
import dev.gbakprof.model.RestoreRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Rows and rows/s of a table per label group, on the real shop restore (src/test/resources/report/shop-tdrw.log:
 * ORDERS, 1,000,000 rows in 3.226 s) and copies of it that restored other row counts.
 */
class ObjectStatsTest {
    @TempDir
    Path dir;

    private final RestoreRun full = Samples.log("shop-tdrw.log", "full");

    @Test
    void eachGroupHasTheRowsAndTheRateOfItsOwnRuns() throws IOException {
        RestoreRun half = Samples.halfOfOrders(dir, "half");

        ObjectTimes orders = orders(List.of(new RunGroup("full", List.of(full)), new RunGroup("half", List.of(half))));

        assertThat(orders.rows(0)).isEqualTo(new RowCount(1_000_000, 1_000_000));
        assertThat(orders.rows(1)).isEqualTo(new RowCount(500_000, 500_000));
        assertThat(orders.commonRows()).isNull();
        assertThat(orders.rowsPerSecond(0)).isCloseTo(1_000_000 / 3.226, within(1e-6));
        assertThat(orders.rowsPerSecond(1)).isCloseTo(500_000 / 3.226, within(1e-6));
    }

    @Test
    void runsOfOneGroupThatRestoredDifferentRowCountsGiveARangeAndNoRate() throws IOException {
        ObjectTimes orders = orders(List.of(new RunGroup("full", List.of(full, Samples.halfOfOrders(dir, "full")))));

        assertThat(orders.rows(0)).isEqualTo(new RowCount(500_000, 1_000_000));
        assertThat(orders.rows(0).single()).isNull();
        assertThat(orders.commonRows()).isNull();
        assertThat(orders.rowsPerSecond(0)).isNull();
        assertThat(orders.byGroup().get(0).median()).isCloseTo(3.226, within(1e-9)); // the time is still known
    }

    @Test
    void aLoadTheLogEndsInDoesNotCountAsTheTablesRows() throws IOException {
        // ORDERS stopped at 440,000 rows: that is not how many rows ORDERS has
        RestoreRun cut = Samples.cutAfter("shop-tdrw.log", dir, " 440000 records restored", List.of(), "full");

        ObjectTimes orders = orders(List.of(new RunGroup("full", List.of(full, cut))));

        assertThat(orders.rows(0)).isEqualTo(new RowCount(1_000_000, 1_000_000));
        assertThat(orders.commonRows()).isEqualTo(1_000_000L);
        assertThat(orders.rowsPerSecond(0)).isCloseTo(1_000_000 / 3.226, within(1e-6));
    }

    @Test
    void indexesHaveNoRows() {
        ObjectTimes pk = ObjectStats.indexes(List.of(new RunGroup("full", List.of(full)))).get(0);

        assertThat(pk.rows(0)).isNull();
        assertThat(pk.rowsPerSecond(0)).isNull();
    }

    private static ObjectTimes orders(List<RunGroup> groups) {
        return ObjectStats.tables(groups).stream().filter(o -> o.name().equals("ORDERS")).findFirst().orElseThrow();
    }
}
