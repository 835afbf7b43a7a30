package dev.gbakprof.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.gbakprof.model.Column;
import dev.gbakprof.model.Phase;
import dev.gbakprof.model.PhaseTime;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunKind;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.model.TableLoad;
import dev.gbakprof.testutil.Logs;
import dev.gbakprof.timeline.GbakPrompt;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Backup logs ({@code gbak -b -v -st ...}) of real gbak runs (src/test/resources/backup-logs) read through the
 * same pipeline as restores, into records of kind backup. Expected values are read off the logs by hand.
 */
class BackupLogTest {

    @TempDir
    Path dir;

    private static RestoreRun read(String name) {
        return LogReader.read(Logs.backupLog(name), null);
    }

    @Test
    void aBackupLogIsARecordOfKindBackupWithItsTablesPhasesAndTotal() {
        RestoreRun run = read("shop-backup-tdrw.log");

        assertThat(run.kind()).isEqualTo(RunKind.BACKUP);
        assertThat(run.status()).isEqualTo(RunStatus.COMPLETED);
        assertThat(run.totalSeconds()).isEqualTo(6.286); // the total statistics line
        assertThat(run.database()).isEqualTo("shop.fdb"); // readied database shop.fdb for backup
        assertThat(run.backupFile()).isEqualTo("shop-backup.fbk"); // creating file shop-backup.fbk
        assertThat(run.pageSize()).isEqualTo(8192); // database shop.fdb has a page size of 8192 bytes.
        assertThat(run.backupBytes()).isEqualTo(47_809_024L); // closing file, ... 47809024 bytes written
        assertThat(run.totalReads()).isEqualTo(10_515L);
        assertThat(run.totalWrites()).isEqualTo(1L);
        assertThat(run.indexes()).isEmpty();
        assertThat(run.errors()).isEmpty();
        // setup: up to line 6 (0.111); data: the spans of the data lines (0.559 + 5.378 + 0.010 + 0.117);
        // finish: the closing line's own 0.055 (printed after the file is closed) + 0.001 to total statistics
        assertThat(run.phases())
                .extracting(PhaseTime::name, PhaseTime::seconds)
                .containsExactly(
                        tuple(Phase.SETUP, 0.111),
                        tuple(Phase.METADATA, 0.055),
                        tuple(Phase.DATA, 6.064),
                        tuple(Phase.FINISH, 0.056));
        // each table from its "writing data for table" line to the next line that is not its "records written"
        assertThat(run.tables())
                .extracting(TableLoad::name, TableLoad::records, TableLoad::startSeconds, TableLoad::seconds)
                .containsExactly(
                        tuple("AUDIT_EMPTY", 0L, 0.150, 0.0),
                        tuple("ORDER_LINES", 100_000L, 0.150, 0.559),
                        tuple("ORDERS", 1_000_000L, 0.709, 5.378),
                        tuple("PRODUCTS", 1_000L, 6.087, 0.010),
                        tuple("CUSTOMERS", 20_000L, 6.097, 0.117));
        assertThat(run.tables().get(2).rowsPerSecond()).isEqualTo(1_000_000 / 5.378);
        assertThat(run.warnings()).isEmpty();
    }

