package dev.gbakprof.log;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.gbakprof.model.Column;
import dev.gbakprof.model.IndexBuild;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunKind;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.model.TableLoad;
import dev.gbakprof.testutil.Logs;
import dev.gbakprof.testutil.Logs.Row;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Real logs of Firebird 4.0's gbak (src/test/resources/logs-fb4, scripts/make-fixtures-fb4.sh): Firebird 3.0's
 * backups restored by 4.0, and 4.0's own types. The timing rules themselves are checked on them with the 3.0 logs
 * (AttributionOnRealLogsTest); here what 4.0 prints differently, read exactly.
 */
class Firebird4LogsTest {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "shop-tdrw.log",
                "small-tdrw.log",
                "small-t.log",
                "small-replica.log",
                "small-services-fbsvcmgr.log",
                "fb4types-tdrw.log"
            })
    void everyRestoreEndsAfterTheFlagsLineFourPointZeroPrintsAfterItsStatistics(String name) throws Exception {
        List<String> lines = Files.readAllLines(Logs.log(Logs.FB4 + name), StandardCharsets.UTF_8);
        assertThat(lines.get(lines.size() - 1).strip()).isEqualTo("gbak:adjusting the ONLINE and FORCED WRITES flags");

        RestoreRun run = Logs.read(Logs.FB4 + name);

        assertThat(run.status()).isEqualTo(RunStatus.COMPLETED);
        assertThat(run.wentToTheEnd()).isTrue();
        assertThat(run.errors()).isEmpty();
        List<Row> rows = Logs.rows(Logs.log(Logs.FB4 + name));
        Row total = rows.get(rows.size() - 1);
        assertThat(total.text()).isEqualTo("total statistics");
        assertThat(run.totalSeconds()).isEqualTo(total.time() < 0 ? null : total.time() / 1000.0);
        assertThat(run.totalReads()).isEqualTo(total.reads() < 0 ? null : total.reads());
        assertThat(run.totalWrites()).isEqualTo(total.writes() < 0 ? null : total.writes());
    }

    @Test
    void aFirebird3BackupRestoredByFourPointZeroHasEveryRowAndIndex() throws Exception {
        RestoreRun run = Logs.read(Logs.FB4 + "shop-tdrw.log");

        assertThat(run.columns()).containsExactly(Column.TIME, Column.DELTA, Column.READS, Column.WRITES);
        assertThat(run.backupVersion()).as("made by gbak 3.0").isEqualTo(10);
        assertThat(run.pageSize()).isEqualTo(8192);
        assertThat(run.tables())
                .extracting(TableLoad::name, TableLoad::records)
                .containsExactlyInAnyOrder(
                        tuple("CUSTOMERS", 20_000L),
                        tuple("PRODUCTS", 1_000L),
                        tuple("ORDERS", 1_000_000L),
                        tuple("ORDER_LINES", 100_000L));
        assertThat(run.indexes()).hasSize(14).noneMatch(IndexBuild::failed);
        assertThat(run.indexesNeverBuilt()).isEmpty();
        // 3.0 says "fixing views dbkey length" for the step 4.0 calls "adjusting views dbkey length"
        assertThat(Logs.rows(Logs.log(Logs.FB4 + "shop-tdrw.log")))
                .extracting(Row::text)
                .contains("adjusting views dbkey length")
                .doesNotContain("fixing views dbkey length");
        Row last = Logs.rows(Logs.log(Logs.FB4 + "shop-tdrw.log")).stream()
                .filter(r -> r.text().startsWith("activating and creating deferred index "))
                .reduce((a, b) -> b)
                .orElseThrow();
        IndexBuild lastBuilt = run.indexes().get(run.indexes().size() - 1);
        assertThat(lastBuilt.name()).isEqualTo(last.text().substring(39));
        assertThat(lastBuilt.seconds()).as("until the dbkey line").isNotNull();
    }

    @Test
    void fourPointZeroTypesRestoreAsAnyOtherTableFromBackupVersionEleven() {
        RestoreRun run = Logs.read(Logs.FB4 + "fb4types-tdrw.log");

        assertThat(run.backupVersion()).as("made by gbak 4.0").isEqualTo(11);
        assertThat(run.tables())
                .extracting(TableLoad::name, TableLoad::records)
                .containsExactly(tuple("LEDGER", 5_000L), tuple("ZONES", 4L));
        assertThat(run.indexes())
                .extracting(IndexBuild::name)
                .containsExactly("PK_LEDGER", "IX_LEDGER_AMOUNT", "IX_LEDGER_BOOKED", "IX_LEDGER_RATE", "PK_ZONES");
        assertThat(run.indexes()).extracting(IndexBuild::table).containsOnly("LEDGER", "ZONES");
    }

    @Test
    void fourPointZeroBacksUpItsPublicationsAndWritesBackupVersionEleven() throws Exception {
        RestoreRun run = Logs.read(Logs.FB4 + "fb4types-backup.log");

        assertThat(run.kind()).isEqualTo(RunKind.BACKUP);
        assertThat(run.status()).isEqualTo(RunStatus.COMPLETED);
        assertThat(run.tables())
                .extracting(TableLoad::name, TableLoad::records)
                .containsExactlyInAnyOrder(tuple("LEDGER", 5_000L), tuple("ZONES", 4L));
        String last = Logs.rows(Logs.log(Logs.FB4 + "fb4types-backup.log")).stream()
                .filter(r -> r.text().startsWith("closing file, committing, and finishing. "))
                .findFirst()
                .orElseThrow()
                .text();
        assertThat(run.backupBytes()).isEqualTo(Long.parseLong(last.replaceAll("\\D+", "")));
        assertThat(Logs.rows(Logs.log(Logs.FB4 + "fb4types-backup.log")))
                .extracting(Row::text)
                .contains("writing publications");
    }

    @Test
    void theStatisticsColumnsAreThoseOfThreePointZero() throws Exception {
        assertThat(Files.readAllLines(Logs.log(Logs.FB4 + "small-t.log")).get(0))
                .isEqualTo("gbak: time     ");
        assertThat(Files.readAllLines(Logs.log(Logs.FB4 + "small-w.log")).get(0))
                .isEqualTo("gbak: writes ");
        assertThat(Files.readAllLines(Logs.log(Logs.FB4 + "small-tdrw.log")).get(0))
                .isEqualTo(Files.readAllLines(Logs.log("small-tdrw.log")).get(0));
        assertThat(Logs.read(Logs.FB4 + "small-t.log").columns()).containsExactly(Column.TIME);
        // as with 3.0's: a log without time or delta times nothing; it is read for what it shows, its times unknown
        var untimed = Logs.read(Logs.FB4 + "small-w.log");
        assertThat(untimed.status()).isEqualTo(dev.gbakprof.model.RunStatus.COMPLETED);
        assertThat(untimed.columns()).containsExactly(Column.WRITES);
    }

    @Test
    void aReplicaRestoreSaysNothingMoreThanAnyOther() throws Exception {
        List<String> replica = Logs.rows(Logs.log(Logs.FB4 + "small-replica.log")).stream()
                .map(Row::text)
                .map(t -> t.replace("restore-small-replica.fdb", "X"))
                .toList();
        List<String> plain = Logs.rows(Logs.log(Logs.FB4 + "small-tdrw.log")).stream()
                .map(Row::text)
                .map(t -> t.replace("restore-small-tdrw.fdb", "X"))
                .toList();
        assertThat(replica).isEqualTo(plain);
    }

    @Test
    void anExistingDatabaseIsRefusedInThreePointZerosWords() {
        RestoreRun run = Logs.read(Logs.FB4 + "small-exists.log");

        assertThat(run.status()).isEqualTo(RunStatus.FAILED);
        assertThat(run.totalSeconds()).isNull();
        assertThat(run.errors())
                .isEqualTo(Logs.read("small-exists.log").errors())
                .containsExactly(
                        "ERROR:database restore-small-tdrw.fdb already exists.  To replace it, use the -REP switch",
                        "Exiting before completion due to errors");
    }
}
