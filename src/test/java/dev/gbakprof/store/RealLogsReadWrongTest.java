package dev.gbakprof.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.model.IndexBuild;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.output.TextSummary;
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
 * (real logs that were once read wrong).
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
    void aFailedIndexOfALogWithoutTimesIsRecordedWithGbaksReasonAndWhetherGbakWentToItsEnd() throws Exception {
        // #7465 (Firebird 3.0.10, no -st, the "activating" line elided by the author): the foreign key's violation
        // names the index's table; gbak went on to "finishing, closing, and going home"
        RestoreRun fk = LogReader.read(resource("/published/fb3-issue7465-quoted.log"), null);
        assertThat(fk.columns()).isEmpty();
        assertThat(fk.reachedEnd()).isTrue();
        assertThat(fk.indexes())
                .containsExactly(new IndexBuild(
                        "FK_NAGL_NAGL_ID_B_NAGL_BL",
                        "NAGL",
                        dev.gbakprof.model.IndexMapping.LOG,
                        null,
                        null,
                        null,
                        null,
                        true,
                        null,
                        null,
                        List.of(
                                "violation of FOREIGN KEY constraint \"FK_NAGL_NAGL_ID_B_NAGL_BL\" on table \"NAGL\"",
                                "Foreign key reference target does not exist",
                                "Problematic key value is (\"ID_NAGL\" = 278228)")));
        assertThat(dev.gbakprof.stats.RunOutcome.indexesNotBuilt(fk)).containsExactly("FK_NAGL_NAGL_ID_B_NAGL_BL");

        // #8263 (Firebird 5.0.1 Classic, gbak -C without -v): gbak gave up the restore at the index
        RestoreRun classic = LogReader.read(resource("/published/fb5-issue8263-classic.log"), null);
        assertThat(classic.reachedEnd()).isFalse();
        assertThat(classic.indexes()).singleElement().satisfies(i -> {
            assertThat(i.name()).isEqualTo("PK_XYZ");
            assertThat(i.failed()).isTrue();
            assertThat(i.table()).isNull(); // the log does not say
            assertThat(i.seconds()).isNull();
            assertThat(i.errors())
                    .containsExactly(
                            "invalid database handle (no active connection)",
                            "action cancelled by trigger (3) to preserve data integrity",
                            "Cannot deactivate index used by a PRIMARY/UNIQUE constraint");
        });
        assertThat(dev.gbakprof.stats.RunOutcome.indexesNotBuilt(classic)).isEmpty();

        // real gbak 3.0.11 restores of the dupfail fixture without -st: with -v (the table from gbak's data order),
        // and without -v, whose only sign that gbak reached its end is "Database is not online", printed after its last
        // step
        RestoreRun verbose = LogReader.read(resource("/more-logs/dupfail-nost.log"), null);
        RestoreRun quiet = LogReader.read(resource("/more-logs/dupfail-quiet.log"), null);
        for (RestoreRun r : List.of(verbose, quiet)) {
            assertThat(r.status()).isEqualTo(RunStatus.FAILED);
            assertThat(r.reachedEnd()).isTrue();
            assertThat(r.totalSeconds()).isNull();
            IndexBuild failed =
                    r.indexes().stream().filter(IndexBuild::failed).findFirst().orElseThrow();
            assertThat(failed.name()).isEqualTo("UX_ITEMS_NORM_CODE");
            assertThat(failed.errors())
                    .containsExactly(
                            "attempt to store duplicate value (visible to active transactions) in unique index "
                                    + "\"UX_ITEMS_NORM_CODE\"",
                            "Problematic key value is (<expression> = 'ITEM-42')");
            assertThat(dev.gbakprof.stats.RunOutcome.indexesNotBuilt(r)).containsExactly("UX_ITEMS_NORM_CODE");
        }
        assertThat(verbose.indexes())
                .extracting(IndexBuild::name)
                .containsExactly("PK_TAGS", "PK_ITEMS", "UX_ITEMS_NORM_CODE");
        assertThat(verbose.indexes().get(2).table()).isEqualTo("ITEMS");
        assertThat(quiet.indexes())
                .singleElement()
                .satisfies(i -> assertThat(i.table()).isNull());
        // Firebird 5 prints the end's two lines as a status (docs/dev/GBAK-FORMAT.md §2, #7485): the quiet log so
        // written
        Path fb5 = dir.resolve("dupfail-quiet-fb5.log");
        Files.writeString(
                fb5,
                Files.readString(resource("/more-logs/dupfail-quiet.log"))
                        .replace("gbak:Database is not online", "gbak: ERROR:Database is not online")
                        .replace("gbak:Run gfix -online", "gbak: ERROR:    Run gfix -online"));
        RestoreRun quiet5 = LogReader.read(fb5, null);
        assertThat(quiet5.reachedEnd()).isTrue();
        assertThat(quiet5.indexes().get(0).errors())
                .isEqualTo(quiet.indexes().get(0).errors());
        // the timed restore of the same backup records the same lines on its index, and its end
        RestoreRun timed = Logs.read("dupfail-tdrw.log");
        assertThat(timed.reachedEnd()).isTrue();
        assertThat(timed.indexes().get(2).errors())
                .isEqualTo(verbose.indexes().get(2).errors());
        assertThat(timed.indexes().get(0).errors()).isNull(); // built: no failure's lines
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
    void aTableWhoseCountGbakNeverPrintedHasUnknownRowsNotZero(@TempDir Path dir) throws Exception {
        Path crash = resource("/published/fb5-issue7992-assertion.log"); // crashed after "restoring data for table T1"

        RestoreRun run = LogReader.read(crash, null);
        Cli.Result text = Cli.run("parse", crash.toString());
        Cli.Result json = Cli.run("parse", "--json", crash.toString());

        assertThat(run.tables()).singleElement().satisfies(t -> {
            assertThat(t.name()).isEqualTo("T1");
            assertThat(t.records()).isNull();
            assertThat(t.rowsPerSecond()).isNull();
        });
        assertThat(text.out())
                .contains("\n         unknown  T1                                   unknown records\n")
                .doesNotContain(" 0 records");
        assertThat(json.out()).contains("\"name\" : \"T1\",\n    \"records\" : null,");

        // the same log with gbak's own count of 0: 0 it is
        Path counted = dir.resolve("counted.log");
        Files.writeString(
                counted,
                Files.readString(crash)
                        .replace(
                                "gbak:restoring data for table T1\n",
                                "gbak:restoring data for table T1\ngbak:0 records restored\n"));
        assertThat(LogReader.read(counted, null).tables())
                .singleElement()
                .satisfies(t -> assertThat(t.records()).isEqualTo(0L));
        assertThat(Cli.run("parse", counted.toString()).out())
                .contains("\n         unknown  T1                                         0 records\n");
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
