package dev.gbakprof.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gbakprof.model.IndexBuild;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.output.TextSummary;
import dev.gbakprof.store.RunJson;
import dev.gbakprof.testutil.Cli;
import dev.gbakprof.testutil.FakeGbak;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A restore gbakprof stopped (its {@code --timeout}) is said as stopped, not as a failure of gbak: the index it was
 * building is not built (stopped), not FAILED, and what gbak printed as it ended (the database shut down under it,
 * its connection gone) is kept apart, not given as the cause. The route replays the real log of such a run: the
 * {@code shop} backup restored with {@code --timeout 3s}, stopped while gbak built IX_ORDERS_CUST_DATE
 * (src/test/resources/old-records/README.md); what gbak printed, and its exit code 1, are that run's.
 */
class StoppedRunTest {
    private static final Path RUN_FOLDER =
            Path.of("src/test/resources/old-records/timeout-in-index/20261207-034631-shop.fbk-embedded");
    private static final Path LOG = RUN_FOLDER.resolve("gbak.log");

    /** What gbak printed after the stop, word for word. */
    private static final List<String> AFTER_THE_STOP = List.of(
            "cannot commit index IX_ORDERS_CUST_DATE",
            "ERROR:database /tmp/fr/shop-t.fdb shutdown",
            "ERROR:connection shutdown",
            "ERROR:connection shutdown",
            "Exiting before completion due to errors",
            "ERROR:connection shutdown");

