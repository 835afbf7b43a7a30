package dev.gbakprof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
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
 * A refused night counts against its own backup and label only, and the verdict on it names the backup as the good
 * nights' verdicts do: three nights of a real gbak log (the small fixture's restore) labelled nightly, from
 * /backups/erp.fbk, then refused runs of another job and of this one.
 */
class CheckRefusedOwnerTest {

    @TempDir
    Path dir;

    /** Three nights of erp.fbk labelled nightly, then a refusal of another job (weekly, /backups/zzz.fbk). */
    private static RunStore nightsAndAnotherJobsRefusal(Path runs) throws Exception {
        for (int h = 1; h <= 3; h++) {
            Restores.night(runs, "samples/small-tdrw.log", h);
        }
        RunStore store = new RunStore(runs);
        store.refused("weekly", "/backups/zzz.fbk", null, "/backups/zzz.fbk: no such backup file", LocalDateTime.now());
        return store;
    }

    @Test
    void anotherJobsRefusalIsNotThisNightsAndThisOnesNamesTheSameBackup() throws Exception {
        Path runs = dir.resolve("runs");
        RunStore store = nightsAndAnotherJobsRefusal(runs);
        store.refused(
                "zzz.fbk, embedded",
                "/backups/zzz.fbk",
                null,
                "/backups/zzz.fbk: no such backup file",
                LocalDateTime.now());

        Cli.Result nightly = Cli.run("check", runs.toString(), "--max-age", "0", "--label", "nightly");
        assertThat(nightly.code()).as(nightly.out()).isZero();
        assertThat(nightly.out()).startsWith("OK: nightly restored in ");
        Cli.Result erp = Cli.run("check", runs.toString(), "--max-age", "0", "--backup", "erp");
        assertThat(erp.code()).as(erp.out()).isZero();
        Cli.Result weekly = Cli.run("check", runs.toString(), "--max-age", "0", "--label", "weekly");
        assertThat(weekly.code()).as(weekly.out()).isEqualTo(2);
        assertThat(weekly.out()).startsWith("CRITICAL: weekly: tonight's restore was refused before it started");

        store.refused(
                "nightly", "/backups/erp.fbk", null, "/backups/erp.fbk: no such backup file", LocalDateTime.now());
        for (String[] by : new String[][] {{"--label", "nightly"}, {"--backup", "erp"}}) {
            Cli.Result c = Cli.run("check", runs.toString(), "--max-age", "0", by[0], by[1], "--json");
            assertThat(c.code()).as(c.out()).isEqualTo(2);
            JsonNode j = new ObjectMapper().readTree(c.out());
            assertThat(j.get("status").asText()).isEqualTo("CRITICAL");
            assertThat(j.get("backup").asText()).isEqualTo("erp.fbk"); // as on the good nights
            assertThat(j.get("label").asText()).isEqualTo("nightly");
        }
        Path prom = dir.resolve("erp.prom");
        Cli.run("check", runs.toString(), "--max-age", "0", "--label", "nightly", "--prometheus", prom.toString());
        assertThat(Files.readString(prom)).contains("gbakprof_check_status{backup=\"erp.fbk\",label=\"nightly\"} 2");
    }

    /**
     * The job's backup path changed or was mistyped: tonight's refusal names another file, under the job's label. It
     * is that job's night (CRITICAL, with the good nights' backup for the monitoring series), whichever way check is
     * asked; another job's first refusal, under its own label, is not.
     */
    @Test
    void aRefusalOfAnotherFileUnderTheJobsLabelIsThatJobsNight() throws Exception {
        Path runs = dir.resolve("runs");
        RunStore store = nightsAndAnotherJobsRefusal(runs);
        Cli.Result before = Cli.run("check", runs.toString(), "--max-age", "0");
        assertThat(before.code()).as(before.out()).isZero();

        store.refused(
                "nightly",
                "/backups/erp-new.fbk",
                null,
                "/backups/erp-new.fbk: no such backup file",
                LocalDateTime.now());
        for (String[] by : new String[][] {
            {}, {"--label", "nightly"}, {"--backup", "erp"}, {"--backup", "erp.fbk", "--label", "nightly"}
        }) {
            String[] args = new String[by.length + 3];
            args[0] = "check";
            args[1] = runs.toString();
            System.arraycopy(by, 0, args, 2, by.length);
            args[args.length - 1] = "--json";
            Cli.Result c = Cli.run(args);
            assertThat(c.code()).as(String.join(" ", by) + ": " + c.out()).isEqualTo(2);
            JsonNode j = new ObjectMapper().readTree(c.out());
            assertThat(j.get("text").asText())
                    .contains(": tonight's restore was refused before it started (at ")
                    .endsWith("): /backups/erp-new.fbk: no such backup file");
            assertThat(j.get("backup").asText()).as(String.join(" ", by)).isEqualTo("erp.fbk");
            assertThat(j.get("label").asText()).isEqualTo("nightly");
        }
        // the job's backup, discovered once (the job that check --backup erp.fbk --label nightly judged); the other
        // job's own
        JsonNode data = new ObjectMapper()
                .readTree(Cli.run("check", runs.toString(), "--discovery").out())
                .path("data");
        assertThat(data.size()).isEqualTo(2);
        assertThat(data.get(0).path("{#BACKUP}").asText()).isEqualTo("erp.fbk");
        assertThat(data.get(0).path("{#LABEL}").asText()).isEqualTo("nightly");
        assertThat(data.get(1).path("{#BACKUP}").asText()).isEqualTo("zzz.fbk");
        assertThat(data.get(1).path("{#LABEL}").asText()).isEqualTo("weekly");
    }
}
