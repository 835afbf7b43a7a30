package dev.gbakprof.timeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.model.IndexBuild;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunKind;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.store.LogReader;
import dev.gbakprof.testutil.Logs;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Several gbak runs appended to one log ({@code >>}): a retry after a killed or failed run, a backup before the
 * restore, another gbak call refused at its start. Each run is a record of its own, timed on its own clock.
 */
class RunSplitterTest {

    @TempDir
    Path dir;

    @Test
    void runsAppendedToOneLogGiveOneRecordEachTimedOnItsOwnClock() throws Exception {
        String first = Logs.text("small-tdrw.log");
        String second = first.replace("table PROJECTS", "table PROJECTS_V2")
                .replace("table EMPLOYEES", "table EMPLOYEES_V2")
                .replace("table DEPARTMENTS", "table DEPARTMENTS_V2");
        Path log = Logs.write(dir, "twice.log", first + second); // gbak ... >> twice.log, twice
        RestoreRun once = Logs.read("small-tdrw.log");
        long lines = first.lines().count();

        List<RestoreRun> runs = LogReader.readAll(log, null);

        assertThat(runs).hasSize(2);
        assertThat(Logs.bare(runs.get(0))).isEqualTo(Logs.bare(once));
        assertThat(runs.get(0).warningMessages().get(0))
                .contains("2 gbak runs")
                .contains("restore 1 of 2, lines 1-" + lines);
        assertThat(runs.get(1).warningMessages().get(0))
                .contains("restore 2 of 2, lines " + (lines + 1) + "-" + 2 * lines);
        RestoreRun again = runs.get(1);
        assertThat(again.label())
                .isEqualTo(runs.get(0).label())
                .isEqualTo("twice"); // repeated runs of one configuration
        assertThat(again.totalSeconds()).isEqualTo(once.totalSeconds());
        assertThat(again.phases()).isEqualTo(once.phases());
        assertThat(again.indexes()).hasSameSizeAs(once.indexes());
        for (int i = 0; i < once.indexes().size(); i++) {
            IndexBuild a = once.indexes().get(i);
            IndexBuild b = again.indexes().get(i);
            assertThat(b.name()).isEqualTo(a.name());
            assertThat(b.seconds()).isEqualTo(a.seconds()); // not 0: the second run's clock starts again at 0
            if (a.table() == null) { // one of an empty table's candidates: the same, with its own run's names
                assertThat(b.tableCandidates()).containsExactly("EMPTY_NOTES", "PROJECTS_V2");
            } else {
                assertThat(b.table()).isEqualTo(a.table() + "_V2"); // the table of its own run's definition
            }
        }
        for (int i = 0; i < once.tables().size(); i++) {
            assertThat(again.tables().get(i).seconds())
                    .isEqualTo(once.tables().get(i).seconds())
                    .isNotNegative();
        }
        assertThat(LogReader.read(log, null)).isEqualTo(again); // read() gives the last run
    }

    @Test
    void aKilledRunThenTheRetryInOneLogGiveAnIncompleteAndACompletedRecord() throws Exception {
        Path log = Logs.write(dir, "retry.log", Logs.text("shop-cut.log") + Logs.text("small-tdrw.log"));

        List<RestoreRun> runs = LogReader.readAll(log, null);

        assertThat(runs).extracting(RestoreRun::status).containsExactly(RunStatus.INCOMPLETE, RunStatus.COMPLETED);
        assertThat(Logs.bare(runs.get(0))).isEqualTo(Logs.bare(Logs.read("shop-cut.log")));
        assertThat(Logs.bare(runs.get(1))).isEqualTo(Logs.bare(Logs.read("small-tdrw.log")));
    }

