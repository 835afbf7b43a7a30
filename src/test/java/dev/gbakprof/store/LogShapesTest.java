package dev.gbakprof.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.within;

import dev.gbakprof.model.Column;
import dev.gbakprof.model.IndexBuild;
import dev.gbakprof.model.Phase;
import dev.gbakprof.model.PhaseTime;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.model.TableLoad;
import dev.gbakprof.testutil.Logs;
import dev.gbakprof.testutil.Logs.Row;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real logs in the shapes they reach a DBA: a run cut in the middle of a line, an excerpt that kept the header, a
 * multi-volume backup, Firebird 4's batch fallback (several gbak runs appended to one file: {@code RunSplitterTest}).
 */
class LogShapesTest {

    @TempDir
    Path dir;

    @Test
    void aLastLineCutAfterTheTimeColumnStillTimesTheIndexBeforeIt() throws Exception {
        // gbak writes "gbak:", then each column, then the message (docs/dev/GBAK-FORMAT.md §5): a kill can stop it
        // after the time column. The time it printed says the index before had been built by then.
        List<String> lines = Files.readAllLines(Logs.log("small-tdrw.log"), StandardCharsets.UTF_8);
        int at = Logs.indexOfFirst(lines, "activating and creating deferred index ");
        String next = lines.get(at + 1);
        String cut = next.substring(0, next.indexOf('.') + 5); // "gbak:    0.172 "
        List<Row> rows = Logs.rows(Logs.log("small-tdrw.log"));
        Row index =
                rows.stream().filter(r -> r.lineNumber() == at + 1).findFirst().orElseThrow();
        Row after =
                rows.stream().filter(r -> r.lineNumber() == at + 2).findFirst().orElseThrow();
        for (String end : List.of("\n", "")) {
            Path log = Logs.write(dir, "cut.log", String.join("\n", lines.subList(0, at + 1)) + "\n" + cut + end);

            RestoreRun run = LogReader.read(log, null);

            assertThat(run.status()).isEqualTo(RunStatus.INCOMPLETE);
            IndexBuild built = run.indexes().get(0);
            assertThat(built.name()).isEqualTo(index.text().substring(39));
            assertThat(built.seconds()).isCloseTo((after.time() - index.time()) / 1000.0, within(1e-9));
            assertThat(run.lastSeenSeconds()).isCloseTo(after.time() / 1000.0, within(1e-9));
            assertThat(run.warningMessages()).noneMatch(w -> w.contains("build time unknown"));
        }
    }

    @Test
    void aLastLineCutDuringATablesDataLeavesItsLoadUnknown() throws Exception {
        // the message that was not printed may have been one more "records restored": the table is not done
        List<String> lines = Files.readAllLines(Logs.log("shop-tdrw.log"), StandardCharsets.UTF_8);
        int at = Logs.indexOfFirst(lines, "500000 records restored");
        String next = lines.get(at + 1);
        Path log = Logs.write(
                dir,
                "cut.log",
                String.join("\n", lines.subList(0, at + 1)) + "\n" + next.substring(0, next.indexOf('.') + 5) + "\n");

        RestoreRun run = LogReader.read(log, null);

        TableLoad orders = run.tables().stream()
                .filter(t -> t.name().equals("ORDERS"))
                .findFirst()
                .orElseThrow();
        assertThat(orders.seconds()).isNull();
        assertThat(orders.records()).isEqualTo(500_000);
        assertThat(run.warningMessages()).contains("table ORDERS: load time unknown, the log ends during its load");
        assertThat(run.lastSeenSeconds())
                .isEqualTo(Double.parseDouble(
                        next.substring(5, next.indexOf('.') + 4).strip()));
    }

