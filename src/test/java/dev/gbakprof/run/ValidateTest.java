package dev.gbakprof.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.model.Validation;
import dev.gbakprof.model.Via;
import dev.gbakprof.store.RunJson;
import dev.gbakprof.testutil.Cli;
import dev.gbakprof.testutil.Cli.Result;
import dev.gbakprof.testutil.Firebird;
import dev.gbakprof.testutil.FirebirdServer;
import dev.gbakprof.testutil.FirebirdTest;
import dev.gbakprof.testutil.Logs;
import dev.gbakprof.testutil.Restores;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code run --validate}: the real gfix of Firebird 3 on real restores, sound and damaged on purpose. */
@FirebirdTest
class ValidateTest {
    private static final int PAGE = 8192; // the fixtures' page size
    private static final int DATA_PAGE = 5; // pag_data, the first byte of a page's header (ods.h)

    @Test
    void aSoundRestoreIsValidatedAsItsOwnTimedStepAndPasses(@TempDir Path dir) throws Exception {
        Path fbk = Firebird.backup("small");
        Path runs = dir.resolve("runs");
        Result r = Restores.run(fbk, dir.resolve("small.fdb"), runs, "--label", "nightly", "--validate");

        assertThat(r.code()).as(r.err()).isZero();
        Path runDir = Restores.runDirs(runs).get(0);
        RestoreRun run = RunJson.read(runDir.resolve("run.json")).get(0);
        assertThat(run.status()).isEqualTo(RunStatus.COMPLETED);
        Validation v = run.validation();
        assertThat(v.result()).isEqualTo(Validation.Result.PASSED);
        assertThat(v.exitCode()).isZero();
        assertThat(v.output()).isEmpty();
        assertThat(v.seconds()).isPositive();
        assertThat(v.command()).isEqualTo("/usr/bin/gfix -v -full -n " + dir.resolve("small.fdb"));
        assertThat(v.database()).isEqualTo(dir.resolve("small.fdb").toString());
        assertThat(Files.size(runDir.resolve("gfix.log"))).isZero(); // gfix printed nothing: a sound database
        assertThat(Files.readString(runDir.resolve("run.json"))).contains("\"result\" : \"passed\"");
        assertThat(r.out()).contains("  validation passed  (gfix -v -full -n, ");
    }

    @Test
    void aDamagedDatabaseFailsTheRunWithGfixsWords(@TempDir Path dir) throws Exception {
        Path fbk = Firebird.backup("small");
        Path db = dir.resolve("damaged.fdb");
        Firebird.restore(fbk, db.toString());
        damageLastDataPages(db, 2);
        Path runDir = Files.createDirectories(dir.resolve("run"));
        ByteArrayOutputStream progress = new ByteArrayOutputStream();
        ValidateStep step = new ValidateStep(options(db, false), Firebird.GBAK, new PrintStream(progress, true));

        RestoreRun run = step.validate(Logs.read("small-tdrw.log"), db.toString(), runDir);

        assertThat(run.status()).isEqualTo(RunStatus.FAILED);
        Validation v = run.validation();
        assertThat(v.result()).isEqualTo(Validation.Result.FAILED);
        assertThat(v.exitCode()).isZero(); // gfix exits 0 although it found errors: its words decide
        assertThat(v.output()).startsWith("Summary of validation errors");
        assertThat(v.output()).anySatisfy(l -> assertThat(l).matches("Number of data page errors\\s*: [1-9]\\d*"));
        assertThat(run.errors()).contains("gfix: Summary of validation errors");
        assertThat(run.failure()).isEqualTo("--validate: gfix reported errors in the restored database");
        assertThat(Files.readAllLines(runDir.resolve("gfix.log")).stream()
                        .map(String::strip)
                        .filter(l -> !l.isEmpty()))
                .containsExactlyElementsOf(v.output());
        // read only (-n): a second validation finds the same
        RestoreRun again =
                step.validate(Logs.read("small-tdrw.log"), db.toString(), Files.createDirectories(dir.resolve("run2")));
        assertThat(again.validation().output()).isEqualTo(v.output());
    }