    @Test
    void aBackupRunBeforeTheRestoreInOneLogIsARecordOfItsOwn() throws Exception {
        String backup = Logs.text("small-backup.log");
        Path log = Logs.write(dir, "backup-then-restore.log", backup + Logs.text("small-tdrw.log"));

        List<RestoreRun> runs = LogReader.readAll(log, null);

        assertThat(runs).extracting(RestoreRun::kind).containsExactly(RunKind.BACKUP, RunKind.RESTORE);
        assertThat(Logs.bare(runs.get(0))).isEqualTo(Logs.bare(Logs.read("small-backup.log")));
        assertThat(Logs.bare(runs.get(1))).isEqualTo(Logs.bare(Logs.read("small-tdrw.log")));
        assertThat(runs.get(0).warningMessages())
                .contains("this log holds 2 gbak runs; this record is the backup, lines 1-"
                        + backup.lines().count());
    }

    @Test
    void aRunKilledInTheMiddleOfALineThenARetryAppendedOnTheSameLineGiveTwoRecords() throws Exception {
        // SIGKILL between two of gbak's writes leaves "gbak:    0.197 " with no line end; the retry's
        // header is appended right after it, on the same line
        List<String> lines = Files.readAllLines(Logs.log("small-tdrw.log"), StandardCharsets.UTF_8);
        int at = Logs.indexOfFirst(lines, "activating and creating deferred index ");
        String next = lines.get(at + 1);
        String killed = String.join("\n", lines.subList(0, at + 1)) + "\n" + next.substring(0, next.indexOf('.') + 5);
        String retry = Logs.text("small-tdrw.log");

        List<RestoreRun> glued = LogReader.readAll(Logs.write(dir, "glued.log", killed + retry), null);
        List<RestoreRun> apart = LogReader.readAll(Logs.write(dir, "apart.log", killed + "\n" + retry), null);

        assertThat(glued).hasSize(2);
        assertThat(glued.stream().map(Logs::bare).toList())
                .isEqualTo(apart.stream().map(Logs::bare).toList());
        assertThat(glued.get(0).status()).isEqualTo(RunStatus.INCOMPLETE);
        assertThat(glued.get(0).indexes().get(0).seconds()).isNotNull(); // ended by the cut line's time
        assertThat(Logs.bare(glued.get(1))).isEqualTo(Logs.bare(Logs.read("small-tdrw.log")));
    }

    @Test
    void aFailedGbakCallBeforeTheRetryIsLeftOutWithItsError() throws Exception {
        // "gbak -c -v -verbint ..." refused before it printed anything but errors (3.0.11's own text)
        String refused = "gbak: ERROR:verify (verbose) and verbint options are mutually exclusive\n"
                + "gbak:Exiting before completion due to errors\n";

        List<RestoreRun> runs =
                LogReader.readAll(Logs.write(dir, "retry.log", refused + Logs.text("small-tdrw.log")), null);

        assertThat(runs).hasSize(1);
        assertThat(Logs.bare(runs.get(0))).isEqualTo(Logs.bare(Logs.read("small-tdrw.log")));
        assertThat(runs.get(0).warningMessages())
                .contains("lines 1-2: a gbak run that restored nothing "
                        + "(ERROR:verify (verbose) and verbint options are mutually exclusive), left out");
    }

    @Test
    void aLongBackupBeforeTheRestoreIsReadToTheRestore() throws Exception {
        // a nightly "backup, then test restore" into one log; the backup of a big database prints thousands of lines
        List<String> backup = Files.readAllLines(Logs.log("small-backup.log"), StandardCharsets.UTF_8);
        List<String> longBackup = new ArrayList<>(backup.subList(0, backup.size() - 8));
        while (longBackup.size() < 6000) {
            longBackup.addAll(backup.subList(4, backup.size() - 8));
        }
        longBackup.addAll(backup.subList(backup.size() - 8, backup.size()));

        List<RestoreRun> runs = LogReader.readAll(
                Logs.write(dir, "nightly.log", String.join("\n", longBackup) + "\n" + Logs.text("small-tdrw.log")),
                null);

        assertThat(runs).hasSize(2);
        assertThat(runs.get(0).kind()).isEqualTo(RunKind.BACKUP);
        assertThat(Logs.bare(runs.get(1))).isEqualTo(Logs.bare(Logs.read("small-tdrw.log")));
    }

