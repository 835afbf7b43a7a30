package dev.gbakprof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gbakprof.store.RunStore;
import dev.gbakprof.testutil.Cli;
import dev.gbakprof.testutil.Restores;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which runs of one backup file name are one job's, for run folders without a record as for records, and one file
 * written two ways is one backup. Run folders of a real gbak log (the small fixture's restore, as {@code run} records
 * it: {@link Restores#night}); the killed run's marker is the one a real {@code gbakprof run} killed with SIGKILL
 * during its restore left ({@code {"pid":…,"startedAt":…,"backup":…,"label":…,"database":…}}).
 */
class CheckSharedNameTest {

    @TempDir
    Path dir;

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Four nights of /backups/erp.fbk labelled nightly, embedded. */
    private static Path nights(Path runs) throws Exception {
        for (int h = 1; h <= 4; h++) {
            Restores.night(runs, "samples/small-tdrw.log", h);
        }
        return runs;
    }

    /** {@code check} of {@code runs}, whose nights are of 1 Dec 2026: their age is no part of the verdicts here. */
    private static Cli.Result check(Path runs, String... more) {
        String[] args = new String[more.length + 4];
        args[0] = "check";
        args[1] = runs.toString();
        args[2] = "--max-age";
        args[3] = "0";
        System.arraycopy(more, 0, args, 4, more.length);
        return Cli.run(args);
    }

    @Test
    void anotherJobsKillOrRefusalOfTheSameFileNameIsNotThisJobsNight() throws Exception {
        Path runs = nights(dir.resolve("runs"));
        Path kill = Restores.killed(runs, "killme", "/other/erp.fbk");
        String unknown = "UNKNOWN: erp.fbk is the file name of the backups at 2 paths: /backups/erp.fbk (label"
                + " \"nightly\"), /other/erp.fbk (label \"killme\"); they are 2 jobs, not one baseline: check each with"
                + " --label L, or all with --jobs FILE"
                + System.lineSeparator();
        for (String[] by : new String[][] {{"--backup", "erp"}, {}}) {
            Cli.Result c = check(runs, by);
            assertThat(c.code()).as(c.out()).isEqualTo(3);
            assertThat(c.out()).isEqualTo(unknown);
        }
        Cli.Result nightly = check(runs, "--label", "nightly");
        assertThat(nightly.code()).as(nightly.out()).isZero();
        Cli.Result killme = check(runs, "--label", "killme");
        assertThat(killme.code()).as(killme.out()).isEqualTo(2);
        assertThat(killme.out())
                .startsWith("CRITICAL: killme: tonight's restore left no record (killed or crashed?)")
                .contains("no run.json in " + kill);
    }

    /**
     * {@code history} groups by file name too: two jobs' restores of {@code db.fbk} at two paths shared one baseline
     * band, and a slow night of one was inside the band the other's made. Its note says so, before the table, and
     * how to see each job's own.
     */
    @Test
    void historySaysWhenABackupNamesBandsMixTwoJobs() throws Exception {
        Path runs = nights(dir.resolve("runs"));
        Path other = Restores.night(runs, "samples/small-tdrw.log", 5);
        Restores.edit(other, r -> r.put("label", "weekly").put("backupFile", "/other/erp.fbk"));
        String note = "note: erp.fbk is the file name of the backups at 2 paths: /backups/erp.fbk (label \"nightly\"),"
                + " /other/erp.fbk (label \"weekly\"); they are 2 jobs, not one baseline; the baseline bands of erp.fbk"
                + " mix them: history --by label gives each job its own";
        Cli.Result h = Cli.run("history", runs.toString());
        assertThat(h.code()).as(h.err()).isZero();
        assertThat(h.out()).contains(note);
        Cli.Result j = Cli.run("history", runs.toString(), "--json");
        assertThat(JSON.readTree(j.out()).path("notes").get(0).asText()).isEqualTo(note.substring("note: ".length()));
        assertThat(Cli.run("history", runs.toString(), "--by", "label").out()).doesNotContain("mix them");
    }

    @Test
    void anotherJobsRefusalOfTheSameFileNameIsNotThisJobsNightButThisJobsKillIs() throws Exception {
        Path runs = nights(dir.resolve("runs"));
        new RunStore(runs)
                .refused("weekly", "/other/erp.fbk", null, "/other/erp.fbk: no such backup file", LocalDateTime.now());
        Cli.Result refused = check(runs, "--backup", "erp");
        assertThat(refused.code()).as(refused.out()).isEqualTo(3);
        assertThat(refused.out())
                .startsWith("UNKNOWN: erp.fbk is the file name of the backups at 2 paths: /backups/erp.fbk (label"
                        + " \"nightly\"), /other/erp.fbk (label \"weekly\")");
        assertThat(check(runs, "--label", "nightly").code()).isZero();
        assertThat(check(runs, "--label", "weekly").code()).isEqualTo(2);

        // this job's own kill: CRITICAL (its label, its path)
        Path other = nights(dir.resolve("runs2"));
        Restores.killed(other, "nightly", "/backups/erp.fbk");
        for (String[] by : new String[][] {{"--backup", "erp"}, {"--label", "nightly"}, {}}) {
            Cli.Result c = check(other, by);
            assertThat(c.code()).as(c.out()).isEqualTo(2);
            assertThat(c.out()).contains("tonight's restore left no record (killed or crashed?)");
        }
    }

    /**
     * A folder that holds neither record nor marker (a run killed before it wrote either) is told by its name alone,
     * by the one rule {@code status} uses too ({@code RunStore.namedFor}): {@code nightly-prod}'s folder is not
     * {@code nightly}'s night, a warm-up's ({@code nightly-w1}) is.
     */
    @Test
    void aFolderToldByItsNameIsOfItsWholeLabelNotOfALabelItStartsWith() throws Exception {
        Path runs = nights(dir.resolve("runs"));
        Restores.night(
                runs,
                "samples/small-tdrw.log",
                java.time.Instant.parse("2026-12-01T05:00:00Z"),
                "nightly-prod",
                "/backups/prod.fbk");
        Path prod = Files.createDirectories(runs.resolve("20261201-060000-nightly-prod"));
        Files.writeString(prod.resolve("gbak.log"), "gbak:opened file /backups/prod.fbk\n");

        Cli.Result nightly = check(runs, "--label", "nightly");
        assertThat(nightly.code()).as(nightly.out()).isZero();
        Cli.Result other = check(runs, "--label", "nightly-prod");
        assertThat(other.code()).as(other.out()).isEqualTo(2);
        assertThat(other.out())
                .startsWith("CRITICAL: nightly-prod: tonight's restore left no record (killed or crashed?)")
                .contains(prod.toString());

        Path warmUp = Files.createDirectories(runs.resolve("20261201-070000-nightly-w1"));
        Files.writeString(warmUp.resolve("gbak.log"), "gbak:opened file /backups/erp.fbk\n");
        Cli.Result killed = check(runs, "--label", "nightly");
        assertThat(killed.code()).as(killed.out()).isEqualTo(2);
        assertThat(killed.out())
                .startsWith("CRITICAL: nightly: tonight's restore left no record (killed or crashed?)")
                .contains(warmUp.toString());
    }

    /**
     * Night {@code hour} of {@code dir/erp.fbk} under {@code label}, restored by gbak into {@code database} (a local
     * path: embedded; host/port:path: remote TCP), its backup written as {@code backupFile}, its log where a run
     * started in {@code dir} with {@code --runs-dir runs} writes it.
     */
    private Path night(Path runs, int hour, String label, String backupFile, String database) throws Exception {
        Path folder = Restores.night(runs, "samples/small-tdrw.log", hour);
        Restores.edit(folder, r -> {
            r.put("label", label);
            r.put("backupFile", backupFile);
            r.put("source", "runs/" + folder.getFileName() + "/gbak.log");
            r.put("via", "gbak");
            r.put("database", database);
            r.put("command", "/usr/bin/gbak -c -v -st tdrw " + backupFile + " " + database);
            r.put("backupSha256", "4940939" + "0".repeat(57));
            r.put("backupBytes", 6886400);
        });
        return folder;
    }

    @Test
    void oneFileWrittenRelativeAndAbsoluteIsOneBackup() throws Exception {
        Path runs = dir.resolve("runs");
        String absolute = dir.resolve("erp.fbk").toString();
        for (int h = 1; h <= 4; h++) { // a label renamed, the file given relative, then absolute
            night(runs, h, h <= 2 ? "erp nightly" : "nightly", h % 2 == 0 ? absolute : "erp.fbk", "/srv/t.fdb");
        }
        // a runs folder given absolute: the record does not tell where the run started, its backup's content does
        Path fifth = night(runs, 5, "nightly-2", "erp.fbk", "/srv/t.fdb");
        Restores.edit(
                fifth,
                r -> r.put("source", fifth.toAbsolutePath().resolve("gbak.log").toString()));
        Cli.Result c = check(runs, "--backup", "erp");
        assertThat(c.code()).as(c.out()).isZero();
        assertThat(c.out()).startsWith("OK: erp restored in ");
    }

    @Test
    void oneFileRestoredThroughTwoRoutesUnderDefaultLabelsIsTwoJobsNamedOnce() throws Exception {
        Path runs = dir.resolve("runs");
        String absolute = dir.resolve("erp.fbk").toString();
        for (int h = 1; h <= 8; h += 2) {
            night(runs, h, "erp.fbk, embedded", h < 4 ? "erp.fbk" : absolute, "/srv/e.fdb");
            night(
                    runs,
                    h + 1,
                    "erp.fbk, remote TCP (localhost)",
                    h < 4 ? absolute : "erp.fbk",
                    "localhost/3050:/srv/h.fdb");
        }
        Cli.Result c = check(runs, "--backup", "erp");
        assertThat(c.code()).as(c.out()).isEqualTo(3);
        assertThat(c.out())
                .isEqualTo("UNKNOWN: erp.fbk (" + absolute + ") is restored through 2 routes under 2 labels: embedded"
                        + " (label \"erp.fbk, embedded\"), remote TCP (localhost) (label \"erp.fbk, remote TCP"
                        + " (localhost)\"); a route's restores are not another's baseline, nor its night another's:"
                        + " check each with --label L, or all with --jobs FILE"
                        + System.lineSeparator());
        for (String label : new String[] {"erp.fbk, embedded", "erp.fbk, remote TCP (localhost)"}) {
            Cli.Result each = check(runs, "--label", label);
            assertThat(each.code()).as(each.out()).isZero();
        }
    }
}
