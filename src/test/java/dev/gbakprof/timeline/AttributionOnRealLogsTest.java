package dev.gbakprof.timeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.within;

import dev.gbakprof.model.Column;
import dev.gbakprof.model.IndexBuild;
import dev.gbakprof.model.IndexMapping;
import dev.gbakprof.model.Phase;
import dev.gbakprof.model.PhaseTime;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.model.TableLoad;
import dev.gbakprof.model.WarningCode;
import dev.gbakprof.testutil.Logs;
import dev.gbakprof.testutil.Logs.Row;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The attribution rule checked on every real restore log, against a naive reading of the same file. */
class AttributionOnRealLogsTest {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "shop-tdrw.log",
                "shop-td.log",
                "shop-t.log",
                "shop-WRDT.log",
                "shop-tdrw-o.log",
                "shop-tdrw-verbint200000.log",
                "shop-services-fbsvcmgr.log",
                "shop-services-gbak-se.log",
                "small-tdrw.log",
                "dupfail-tdrw.log",
                "dupfail-services-fbsvcmgr.log",
                "shop-cut.log",
                "fb4/shop-tdrw.log",
                "fb4/small-tdrw.log",
                "fb4/small-t.log",
                "fb4/small-replica.log",
                "fb4/small-services-fbsvcmgr.log",
                "fb4/fb4types-tdrw.log"
            })
    void indexDurationIsTheTimeUntilTheNextStatisticsLine(String name) throws Exception {
        List<Row> rows = Logs.rows(Logs.log(name));
        RestoreRun run = Logs.read(name);
        int k = 0;
        for (int i = 0; i < rows.size(); i++) {
            Row r = rows.get(i);
            if (!r.text().startsWith("activating and creating deferred index ")) {
                continue;
            }
            IndexBuild b = run.indexes().get(k++);
            assertThat(b.name()).isEqualTo(r.text().substring(39));
            if (i + 1 < rows.size()) {
                Row next = rows.get(i + 1);
                assertThat(b.seconds()).as(b.name()).isCloseTo((next.time() - r.time()) / 1000.0, within(1e-9));
                assertThat(b.reads()).isEqualTo(next.reads() < 0 ? null : next.reads());
                assertThat(b.writes()).isEqualTo(next.writes() < 0 ? null : next.writes());
            } else {
                assertThat(b.seconds()).as("no later line").isNull();
            }
        }
        assertThat(run.indexes()).hasSize(k);
        assertThat(k).isPositive();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "shop-tdrw.log",
                "shop-td.log",
                "shop-t.log",
                "shop-tdrw-o.log",
                "shop-services-fbsvcmgr.log",
                "small-tdrw.log",
                "dupfail-tdrw.log",
                "fb4/shop-tdrw.log",
                "fb4/small-tdrw.log",
                "fb4/small-t.log",
                "fb4/small-services-fbsvcmgr.log",
                "fb4/fb4types-tdrw.log"
            })
    void phaseSecondsAddUpToTheTotal(String name) throws Exception {
        RestoreRun run = Logs.read(name);
        double sum = run.phases().stream().mapToDouble(PhaseTime::seconds).sum();
        assertThat(run.totalSeconds()).isNotNull();
        assertThat(sum).isCloseTo(run.totalSeconds(), within(0.001));
        List<Row> rows = Logs.rows(Logs.log(name));
        assertThat(run.totalSeconds()).isEqualTo(rows.get(rows.size() - 1).time() / 1000.0);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "shop-tdrw.log",
                "shop-tdrw-o.log",
                "small-tdrw.log",
                "shop-services-gbak-se.log",
                "fb4/shop-tdrw.log",
                "fb4/small-tdrw.log",
                "fb4/fb4types-tdrw.log"
            })
    void tableRecordsAreTheLastCountAndLoadRunsToTheFirstOtherLine(String name) throws Exception {
        List<Row> rows = Logs.rows(Logs.log(name));
        Map<String, long[]> expected = new LinkedHashMap<>(); // name -> {records, startMs, endMs}
        String current = null;
        for (Row r : rows) {
            if (r.text().startsWith("restoring data for table ")) {
                current = r.text().substring(25);
                expected.put(current, new long[] {0, r.time(), -1});
            } else if (current != null
                    && (r.text().endsWith(" records restored") || r.text().startsWith("committing data for table "))) {
                if (r.text().endsWith(" records restored")) {
                    expected.get(current)[0] = Long.parseLong(r.text().split(" ")[0]);
                }
            } else if (current != null) {
                expected.get(current)[2] = r.time();
                current = null;
            }
        }
        RestoreRun run = Logs.read(name);
        assertThat(run.tables()).extracting(TableLoad::name).containsExactlyElementsOf(expected.keySet());
        for (TableLoad t : run.tables()) {
            long[] e = expected.get(t.name());
            assertThat(t.records()).as(t.name()).isEqualTo(e[0]);
            assertThat(t.startSeconds()).isEqualTo(e[1] / 1000.0);
            assertThat(t.seconds()).as(t.name()).isCloseTo((e[2] - e[1]) / 1000.0, within(1e-9));
        }
    }

    @Test
    void shopRestoreExactValues() {
        RestoreRun run = Logs.read("shop-tdrw.log");
        assertThat(run.status()).isEqualTo(RunStatus.COMPLETED);
        assertThat(run.pageSize()).isEqualTo(8192);
        assertThat(run.backupVersion()).isEqualTo(10);
        assertThat(run.columns()).containsExactly(Column.TIME, Column.DELTA, Column.READS, Column.WRITES);
        TableLoad orders = run.tables().stream()
                .filter(t -> t.name().equals("ORDERS"))
                .findFirst()
                .orElseThrow();
        assertThat(orders.records()).isEqualTo(1_000_000);
        assertThat(run.indexes()).hasSize(14);
        // the empty table AUDIT_EMPTY has index definitions but no data line: the mapping is only inferred
        assertThat(run.indexMapping()).isEqualTo(IndexMapping.INFERRED);
        assertThat(run.warningMessages()).anyMatch(w -> w.contains("AUDIT_EMPTY"));
    }

    @Test
    void mappingIsCertainWhenEveryTableHasData() {
        RestoreRun run = Logs.read("dupfail-tdrw.log");
        assertThat(run.indexMapping()).isEqualTo(IndexMapping.LOG);
        assertThat(run.indexes()).allSatisfy(i -> {
            assertThat(i.table()).isNotNull();
            assertThat(i.tableSource()).isEqualTo(IndexMapping.LOG);
        });
    }

    @Test
    void emptyTableIndexesNameTheirCandidatesAndTheOthersAreExactByGbaksDataOrder() {
        // small: tables DEPARTMENTS, EMPLOYEES, PROJECTS, EMPTY_NOTES (no rows), then a view; gbak writes the data in
        // the reverse order (backup.epp), each table's index definitions first: EMPTY_NOTES' and PROJECTS' run together
        RestoreRun run = Logs.read("small-tdrw.log");
        assertThat(run.indexMapping()).isEqualTo(IndexMapping.INFERRED);
        for (String ix : List.of("PK_EMPTY_NOTES", "IX_EMPTY_NOTES_CREATED", "PK_PROJECTS", "FK_PROJECTS_DEPT")) {
            IndexBuild b = run.indexes().stream()
                    .filter(i -> i.name().equals(ix))
                    .findFirst()
                    .orElseThrow();
            assertThat(b.table()).as(ix).isNull(); // no one guess
            assertThat(b.tableSource()).isEqualTo(IndexMapping.INFERRED);
            assertThat(b.tableCandidates()).containsExactly("EMPTY_NOTES", "PROJECTS");
        }
        assertThat(run.indexes())
                .filteredOn(i -> i.tableCandidates() == null)
                .extracting(IndexBuild::name, IndexBuild::table, IndexBuild::tableSource)
                .containsExactly(
                        tuple("PK_EMPLOYEES", "EMPLOYEES", IndexMapping.LOG),
                        tuple("IX_EMPLOYEES_NAME", "EMPLOYEES", IndexMapping.LOG),
                        tuple("PK_DEPARTMENTS", "DEPARTMENTS", IndexMapping.LOG),
                        tuple("UQ_DEPARTMENTS_CODE", "DEPARTMENTS", IndexMapping.LOG),
                        tuple("FK_EMPLOYEES_DEPT", "EMPLOYEES", IndexMapping.LOG));
        assertThat(run.warnings())
                .filteredOn(w -> w.is(WarningCode.MAPPING_INFERRED))
                .singleElement()
                .satisfies(w -> assertThat(w.message())
                        .startsWith("tables with no data line (no rows): EMPTY_NOTES; ")
                        .contains("PK_EMPTY_NOTES, IX_EMPTY_NOTES_CREATED, PK_PROJECTS, FK_PROJECTS_DEPT belong to "
                                + "EMPTY_NOTES or PROJECTS"));
        assertThat(run.tablesDefined()).isEqualTo(4); // the view is no table
        assertThat(run.indexesDefined()).isEqualTo(9);
        assertThat(run.indexesNeverBuilt()).isEmpty();
    }

    @Test
    void everyIndexOfATableWithDataBeforeTheNextIsExactAndHasItsKeyRate() {
        RestoreRun run = Logs.read("shop-tdrw.log");
        assertThat(run.indexes())
                .filteredOn(i -> i.tableCandidates() == null)
                .extracting(IndexBuild::table)
                .containsOnly("ORDERS", "PRODUCTS", "CUSTOMERS");
        assertThat(run.indexes())
                .filteredOn(i -> i.tableCandidates() != null)
                .extracting(IndexBuild::name)
                .containsExactlyInAnyOrder(
                        "PK_AUDIT_EMPTY", "IX_AUDIT_EMPTY_TABLE", "PK_ORDER_LINES", "FK_LINES_ORDER", "RDB$FOREIGN3");
        IndexBuild pk = run.indexes().stream()
                .filter(i -> i.name().equals("PK_ORDERS"))
                .findFirst()
                .orElseThrow();
        assertThat(pk.tableSource()).isEqualTo(IndexMapping.LOG);
        assertThat(pk.keysPerSecond()).isEqualTo(Math.round(1_000_000 / 1.048 * 10) / 10.0);
        RestoreRun all = Logs.read("dupfail-tdrw.log"); // every table has rows: every index is exact
        assertThat(all.indexMapping()).isEqualTo(IndexMapping.LOG);
        assertThat(all.warningCodes()).doesNotContain(WarningCode.MAPPING_INFERRED);
    }

    @Test
    void aCutRestoreSaysHowManyIndexDefinitionsItNeverBuilt() {
        RestoreRun cut = Logs.read("shop-cut.log"); // killed while building IX_ORDERS_STATUS_YEAR, the 7th of 14
        assertThat(cut.indexesDefined()).isEqualTo(14);
        assertThat(cut.tablesDefined()).isEqualTo(5);
        assertThat(cut.indexesNeverBuilt())
                .containsExactly(
                        "FK_LINES_ORDER",
                        "RDB$FOREIGN3",
                        "FK_ORDERS_CUSTOMER",
                        "RDB$PRIMARY1",
                        "RDB$2",
                        "PK_CUSTOMERS",
                        "UQ_CUSTOMERS_EMAIL");
        assertThat(cut.warnings())
                .filteredOn(w -> w.is(WarningCode.INDEXES_NEVER_BUILT))
                .singleElement()
                .satisfies(w -> assertThat(w.message())
                        .isEqualTo("7 of 14 index definitions never built (the restore stopped)"));
        assertThat(Logs.read("shop-tdrw.log").warningCodes()).doesNotContain(WarningCode.INDEXES_NEVER_BUILT);
    }

    @Test
    void phasesAStoppedOrFailedRestoreNeverReachedAreUnknownNotZero() throws Exception {
        // killed while building an index: the finish was never reached
        RestoreRun cut = Logs.read("shop-cut.log");
        assertThat(cut.phaseSeconds(Phase.INDEXES)).isPositive();
        assertThat(cut.phaseSeconds(Phase.FINISH)).isNull();
        assertThat(dev.gbakprof.output.TextSummary.of(cut, 3))
                .containsPattern("finish +unknown")
                .doesNotContainPattern("finish +0\\.000 s");
        // the target exists: gbak stopped after "opened file" (a database or any other file given as the backup
        // stops at the same place, "expected backup description record")
        RestoreRun exists = Logs.read("small-exists.log");
        assertThat(exists.phaseSeconds(Phase.SETUP)).isEqualTo(0.0);
        assertThat(exists.phases())
                .filteredOn(p -> p.name() != Phase.SETUP)
                .extracting(PhaseTime::seconds)
                .hasSize(4)
                .containsOnlyNulls();
        // a failed restore that went on to its end reached every phase
        assertThat(Logs.read("dupfail-tdrw.log").phases())
                .extracting(PhaseTime::seconds)
                .doesNotContainNull();
        // a completed restore that built its last index at gbak's end still has a finish of its own, known
        assertThat(Logs.read("shop-tdrw.log").phases())
                .extracting(PhaseTime::seconds)
                .doesNotContainNull();
    }

    @Test
    void firebird5RefusedParallelWorkersAreFourRequestedOneUsed() throws Exception {
        // #8140: gbak -par 4 on a server whose MaxParallelWorkers is 1; the engine uses the top of the range (jrd.cpp)
        RestoreRun run = dev.gbakprof.store.LogReader.read(
                java.nio.file.Path.of(getClass()
                        .getResource("/published/fb5-issue8140-excerpt.log")
                        .toURI()),
                null);
        assertThat(run.parallelWorkers()).isEqualTo(4);
        assertThat(run.parallelWorkersUsed()).isEqualTo(1);
        assertThat(dev.gbakprof.output.TextSummary.of(run, 3))
                .contains("parallel workers 4 requested, 1 used")
                .doesNotContain("parallel workers 4\n");
    }

    @Test
    void failedIndexActivationGivesStatusFailedWithGbaksOwnWords() {
        RestoreRun run = Logs.read("dupfail-tdrw.log");
        assertThat(run.status()).isEqualTo(RunStatus.FAILED);
        assertThat(run.errors()).contains("cannot commit index UX_ITEMS_NORM_CODE");
        assertThat(run.errors()).anyMatch(e -> e.contains("attempt to store duplicate value"));
        assertThat(run.indexes())
                .filteredOn(IndexBuild::failed)
                .extracting(IndexBuild::name)
                .containsExactly("UX_ITEMS_NORM_CODE");
        // it still went home: the total is known
        assertThat(run.totalSeconds()).isNotNull();
    }

    @Test
    void servicesRouteFailureIsAFailureToo() {
        // fbsvcmgr returned 0 for this restore; the output says otherwise
        RestoreRun run = Logs.read("dupfail-services-fbsvcmgr.log");
        assertThat(run.status()).isEqualTo(RunStatus.FAILED);
        assertThat(run.errors()).contains("cannot commit index UX_ITEMS_NORM_CODE");
    }

    @Test
    void logCutOffMidRunIsIncompleteWithUnknownLastIndex() throws Exception {
        RestoreRun run = Logs.read("shop-cut.log");
        assertThat(run.status()).isEqualTo(RunStatus.INCOMPLETE);
        assertThat(run.totalSeconds()).isNull();
        List<Row> rows = Logs.rows(Logs.log("shop-cut.log"));
        assertThat(run.lastSeenSeconds()).isEqualTo(rows.get(rows.size() - 1).time() / 1000.0);
        IndexBuild last = run.indexes().get(run.indexes().size() - 1);
        assertThat(last.seconds()).isNull();
        assertThat(run.warningMessages()).anyMatch(w -> w.contains(last.name()) && w.contains("unknown"));
        // the phases it reached add up to the last time it showed; the finish it never reached is unknown
        assertThat(run.knownPhaseSeconds()).isCloseTo(run.lastSeenSeconds(), within(0.001));
    }

    @Test
    void oneAtATimeCommitsStayInTheTableLoad() {
        RestoreRun run = Logs.read("shop-tdrw-o.log");
        assertThat(run.status()).isEqualTo(RunStatus.COMPLETED);
        assertThat(run.tables()).allSatisfy(t -> assertThat(t.seconds()).isNotNull());
    }

    @Test
    void columnOrderAskedDoesNotMatter() {
        // -st WRDT prints the same columns in the same order as -st tdrw
        assertThat(Logs.read("shop-WRDT.log").columns())
                .containsExactly(Column.TIME, Column.DELTA, Column.READS, Column.WRITES);
    }
}
