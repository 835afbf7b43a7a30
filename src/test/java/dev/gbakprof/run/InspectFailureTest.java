package dev.gbakprof.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.model.Durations;
import dev.gbakprof.model.ExitCode;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.model.WarningCode;
import dev.gbakprof.testutil.Cli;
import dev.gbakprof.testutil.FakeGbak;
import dev.gbakprof.testutil.Firebird;
import dev.gbakprof.testutil.FirebirdServer;
import dev.gbakprof.testutil.FirebirdTest;
import dev.gbakprof.testutil.Restores;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code run --inspect} whose inspection fails after a completed restore (the server will not open the database: it
 * was shut down): the run fails, in gbakprof's words, and the restore's own facts stay as gbak gave them.
 */
@FirebirdTest
@ExtendWith(FirebirdServer.Fixture.class)
class InspectFailureTest {

    @Test
    void aFailedInspectionKeepsTheRestoresTotalAndSaysItInGbakprofsWords(FirebirdServer.Folder f, @TempDir Path dir)
            throws Exception {
        Path gbak = FakeGbak.shuttingDownAfterRestore(dir);
        Path runs = Files.createDirectories(f.resolve("runs"));
        Path db = f.resolve("shut.fdb");
        // the database it would replace: --replace moves only a completed, inspected restore over it
        Firebird.restore(Firebird.backup("small"), db.toString());
        byte[] before = Files.readAllBytes(db);

        Cli.Result r = Restores.run(
                f.backup("small"),
                db,
                runs,
                "--gbak",
                gbak.toString(),
                "--replace",
                "--inspect",
                "--inspect-host",
                FirebirdServer.ADDRESS.toString());

        assertThat(r.code()).as(r.err()).isEqualTo(ExitCode.FAILED);
        RestoreRun run = Restores.firstRun(runs);
        assertThat(run.status()).isEqualTo(RunStatus.FAILED);
        assertThat(run.exitCode()).isZero();
        assertThat(run.totalSeconds()).isPositive();
        assertThat(run.failedAfterCompleting()).isTrue();
        assertThat(run.failure())
                .startsWith("the restore completed in " + Durations.human(run.totalSeconds())
                        + "; the inspection failed: " + FirebirdServer.ADDRESS + ": cannot open ")
                .contains("shutdown");
        assertThat(run.hasWarning(WarningCode.INSPECTION_FAILED)).isTrue();
        assertThat(run.errors()).as("gbak printed no error").isEmpty();
        assertThat(r.out())
                .contains("  total      " + Durations.seconds(run.totalSeconds()) + "  (")
                .contains("  failed     the restore completed in ")
                .doesNotContain("total      unknown")
                .doesNotContain("gbak's own words");
        assertThat(Files.readAllBytes(db))
                .as("the database it would replace, untouched")
                .isEqualTo(before);

        Cli.Result check = Cli.run("check", runs.toString());
        assertThat(check.code()).as(check.out()).isEqualTo(ExitCode.CHECK_CRITICAL);
        assertThat(check.out()).startsWith("CRITICAL: ").contains("; the inspection failed: ");
    }
}