    @Test
    void anExcerptThatKeptTheHeaderHasNoTotalAndNoSetupTime() throws Exception {
        List<String> lines = Files.readAllLines(Logs.log("shop-tdrw.log"), StandardCharsets.UTF_8);
        int at = Logs.indexOfFirst(lines, "activating and creating deferred index ");
        List<String> excerpt = new ArrayList<>(List.of(lines.get(0))); // the header line
        excerpt.addAll(lines.subList(at, lines.size()));
        RestoreRun full = Logs.read("shop-tdrw.log");

        RestoreRun run = LogReader.read(Logs.write(dir, "excerpt.log", String.join("\n", excerpt) + "\n"), null);

        assertThat(run.totalSeconds())
                .as("the restore's start is not in the log")
                .isNull();
        // the phases before its first line are not in the log: unknown, never 0; from there on they are known
        assertThat(run.phases())
                .extracting(PhaseTime::name, PhaseTime::seconds)
                .containsExactly(
                        tuple(Phase.SETUP, null),
                        tuple(Phase.METADATA, null),
                        tuple(Phase.DATA, null),
                        tuple(Phase.INDEXES, run.phaseSeconds(Phase.INDEXES)),
                        tuple(Phase.FINISH, full.phaseSeconds(Phase.FINISH)));
        // it shows the restore from its first index build to its end
        assertThat(run.phaseSeconds(Phase.INDEXES) + run.phaseSeconds(Phase.FINISH))
                .isCloseTo(full.totalSeconds() - run.indexes().get(0).startSeconds(), within(1e-9));
        assertThat(run.warningMessages()).anySatisfy(w -> assertThat(w).contains("not at the start of the restore"));
        assertThat(run.indexes())
                .extracting(IndexBuild::seconds)
                .isEqualTo(full.indexes().stream().map(IndexBuild::seconds).toList());
    }

    @Test
    void theNextVolumeOfABackupOpenedDuringATableGoesOnWithThatTable() throws Exception {
        // a multi-volume backup restored from its first file: gbak asks for the next one in the middle of the
        // data (mvol.cpp next_volume), prints "Starting with volume #2" and "opened file" again
        List<String> lines = new ArrayList<>(Files.readAllLines(Logs.log("shop-tdrw.log"), StandardCharsets.UTF_8));
        int at = Logs.indexOfFirst(lines, "500000 records restored");
        String time = lines.get(at).substring(0, lines.get(at).indexOf('.') + 4);
        lines.add(at + 1, "Starting with volume #2, \"shop-2.fbk\"");
        lines.add(at + 2, time + "  0.000      0      0 opened file shop-2.fbk");
        RestoreRun full = Logs.read("shop-tdrw.log");

        RestoreRun run = LogReader.read(Logs.write(dir, "volumes.log", String.join("\n", lines) + "\n"), null);

        TableLoad orders = run.tables().stream()
                .filter(t -> t.name().equals("ORDERS"))
                .findFirst()
                .orElseThrow();
        assertThat(orders)
                .isEqualTo(full.tables().stream()
                        .filter(t -> t.name().equals("ORDERS"))
                        .findFirst()
                        .orElseThrow());
        assertThat(orders.records()).isEqualTo(1_000_000);
        assertThat(run.phases()).isEqualTo(full.phases());
        assertThat(run.indexes()).isEqualTo(full.indexes());
        assertThat(run.backupFile()).isEqualTo(full.backupFile());
    }

