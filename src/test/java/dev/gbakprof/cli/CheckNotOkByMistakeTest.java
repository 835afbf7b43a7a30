package dev.gbakprof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gbakprof.testutil.Cli;
import dev.gbakprof.testutil.Restores;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Nights that completed and still are no OK: a record whose start lies ahead of the clock (a machine's clock set
 * wrong, a virtual machine restored from a snapshot), which stayed the newest and OK whatever came after it; and a
 * restore whose gfix validation reported warnings, which a database just restored has no reason to have; two jobs
 * whose backups share a file name, judged as one baseline. Run folders made of the shop fixture's real gbak log, dated
 * 1 Dec 2026: checked with --max-age 0, their age no part of the verdicts here.
 */
class CheckNotOkByMistakeTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    /** Nights 1 to {@code n} of the shop fixture's restore, completed, in {@code dir}/runs. */
    private Path goodNights(int n) throws Exception {
        return Restores.nights(dir.resolve("runs"), "samples/shop-tdrw.log", n);
    }

    /** The record of a restore that failed. */
    private static void failed(ObjectNode r) {
        r.put("status", "failed");
        r.putNull("totalSeconds");
        r.put("failure", "gbak exited with code 1 without an error message");
    }

    @Test
    void aStartAheadOfTheClockIsUnknownNotOk() throws Exception {
        Path runs = goodNights(3);
        Path ahead = Restores.night(runs, "samples/shop-tdrw.log", 4);
        Restores.edit(ahead, r -> r.put("startedAt", "2099-01-07T02:00:00.000Z"));
        // a failed night after it, by the folders' names
        Restores.edit(Restores.night(runs, "samples/shop-tdrw.log", 5), CheckNotOkByMistakeTest::failed);

        Cli.Result r = Cli.run("check", runs.toString(), "--rto", "4h", "--max-age", "26h");
        assertThat(r.code()).as(r.out()).isEqualTo(3);
        assertThat(r.out())
                .startsWith("UNKNOWN: erp: the newest restore's record cannot be judged (started 2099-01-07 02:00"
                        + " UTC): ")
                .contains(ahead + ": its start time is later than this machine's clock (")
                .contains("move that run folder out of the runs folder")
                .doesNotContain("age=0s");
        JsonNode json =
                JSON.readTree(Cli.run("check", runs.toString(), "--json").out());
        assertThat(json.get("status").asText()).isEqualTo("UNKNOWN");
        assertThat(json.get("run").get("ageSeconds").isNull())
                .as("no age is true")
                .isTrue();

        // moved aside as the line says: the failed night is judged
        Files.move(ahead, dir.resolve(ahead.getFileName()));
        assertThat(Cli.run("check", runs.toString(), "--max-age", "0").code()).isEqualTo(2);
    }

    @Test
    void validationWarningsAreAWarning() throws Exception {
        Path runs = goodNights(3);
        Path tonight = Restores.night(runs, "samples/shop-tdrw.log", 4);
        Cli.Result clean = Cli.run("check", runs.toString(), "--json", "--max-age", "0");
        assertThat(clean.code()).as(clean.out()).isZero();
        assertThat(JSON.readTree(clean.out()).get("run").get("validation").isNull())
                .isTrue();

        Restores.edit(tonight, r -> {
            ObjectNode v = r.putObject("validation");
            v.put("command", "gfix -v -full -n -user SYSDBA /db/erp-test.fdb");
            v.put("database", "/db/erp-test.fdb");
            v.put("seconds", 1.2);
            v.put("exitCode", 0);
            v.put("result", "warnings");
            v.putArray("output").add("Summary of validation errors").add("\tNumber of record level warnings : 3");
        });
        Cli.Result r = Cli.run("check", runs.toString(), "--rto", "4h", "--max-age", "0");
        assertThat(r.code()).as(r.out()).isEqualTo(1);
        assertThat(r.out())
                .startsWith("WARNING: erp restored in 17.2 s on 2026-12-01 04:00 UTC, ")
                .contains(
                        " ago, but gfix's validation of the restored database reported warnings: \"Summary of validation errors\" (gfix.log in "
                                + tonight + ")");
        JsonNode json =
                JSON.readTree(Cli.run("check", runs.toString(), "--json").out());
        assertThat(json.get("run").get("validation").asText()).isEqualTo("warnings");
    }

    @Test
    void twoJobsWhoseBackupsShareAFileNameAreNotOneBaseline() throws Exception {
        Path runs = goodNights(4);
        // another job's backup, also erp.fbk, that failed tonight
        Restores.edit(Restores.night(runs, "samples/shop-tdrw.log", 5), r -> {
            r.put("backupFile", "/backups/branch/erp.fbk");
            r.put("label", "branch");
            failed(r);
        });
        Path later = Restores.night(runs, "samples/shop-tdrw.log", 6);
        assertThat(Cli.run("check", runs.toString(), "--max-age", "0", "--label", "branch")
                        .code())
                .isEqualTo(2);

        for (String[] args : new String[][] {{"--backup", "erp"}, {}}) {
            Cli.Result r = Cli.run(Stream.concat(Stream.of("check", runs.toString()), Arrays.stream(args))
                    .toArray(String[]::new));
            assertThat(r.code()).as(r.out()).isEqualTo(3);
            assertThat(r.out())
                    .isEqualTo("UNKNOWN: erp.fbk is the file name of the backups at 2 paths: /backups/branch/erp.fbk"
                            + " (label \"branch\"), /backups/erp.fbk (label \"nightly\"); they are 2 jobs, not one"
                            + " baseline: check each with --label L, or all with --jobs FILE" + System.lineSeparator());
        }
        assertThat(Cli.run("check", runs.toString(), "--max-age", "0", "--label", "nightly")
                        .code())
                .isZero();
        // one job whose backup moved: one label, its nights one baseline
        Files.delete(later.resolve("run.json"));
        Files.delete(later);
        Restores.edit(runs.resolve("20261201-050000-nightly"), r -> r.put("label", "nightly"));
        assertThat(Cli.run("check", runs.toString(), "--max-age", "0").code()).isEqualTo(2);
    }
}
