package dev.gbakprof.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.gbakprof.model.Column;
import dev.gbakprof.model.IndexBuild;
import dev.gbakprof.model.IndexMapping;
import dev.gbakprof.model.PhaseTime;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.model.TableLoad;
import dev.gbakprof.testutil.Logs;
import dev.gbakprof.testutil.Logs.Row;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real-shape log (samples/real-shape-tdrw.txt): 2,000 tables and 6,000 indexes restored by the real
 * gbak, read whole, with the figures gbak printed.
 */
class RealShapeLogTest {

    @TempDir
    static Path dir;

    static Path log;
    static RestoreRun run;

    @BeforeAll
    static void read() throws Exception {
        log = Logs.realShape(dir);
        run = LogReader.read(log, null);
    }

    @Test
    void everyTableAndIndexOfTheSchema() {
        assertThat(run.status()).isEqualTo(RunStatus.COMPLETED);
        assertThat(run.columns()).containsExactly(Column.TIME, Column.DELTA, Column.READS, Column.WRITES);
        assertThat(run.pageSize()).isEqualTo(8192);
        assertThat(run.tablesDefined()).isEqualTo(2000);
        assertThat(run.indexesDefined()).isEqualTo(6000);
        assertThat(run.tables()).hasSize(2000);
        assertThat(run.indexes()).hasSize(6000);
        assertThat(run.indexesNeverBuilt()).isEmpty();
        assertThat(run.errors()).isEmpty();
    }

    @Test
    void noLineIsDamagedAndNothingIsGuessed() {
        // every table has rows: each group of index definitions is followed by its own table's data line
        assertThat(run.warnings()).isEmpty();
        assertThat(run.indexes()).allSatisfy(b -> {
            assertThat(b.tableSource()).as(b.name()).isEqualTo(IndexMapping.LOG);
            assertThat(b.seconds()).as(b.name()).isNotNull();
            assertThat(b.failed()).as(b.name()).isFalse();
        });
        assertThat(run.tables())
                .allSatisfy(t -> assertThat(t.seconds()).as(t.name()).isNotNull());
    }

    @Test
    void theTotalIsTheOneGbakPrinted() throws Exception {
        assertThat(run.totalSeconds()).isEqualTo(TOTAL_SECONDS);
        List<Row> rows = Logs.rows(log);
        Row last = rows.get(rows.size() - 1);
        assertThat(last.text()).isEqualTo("total statistics");
        assertThat(run.totalSeconds()).isEqualTo(last.time() / 1000.0);
    }

    @Test
    void phasesAddUpToTheTotal() {
        assertThat(run.phases())
                .hasSize(5)
                .allSatisfy(p -> assertThat(p.seconds()).isNotNull());
        double sum = run.phases().stream().mapToDouble(PhaseTime::seconds).sum();
        assertThat(sum).isCloseTo(run.totalSeconds(), within(0.001));
    }

    @Test
    void indexesAndTablesAsTheSchemaNamesThem() {
        IndexBuild pk = run.indexes().stream()
                .filter(b -> b.name().equals("PK_SAL_ORDER_LINE"))
                .findFirst()
                .orElseThrow();
        assertThat(pk.table()).isEqualTo("SAL_ORDER_LINE");
        assertThat(run.indexes().stream().filter(b -> b.name().startsWith("PK_")))
                .hasSize(2000);
        assertThat(run.indexes().stream().filter(b -> b.name().startsWith("FK_")))
                .hasSize(40 * 49);
        assertThat(run.indexes().stream().map(IndexBuild::table).distinct()).hasSize(2000);
        // each module's AUDIT_LOG has 20,000 rows, its STOCK_MOVE 5,000, every other table 2 to 12
        assertThat(run.tables()).allSatisfy(t -> {
            long expected = t.name().endsWith("_AUDIT_LOG") ? 20_000 : t.name().endsWith("_STOCK_MOVE") ? 5_000 : -1;
            if (expected > 0) {
                assertThat(t.records()).as(t.name()).isEqualTo(expected);
            } else {
                assertThat(t.records()).as(t.name()).isBetween(2L, 12L);
            }
        });
        assertThat(run.tables().stream().mapToLong(TableLoad::records).sum()).isEqualTo(TOTAL_ROWS);
    }

    /** gbak's {@code total statistics} line (README.txt). */
    private static final double TOTAL_SECONDS = 159.245;

    /** 40 x (20,000 + 5,000) rows and the small tables' 2 to 12 each (scripts/fixtures/real-shape). */
    private static final long TOTAL_ROWS = 1_013_442;
}