    @Test
    void firebird4BatchFallbackEndsThePreviousTableNotTheNext() throws Exception {
        // msg 371 is printed by get_data() of table T before its "restoring data for table T" (restore.epp):
        // Firebird 3 never prints it, so these lines are written by hand from the message catalogue
        Path log = Logs.write(
                dir,
                "batch.log",
                String.join(
                        "\n",
                        "gbak: time     delta  reads  writes ",
                        "gbak:    0.000  0.000      0      0 opened file b.fbk",
                        "gbak:    0.100  0.100      0    667 created database b.fdb, page_size 8192 bytes",
                        "gbak:    0.100  0.000      0      0 committing metadata",
                        "gbak:    1.000  0.900      0      0 restoring data for table S",
                        "gbak:    2.000  1.000      0      0    500 records restored",
                        "gbak:    5.000  3.000      0      0 could not start batch when restoring table T, trying old way",
                        "gbak:    5.100  0.100      0      0 restoring data for table T",
                        "gbak:    6.000  0.900      0      0    700 records restored",
                        "gbak:    6.100  0.100      0      0 creating indexes",
                        "gbak:    6.200  0.100      0      0 finishing, closing, and going home",
                        "gbak:    6.200  0.000      0      0 total statistics",
                        ""));

        RestoreRun run = LogReader.read(log, null);

        assertThat(run.tables())
                .extracting(TableLoad::name, TableLoad::seconds)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("S", 4.0), org.assertj.core.groups.Tuple.tuple("T", 1.0));
    }

    @Test
    void aFileEndingInNulBytesIsReadUpToThemWithAWarning() throws Exception {
        // a crash or a power loss can leave a log whose size was written but not its last blocks: zeros
        byte[] log = Files.readAllBytes(Logs.log("shop-tdrw.log"));
        byte[] cut = java.util.Arrays.copyOf(log, 9000);
        RestoreRun expected = LogReader.read(writeBytes("cut.log", cut), null);
        for (int zeros : new int[] {1, 4096, 100_000}) { // within the first 64 KB looked at by open(), and beyond
            byte[] crashed = java.util.Arrays.copyOf(cut, cut.length + zeros);

            RestoreRun run = LogReader.read(writeBytes("crashed.log", crashed), null);

            assertThat(Logs.bare(run)).isEqualTo(Logs.bare(expected));
            long lines = new String(cut, StandardCharsets.UTF_8).lines().count();
            assertThat(run.warningMessages())
                    .contains("the file ends in " + zeros + " NUL bytes after line " + lines
                            + " (written only in part: a crash or a power loss?); read up to there");
        }
    }

    @Test
    void aUtf16FileEndingInNulBytesIsReadUpToThemToo() throws Exception {
        // PowerShell's > writes UTF-16LE: the same crash leaves the same zeros
        String cut =
                new String(Files.readAllBytes(Logs.log("shop-tdrw.log")), StandardCharsets.UTF_8).substring(0, 9000);
        byte[] text = ("\uFEFF" + cut).getBytes(StandardCharsets.UTF_16LE);
        RestoreRun expected = LogReader.read(writeBytes("cut16.log", text), null);
        for (int zeros : new int[] {2, 4096, 100_000}) {
            RestoreRun run = LogReader.read(
                    writeBytes("crashed16.log", java.util.Arrays.copyOf(text, text.length + zeros)), null);

            assertThat(Logs.bare(run)).isEqualTo(Logs.bare(expected));
            assertThat(run.warningMessages())
                    .contains("the file ends in " + zeros + " NUL bytes after line "
                            + cut.lines().count()
                            + " (written only in part: a crash or a power loss?); read up to there");
        }
        byte[] bad = java.util.Arrays.copyOf(text, text.length + 4096 + 4);
        bad[bad.length - 2] = 'x';
        Path f = writeBytes("bad16.log", bad);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> LogReader.read(f, null))
                .isInstanceOf(dev.gbakprof.log.LogFormatException.class)
                .hasMessageContaining("NUL bytes");
    }

    @Test
    void nulBytesFollowedByTextAreBinaryData() throws Exception {
        byte[] log = Files.readAllBytes(Logs.log("small-tdrw.log"));
        // a block of 512 NUL bytes or more is a crash's hole before the next night's >> (NightlyLogsTest): read on
        byte[] hole = java.util.Arrays.copyOf(log, log.length + 100_001);
        hole[hole.length - 1] = 'x';
        Path h = writeBytes("hole.log", hole);
        org.assertj.core.api.Assertions.assertThatCode(() -> LogReader.read(h, null))
                .doesNotThrowAnyException();
        for (int zeros : new int[] {16}) {
            byte[] bad = java.util.Arrays.copyOf(log, log.length + zeros + 1);
            bad[bad.length - 1] = 'x';
            Path f = writeBytes("bad.log", bad);

            org.assertj.core.api.Assertions.assertThatThrownBy(() -> LogReader.read(f, null))
                    .isInstanceOf(dev.gbakprof.log.LogFormatException.class)
                    .hasMessageContaining("NUL bytes")
                    .extracting(e -> ((dev.gbakprof.log.LogFormatException) e).line())
                    .isEqualTo(new String(log, StandardCharsets.UTF_8).lines().count() + 1);
        }
    }

    @Test
    void aFirebird5LogPastedIntoAnIssueWithMarkdownEmphasisIsReadWhole() throws Exception {
        Path log = Path.of(LogShapesTest.class
                .getResource("/published/fb5-issue8140-excerpt.log")
                .toURI());

        RestoreRun run = LogReader.read(log, null);

        assertThat(run.columns()).containsExactly(Column.TIME, Column.DELTA);
        assertThat(run.parallelWorkers()).isEqualTo(4); // on a line wrapped in ** by the issue's author
        assertThat(run.warningMessages())
                .contains("gbak: WARNING:Wrong parallel workers value 4, valid range are from 1 to 1");
        assertThat(run.backupVersion()).isEqualTo(11);
        assertThat(run.pageSize()).isEqualTo(16384);
        assertThat(run.database()).isEqualTo("RESTORED_DB.FDB");
        assertThat(run.status()).isEqualTo(RunStatus.INCOMPLETE);
        assertThat(run.lastSeenSeconds()).isEqualTo(0.199);
        assertThat(run.phases().get(0).seconds()).as("setup, from gbak's start").isEqualTo(0.199);
    }

    @Test
    void markdownMarksAroundAPastedLineAreNotPartOfItsMessage() throws Exception {
        Path log = Logs.write(
                dir,
                "pasted.log",
                String.join(
                        "\n",
                        "gbak: time     delta",
                        "> gbak:    0.005  0.005 opened file X.FBK",
                        "`gbak:    0.100  0.095     activating and creating deferred index IX_A_`",
                        "_gbak:    0.200  0.100     activating and creating deferred index IX_B__",
                        "gbak:    0.300  0.100     activating and creating deferred index IX_C_",
                        "gbak:    0.400  0.100 adjusting views dbkey length",
                        ""));

        RestoreRun run = LogReader.read(log, null);

        assertThat(run.backupFile()).isEqualTo("X.FBK");
        // `…` and _…_ are marks; a name's own trailing _ stays (IX_B_ inside _…_, IX_C_ on a plain line)
        assertThat(run.indexes()).extracting(IndexBuild::name).containsExactly("IX_A_", "IX_B_", "IX_C_");
    }

    @Test
    void aColumnCutInTheMiddleOfItsDigitsIsNotRead() throws Exception {
        // a crash cuts the file at any byte: "gbak:   11.858  3.326   9161    6" lost the "16" of 616 writes
        List<String> lines = Files.readAllLines(Logs.log("shop-tdrw.log"), StandardCharsets.UTF_8);
        int at = Logs.indexOfFirst(lines, "activating and creating deferred index IX_ORDERS_STATUS_YEAR");
        String next = lines.get(at + 1);
        Row index = Logs.rows(Logs.log("shop-tdrw.log")).stream()
                .filter(r -> r.lineNumber() == at + 1)
                .findFirst()
                .orElseThrow();
        Row after = Logs.rows(Logs.log("shop-tdrw.log")).stream()
                .filter(r -> r.lineNumber() == at + 2)
                .findFirst()
                .orElseThrow();
        String head = String.join("\n", lines.subList(0, at + 1)) + "\n";
        String timeOnly = next.substring(0, next.indexOf('.') + 4); // "gbak:   11.858"
        for (int cut = timeOnly.length() - 2; cut <= next.length() - 1; cut++) {
            String partial = next.substring(0, cut);
            String[] tokens = partial.substring(5).strip().split("\\s+");
            if (partial.endsWith(" ") || tokens.length > 4) {
                continue; // a column complete with its blank, or cut in the message: other tests
            }
            RestoreRun run = LogReader.read(Logs.write(dir, "cut.log", head + partial), null);

            IndexBuild built = run.indexes().get(run.indexes().size() - 1);
            int complete = tokens.length - 1; // the last token has no blank after it: cut
            assertThat(built.seconds())
                    .as("cut after %s", partial)
                    .isEqualTo(complete >= 1 ? (after.time() - index.time()) / 1000.0 : null);
            assertThat(built.reads()).as("cut after %s", partial).isEqualTo(complete >= 3 ? after.reads() : null);
            assertThat(built.writes()).as("cut after %s", partial).isNull();
        }
    }

    @Test
    void aRecordsLineCutInItsMessageLeavesTheTableLoadUnknown() throws Exception {
        List<String> lines = Files.readAllLines(Logs.log("shop-tdrw.log"), StandardCharsets.UTF_8);
        int at = Logs.indexOfFirst(lines, "300000 records restored");
        String line = lines.get(at);
        String head = String.join("\n", lines.subList(0, at)) + "\n";
        for (String partial : List.of(
                line.substring(0, line.indexOf("300000") + 4),
                line.substring(0, line.indexOf(" records") + 8),
                line.substring(0, line.length() - 3))) {
            byte[] crashed = java.util.Arrays.copyOf(
                    (head + partial).getBytes(StandardCharsets.UTF_8), (head + partial).length() + 4096);

            RestoreRun run = LogReader.read(writeBytes("crash.log", crashed), null);

            TableLoad orders = run.tables().stream()
                    .filter(t -> t.name().equals("ORDERS"))
                    .findFirst()
                    .orElseThrow();
            assertThat(orders.seconds()).as(partial).isNull();
            assertThat(orders.records()).isEqualTo(290_000);
        }
    }

    @Test
    void aLogQuotedOrListedInMarkdownReadsLikeTheLogItself() throws Exception {
        RestoreRun plain = Logs.read("small-tdrw.log");
        for (String[] marks : new String[][] {{"> **", "**"}, {"- `", "`"}, {"> ", ""}, {"_", "_"}}) {
            StringBuilder md = new StringBuilder();
            for (String l : Files.readAllLines(Logs.log("small-tdrw.log"), StandardCharsets.UTF_8)) {
                md.append(marks[0]).append(l).append(marks[1]).append('\n');
            }

            RestoreRun run = LogReader.read(Logs.write(dir, "pasted.md", md.toString()), null);

            assertThat(Logs.bare(run)).as(marks[0]).isEqualTo(Logs.bare(plain));
        }
    }

    @Test
    void aServicesRestoreThatFailsIsFailedWithTheServicesOwnWords() throws Exception {
        RestoreRun run = LogReader.read(Logs.more("svc-exists.log"), null);

        assertThat(run.status()).isEqualTo(RunStatus.FAILED);
        assertThat(run.errors())
                .containsExactly(
                        "database /tmp/mk/svc/a.fdb already exists.  To replace it, use the -REP switch",
                        "-Exiting before completion due to errors");
    }

    @Test
    void aRestoreThatFailsBeforeAnyTimedLineIsFailedNotRefused() throws Exception {
        RestoreRun run = LogReader.read(Logs.more("small-missing.log"), null);

        assertThat(run.status()).isEqualTo(RunStatus.FAILED);
        assertThat(run.errors())
                .containsExactly("ERROR:cannot open backup file nosuch.fbk", "Exiting before completion due to errors");
    }

    @Test
    void aDeltaOnlyLogWithoutItsHeaderIsReadAsDeltaByItsWidth() throws Exception {
        String log = Files.readString(Logs.more("small-d.log"));
        RestoreRun withHeader = LogReader.read(Logs.more("small-d.log"), null);

        RestoreRun without = LogReader.read(Logs.write(dir, "nohdr.log", log.substring(log.indexOf('\n') + 1)), null);

        assertThat(without.columns()).containsExactly(Column.DELTA);
        assertThat(without.indexes()).isEqualTo(withHeader.indexes());
        assertThat(without.tables()).isEqualTo(withHeader.tables());
        assertThat(without.phases()).isEqualTo(withHeader.phases());
    }

    @Test
    void indexesRestoredInactiveAreNamedInAWarning() throws Exception {
        RestoreRun run = LogReader.read(Logs.more("small-i.log"), null);

        assertThat(run.indexes()).isEmpty();
        assertThat(run.warningMessages())
                .contains(
                        "9 index definitions never activated, so restored inactive and not built (gbak -i, or "
                                + "inactive in the backup): FK_EMPLOYEES_DEPT, FK_PROJECTS_DEPT, IX_EMPLOYEES_NAME, "
                                + "IX_EMPTY_NOTES_CREATED, PK_DEPARTMENTS, PK_EMPLOYEES, PK_EMPTY_NOTES, PK_PROJECTS, UQ_DEPARTMENTS_CODE");
        assertThat(Logs.read("small-tdrw.log").warningMessages()).noneMatch(w -> w.contains("never activated"));
    }

    @Test
    void anIndexInactiveInTheBackupIsSaidToBeSoWhenGbakActivatedTheOthers() {
        // dupfail's UX_TAGS_NAME was made inactive before its backup. A real 3.0.11 restore of it (gbak -c -v -st tdrw)
        // leaves it with RDB$INDEX_INACTIVE 1 and no index pages (fbstat -i): it was not built at "creating indexes"
        // either; gbak activated the three others, so this was no gbak -i
        for (String log : List.of("dupfail-tdrw.log", "dupfail-services-fbsvcmgr.log")) {
            assertThat(Logs.read(log).warnings())
                    .filteredOn(w -> w.is(dev.gbakprof.model.WarningCode.INDEXES_NOT_ACTIVATED))
                    .extracting(dev.gbakprof.model.Warning::message)
                    .as(log)
                    .containsExactly("1 index definition inactive in the backup, so restored inactive and not built "
                            + "(gbak activated the others, so not gbak -i): UX_TAGS_NAME");
        }
    }

    @Test
    void aScriptsOwnLinesAfterAFinishedRestoreAreNotItsErrors() throws Exception {
        // a batch file echoing a banner into the same log after gbak
        Path log = Logs.write(
                dir,
                "banner.log",
                Logs.text("small-tdrw.log") + "restore of small.fbk finished\n------------------------------\n");

        RestoreRun run = LogReader.read(log, null);

        assertThat(run.status()).isEqualTo(RunStatus.COMPLETED);
        assertThat(run.errors()).isEmpty();
    }

    @Test
    void anApplicationLogWithAnErrorLineIsNotGbakOutput() throws Exception {
        Path log = Logs.write(dir, "app.log", "2024-01-01 app started\nERROR: connection refused\nretrying\n");

        org.assertj.core.api.Assertions.assertThatThrownBy(() -> LogReader.read(log, null))
                .isInstanceOf(dev.gbakprof.log.LogFormatException.class)
                .hasMessageContaining("no gbak restore message");
    }

    @Test
    void aUtf16LogCutInTheMiddleOfAColumnReadsLikeItsUtf8Twin() throws Exception {
        List<String> lines = Files.readAllLines(Logs.log("shop-tdrw.log"), StandardCharsets.UTF_8);
        String cut = String.join("\n", lines.subList(0, 88)) + "\ngbak:    0.9";
        RestoreRun utf8 = LogReader.read(Logs.write(dir, "cut8.log", cut), null);

        RestoreRun utf16 =
                LogReader.read(writeBytes("cut16.log", ("\uFEFF" + cut).getBytes(StandardCharsets.UTF_16LE)), null);

        assertThat(Logs.bare(utf16)).isEqualTo(Logs.bare(utf8));
        assertThat(utf16.lastSeenSeconds()).isLessThan(0.9); // "0.9" was cut: not 0.900 s
    }

    @Test
    void aHeaderlessExcerptWithCollapsedBlanksReadsItsOnlyDecimalColumnAsTime() throws Exception {
        Path log = Logs.write(
                dir,
                "collapsed.log",
                "gbak: 12.345 restoring data for table ORDERS\ngbak: 13.500 100000 records restored\n"
                        + "gbak: 14.000 restoring index PK_ORDERS\ngbak: 15.000 finishing, closing, and going home\n");

        RestoreRun run = LogReader.read(log, null);

        assertThat(run.columns()).containsExactly(Column.TIME);
        assertThat(run.lastSeenSeconds()).isEqualTo(15.0);
    }

    @Test
    void aUtf16LogWithoutBomEndingInNulBytesIsStillUtf16() throws Exception {
        byte[] text = Files.readAllBytes(Logs.log("small-tdrw.utf16le.log"));
        byte[] noBom = java.util.Arrays.copyOfRange(text, 2, 1500);
        RestoreRun expected = LogReader.read(writeBytes("u16.log", noBom), null);

        RestoreRun run =
                LogReader.read(writeBytes("u16nul.log", java.util.Arrays.copyOf(noBom, noBom.length + 8192)), null);

        assertThat(Logs.bare(run)).isEqualTo(Logs.bare(expected));
    }

    @Test
    void aGluedFirstLineOfAHeaderlessPasteKeepsTheColumnsItShows() throws Exception {
        // a paste that lost a line break on its first line: the columns are inferred from that line's numbers
        List<String> lines = Files.readAllLines(Logs.log("small-tdrw.log"), StandardCharsets.UTF_8);
        List<String> paste = new ArrayList<>(lines.subList(1, lines.size())); // no header
        paste.set(0, paste.get(0) + " restoring d" + paste.get(0).replace("small.fbk", "x.fbk"));

        RestoreRun run = LogReader.read(Logs.write(dir, "paste.log", String.join("\n", paste) + "\n"), null);

        assertThat(run.columns()).containsExactly(Column.TIME, Column.DELTA, Column.READS, Column.WRITES);
        assertThat(run.indexes())
                .extracting(IndexBuild::seconds)
                .isEqualTo(Logs.read("small-tdrw.log").indexes().stream()
                        .map(IndexBuild::seconds)
                        .toList());
    }

    private Path writeBytes(String name, byte[] bytes) throws Exception {
        Path f = dir.resolve(name);
        Files.write(f, bytes);
        return f;
    }
}
