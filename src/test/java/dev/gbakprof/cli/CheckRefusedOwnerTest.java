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

    @Test
    void anotherJobsRefusalIsNotThisNightsAndThisOnesNamesTheSameBackup() throws Exception {
        Path runs = dir.resolve("runs");
        for (int h = 1; h <= 3; h++) {
            Restores.night(runs, "samples/small-tdrw.log", h);
        }
        RunStore store = new RunStore(runs);
        store.refused("weekly", "/backups/zzz.fbk", null, "/backups/zzz.fbk: no such backup file", LocalDateTime.now());
        store.refused(
                "zzz.fbk, embedded",
                "/backups/zzz.fbk",
                null,
                "/backups/zzz.fbk: no such backup file",
                LocalDateTime.now());

        Cli.Result nightly = Cli.run("check", runs.toString(), "--label", "nightly");
        assertThat(nightly.code()).as(nightly.out()).isZero();
        assertThat(nightly.out()).startsWith("OK: nightly restored in ");
        Cli.Result erp = Cli.run("check", runs.toString(), "--backup", "erp");
        assertThat(erp.code()).as(erp.out()).isZero();
        Cli.Result weekly = Cli.run("check", runs.toString(), "--label", "weekly");
        assertThat(weekly.code()).as(weekly.out()).isEqualTo(2);
        assertThat(weekly.out()).startsWith("CRITICAL: weekly: tonight's restore was refused before it started");

        store.refused(
                "nightly", "/backups/erp.fbk", null, "/backups/erp.fbk: no such backup file", LocalDateTime.now());
        for (String[] by : new String[][] {{"--label", "nightly"}, {"--backup", "erp"}}) {
            Cli.Result c = Cli.run("check", runs.toString(), by[0], by[1], "--json");
            assertThat(c.code()).as(c.out()).isEqualTo(2);
            JsonNode j = new ObjectMapper().readTree(c.out());
            assertThat(j.get("status").asText()).isEqualTo("CRITICAL");
            assertThat(j.get("backup").asText()).isEqualTo("erp.fbk"); // as on the good nights
            assertThat(j.get("label").asText()).isEqualTo("nightly");
        }
        Path prom = dir.resolve("erp.prom");
        Cli.run("check", runs.toString(), "--label", "nightly", "--prometheus", prom.toString());
        assertThat(Files.readString(prom)).contains("gbakprof_check_status{backup=\"erp.fbk\",label=\"nightly\"} 2");
    }
}