    @Test
    void aRestoreWithoutStatisticsBeforeOrAfterATimedOneIsARecordWithItsTimesUnknown() throws Exception {
        for (boolean untimedFirst : List.of(true, false)) {
            String log = untimedFirst
                    ? Logs.text("shop-nost.log") + Logs.text("small-tdrw.log")
                    : Logs.text("small-tdrw.log") + Logs.text("shop-nost.log");
            List<RestoreRun> runs = LogReader.readAll(Logs.write(dir, "mixed.log", log), null);

            assertThat(runs).hasSize(2);
            RestoreRun timed = runs.get(untimedFirst ? 1 : 0);
            RestoreRun untimed = runs.get(untimedFirst ? 0 : 1);
            assertThat(timed.totalSeconds())
                    .isEqualTo(Logs.read("small-tdrw.log").totalSeconds());
            assertThat(untimed.status()).isEqualTo(RunStatus.COMPLETED);
            assertThat(untimed.totalSeconds()).isNull();
            assertThat(untimed.tables()).hasSize(4);
        }
    }

    @Test
    void aNoticeBeforeTheHeaderIsPartOfTheRun() throws Exception {
        List<RestoreRun> runs = LogReader.readAll(Logs.more("small-p1024.log"), null);

        assertThat(runs).hasSize(1);
        assertThat(runs.get(0).status()).isEqualTo(RunStatus.COMPLETED);
        assertThat(runs.get(0).totalSeconds()).isNotNull();
        assertThat(runs.get(0).warningMessages()).noneMatch(w -> w.contains("gbak runs") || w.contains("left out"));
    }

    @Test
    void theSameFailedCallTwiceGivesTwoFailedRecords() throws Exception {
        String failed = Files.readString(Logs.more("small-missing.log"));
        String withHeader = "gbak: time     delta  reads  writes \n" + failed;

        List<RestoreRun> runs = LogReader.readAll(Logs.write(dir, "retries.log", withHeader + withHeader), null);

        assertThat(runs).extracting(RestoreRun::status).containsExactly(RunStatus.FAILED, RunStatus.FAILED);
        assertThat(runs.get(1).errors())
                .containsExactly("ERROR:cannot open backup file nosuch.fbk", "Exiting before completion due to errors");
    }

