package dev.gbakprof.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.model.WarningCode;
import dev.gbakprof.testutil.FakeGbak;
import dev.gbakprof.testutil.Firebird;
import dev.gbakprof.testutil.FirebirdTest;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A gbak that stays after the last line of its restore (what gbak does after that line prints nothing; an embedded Firebird
 * tool can hang at its detach, FirebirdSQL/firebird#7589): said while it waits, and in the record when it exits. The real gbak restores; a wrapper
 * around it then waits 3 s, against a wait of 1 s instead of the minute a real run allows.
 */
@FirebirdTest
class LateExitTest {

    @Test
    void aGbakThatExitsLateAfterTheEndIsSaidWhileItWaitsAndInTheRecord(@TempDir Path dir) throws Exception {
        FakeGbak.HangingAtExit gbak = FakeGbak.hangingAtExit(dir, 3);
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        RestoreRun run = restore(dir, gbak.gbak(), console);

        assertThat(run.status()).isEqualTo(RunStatus.COMPLETED);
        assertThat(run.totalSeconds()).isNotNull().isLessThan(run.wallSeconds() - 2.5);
        assertThat(run.hasWarning(WarningCode.LATE_EXIT)).isTrue();
        assertThat(run.warningMessages())
                .anyMatch(w -> w.matches("gbak exited \\d+\\.\\d s after the last line of the restore: what gbak does"
                        + " after that line prints nothing \\(setting the database's ONLINE and FORCED WRITES flags,"
                        + " detaching; an embedded Firebird tool can hang at its detach: FirebirdSQL/firebird#7589\\);"
                        + " the wall time includes that wait, the total on gbak's clock does not"));
        assertThat(console.toString(StandardCharsets.UTF_8))
                .containsOnlyOnce("gbakprof: gbak printed the end of the restore ")
                .contains(" ago and has not exited: ");
    }

    @Test
    void aGbakThatExitsAtOnceHasNoSuchWarning(@TempDir Path dir) throws Exception {
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        RestoreRun run = restore(dir, Firebird.GBAK, console);

        assertThat(run.status()).isEqualTo(RunStatus.COMPLETED);
        assertThat(run.hasWarning(WarningCode.LATE_EXIT)).isFalse();
        assertThat(console.toString(StandardCharsets.UTF_8)).doesNotContain("has not exited");
    }

    /** The small fixture restored embedded through {@code gbak}, with a wait of 1 s for gbak's exit. */
    private static RestoreRun restore(Path dir, Path gbak, ByteArrayOutputStream console) throws Exception {
        TestOptions o = new TestOptions();
        o.backup = Firebird.backup("small").toString();
        o.database = dir.resolve("late.fdb").toString();
        o.gbak = gbak;
        o.runs = dir.resolve("runs");
        try (PrintStream out = new PrintStream(console, true, StandardCharsets.UTF_8)) {
            return new RestoreSession(o.build(), gbak, (dev.gbakprof.model.Environment) null, out, false)
                    .exitWait(Duration.ofSeconds(1))
                    .restore(o.database, "late", "")
                    .run();
        }
    }
}
