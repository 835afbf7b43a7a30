package dev.gbakprof.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.gbakprof.Samples;
import dev.gbakprof.model.RestoreRun;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
        ObjectTimes pk = ObjectStats.indexes(List.of(new RunGroup("full", List.of(full))))
                .get(0);

        assertThat(pk.rows(0)).isNull();
        assertThat(pk.rowsPerSecond(0)).isNull();
    }

    private static ObjectTimes orders(List<RunGroup> groups) {
        return ObjectStats.tables(groups).stream()
                .filter(o -> o.name().equals("ORDERS"))
                .findFirst()
                .orElseThrow();
    }

    /** shop-tdrw.log with RDB$FOREIGN3 given as an index of {@code table}, as the log or database says ({@code source}). */
    private RestoreRun foreign3On(String table, dev.gbakprof.model.IndexMapping source, String label) {
        return full.toBuilder()
                .label(label)
                .indexes(full.indexes().stream()
                        .map(i -> i.name().equals("RDB$FOREIGN3") ? i.withTable(table, source) : i)
                        .toList())
                .build();
    }

    @Test
    void indexesOfTwoDatabasesWithOneNameAreTwoRowsNotOne() {
        // another database whose RDB$FOREIGN3 belongs to JOB (a table shop does not have)
        RestoreRun other = foreign3On("JOB", dev.gbakprof.model.IndexMapping.LOG, "other").toBuilder()
                .tables(List.of(new dev.gbakprof.model.TableLoad("JOB", 10L, 0.1, 0.01)))
                .build();
        List<ObjectTimes> rows = ObjectStats.indexes(Groups.byLabel(List.of(full, other))).stream()
                .filter(o -> o.name().equals("RDB$FOREIGN3"))
                .toList();
        // shop's own is unknown (gbak's log leaves it ambiguous): it does not join JOB, a table shop did not restore
        assertThat(rows).extracting(ObjectTimes::table).containsExactly(null, "JOB");
        // each row has a time in one configuration only: no ratio between two databases' indexes
        assertThat(rows).allSatisfy(o -> assertThat(o.ratio(1, 0)).isNull());
    }

    @Test
    void aTableTheDatabaseVerifiedWinsOverAnInferredOne() {
        // the same shop restore inspected (--inspect: the database says ORDERS) and one only inferred (ORDER_LINES?)
        RestoreRun verified = foreign3On("ORDERS", dev.gbakprof.model.IndexMapping.DATABASE, "inspected");
        List<ObjectTimes> rows = ObjectStats.indexes(Groups.byLabel(List.of(full, verified))).stream()
                .filter(o -> o.name().equals("RDB$FOREIGN3"))
                .toList();
        assertThat(rows).hasSize(1);
        assertThat(rows.get(0).table()).isEqualTo("ORDERS");
        assertThat(rows.get(0).inferred()).isFalse();
        assertThat(rows.get(0).ratio(1, 0)).isEqualTo(1.0);
    }

    /**
     * The A/A experiment's DEPARTMENTS (12 rows): a median of 1 ms against one of 0 ms, under gbak's clock. summary.md
     * printed "0.00×", tables.csv 0.0000: a ratio the clock cannot give. Of 2 ms against 1 ms it is 0.5.
     */
    @Test
    void aMedianUnderGbaksClockHasNoRatioOnEitherSide() {
        RunGroup a = new RunGroup("A", List.of(withDepartments("A", 0.001)));
        RunGroup b = new RunGroup("B", List.of(withDepartments("B", 0.0)));
        RunGroup c = new RunGroup("C", List.of(withDepartments("C", 0.002)));
        ObjectTimes departments = ObjectStats.tables(List.of(a, b, c)).get(0);
        assertThat(departments.ratio(1, 0)).isNull();
        assertThat(departments.ratio(0, 1)).isNull();
        assertThat(departments.ratio(0, 2)).isEqualTo(0.5);
    }

    private RestoreRun withDepartments(String label, double seconds) {
        return full.toBuilder()
                .label(label)
                .tables(List.of(new dev.gbakprof.model.TableLoad("DEPARTMENTS", 12L, 0.1, seconds)))
                .build();
    }
}
