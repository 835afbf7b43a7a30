package dev.gbakprof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.testutil.Cli;
import dev.gbakprof.testutil.FakeGbak;
import dev.gbakprof.testutil.Firebird;
import dev.gbakprof.testutil.FirebirdTest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Exit codes and one-line messages of inputs and outputs a nightly job meets: each names the path and what was expected. */
class OutputCodesTest {

    @TempDir
    Path dir;

    @FirebirdTest
    @Test
    void historyOutOnAReadOnlyFileSystemIsRefusedWithTwo() throws Exception {
        Firebird.require(); // root and mount, as the data-loss tests
        Path ro = Files.createDirectories(dir.resolve("ro"));
        Firebird.run(List.of("mount", "-t", "tmpfs", "-o", "size=64k,ro", "tmpfs", ro.toString()));
        try {
            Cli.Result r = Cli.run(
                    "history", dir.toString(), "--out", ro.resolve("trend").toString());
            assertThat(r.code()).as(r.err()).isEqualTo(2);
            assertThat(r.err().strip().lines()).hasSize(1);
            assertThat(r.err()).contains("--out " + ro.resolve("trend")).doesNotContain("Exception");
        } finally {
            Firebird.run(List.of("umount", ro.toString()));
        }
    }

    @FirebirdTest
    @Test
    void aFolderGivenAsTheBackupIsCalledAFolder() throws Exception {
        FakeGbak.Refusal f = FakeGbak.refusal(dir);
        Cli.Result r = Cli.run(
                "run",
                "--gbak",
                f.gbak().toString(),
                "--backup",
                dir.toString(),
                "--database",
                dir.resolve("x.fdb").toString(),
                "--runs-dir",
                dir.resolve("runs").toString());
        assertThat(r.code()).as(r.err()).isEqualTo(2);
        assertThat(r.err()).contains(dir + ": a folder, not a backup file");
        assertThat(f.calls()).doesNotExist();
    }

    @Test
    void anInfiniteSampleIntervalIsRefused() {
        Cli.Result r = Cli.run("run", "--backup", "x.fbk", "--database", "x.fdb", "--sample-interval", "1e309");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("--sample-interval Infinity: expected at most 3600 seconds");
    }
}
