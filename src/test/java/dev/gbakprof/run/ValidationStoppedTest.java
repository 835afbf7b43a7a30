package dev.gbakprof.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.model.WarningCode;
import dev.gbakprof.store.RunJson;
import dev.gbakprof.testutil.Cli;
import dev.gbakprof.testutil.Firebird;
import dev.gbakprof.testutil.FirebirdTest;
import dev.gbakprof.testutil.Restores;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A nightly {@code run --replace --validate --timeout} whose gfix hangs: the real gfix, held still with SIGSTOP as soon
 * as it starts, is stopped by the timeout. The night says its validation was stopped, not failed; the restored copy
 * beside the database, not validated, is removed and said so, and the next night runs.
 */
@FirebirdTest
class ValidationStoppedTest {

    /** The pid of the gfix validating {@code database}, or -1. */
    private static long gfix(String database) throws Exception {
        return Firebird.processes(cmd -> cmd.startsWith(Firebird.GFIX.toString()) && cmd.contains(database)).stream()
                .findFirst()
                .orElse(-1L);
    }

    @Test
    void aValidationStoppedByTheTimeoutIsAStopAndDoesNotBlockTheNextNight(@TempDir Path dir) throws Exception {
        Path fbk = Firebird.backup("small");
        Path db = dir.resolve("erp-test.fdb");
        Path runs = dir.resolve("runs");
        String[] night = {
            "run",
            "--backup",
            fbk.toString(),
            "--database",
            db.toString(),
            "--replace",
            "--validate",
            "--timeout",
            "4s",
            "--label",
            "nightly",
            "--runs-dir",
            runs.toString()
        };
        assertThat(Cli.run(night).code()).isZero();
        byte[] before = Files.readAllBytes(db);

        // tonight gfix hangs: held still as it starts, until the timeout stops it
        String staging = dir.resolve("erp-test.gbakprof-new.fdb").toString();
        CompletableFuture<Cli.Result> tonight = CompletableFuture.supplyAsync(() -> Cli.run(night));
        long pid = -1;
        while (pid < 0 && !tonight.isDone()) {
            pid = gfix(staging);
        }
        assertThat(pid).as("gfix seen").isPositive();
        new ProcessBuilder("kill", "-STOP", String.valueOf(pid)).start().waitFor();
        Cli.Result r = tonight.get(60, TimeUnit.SECONDS);

        assertThat(r.code()).as(r.out()).isEqualTo(1);
        Path runDir = Restores.runDirs(runs).get(1);
        RestoreRun run = RunJson.read(runDir.resolve("run.json")).get(0);
        assertThat(run.status()).isEqualTo(RunStatus.INCOMPLETE);
        assertThat(run.validation().result()).hasToString("stopped");
        assertThat(run.failure())
                .matches("the restore completed in .+; its validation was stopped by --timeout after .+ before gfix"
                        + " ended: not validated \\(a stop, not a failed validation\\)");
        assertThat(Path.of(staging)).doesNotExist();
        assertThat(Files.readAllBytes(db)).isEqualTo(before); // last night's database, as it was
        assertThat(run.warnings())
                .anySatisfy(w -> assertThat(w.code()).isEqualTo(WarningCode.NOT_REPLACED))
                .anySatisfy(w -> assertThat(w.message())
                        .isEqualTo("--replace: the validation was stopped, so " + db + " was left as it was; the"
                                + " restored database " + staging + " (complete, not validated) was removed, so that"
                                + " the next night runs (--keep-partial keeps it)"));
        assertThat(r.out())
                .contains("  validation stopped  (gfix -v -full -n, ")
                .doesNotContain("validation FAILED");

        Cli.Result check = Cli.run("check", runs.toString(), "--label", "nightly");
        assertThat(check.code()).isEqualTo(2);
        assertThat(check.out())
                .startsWith("CRITICAL: nightly restored in ")
                .contains(", but its validation was stopped by --timeout after ")
                .contains(" before gfix ended: not validated (a stop, not a failed validation)")
                .doesNotContain("validation failed");

        // the next night is not refused: it restores, validates and replaces
        Cli.Result next = Cli.run(night);
        assertThat(next.code()).as(next.out() + next.err()).isZero();
        assertThat(Cli.run("check", runs.toString(), "--label", "nightly").out())
                .startsWith("OK: nightly restored in ");
    }
}