    /**
     * Real gbak 3.0.11 output: a completed restore of the small fixture, then a second gbak call into the same
     * file that failed at its start (more-logs/README.md says how each was made): its errors are a run of their
     * own, failed, and the restore stays completed with its own total.
     */
    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "small-y-then-exists.log|0.406|128-129|ERROR:database y.fdb already exists.  To replace it, use the -REP switch",
                "small-then-unknown-switch.log|0.560|128-182|unknown switch \"ZZ\"",
                "small-then-wrong-password.log|0.589|128-130|ERROR:Your user name and password are not defined. Ask your database administrator to set up a Firebird login.",
                "svc-then-exists.log|0.481|128-129|database /tmp/mk/svc19/a.fdb already exists.  To replace it, use the -REP switch"
            })
    void anotherCallsStartErrorsAfterACompletedRestoreAreAFailedRunOfTheirOwn(
            String log, double total, String lines, String firstError) throws Exception {
        List<RestoreRun> runs = LogReader.readAll(Logs.more(log), null);

        assertThat(runs).extracting(RestoreRun::status).containsExactly(RunStatus.COMPLETED, RunStatus.FAILED);
        assertThat(runs.get(0).totalSeconds()).isEqualTo(total);
        assertThat(runs.get(0).errors()).isEmpty();
        assertThat(runs.get(0).warningMessages())
                .contains("this log holds 2 gbak runs; this record is restore 1 of 2, lines 1-127");
        assertThat(runs.get(1).errors().get(0)).isEqualTo(firstError);
        assertThat(runs.get(1).errors()).last().asString().endsWith("Exiting before completion due to errors");
        assertThat(runs.get(1).warningMessages())
                .contains("this log holds 2 gbak runs; this record is restore 2 of 2, lines " + lines);
    }

    @Test
    void theUsageTextOfAnUnknownSwitchIsNotAnError() throws Exception {
        RestoreRun refused = LogReader.readAll(Logs.more("small-then-unknown-switch.log"), null)
                .get(1);

        assertThat(refused.errors())
                .containsExactly(
                        "unknown switch \"ZZ\"",
                        "ERROR:found unknown switch",
                        "Exiting before completion due to errors");
    }

    @Test
    void anErrorAfterAFinishedRestoreThatItsStartCannotPrintStaysWithIt() throws Exception {
        // the re-attach after the restore (to set the ONLINE and FORCED WRITES flags) can fail with any engine error
        String reattach =
                "gbak: ERROR:lock time-out on wait transaction\n" + "gbak:Exiting before completion due to errors\n";

        List<RestoreRun> runs =
                LogReader.readAll(Logs.write(dir, "reattach.log", Logs.text("small-tdrw.log") + reattach), null);

        assertThat(runs).hasSize(1);
        assertThat(runs.get(0).status()).isEqualTo(RunStatus.FAILED);
        assertThat(runs.get(0).errors())
                .containsExactly("ERROR:lock time-out on wait transaction", "Exiting before completion due to errors");
    }

    @Test
    void aKilledRestoreThenARetryRefusedAtItsStartGiveAnIncompleteAndAFailedRecord() throws Exception {
        // the killed restore left its database behind; the retry without -v finds it
        String retry = "gbak: ERROR:database shop.fdb already exists.  To replace it, use the -REP switch\n"
                + "gbak:Exiting before completion due to errors\n";

        List<RestoreRun> runs =
                LogReader.readAll(Logs.write(dir, "killed.log", Logs.text("shop-cut.log") + retry), null);

        assertThat(runs).extracting(RestoreRun::status).containsExactly(RunStatus.INCOMPLETE, RunStatus.FAILED);
        assertThat(Logs.bare(runs.get(0))).isEqualTo(Logs.bare(Logs.read("shop-cut.log")));
        assertThat(runs.get(1).errors())
                .containsExactly(
                        "ERROR:database shop.fdb already exists.  To replace it, use the -REP switch",
                        "Exiting before completion due to errors");
    }

    @Test
    void twoCallsRefusedAtTheirStartAreTwoFailedRecords() throws Exception {
        String exists = "gbak: ERROR:database y.fdb already exists.  To replace it, use the -REP switch\n"
                + "gbak:Exiting before completion due to errors\n";

        List<RestoreRun> runs = LogReader.readAll(
                Logs.write(dir, "nights.log", Files.readString(Logs.more("small-missing.log")) + exists), null);

        assertThat(runs).extracting(RestoreRun::status).containsExactly(RunStatus.FAILED, RunStatus.FAILED);
        assertThat(runs.get(0).errors())
                .containsExactly("ERROR:cannot open backup file nosuch.fbk", "Exiting before completion due to errors");
        assertThat(runs.get(1).errors()).first().asString().contains("already exists");
    }

    @Test
    void aLineTwoRunsShareIsInTheRangeOfBoth() throws Exception {
        List<String> lines = Files.readAllLines(Logs.log("small-tdrw.log"), StandardCharsets.UTF_8);
        String killed = String.join("\n", lines.subList(0, 60)); // no line end after line 60: the retry glues on

        List<RestoreRun> runs =
                LogReader.readAll(Logs.write(dir, "glued.log", killed + Logs.text("small-tdrw.log")), null);

        assertThat(runs.get(0).warningMessages().get(0)).endsWith("restore 1 of 2, lines 1-60");
        assertThat(runs.get(1).warningMessages().get(0)).endsWith("restore 2 of 2, lines 60-" + (59 + lines.size()));
    }
}