    @Test
    void theBackupRecordsJsonGivesRowsPerSecondPerTableAndInAllAndNullWhereUnknown() throws Exception {
        com.fasterxml.jackson.databind.JsonNode json = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(RunJson.toJson(read("shop-backup-tdrw.log")));
        com.fasterxml.jackson.databind.JsonNode tables = json.get("tables");
        // ORDERS: 1,000,000 records written in 5.378 s; ORDER_LINES 100,000 in 0.559 s; CUSTOMERS 20,000 in 0.117 s
        assertThat(tables.get(2).get("rowsPerSecond").asDouble()).isEqualTo(185_942.7);
        assertThat(tables.get(1).get("rowsPerSecond").asDouble()).isEqualTo(178_890.9);
        assertThat(tables.get(4).get("rowsPerSecond").asDouble()).isEqualTo(170_940.2);
        // PRODUCTS: 1,000 in 0.010 s and the empty AUDIT_EMPTY: too short a time to give a rate (gbak's clock)
        assertThat(tables.get(3).get("rowsPerSecond").isNull()).isTrue();
        assertThat(tables.get(0).get("rowsPerSecond").isNull()).isTrue();
        // in all: 1,121,000 rows over the tables' 0.0 + 0.559 + 5.378 + 0.010 + 0.117 = 6.064 s
        assertThat(json.get("rows").asLong()).isEqualTo(1_121_000L);
        assertThat(json.get("rowsPerSecond").asDouble()).isEqualTo(184_861.5);
        // read back, the record is the same (the rates are derived, not stored)
        Path file = Files.writeString(dir.resolve("backup.json"), json.toString());
        assertThat(RunJson.read(file)).containsExactly(read("shop-backup-tdrw.log"));
    }

    @Test
    void aBackupStoppedDuringATableHasNoRateForItNorInAll() throws Exception {
        com.fasterxml.jackson.databind.JsonNode json = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(RunJson.toJson(read("shop-backup-term.log")));
        com.fasterxml.jackson.databind.JsonNode tables = json.get("tables");
        assertThat(tables.get(tables.size() - 1).get("rowsPerSecond").isNull()).isTrue();
        assertThat(json.get("rowsPerSecond").isNull()).isTrue();
        assertThat(json.get("rows").asLong())
                .isEqualTo(read("shop-backup-term.log").rows());
    }

    @Test
    void aBackupWithTheTimeAndDeltaColumnsOnly() {
        RestoreRun run = read("small-backup-td.log");

        assertThat(run.kind()).isEqualTo(RunKind.BACKUP);
        assertThat(run.columns()).containsExactly(Column.TIME, Column.DELTA);
        assertThat(run.status()).isEqualTo(RunStatus.COMPLETED);
        assertThat(run.totalSeconds()).isEqualTo(0.151);
        assertThat(run.tables())
                .extracting(TableLoad::name, TableLoad::records)
                .containsExactly(
                        tuple("EMPTY_NOTES", 0L),
                        tuple("PROJECTS", 40L),
                        tuple("EMPLOYEES", 300L),
                        tuple("DEPARTMENTS", 12L));
        assertThat(run.totalReads()).isNull();
        assertThat(run.phases().stream().mapToDouble(PhaseTime::seconds).sum())
                .isCloseTo(0.151, org.assertj.core.data.Offset.offset(1e-9));
    }

    @Test
    void aServicesBackupIsReadAsTheLocalOne() {
        RestoreRun run = read("small-backup-fbsvcmgr.log");

        assertThat(run.kind()).isEqualTo(RunKind.BACKUP);
        assertThat(run.status()).isEqualTo(RunStatus.COMPLETED);
        assertThat(run.totalSeconds()).isEqualTo(0.057);
        assertThat(run.backupBytes()).isEqualTo(26_112L);
        assertThat(run.backupFile()).isEqualTo("/tmp/watch-backuplogs/svc/small-svc.fbk");
        assertThat(run.tables()).hasSize(4);
    }

    @Test
    void aBackupLogWithErrorsIsAFailedBackupWithGbaksWords() {
        RestoreRun run = read("small-backup-nodir.log");

        assertThat(run.kind()).isEqualTo(RunKind.BACKUP);
        assertThat(run.status()).isEqualTo(RunStatus.FAILED);
        assertThat(run.errors())
                .containsExactly(
                        "ERROR:cannot open backup file /nonexistent-dir/small.fbk",
                        "Exiting before completion due to errors");
        assertThat(run.totalSeconds()).isNull();
        assertThat(run.lastSeenSeconds()).isEqualTo(0.026);
        assertThat(run.backupFile()).isEqualTo("/nonexistent-dir/small.fbk");
    }

