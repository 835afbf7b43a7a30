package dev.gbakprof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gbakprof.model.Anonymizer;
import dev.gbakprof.model.ExitCode;
import dev.gbakprof.model.IndexDefinition;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.TableLoad;
import dev.gbakprof.store.LogReader;
import dev.gbakprof.testutil.Cli;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code estimate --rows-from} a backup log: the target's own tables and indexes, as a database target gives them. The
 * log is a real {@code gbak -b -v -st tdrw} of a database of three tables and seven indexes named like none of the
 * shop sample's (src/test/resources/forecast/README.md), the calibration the shop sample's restore.
 */
class EstimateBackupLogTargetTest {
    private static final String BACKUP_LOG = "src/test/resources/forecast/depot-backup-tdrw.log";
    private static final String SHOP = "samples/shop-tdrw.log";

    private static final List<IndexDefinition> SEVEN = List.of(
            new IndexDefinition("PK_SHIPMENTS", "SHIPMENTS"),
            new IndexDefinition("IX_SHIPMENTS_STATUS", "SHIPMENTS"),
            new IndexDefinition("PK_STOCK_MOVES", "STOCK_MOVES"),
            new IndexDefinition("FK_MOVES_WAREHOUSE", "STOCK_MOVES"),
            new IndexDefinition("IX_MOVES_DATE", "STOCK_MOVES"),
            new IndexDefinition("PK_WAREHOUSES", "WAREHOUSES"),
            new IndexDefinition("UQ_WAREHOUSES_CODE", "WAREHOUSES"));

    @Test
    void theBackupRecordKeepsEachIndexWrittenWithItsTable() {
        RestoreRun backup = LogReader.read(Path.of(BACKUP_LOG), null);

        assertThat(backup.indexesWritten()).containsExactlyElementsOf(SEVEN);
        assertThat(backup.indexes()).isEmpty(); // a backup builds none
        assertThat(backup.warnings()).isEmpty();
        // --anonymize replaces them, each index token naming its table's
        RestoreRun anonymous = Anonymizer.anonymize(List.of(backup)).get(0);
        assertThat(anonymous.indexesWritten()).hasSize(7);
        assertThat(anonymous.indexesWritten().toString()).doesNotContain("SHIPMENTS", "STOCK_MOVES", "WAREHOUSES");
        List<String> t = anonymous.tables().stream().map(TableLoad::name).toList(); // SHIPMENTS, STOCK_MOVES, ...
        assertThat(anonymous.indexesWritten().stream().map(IndexDefinition::table))
                .containsExactly(t.get(0), t.get(0), t.get(1), t.get(1), t.get(1), t.get(2), t.get(2));
        // a restore's record has no such list
        assertThat(LogReader.read(Path.of(SHOP), null).indexesWritten()).isNull();
    }

    @Test
    void theTargetsIndexesAreTheSevenTheBackupWrote() throws Exception {
        Cli.Result r = Cli.run("estimate", SHOP, "--rows-from", BACKUP_LOG, "--rto", "1h", "--json");

        assertThat(r.code()).as(r.err()).isEqualTo(ExitCode.OK);
        JsonNode e = new ObjectMapper().readTree(r.out());
        List<IndexDefinition> indexes = new ArrayList<>();
        List<String> tables = new ArrayList<>();
        for (JsonNode o : e.path("objects")) {
            if (o.path("kind").asText().equals("index")) {
                indexes.add(new IndexDefinition(
                        o.path("name").asText(), o.path("table").asText()));
                assertThat(o.path("rows").asLong()).as(o.toString()).isPositive();
            } else {
                tables.add(o.path("name").asText());
            }
        }
        assertThat(indexes).containsExactlyInAnyOrderElementsOf(SEVEN);
        assertThat(tables).containsExactlyInAnyOrder("SHIPMENTS", "STOCK_MOVES", "WAREHOUSES");
        assertThat(e.path("measured").path("objects").asInt()).isEqualTo(10);
        assertThat(e.path("measured").path("estimatedObjects").asInt()).isEqualTo(10);
        assertThat(e.path("assumptions").toString()).doesNotContain("taken as the calibration's");
    }

    @Test
    void aTargetThatSharesNoTableWithTheCalibrationSaysSoFirst() {
        Cli.Result r = Cli.run("estimate", SHOP, "--rows-from", BACKUP_LOG, "--rto", "1h", "--top", "20");

        assertThat(r.code()).as(r.err()).isEqualTo(ExitCode.OK);
        String caveat = "caveat     the target shares no table with the calibration (the target's SHIPMENTS,"
                + " STOCK_MOVES, WAREHOUSES; the calibration's CUSTOMERS, ORDERS, ORDER_LINES, PRODUCTS):"
                + " every table load and index build is estimated from another table's, so the forecast, its range"
                + " and the RTO verdict are a guess; calibrate with restores of the target's own backup\nforecast   ";
        assertThat(r.out()).startsWith(caveat);
        assertThat(r.out())
                .contains("index FK_MOVES_WAREHOUSE (STOCK_MOVES)")
                .doesNotContain("index PK_ORDERS")
                .containsPattern("RTO 1 h 00 min: [a-z ]+ \\([^\\n]*; a guess: the target shares no table with the"
                        + " calibration");
    }
}
