package dev.gbakprof.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.model.Environment;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.Via;
import dev.gbakprof.store.RunJson;
import dev.gbakprof.testutil.Logs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The live ETA's baselines are earlier restores of the same backup and route by a gbak of the same version: a
 * migration's restores by 4.0 and by 3.0 of one backup, in one runs folder, are never each other's (the 3.0 restores
 * were a 4.0 restore's baseline). Records of real restores of the shop backup (logs/shop-tdrw.log), as run writes them.
 */
class BaselinesTest {
    private static final String BACKUP = "/backups/shop.fbk";

    @TempDir
    Path runs;

    @Test
    void aRestoreByGbak40HasTheEarlier40RestoresAsBaselineNot30s() throws IOException {
        write("20261207-100000-a", "LI-V3.0.11.33637 Firebird 3.0");
        write("20261207-100100-b", "LI-V4.0.5.3140 Firebird 4.0");
        write("20261207-100200-c", "LI-V3.0.10.33601 Firebird 3.0");
        write("20261207-100300-d", null); // a record that does not say its gbak's version
        write("20261207-100400-e", "LI-V4.0.4.3010 Firebird 4.0");

        assertThat(labels("4.0")).containsExactly("b", "e");
        // a patch release is the same version, as compare's configurations take it
        assertThat(labels("3.0")).containsExactly("a", "c");
        // an unknown version is no match for a known one, and a run of unknown version takes only those
        assertThat(labels("5.0")).isEmpty();
        assertThat(labels(null)).containsExactly("d");
        // through the services API the server restores: gbak's version is not compared
        assertThat(Baselines.find(null, runs, BACKUP, 1000L, Via.SERVICE, "services manager", null))
                .isEmpty();
    }

    private List<String> labels(String gbak) {
        return Baselines.find(null, runs, BACKUP, 1000L, Via.GBAK, "embedded", gbak).stream()
                .map(RestoreRun::label)
                .toList();
    }

    private void write(String folder, String gbakVersion) throws IOException {
        RestoreRun run = Logs.read("shop-tdrw.log").toBuilder()
                .label(folder.substring(folder.lastIndexOf('-') + 1))
                .via(Via.GBAK)
                .command("/usr/bin/gbak -c -v -st tdrw " + BACKUP + " /data/shop.fdb")
                .database("/data/shop.fdb")
                .backupFile(BACKUP)
                .backupBytes(1000L)
                .environment(new Environment("h", "Linux", "cpu", 2, null, gbakVersion, null, 1L, null, null))
                .build();
        Path dir = Files.createDirectories(runs.resolve(folder));
        RunJson.write(run, dir.resolve("run.json"));
    }
}