    @Test
    void aBackupStoppedWhileWritingATableKeepsItsRowsAndAnUnknownTime() {
        RestoreRun run = read("shop-backup-term.log");

        assertThat(run.kind()).isEqualTo(RunKind.BACKUP);
        assertThat(run.status()).isEqualTo(RunStatus.FAILED);
        assertThat(run.errors()).contains("ERROR:connection shutdown", "Exiting before completion due to errors");
        TableLoad orders = run.tables().get(run.tables().size() - 1);
        assertThat(orders.name()).isEqualTo("ORDERS");
        assertThat(orders.records()).isEqualTo(510_000L);
        assertThat(orders.seconds()).isNull();
        assertThat(run.warningMessages())
                .contains("table ORDERS: time written unknown, the log ends while it is written");
    }

    @Test
    void aGbakCallThatFailedBeforeSayingWhatItDidIsTakenForARestoreAndSaysSo() {
        RestoreRun run = read("backup-missing-db.log");

        assertThat(run.status()).isEqualTo(RunStatus.FAILED);
        assertThat(run.kind()).isEqualTo(RunKind.RESTORE);
        assertThat(run.errors().get(0)).isEqualTo("ERROR:I/O error during \"open\" operation for file \"missing.fdb\"");
        assertThat(run.warningMessages())
                .contains("gbak failed before printing a line that says whether it was backing up "
                        + "or restoring; this record is taken for a restore");
        assertThat(run.hasWarning(dev.gbakprof.model.WarningCode.KIND_UNKNOWN)).isTrue();
    }

    @Test
    void aFailedWindowsBackupIsABackupByTheCommandLineCopiedAboveIt() throws Exception {
        // backup-missing-db.log with the cmd.exe prompt line a DBA copies from the console window above it
        RestoreRun run = LogReader.read(Logs.more("win-backup-missing-db.log"), null);

        assertThat(run.status()).isEqualTo(RunStatus.FAILED);
        assertThat(run.kind()).isEqualTo(RunKind.BACKUP);
        assertThat(run.errors().get(0)).isEqualTo("ERROR:I/O error during \"open\" operation for file \"missing.fdb\"");
        assertThat(run.hasWarning(dev.gbakprof.model.WarningCode.KIND_UNKNOWN)).isFalse();
    }

    @Test
    void aCommandLineNamesItsKindByGbaksOwnSwitches() {
        assertThat(GbakPrompt.kind(
                        "C:\\Program Files\\Firebird\\Firebird_3_0>gbak.exe -b -v -st tdrw -user SYSDBA a.fdb a.fbk"))
                .isEqualTo(RunKind.BACKUP);
        assertThat(
                        GbakPrompt.kind(
                                "PS C:\\fb> \"C:\\Program Files\\Firebird\\gbak.exe\" -user SYSDBA -backup_database a.fdb a.fbk"))
                .isEqualTo(RunKind.BACKUP);
        // the published #7992 log: the command line without a prompt
        assertThat(GbakPrompt.kind("gbak.exe -c bac_fb_5_0.fbk RES_FB_5_0.FDB -user SYSDBA -v"))
                .isEqualTo(RunKind.RESTORE);
        assertThat(GbakPrompt.kind("$ gbak -rep -bu 100 -role R x.fbk y.fdb")).isEqualTo(RunKind.RESTORE);
        assertThat(GbakPrompt.kind("/usr/bin/gbak -bu 100 -ro R -c x.fbk y.fdb"))
                .isEqualTo(RunKind.RESTORE);
        // gbak's usage text (small-then-unknown-switch.log), and a line that only mentions gbak
        assertThat(GbakPrompt.kind("gbak -b <db set> <backup set> [backup options]"))
                .isNull();
        assertThat(GbakPrompt.kind("the nightly gbak -b failed")).isNull();
    }

