package dev.gbakprof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.model.WarningCode;
import dev.gbakprof.store.RunJson;
import dev.gbakprof.testutil.Cli;
import dev.gbakprof.testutil.Firebird;
import dev.gbakprof.testutil.FirebirdTest;
import dev.gbakprof.testutil.Restores;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Nights that {@code check} once judged OK by mistake, on run folders of real restores ({@code gbakprof run}, the real
 * gbak): the newest restore a year old, with no {@code --max-age} given; the same old backup file restored night
 * after night (the backup job stopped); two databases restored under one label, the failed night of one hidden by a
 * later good night of the other; and a failed night whose clock had gone back, behind the good night before it.
 */
@FirebirdTest
class CheckRealNightsTest {
    /** The band's own verdict is left out (not 1000x the median): a loaded machine can leave a band of ±1 s. */
    private static final String[] NO_BAND = {"--slower", "100000"};

    @TempDir
    Path dir;

    private Path runs() {
        return dir.resolve("runs");
    }

    /** {@code fixture}'s backup as {@code dir/file}, restored {@code n} times into {@code dir/database} under {@code label}. */
    private Path nights(String fixture, String file, String database, String label, int n) throws IOException {
        Path backup = dir.resolve(file);
        Files.copy(Firebird.backup(fixture), backup, StandardCopyOption.REPLACE_EXISTING);
        for (int i = 0; i < n; i++) {
            night(backup, database, label, 0);
        }
        return backup;
    }

    /** One real restore of {@code backup} into {@code dir/database}, {@code --replace}, that exits {@code code}. */
    private Cli.Result night(Path backup, String database, String label, int code) {
        Cli.Result r = Restores.run(backup, dir.resolve(database), runs(), "--replace", "--label", label);
        assertThat(r.code()).as(r.out() + r.err()).isEqualTo(code);
        return r;
    }

    /** The backup file {@code backup} cut in half: its restore fails. */
    private static void cut(Path backup) throws IOException {
        byte[] full = Files.readAllBytes(backup);
        Files.write(backup, Arrays.copyOf(full, full.length / 2));
    }

    private Cli.Result check(String... more) {
        List<String> a = new ArrayList<>(List.of("check", runs().toString()));
        a.addAll(List.of(more));
        return Cli.run(a.toArray(String[]::new));
    }

    /** The run folder whose name sorts last: the newest by its local start. */
    private Path newestFolder() throws IOException {
        List<Path> all = Restores.runDirs(runs());
        return all.get(all.size() - 1);
    }

    /** The records of the failed restores in the runs folder, in its order. */
    private List<RestoreRun> failedRecords() throws IOException {
        List<RestoreRun> failed = new ArrayList<>();
        for (Path f : Restores.runDirs(runs())) {
            RestoreRun r = RunJson.read(f.resolve("run.json")).get(0);
            if (r.status() == RunStatus.FAILED) {
                failed.add(r);
            }
        }
        return failed;
    }

    @Test
    void aRestoreOfLongAgoIsNoOkByDefaultAndEveryLineSaysWhenItRan() throws Exception {
        nights("small", "erp.fbk", "erp-test.fdb", "nightly", 3);
        Cli.Result ok = check("--label", "nightly", "--rto", "4h", NO_BAND[0], NO_BAND[1]);
        assertThat(ok.code()).as(ok.out()).isZero();
        assertThat(ok.out())
                .matches(
                        "OK: nightly restored in \\d+\\.\\d s on \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC, [^(]+ ago \\(RTO 4"
                                + " h, .*\\| total=.* age=\\d+s;;93600;0\\R");

        // the same nights read 375 days later: the nightly job stopped running long ago
        Restores.shift(runs(), null, Duration.ofHours(-9000));
        Cli.Result stale = check("--label", "nightly", "--rto", "4h", NO_BAND[0], NO_BAND[1]);
        assertThat(stale.code()).as(stale.out()).isEqualTo(2);
        assertThat(stale.out())
                .startsWith("CRITICAL: nightly: no restore newer than 26 h (the newest started on ")
                .contains(" UTC, 375 days ago) (RTO 4 h, ")
                .contains(";;93600;0");
        JsonNode json = new ObjectMapper()
                .readTree(check("--label", "nightly", "--json").out());
        assertThat(json.path("status").asText()).isEqualTo("CRITICAL");
        assertThat(json.path("thresholds").path("maxAgeSeconds").asDouble()).isEqualTo(93600);

        // a weekly job gives its own; 0 switches the age off: OK, and the line still says how old the restore is
        assertThat(check("--label", "nightly", "--max-age", "9001h", NO_BAND[0], NO_BAND[1])
                        .code())
                .isZero();
        Cli.Result off = check("--label", "nightly", "--max-age", "0", NO_BAND[0], NO_BAND[1]);
        assertThat(off.code()).as(off.out()).isZero();
        assertThat(off.out()).startsWith("OK: nightly restored in ").contains(" UTC, 375 days ago (");
        assertThat(off.out()).doesNotContain(";93600;");
    }

