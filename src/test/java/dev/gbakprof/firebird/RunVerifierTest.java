package dev.gbakprof.firebird;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.model.IndexBuild;
import dev.gbakprof.model.IndexMapping;
import dev.gbakprof.model.Inspection;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.model.TableLoad;
import dev.gbakprof.model.Warning;
import dev.gbakprof.model.WarningCode;
import dev.gbakprof.output.TextSummary;
import dev.gbakprof.store.RunJson;
import dev.gbakprof.testutil.Records;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunVerifierTest {

    /** A completed restore as its log tells it: ORDERS 600,000 rows, AUDIT empty, the log guessed the table of IX_AUDIT_AT. */
    static RestoreRun logged() {
        return RestoreRun.builder()
                .label("t")
                .status(RunStatus.COMPLETED)
                .indexMapping(IndexMapping.INFERRED)
                .tables(List.of(new TableLoad("ORDERS", 600_000L, 1.0, 4.0)))
                .indexes(List.of(
                        Records.index("PK_ORDERS", "ORDERS", IndexMapping.INFERRED, 6.0, 2.5, 10L, 2000L, false),
                        Records.index("IX_AUDIT_AT", "ORDERS", IndexMapping.INFERRED, 8.5, 0.0, 0L, 1L, false)))
                .build();
    }

    static Inspection database(long orderRows, boolean pkActive) {
        return new Inspection(
                "localhost/3050:/db.fdb",
                "LI-V3.0.11.33637 Firebird 3.0",
                "12.0",
                8192,
                0,
                8192L * 900,
                20000,
                true,
                List.of(new Inspection.Table("AUDIT", 0), new Inspection.Table("ORDERS", orderRows)),
                List.of(
                        new Inspection.Index("IX_AUDIT_AT", "AUDIT", List.of("AT"), null, false, true, true, null),
                        new Inspection.Index("PK_ORDERS", "ORDERS", List.of("ID"), null, true, false, pkActive, 1.6e-6),
                        new Inspection.Index("UX_OLD", "AUDIT", List.of(), "(UPPER(NOTE))", true, false, false, null)),
                List.of(),
                null);
    }

    @Test
    void anIntactDatabaseVerifiesAndSettlesTheIndexTablesAndKeyRates() {
        RestoreRun run = RunVerifier.verify(logged(), database(600_000, true));
        assertThat(run.status()).isEqualTo(RunStatus.COMPLETED);
        assertThat(run.inspection().problems()).isEmpty();
        assertThat(run.inspection().verifiedAgainst()).isEqualTo("log");
        assertThat(run.indexMapping()).isEqualTo(IndexMapping.DATABASE);
        assertThat(run.indexes())
                .extracting(IndexBuild::name, IndexBuild::table, IndexBuild::tableSource, IndexBuild::keysPerSecond)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("PK_ORDERS", "ORDERS", IndexMapping.DATABASE, 240_000.0),
                        org.assertj.core.groups.Tuple.tuple("IX_AUDIT_AT", "AUDIT", IndexMapping.DATABASE, null));
        // an index gbak never tried to activate was inactive in the backup: worth a warning, not a failure
        assertThat(run.warningMessages())
                .containsExactly("index UX_OLD (table AUDIT) is inactive, as it was in the "
                        + "backup: gbak did not try to activate it");
        assertThat(TextSummary.of(run, 10))
                .contains(
                        "PK_ORDERS (ORDERS)  240,000 keys/s",
                        "verification passed",
                        "UX_OLD",
                        "COMPUTED BY (UPPER(NOTE)) unique INACTIVE",
                        "file 7,372,800 bytes");
    }

    @Test
    void theDatabasesMappingDropsTheLogsCaveatThatTheMappingIsInferred() {
        List<Warning> caveats = dev.gbakprof.testutil.Logs.read("small-tdrw.log").warnings().stream()
                .filter(w -> w.is(WarningCode.MAPPING_INFERRED))
                .toList();
        assertThat(caveats).hasSize(1);
        RestoreRun run =
                RunVerifier.verify(logged().toBuilder().warnings(caveats).build(), database(600_000, true));
        assertThat(run.indexMapping()).isEqualTo(IndexMapping.DATABASE);
        assertThat(run.warningMessages())
                .containsExactly("index UX_OLD (table AUDIT) is inactive, as it was in the "
                        + "backup: gbak did not try to activate it");
    }

    @Test
    void missingRowsAndAnIndexLeftInactiveFailTheRunWithOneLineEach() {
        RestoreRun run = RunVerifier.verify(logged(), database(599_990, false));
        assertThat(run.status()).isEqualTo(RunStatus.FAILED);
        assertThat(run.inspection().problems())
                .containsExactly(
                        "table ORDERS: the log says 600,000 records restored, the database has 599,990",
                        "index PK_ORDERS (table ORDERS) is inactive: gbak activated it, but it is inactive now");
        assertThat(TextSummary.of(run, 10))
                .contains(
                        "verification FAILED",
                        "    table ORDERS: the log says 600,000 records restored, the database has 599,990");
    }

    @Test
    void rowsInATableTheLogRestoredNoDataForAreAProblem() {
        Inspection db = database(600_000, true);
        Inspection grown = new Inspection(
                db.database(),
                db.engineVersion(),
                db.ods(),
                db.pageSize(),
                db.pageBuffers(),
                db.fileBytes(),
                db.sweepInterval(),
                db.forcedWrites(),
                List.of(new Inspection.Table("AUDIT", 3), new Inspection.Table("ORDERS", 600_000)),
                db.indexes(),
                List.of(),
                null);
        assertThat(RunVerifier.verify(logged(), grown).inspection().problems())
                .containsExactly("table AUDIT: the log restored no data for it, the database has 3 rows");
    }

    @Test
    void withoutALogEveryInactiveIndexIsAProblem() {
        assertThat(RunVerifier.check(database(1, true)).problems())
                .containsExactly("index UX_OLD (table AUDIT) is inactive");
    }

    @Test
    void theInspectionAndKeyRatesSurviveTheRunRecord(@TempDir Path dir) throws Exception {
        RestoreRun run = RunVerifier.verify(logged(), database(600_000, true));
        RunJson.write(run, dir.resolve("run.json"));
        assertThat(RunJson.read(dir.resolve("run.json"))).containsExactly(run);
        assertThat(RunJson.toJson(run))
                .contains(
                        "\"keysPerSecond\" : 240000.0",
                        "\"verifiedAgainst\" : \"log\"",
                        "\"tableSource\" : \"database\"");
    }
}
