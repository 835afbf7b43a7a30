package dev.gbakprof.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NewestBackupTest {
    private static final Instant NOW = Instant.parse("2026-12-06T04:00:00Z");

    private static Path backup(Path dir, String name, Duration age) throws Exception {
        Path f = Files.writeString(dir.resolve(name), name);
        Files.setLastModifiedTime(f, FileTime.from(NOW.minus(age)));
        return f;
    }

    @Test
    void theNewestBackupUnchangedForTheSettleTimeIsChosenAndANewerOneStillWrittenIsNamed(@TempDir Path dir)
            throws Exception {
        backup(dir, "erp-1205.fbk", Duration.ofDays(1));
        Path settled = backup(dir, "erp-1206.fbk", Duration.ofMinutes(50));
        backup(dir, "erp-1206b.fbk", Duration.ofSeconds(20)); // the backup being written now
        backup(dir, "erp-1207.log", Duration.ofHours(1)); // not a backup's name

        NewestBackup.Choice c = NewestBackup.in(dir, "*.fbk", Duration.ofSeconds(60), NOW);

        assertThat(c.file()).isEqualTo(settled);
        assertThat(c.why())
                .isEqualTo("newest complete backup of 3 files matching *.fbk in " + dir + ": erp-1206.fbk (modified "
                        + "2026-12-06 03:10 UTC, unchanged for 3000 s, --settle 60 s); passed over: erp-1206b.fbk "
                        + "(modified 20 s ago, within --settle: still being written?)");
    }

    @Test
    void aFolderWithoutACompleteBackupIsRefusedNamingWhatItHolds(@TempDir Path dir) throws Exception {
        backup(dir, "erp.fbk", Duration.ofSeconds(5));

        assertThatThrownBy(() -> NewestBackup.in(dir, "*.fbk", Duration.ofSeconds(60), NOW))
                .isInstanceOf(RunRefusedException.class)
                .hasMessage("--backup-dir " + dir + ": no complete backup matching *.fbk: erp.fbk (modified 5 s ago,"
                        + " within --settle: still being written?); a backup counts as complete once unchanged for"
                        + " --settle 60 s. Nothing was restored; run again later");
        assertThatThrownBy(() -> NewestBackup.in(dir, "*.gbk", Duration.ofSeconds(60), NOW))
                .hasMessage("--backup-dir " + dir + ": no file matches --pattern *.gbk; nothing was restored");
        assertThatThrownBy(() -> NewestBackup.in(dir.resolve("erp.fbk"), "*.fbk", Duration.ofSeconds(60), NOW))
                .hasMessageContaining("not a folder");
    }
}