    @Test
    void aTimeoutDuringAnIndexBuildIsTheReasonAndGbaksLinesAfterItAreNotTheCause(@TempDir Path dir) throws Exception {
        TestOptions o = new TestOptions();
        o.backup = FakeGbak.backupLike(dir.resolve("shop.fbk"), "a backup").toString();
        o.database = dir.resolve("shop-t.fdb").toString();
        o.runs = dir.resolve("runs");
        o.timeout = Duration.ofSeconds(3);
        List<RestoreSession.Outcome> out = new RestoreSeries(
                        o.build(),
                        null,
                        () -> null,
                        new PrintStream(new ByteArrayOutputStream(), true),
                        false,
                        // the replay ends as gbak did when the timeout stopped it
                        new RestoreLoopTest.ReplayRoutes(
                                LOG, new RestoreRoute.Ending(1, true, false, null, null, "gbakprof stopped gbak")),
                        d -> {})
                .run("shop");
        Path runDir = out.get(0).runDir();

        // the record: stopped by --timeout, the index not failed, gbak's lines after the stop apart from its errors
        JsonNode record = new ObjectMapper().readTree(runDir.resolve("run.json").toFile());
        assertThat(record.get("status").asText()).isEqualTo("incomplete");
        assertThat(record.get("failure").asText()).isEqualTo("stopped by --timeout after 3.0 s");
        assertThat(record.get("warningCodes").toString()).contains("\"timeout\"");
        assertThat(record.get("errors")).isEmpty();
        List<String> after = new ArrayList<>();
        record.get("errorsAfterStop").forEach(e -> after.add(e.asText()));
        assertThat(after).isEqualTo(AFTER_THE_STOP);
        JsonNode index = record.get("indexes").get(record.get("indexes").size() - 1);
        assertThat(index.get("name").asText()).isEqualTo("IX_ORDERS_CUST_DATE");
        assertThat(index.get("failed").asBoolean()).isFalse();
        assertThat(index.get("errors").isNull()).isTrue();
        assertThat(index.get("seconds").isNull()).isTrue();

        // run's summary
        RestoreRun run = RunJson.read(runDir.resolve("run.json")).get(0);
        String summary = TextSummary.of(run, 10);
        assertThat(summary)
                .contains("         unknown  IX_ORDERS_CUST_DATE (ORDERS)  not built (stopped)\n")
                .contains("\n  incomplete stopped by --timeout after 3.0 s\n")
                .contains("\n  after gbakprof stopped it (gbak's own words: the stop's doing, not its cause)\n"
                        + "    cannot commit index IX_ORDERS_CUST_DATE\n")
                .contains("index IX_ORDERS_CUST_DATE: not built, gbakprof stopped gbak during its build (its line"
                        + " 273): its build time is unknown")
                .doesNotContain("FAILED", "errors (gbak's own words)");

        // check, advise and the report word it as a stop
        Path runs = dir.resolve("runs");
        assertThat(Cli.run("check", runs.toString()).out())
                .startsWith("CRITICAL: shop restore did not finish on ")
                .contains(" ago: stopped by --timeout after 3.0 s (no baseline yet");
        assertThat(Cli.run("advise", runs.toString()).out())
                .contains("nothing to advise: the restore did not finish (stopped by --timeout after 3.0 s): its phases"
                        + " are partial\n")
                .doesNotContain("no phase took");
        Path report = dir.resolve("report");
        Cli.Result r = Cli.run("report", runs.toString(), "--out", report.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(Files.readString(report.resolve("summary.md")))
                .contains(
                        "- shop: 1 of 1 restore stopped before the end (stopped by --timeout after 3.0 s): its total is"
                                + " unknown.\n")
                .contains("- 1 index build cut by the stop of its restore is left out: its time is unknown, not counted"
                        + " as zero.\n")
                .doesNotContain(
                        "was not built", "database /tmp/fr/shop-t.fdb shutdown", "the log ends before the next line");
    }

    /**
     * A record written before the stop had its words (warning code {@code timeout}, {@code failure} null, the index
     * {@code failed} with gbak's lines after the stop): still read, and said as a stop, without the time it came at.
     */
    @Test
    void aRecordWrittenBeforeTheStopHadItsWordsIsStillSaidAsAStop(@TempDir Path dir) throws Exception {
        assertThat(Files.readString(RUN_FOLDER.resolve("run.json")))
                .contains("\"failure\" : null")
                .doesNotContain("errorsAfterStop");
        RestoreRun run = RunJson.read(RUN_FOLDER.resolve("run.json")).get(0);
        // read as today's records say it: the index the stop cut is not one gbak failed to build
        assertThat(Files.readString(RUN_FOLDER.resolve("run.json"))).contains("\"failed\" : true");
        assertThat(run.indexes()).noneMatch(IndexBuild::failed);
        assertThat(run.cutByStop().name()).isEqualTo("IX_ORDERS_CUST_DATE");
        assertThat(TextSummary.of(run, 10))
                .contains("         unknown  IX_ORDERS_CUST_DATE (ORDERS)  not built (stopped)\n")
                .contains("\n  incomplete stopped by --timeout\n")
                .doesNotContain("FAILED");
        String folder = RUN_FOLDER.getParent().toString();
        assertThat(Cli.run("check", folder, "--max-age", "0").out()) // a record of 2026-12-07
                .startsWith("CRITICAL: shop restore did not finish on 2026-12-07 03:46 UTC, ")
                .contains(" ago: stopped by --timeout (no baseline yet");
        assertThat(Cli.run("advise", folder).out())
                .contains(
                        "nothing to advise: the restore did not finish (stopped by --timeout): its phases are partial\n")
                .doesNotContain("no phase took");
        Cli.Result r = Cli.run("report", folder, "--out", dir.resolve("report").toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(Files.readString(dir.resolve("report/summary.md")))
                .contains("1 of 1 restore stopped before the end (stopped by --timeout): its total is unknown.")
                .contains("- 1 index build cut by the stop of its restore is left out: its time is unknown")
                .doesNotContain("was not built", "the log ends before the next line");
        // the page's index table and its failed indexes (the data the page draws from)
        assertThat(Files.readString(dir.resolve("report/report.html")))
                .contains("\"failedIndexes\":[]")
                .doesNotContain("[4,2.979,null,1]");
    }
}