    @Test
    void theSameOldBackupRestoredNightAfterNightIsNoOk() throws Exception {
        Path erp = nights("small", "erp.fbk", "erp-test.fdb", "nightly", 3);
        // two days later the backup job has stopped: tonight restores the file the first night restored
        Restores.shift(runs(), null, Duration.ofHours(-49));
        night(erp, "erp-test.fdb", "nightly", 0);
        Cli.Result same = check("--label", "nightly", "--rto", "4h", NO_BAND[0], NO_BAND[1]);
        assertThat(same.code()).as(same.out()).isEqualTo(2);
        assertThat(same.out())
                .startsWith("CRITICAL: nightly restored in ")
                .contains(" ago, but the same backup as the restores since ")
                .contains(" UTC, 2 days ago (its SHA-256 and size): no backup newer than 26 h was restored; is " + erp
                        + " still made? (RTO 4 h, ");
        // a weekly backup restored each night gives --max-age a week
        assertThat(check("--label", "nightly", "--max-age", "170h", NO_BAND[0], NO_BAND[1])
                        .code())
                .isZero();

        // a new backup (of tonight's restored database) the next night: OK
        Path db = dir.resolve("erp-test.fdb");
        Files.delete(erp);
        Firebird.run(List.of(Firebird.GBAK.toString(), "-b", "-user", "SYSDBA", db.toString(), erp.toString()));
        night(erp, "erp-test.fdb", "nightly", 0);
        Cli.Result fresh = check("--label", "nightly", "--rto", "4h", NO_BAND[0], NO_BAND[1]);
        assertThat(fresh.code()).as(fresh.out()).isZero();
    }

    @Test
    void twoDatabasesUnderOneLabelAreTwoJobsNotOneNight() throws Exception {
        Path erp = nights("small", "erp.fbk", "erp-test.fdb", "nightly", 3);
        Path crm = nights("depot", "crm.fbk", "crm-test.fdb", "nightly", 3);
        cut(erp);
        night(erp, "erp-test.fdb", "nightly", 1); // erp's night fails
        night(crm, "crm-test.fdb", "nightly", 0); // crm's, later, completes

        Cli.Result mixed = check("--label", "nightly", "--rto", "4h", "--max-age", "26h");
        assertThat(mixed.code()).as(mixed.out()).isEqualTo(3);
        assertThat(mixed.out())
                .isEqualTo("UNKNOWN: the runs labelled nightly are 2 jobs': crm.fbk into " + dir.resolve("crm-test.fdb")
                        + ", erp.fbk into " + dir.resolve("erp-test.fdb") + "; they are not one baseline, nor is one's"
                        + " night another's: check each with --backup crm.fbk --label nightly, --backup erp.fbk --label"
                        + " nightly (check --discovery lists them), or give each job a label of its own"
                        + System.lineSeparator());
        // each job as the line says: erp's failed night is CRITICAL, crm's OK
        Cli.Result failed = check("--backup", "erp.fbk", "--label", "nightly", "--rto", "4h");
        assertThat(failed.code()).as(failed.out()).isEqualTo(2);
        assertThat(failed.out()).startsWith("CRITICAL: nightly restore failed on ");
        Cli.Result good = check("--backup", "crm.fbk", "--label", "nightly", NO_BAND[0], NO_BAND[1]);
        assertThat(good.code()).as(good.out()).isZero();
        assertThat(good.out()).contains("from 3 runs)"); // crm's own band, not erp's runs

        Cli.Result history = Cli.run("history", runs().toString(), "--label", "nightly");
        assertThat(history.code()).as(history.err()).isZero();
        assertThat(history.out())
                .contains("note: the runs labelled nightly are 2 jobs': crm.fbk into ")
                .contains("the baseline bands of nightly mix them: history --backup crm.fbk --label nightly or"
                        + " --backup erp.fbk --label nightly gives one job its own");

        // a backup whose file name carries its date, restored into one database each night, is one job
        for (String day : List.of("01", "02", "03")) {
            Path dated = dir.resolve("sales-202612" + day + ".fbk");
            Files.copy(Firebird.backup("small"), dated);
            night(dated, "sales-test.fdb", "dated", 0);
        }
        Cli.Result one = check("--label", "dated", NO_BAND[0], NO_BAND[1]);
        assertThat(one.code()).as(one.out()).isZero();
        assertThat(Cli.run("history", runs().toString(), "--label", "dated").out())
                .doesNotContain("jobs'");
    }

