package dev.gbakprof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.store.RunJson;
import dev.gbakprof.testutil.Cli;
import dev.gbakprof.testutil.Cli.Result;
import dev.gbakprof.testutil.Firebird;
import dev.gbakprof.testutil.FirebirdTest;
import dev.gbakprof.testutil.Restores;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code history} and {@code check} on a runs folder built here from real restores of a nightly backup file
 * {@code erp.fbk}: four normal ones (the small fixture), then one slower for real (the backup grew: the shop
 * fixture under the same name), then one that fails (the backup file cut short).
 */
class HistoryCheckTest {

    @TempDir
    Path dir;

    private Path runs;
    private Path erp;

    private void restore(Path backup) throws Exception {
        Files.copy(backup, erp, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        Path db = dir.resolve("erp-test.fdb");
        Result r = Restores.run(erp, db, runs, "--label", "nightly");
        Files.deleteIfExists(db);
        assertThat(r.code()).as(r.err()).isIn(0, 1);
    }

    private static Result check(String... args) {
        List<String> a = new ArrayList<>(List.of("check"));
        a.addAll(Arrays.asList(args));
        return Cli.run(a.toArray(String[]::new));
    }

    @FirebirdTest
    @Test
    void checkNamesEachStateAndHistoryOrdersAndBandsTheRestores() throws Exception {
        Firebird.require();
        runs = dir.resolve("runs");
        erp = dir.resolve("erp.fbk");
        for (int i = 0; i < 4; i++) {
            restore(Firebird.backup("small"));
        }
        // the newest of four restores of one backup: OK against the RTO. Its band is the first three's median ±1 s,
        // which a restore on a loaded machine can leave (1.9 s against 1.8 s seen at load 10): the band's verdict
        // is taken out here (--slower 100000: not 1000x the median) and asserted where the backup grew below
        String[] noBand = {"--slower", "100000"};
        Result ok = check(runs.toString(), "--rto", "1h", noBand[0], noBand[1]);
        assertThat(ok.code()).as(ok.out()).isEqualTo(0);
        assertThat(ok.out())
                .matches(
                        "OK: erp restored in \\d+\\.\\d s on \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC, [^(]+ ago \\(RTO 1 h, baseline .+ to .+ from 3 runs\\) \\| total=[0-9.]+s;[0-9.]+;3600;0 .*\\R");

        // within 20% of the RTO: the newest took more than 0.8 x RTO
        double newest = records().get(3).totalSeconds();
        Result near = check(runs.toString(), "--rto", (int) Math.ceil(newest * 1100) + "ms", noBand[0], noBand[1]);
        assertThat(near.code()).as(near.out()).isEqualTo(1);
        assertThat(near.out()).startsWith("WARNING: erp restored in ").contains(", within 20% of the RTO (RTO ");
        Result over = check(runs.toString(), "--rto", (int) Math.floor(newest * 500) + "ms");
        assertThat(over.code()).as(over.out()).isEqualTo(2);
        assertThat(over.out()).startsWith("CRITICAL: erp restored in ").contains(", over the RTO");

        restore(Firebird.backup("shop")); // the backup grew: a restore slower for real
        Result slow = check(runs.toString());
        assertThat(slow.code()).as(slow.out()).isEqualTo(1);
        assertThat(slow.out())
                .startsWith("WARNING: erp restored in ")
                .contains("slower than the baseline median")
                .contains("above the band")
                .contains("from 4 runs)"); // the band of the fifth: the four before it
        Result slowPct = check(runs.toString(), "--slower", "100000");
        assertThat(slowPct.code()).as(slowPct.out()).isEqualTo(0); // not 1000x the median

        byte[] full = Files.readAllBytes(Firebird.backup("small"));
        Path cut = Files.write(dir.resolve("cut.fbk"), Arrays.copyOf(full, full.length / 2));
        restore(cut); // a backup file cut short: the restore fails
        assertThat(records().get(5).status()).isEqualTo(RunStatus.FAILED);
        Result failed = check(runs.toString(), "--rto", "1h");
        assertThat(failed.code()).as(failed.out()).isEqualTo(2);
        assertThat(failed.out())
                .startsWith("CRITICAL: erp restore failed on ")
                .contains("(RTO 1 h, baseline ")
                .contains("from 5 runs)");
        Result stale = check(runs.toString(), "--max-age", "1ms");
        assertThat(stale.code()).isEqualTo(2);
        assertThat(stale.out()).startsWith("CRITICAL: erp: no restore newer than ");

        // history: oldest first, each with the band of the completed restores before it
        Result json = Cli.run(
                "history",
                runs.toString(),
                "--json",
                "--out",
                dir.resolve("hist").toString());
        assertThat(json.code()).as(json.err()).isZero();
        JsonNode h = new ObjectMapper().readTree(json.out());
        assertThat(h.path("schema").asText()).isEqualTo("gbakprof.history/1");
        JsonNode restores = h.path("backups").get(0).path("restores");
        assertThat(h.path("backups").get(0).path("backup").asText()).isEqualTo("erp.fbk");
        assertThat(restores.size()).isEqualTo(6);
        List<RestoreRun> recs = records();
        for (int i = 0; i < 6; i++) {
            assertThat(restores.get(i).path("startedAt").asText())
                    .isEqualTo(recs.get(i).startedAt());
            assertThat(restores.get(i).path("status").asText())
                    .isEqualTo(recs.get(i).status().toString());
        }
        for (int i = 0; i < 3; i++) {
            assertThat(restores.get(i).path("band").isNull()).isTrue(); // fewer than 3 completed before it
        }
        double[] first4 = recs.subList(0, 4).stream()
                .mapToDouble(RestoreRun::totalSeconds)
                .sorted()
                .toArray();
        double median = (first4[1] + first4[2]) / 2;
        JsonNode band5 = restores.get(4).path("band");
        // the JSON gives seconds to the millisecond: a median of two totals may end in half a millisecond
        assertThat(band5.path("median").asDouble()).isCloseTo(median, org.assertj.core.api.Assertions.within(0.001));
        assertThat(band5.path("runs").asInt()).isEqualTo(4);
        assertThat(band5.path("high").asDouble()).isGreaterThanOrEqualTo(median + 1.0 - 0.001); // at least ±1 s
        assertThat(restores.get(4).path("aboveBand").asBoolean()).isTrue();
        // the fourth restore of the same backup: above its band only if the machine made it so, and then said
        JsonNode band4 = restores.get(3).path("band");
        assertThat(restores.get(3).path("aboveBand").asBoolean())
                .isEqualTo(recs.get(3).totalSeconds() > band4.path("high").asDouble());
        assertThat(restores.get(5).path("aboveBand").isNull()).isTrue(); // failed: no total to judge
        assertThat(restores.get(5).path("band").path("runs").asInt()).isEqualTo(5);

        BufferedImage png =
                ImageIO.read(dir.resolve("hist").resolve("trend.png").toFile());
        assertThat(png.getWidth()).isEqualTo(1600);
        assertThat(png.getHeight()).isEqualTo(900);

        // an RTO between the small backup's restores and the grown one's, from their own totals (a fixed 10 s was met
        // by
        // the grown restore's 8.3 s on a quiet machine)
        double small = recs.subList(0, 4).stream()
                .mapToDouble(RestoreRun::totalSeconds)
                .max()
                .orElseThrow();
        double grown = recs.get(4).totalSeconds();
        assertThat(grown).isGreaterThan(small);
        Result table = Cli.run("history", runs.toString(), "--rto", (long) ((small + grown) / 2 * 1000) + "ms");
        assertThat(table.code()).isZero();
        List<String> lines = table.out().lines().toList();
        assertThat(lines.get(0)).isEqualTo("erp.fbk: 6 runs: 5 completed, 1 failed");
        assertThat(lines.get(1))
                .contains(
                        "started (UTC)",
                        "status",
                        "total",
                        "indexes",
                        "rows",
                        "verified",
                        "validated",
                        "baseline",
                        "within RTO");
        assertThat(lines.get(6)).contains("completed").contains("ABOVE").endsWith("NO");
        assertThat(lines.get(7)).contains("failed");

        Result lastTwo = Cli.run("history", runs.toString(), "--last", "2");
        assertThat(lastTwo.out().lines().toList().get(0)).isEqualTo("erp.fbk: 2 runs: 1 completed, 1 failed");
    }

    @Test
    void checkIsUnknownWithoutARestoreToJudgeAndOnBadUsage() throws Exception {
        Path empty = Files.createDirectories(dir.resolve("empty"));
        Result none = check(empty.toString());
        assertThat(none.code()).isEqualTo(3);
        assertThat(none.out()).startsWith("UNKNOWN: no restore recorded under [" + empty + "]");

        Result missing = check(dir.resolve("nope").toString());
        assertThat(missing.code()).isEqualTo(3);
        // what to give: check has no --runs-dir, the folder given to run's is its argument
        assertThat(missing.out())
                .isEqualTo("UNKNOWN: " + dir.resolve("nope") + ": no such runs folder; expected RUNS_DIR, the folder"
                        + " given to gbakprof run --runs-dir (default runs), as the argument\n");

        Result badOption = check(empty.toString(), "--rto");
        assertThat(badOption.code()).isEqualTo(3);
        assertThat(badOption.out()).startsWith("UNKNOWN: ");

        Result badDuration = check(empty.toString(), "--rto", "soon");
        assertThat(badDuration.code()).isEqualTo(3);
        assertThat(badDuration.out()).startsWith("UNKNOWN: --rto 'soon' is not a duration");
    }

    @Test
    void runsOfOneLabelWithDatedBackupFilesAreOneHistoryByLabel() throws Exception {
        // a nightly backup file named by its date (erp-20261201.fbk ...): by file name three histories of one run each
        Path runs = dir.resolve("dated");
        RestoreRun small = dev.gbakprof.testutil.Logs.read("small-tdrw.log");
        for (int day = 1; day <= 3; day++) {
            Path f = Files.createDirectories(runs.resolve("2026120" + day + "-023000-nightly"));
            RunJson.write(
                    small.toBuilder()
                            .label("nightly")
                            .backupFile("/bk/erp-2026120" + day + ".fbk")
                            .startedAt("2026-12-0" + day + "T02:30:00Z")
                            .build(),
                    f.resolve("run.json"));
        }
        Path other = Files.createDirectories(runs.resolve("20261203-120000-adhoc"));
        RunJson.write(
                small.toBuilder()
                        .label("adhoc")
                        .backupFile("/bk/erp-20261201.fbk")
                        .startedAt("2026-12-03T12:00:00Z")
                        .build(),
                other.resolve("run.json"));

        assertThat(check(runs.toString()).out()).startsWith("UNKNOWN: restores of 3 backups");
        Result byLabel = check(runs.toString(), "--label", "nightly", "--rto", "1h", "--max-age", "0");
        assertThat(byLabel.code()).as(byLabel.out()).isZero();
        assertThat(byLabel.out())
                .matches(
                        "OK: nightly restored in 0\\.2 s on 2026-12-03 02:30 UTC, [^(]+ ago \\(RTO 1 h, no baseline yet: 2 runs completed before it, 3 needed\\) \\| total=0\\.2[0-9]*s;2880;3600;0 .*\\R");

        Result table = Cli.run("history", runs.toString(), "--by", "label");
        assertThat(table.code()).as(table.err()).isZero();
        assertThat(table.out().lines().filter(l -> l.endsWith("completed")).toList())
                .containsExactly("adhoc: 1 run: 1 completed", "nightly: 3 runs: 3 completed");
        Result json = Cli.run("history", runs.toString(), "--label", "nightly", "--json");
        JsonNode backups = new ObjectMapper().readTree(json.out()).path("backups");
        assertThat(backups.size()).isEqualTo(1);
        assertThat(backups.get(0).path("backup").asText()).isEqualTo("nightly");
        assertThat(backups.get(0).path("restores").size()).isEqualTo(3);
        assertThat(backups.get(0).path("restores").get(0).path("rows").asLong()).isEqualTo(352);
        assertThat(backups.get(0).path("restores").get(0).has("rowsPerSecond")).isTrue();

        Result unknown = Cli.run("history", runs.toString(), "--label", "weekly");
        assertThat(unknown.code()).isEqualTo(2);
        assertThat(unknown.err())
                .contains("no run labelled weekly under [" + runs + "] (labels there: adhoc, nightly)");
        Result bad = Cli.run("history", runs.toString(), "--by", "host");
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err()).contains("--by host: expected backup or label");
    }