    @Test
    void aNightlyBackupThenRestoreLogGivesBothRecordsInOrder() throws Exception {
        String backup = Files.readString(Logs.backupLog("small-backup-td.log"), StandardCharsets.UTF_8);
        String restore = Files.readString(Logs.log("small-tdrw.log"), StandardCharsets.UTF_8);
        Path log = Files.writeString(dir.resolve("nightly.log"), backup + restore);

        List<RestoreRun> runs = LogReader.readAll(log, null);

        assertThat(runs).extracting(RestoreRun::kind).containsExactly(RunKind.BACKUP, RunKind.RESTORE);
        long backupLines = backup.lines().count();
        assertThat(runs.get(0).warningMessages())
                .contains("this log holds 2 gbak runs; this record is the backup, lines 1-" + backupLines);
        assertThat(runs.get(1).warningMessages())
                .contains("this log holds 2 gbak runs; this record is the restore, lines " + (backupLines + 1) + "-"
                        + (backupLines + restore.lines().count()));
        assertThat(runs.get(0).totalSeconds())
                .isEqualTo(read("small-backup-td.log").totalSeconds());
        assertThat(runs.get(1).totalSeconds())
                .isEqualTo(Logs.read("small-tdrw.log").totalSeconds());
    }

    @Test
    void theKindIsInTheJsonAndARecordWithoutItIsARestore() throws Exception {
        RestoreRun run = read("small-backup-td.log");
        Path json = dir.resolve("backup.json");
        RunJson.write(run, json);

        assertThat(Files.readString(json)).contains("\"kind\" : \"backup\"");
        assertThat(RunJson.read(json).get(0)).isEqualTo(run);

        Path old = Files.writeString(
                dir.resolve("old.json"), Files.readString(json).replace(",\n  \"kind\" : \"backup\"", ""));
        assertThat(Files.readString(old)).doesNotContain("\"kind\"");
        assertThat(RunJson.read(old).get(0).kind()).isEqualTo(RunKind.RESTORE);
    }

    @Test
    void aBackupWithoutStatisticsGivesItsTablesAndRowsWithTimesUnknown() throws Exception {
        Path timed = Logs.backupLog("small-backup-td.log");
        Path log = Logs.withoutStatistics(timed, dir.resolve("nost.log"));

        RestoreRun run = LogReader.read(log, null);
        RestoreRun withTimes = LogReader.read(timed, null);
        assertThat(run.kind()).isEqualTo(RunKind.BACKUP);
        assertThat(run.status()).isEqualTo(RunStatus.COMPLETED);
        assertThat(run.columns()).isEmpty();
        assertThat(run.totalSeconds()).isNull();
        assertThat(run.warnings())
                .extracting(dev.gbakprof.model.Warning::code)
                .contains(dev.gbakprof.model.WarningCode.UNTIMED);
        assertThat(run.tables())
                .isNotEmpty()
                .allSatisfy(t -> assertThat(t.seconds()).isNull());
        assertThat(run.tables())
                .extracting(TableLoad::name, TableLoad::records)
                .containsExactlyElementsOf(withTimes.tables().stream()
                        .map(t -> tuple(t.name(), t.records()))
                        .toList());

        // one that stops before gbak wrote anything (its setup lines only) says nothing: refused, with its line
        StringBuilder start = new StringBuilder();
        for (String l : Files.readAllLines(log, StandardCharsets.UTF_8)) {
            if (l.contains("writing domains")) {
                break;
            }
            start.append(l).append('\n');
        }
        Path head = Files.writeString(dir.resolve("head.log"), start);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> LogReader.read(head, null))
                .isInstanceOf(dev.gbakprof.log.LogFormatException.class)
                .satisfies(e -> assertThat(((dev.gbakprof.log.LogFormatException) e).line())
                        .isEqualTo(1))
                .hasMessageContaining(
                        "backup log with no statistics columns, no time or delta; expected gbak -b -v -st tdrw");
    }
}
