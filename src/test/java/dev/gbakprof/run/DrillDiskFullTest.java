package dev.gbakprof.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunKind;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.store.RunJson;
import dev.gbakprof.testutil.Cli;
import dev.gbakprof.testutil.Firebird;
import dev.gbakprof.testutil.FirebirdTest;
import dev.gbakprof.testutil.Restores;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A drill whose backup fills the disk: the real gbak backs up a database of some megabytes into a run folder on a
 * tmpfs of 2 MB mounted for the test (as root, as the drill's embedded gbak runs), nearly full. gbak asks for the next
 * volume when its write fails and removes its file: the night says the disk was full, where, not that a backup file
 * ends early.
 */
@FirebirdTest
class DrillDiskFullTest {

    @Test
    void aBackupThatFillsTheDiskSaysTheDiskWasFullAndWhere(@TempDir Path dir) throws Exception {
        Firebird.require();
        Path db = dir.resolve("rows.fdb");
        Firebird.run(
                List.of(Firebird.ISQL.toString(), "-q", "-user", "SYSDBA"),
                "CREATE DATABASE '" + db + "' PAGE_SIZE 8192;\n"
                        + "CREATE TABLE T (ID INTEGER NOT NULL PRIMARY KEY, S VARCHAR(200));\n"
                        + "SET TERM ^;\n"
                        + "EXECUTE BLOCK AS DECLARE I INTEGER = 0; BEGIN WHILE (I < 20000) DO BEGIN"
                        + " INSERT INTO T VALUES (:I, LPAD('', 150, UUID_TO_CHAR(GEN_UUID()))); I = I + 1; END END^\n"
                        + "SET TERM ;^\nCOMMIT;\n");
        Path disk = Files.createDirectories(dir.resolve("small-disk"));
        Firebird.run(List.of("mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", disk.toString()));
        try {
            // the backup's log and record fit; its file does not
            long free = Files.getFileStore(disk).getUsableSpace();
            try (OutputStream filler = Files.newOutputStream(disk.resolve("filler"))) {
                filler.write(new byte[(int) (free - 400_000)]);
            }
            Path runs = disk.resolve("runs");
            String[] drill = {
                "run",
                "--backup-from",
                db.toString(),
                "--database",
                dir.resolve("test.fdb").toString(),
                "--runs-dir",
                runs.toString(),
                "--label",
                "nightly"
            };
            Cli.Result r = Cli.run(drill);

            assertThat(r.code()).as(r.out() + r.err()).isEqualTo(1);
            String full = "the disk was full: the backup file";
            String where = " took the free space of " + disk + " (tmpfs); gbak removed it, and ";
            String last = r.out().strip().lines().reduce((a, b) -> b).orElseThrow();
            assertThat(last)
                    .startsWith("gbakprof: drill stopped: the backup FAILED: " + full)
                    .contains(where)
                    .doesNotContain("ends early");
            Path runDir = Restores.runDirs(runs).get(0);
            RestoreRun backup = RunJson.read(runDir.resolve("run.json")).get(0);
            assertThat(backup.kind()).isEqualTo(RunKind.BACKUP);
            assertThat(backup.status()).isEqualTo(RunStatus.FAILED);
            assertThat(backup.failure()).startsWith(full).contains(where).endsWith(" bytes are free there now");

            Cli.Result check = Cli.run("check", runs.toString(), "--label", "nightly");
            assertThat(check.code()).isEqualTo(2);
            assertThat(check.out())
                    .startsWith("CRITICAL: nightly backup (of the drill) failed on ")
                    .contains(": " + full)
                    .contains(where);

            // fuller still: whichever gbakprof or gbak writes first, its log or the backup, the disk was full
            try (OutputStream filler = Files.newOutputStream(disk.resolve("filler2"))) {
                filler.write(new byte[(int) (Files.getFileStore(disk).getUsableSpace() - 40_960)]);
            }
            Cli.Result fuller = Cli.run(drill);
            assertThat(fuller.code()).isEqualTo(1);
            assertThat(fuller.out().strip().lines().reduce((a, b) -> b).orElseThrow())
                    .containsAnyOf(
                            "FAILED: " + full,
                            "did NOT finish: the disk was full: the backup's log could not be written on " + disk
                                    + " (tmpfs) (No space left on device), so gbakprof stopped the backup; ")
                    .contains(disk + " (tmpfs)");
        } finally {
            Firebird.run(List.of("umount", disk.toString()));
        }
    }
}