    @Test
    void checkAsksWhichBackupWhenTheFolderHoldsSeveral() throws Exception {
        Path runs = dir.resolve("two");
        for (String name : List.of("a", "b")) {
            Path f = Files.createDirectories(
                    runs.resolve("20261201-0100" + (name.equals("a") ? "00" : "01") + "-" + name));
            RestoreRun r = dev.gbakprof.testutil.Logs.read("small-tdrw.log").toBuilder()
                    .backupFile("/bk/" + name + ".fbk")
                    .startedAt("2026-12-01T01:00:0" + (name.equals("a") ? 0 : 1) + "Z")
                    .build();
            RunJson.write(r, f.resolve("run.json"));
        }
        Result both = check(runs.toString());
        assertThat(both.code()).isEqualTo(3);
        assertThat(both.out().strip())
                .isEqualTo("UNKNOWN: restores of 2 backups (a.fbk, b.fbk): name one with --backup NAME");
        Result one = check(runs.toString(), "--backup", "b", "--max-age", "0");
        assertThat(one.code()).as(one.out()).isZero();
        assertThat(one.out().strip())
                .startsWith("OK: b restored in 0.2 s on 2026-12-01 01:00 UTC, ")
                .contains(" days ago (no baseline yet: no completed run before it) | total=0.2");
    }

    private List<RestoreRun> records() throws Exception {
        List<RestoreRun> out = new ArrayList<>();
        try (Stream<Path> s = Files.list(runs)) {
            for (Path d : s.sorted().toList()) {
                out.addAll(RunJson.read(d.resolve("run.json")));
            }
        }
        out.sort(java.util.Comparator.comparing(RestoreRun::startedAt));
        return out;
    }
}