    @Test
    void aNightWhoseClockWentBackIsNotJudgedBehindTheNightBeforeIt() throws Exception {
        Path erp = nights("small", "erp.fbk", "erp-test.fdb", "nightly", 3);
        // the third night's start lies 10 minutes ahead of the clock the next night runs by: that clock went back
        Path third = newestFolder();
        Restores.shift(runs(), third, Duration.ofMinutes(10));
        third = newestFolder();
        String thirdStart = RunJson.read(third.resolve("run.json")).get(0).startedAt();
        cut(erp);
        Cli.Result failedNight = night(erp, "erp-test.fdb", "nightly", 1);
        RestoreRun record = failedRecords().get(0);
        assertThat(record.followsRunStartedAt()).as(failedNight.out()).isEqualTo(thirdStart);
        assertThat(record.warningCodes()).contains(WarningCode.RUNS_FOLDER_AHEAD);
        // and a night refused (its backup gone) under that clock: its marker says so
        Cli.Result refused = Restores.run(
                dir.resolve("gone.fbk"), dir.resolve("erp-test.fdb"), runs(), "--replace", "--label", "nightly");
        assertThat(refused.code()).as(refused.err()).isEqualTo(2);

        // read an hour later: every start is in the past, the third night the newest by its start
        Restores.shift(runs(), null, Duration.ofHours(-1));
        Cli.Result back = check("--label", "nightly", "--rto", "4h", "--max-age", "26h");
        assertThat(back.code()).as(back.out()).isEqualTo(3);
        assertThat(back.out())
                .startsWith("UNKNOWN: nightly: this machine's clock went back: ")
                .contains(" (failed, its start reads ")
                .contains(") began while the runs folder held a run started at ")
                .contains(" UTC, not before the newest by start time, " + newestFolder() + " (started ")
                .contains("which night is the newest is not known until a run starts with the clock right");
        // the failed night moved out: the refused one, whose marker says the same, is not judged behind either
        Path aside = Files.createDirectories(dir.resolve("aside"));
        for (Path f : Restores.runDirs(runs())) {
            if (RunJson.read(f.resolve("run.json")).get(0).status() == RunStatus.FAILED) {
                Files.move(f, aside.resolve(f.getFileName()));
            }
        }
        assertThat(failedRecords()).isEmpty();
        Cli.Result refusedBack = check("--label", "nightly", "--rto", "4h", "--max-age", "26h");
        assertThat(refusedBack.code()).as(refusedBack.out()).isEqualTo(3);
        assertThat(refusedBack.out())
                .startsWith("UNKNOWN: nightly: this machine's clock went back: ")
                .contains(" (refused, its start reads ");

        // the next night, with the clock right, starts after every run there: it is judged
        Files.copy(Firebird.backup("small"), erp, StandardCopyOption.REPLACE_EXISTING);
        night(erp, "erp-test.fdb", "nightly", 0);
        Cli.Result next = check("--label", "nightly", "--rto", "4h", NO_BAND[0], NO_BAND[1]);
        assertThat(next.code()).as(next.out()).isZero();
    }
}
