package dev.gbakprof.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.model.IndexBuild;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.report.TextSummary;
import dev.gbakprof.testutil.Cli;
import dev.gbakprof.testutil.Logs;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Published logs (src/test/resources/published/) and real gbak output (more-logs/) that were read wrong
 * (issue 12, "Real logs read wrong").
 */
class RealLogsReadWrongTest {

    @TempDir
    Path dir;

    private static Path resource(String path) throws Exception {
        return Path.of(RealLogsReadWrongTest.class.getResource(path).toURI());
    }

    @Test
    void aLogPastedInQuotesKeepsItsFirstLineAndLosesTheClosingQuote() throws Exception {
        // #7465: the author put the whole paste in double quotes
        RestoreRun run = LogReader.read(resource("/published/fb3-issue7465-quoted.log"), null);

        assertThat(run.status()).isEqualTo(RunStatus.FAILED);
        assertThat(run.errors()).first().isEqualTo("cannot commit index FK_NAGL_NAGL_ID_B_NAGL_BL");
        assertThat(run.errors())
                .contains("ERROR:violation of FOREIGN KEY constraint \"FK_NAGL_NAGL_ID_B_NAGL_BL\" on table \"NAGL\"");
        assertThat(run.errors()).last().isEqualTo("Run gfix -online to bring database online without active indices.");
    }

    @Test
    void anUntimedLogThatShowsACrashIsAFailedRecordAsOtherUntimedFailuresAre() throws Exception {
        Path crash = resource("/published/fb5-issue7992-assertion.log"); // Firebird 5 debug build, no -st
        Path exists = resource("/more-logs/small-nost-exists.log"); // Firebird 3, no -st, the database exists

        RestoreRun crashed = LogReader.read(crash, null);
        RestoreRun failed = LogReader.read(exists, null);

        assertThat(crashed.status()).isEqualTo(failed.status()).isEqualTo(RunStatus.FAILED);
        assertThat(crashed.errors())
                .containsExactly("Assertion (space > 0) failure: d:\\Repo\\firebird_5_0\\gen\\burp\\restore.cpp 22158");
        assertThat(Cli.run("parse", crash.toString()).code())
                .isEqualTo(Cli.run("parse", exists.toString()).code())
                .isEqualTo(1);
    }

    @Test
    void aTruncatedBackupSaysTheBackupFileEndsEarlyNotHalfAPrompt() throws Exception {
        RestoreRun run = LogReader.read(resource("/more-logs/shop-truncated-backup.log"), null);

        assertThat(run.status()).isEqualTo(RunStatus.FAILED);
        assertThat(run.failure()).isEqualTo("backup file ends early: gbak asked for volume 2");
        assertThat(run.errors()).containsExactly("Done with volume #1, \"trunc.fbk\"", "ERROR: Backup incomplete");
        assertThat(TextSummary.of(run, 5)).contains("  failed     backup file ends early: gbak asked for volume 2\n");
    }

    @Test
    void aFirebird6NameCutInsideItsQuotesIsNoIndex() throws Exception {
        // a Firebird 6 restore (quoted names, #9024/#9075) killed while gbak wrote the name of the index it started
        String log = Files.readString(Logs.log("small-tdrw.log"), StandardCharsets.UTF_8)
                .replace("index PK_", "index \"PUBLIC\".\"PK_")
                .replaceAll("(index \"PUBLIC\"\\.\"PK_\\w+)", "$1\"");
        int cut = log.indexOf("activating and creating deferred index \"PUBLIC\".\"PK_DEPARTMENTS\"");
        Path f = dir.resolve("fb6-cut.log");
        Files.writeString(
                f,
                log.substring(0, cut) + "activating and creating deferred index \"PUBLIC\".\"PK_DEP",
                StandardCharsets.UTF_8);

        RestoreRun run = LogReader.read(f, null);

        assertThat(run.indexes())
                .extracting(IndexBuild::name)
                .doesNotContain("\"PUBLIC\".\"PK_DEP")
                .contains("\"PUBLIC\".\"PK_EMPLOYEES\"", "IX_EMPLOYEES_NAME");
        IndexBuild last = run.indexes().get(run.indexes().size() - 1);
        assertThat(last.name()).isEqualTo("IX_EMPLOYEES_NAME");
        assertThat(last.seconds()).isNotNull(); // the cut line's time still ends it
        assertThat(run.status()).isEqualTo(RunStatus.INCOMPLETE);
    }

    @Test
    void theSummaryPrintsGbakprofsOwnWordsApartFromGbaks() {
        RestoreRun run = Logs.read("shop-tdrw.log").toBuilder()
                .status(RunStatus.FAILED)
                .failure("the services restore ended before finishing (no error from the server)")
                .build();

        String summary = TextSummary.of(run, 3);

        assertThat(summary)
                .contains("  failed     the services restore ended before finishing (no error from the server)\n")
                .doesNotContain("errors (gbak's own words)");
        assertThat(RunJson.read(write(run)).get(0).failure()).isEqualTo(run.failure());
    }

    private Path write(RestoreRun run) {
        try {
            Path f = dir.resolve("run.json");
            RunJson.write(run, f);
            return f;
        } catch (java.io.IOException ex) {
            throw new java.io.UncheckedIOException(ex);
        }
    }

    @Test
    void aFailedUntimedRunAfterItsTimedOneIsStillAFailure() throws Exception {
        List<RestoreRun> runs = LogReader.readAll(FuzzReproducersTest.fuzz("failed-untimed-appended.log"), null);
        assertThat(runs.get(1).failure()).isNull(); // gbak's own words say it all
    }
}