    @Test
    void aRestoreThatDidNotCompleteIsNotValidated(@TempDir Path dir) {
        ValidateStep step = new ValidateStep(options(dir.resolve("x.fdb"), false), Firebird.GBAK, System.err);

        RestoreRun run =
                step.validate(Logs.read("shop-cut.log"), dir.resolve("x.fdb").toString(), dir);

        assertThat(run.validation()).isNull();
        assertThat(run.warningMessages()).contains("--validate: not validated, the restore did not complete");
        assertThat(dir.resolve("gfix.log")).doesNotExist();
    }

    @Test
    void aDatabaseGfixCannotOpenFailsTheRun(@TempDir Path dir) throws Exception {
        Firebird.require();
        ValidateStep step = new ValidateStep(options(dir.resolve("gone.fdb"), false), Firebird.GBAK, System.err);

        RestoreRun run = step.validate(
                Logs.read("small-tdrw.log"), dir.resolve("gone.fdb").toString(), dir);

        assertThat(run.status()).isEqualTo(RunStatus.FAILED);
        assertThat(run.validation().exitCode()).isNotZero();
        assertThat(run.errors())
                .anySatisfy(e -> assertThat(e).startsWith("gfix: I/O error during \"open\" operation for file"));
    }

    @Test
    void throughTheServerGfixGetsThePasswordFromItsEnvironmentOnly(@TempDir Path dir) throws Exception {
        var credentials = FirebirdServer.require();
        try (FirebirdServer.Folder folder = FirebirdServer.folder()) {
            Path fbk = folder.backup("small");
            Path runs = dir.resolve("runs");
            String db = folder.resolve("svc.fdb").toString();
            Result r = Cli.run(
                    "run",
                    "--via",
                    "service",
                    "--host",
                    FirebirdServer.ADDRESS.toString(),
                    "--backup",
                    fbk.toString(),
                    "--database",
                    db,
                    "--runs-dir",
                    runs.toString(),
                    "--label",
                    "svc",
                    "--validate");

            assertThat(r.code()).as(r.err()).isZero();
            Path runDir = Restores.runDirs(runs).get(0);
            RestoreRun run = RunJson.read(runDir.resolve("run.json")).get(0);
            assertThat(run.validation().result()).isEqualTo(Validation.Result.PASSED);
            assertThat(run.validation().database()).isEqualTo(FirebirdServer.ADDRESS + ":" + db);
            // the password is not on gfix's argument list: gfix reads ISC_PASSWORD from the environment it inherits
            assertThat(run.validation().command())
                    .isEqualTo("/usr/bin/gfix -v -full -n -user SYSDBA " + FirebirdServer.ADDRESS + ":" + db);
            for (Path f : List.of(runDir.resolve("run.json"), runDir.resolve("gfix.log"), runDir.resolve("gbak.log"))) {
                assertThat(Files.readString(f)).doesNotContain(credentials.password());
            }
            assertThat(r.out() + r.err()).doesNotContain(credentials.password());
        }
    }

    private static RunOptions options(Path db, boolean service) {
        TestOptions o = new TestOptions();
        o.backup = "x.fbk";
        o.database = db.toString();
        o.gbak = Firebird.GBAK;
        o.runs = db.getParent();
        o.via = service ? Via.SERVICE : Via.GBAK;
        o.validate = true;
        return o.build();
    }

    /** Overwrites the body of the last {@code n} data pages (after their 16-byte header): a damaged copy. */
    private static void damageLastDataPages(Path db, int n) throws Exception {
        try (RandomAccessFile f = new RandomAccessFile(db.toFile(), "rw")) {
            List<Long> data = new ArrayList<>();
            for (long p = 0; p < f.length() / PAGE; p++) {
                f.seek(p * PAGE);
                if (f.read() == DATA_PAGE) {
                    data.add(p);
                }
            }
            assertThat(data).hasSizeGreaterThan(n);
            for (long p : data.subList(data.size() - n, data.size())) {
                f.seek(p * PAGE + 32);
                f.write(new byte[4000]); // zeros over the record index and the records
                byte[] pattern = new byte[4000];
                java.util.Arrays.fill(pattern, (byte) 0xA5);
                f.seek(p * PAGE + 32);
                f.write(pattern);
            }
        }
    }
}
