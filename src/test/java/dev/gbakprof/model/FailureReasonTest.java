package dev.gbakprof.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.advice.Advisor;
import dev.gbakprof.history.Check;
import dev.gbakprof.history.Trend;
import dev.gbakprof.log.LogFormatException;
import dev.gbakprof.output.Lang;
import dev.gbakprof.output.NoteText;
import dev.gbakprof.output.TextSummary;
import dev.gbakprof.output.Texts;
import dev.gbakprof.stats.Analysis;
import dev.gbakprof.stats.NoteCode;
import dev.gbakprof.store.LogReader;
import dev.gbakprof.testutil.Logs;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Why a run failed is gbak's error, word for word: the line gbak marks as an error, never one it prints around it
 * (its question for the next volume, {@code cannot commit index}, {@code Exiting before completion}); and check,
 * advise, the report's note and the summary all say the same one.
 */
class FailureReasonTest {

    /** What gbak prints around an error: none of them is the reason. */
    private static final List<String> AROUND = List.of(
            "Done with volume #",
            "cannot commit index ",
            "Exiting before completion",
            "-Exiting before completion",
            "Database is not online",
            "Run gfix -online");

    /** check's line on a failed run, its reason in group 1 (a refused login is UNKNOWN, a configuration problem). */
    private static final Pattern CHECK_LINE = Pattern.compile(
            "^(?:CRITICAL: x (?:restore|backup \\(of the drill\\)) failed|UNKNOWN: x: the newest restore) on"
                    + " 2026-01-01 00:00 UTC, 1 min 00 s ago(?: could not log in, a configuration problem, not a failed restore)?: (.*)"
                    + " \\(no baseline yet: no completed run before it\\)$");

    @Test
    void everyFailedLogOfTheTestsAndSamplesGivesGbaksErrorLineAsItsReasonInEachCommand() throws Exception {
        Map<String, String> reasons = new TreeMap<>();
        Map<RestoreRun, String> failed = new LinkedHashMap<>();
        for (Path log : Logs.everyFile(".log")) {
            if (log.startsWith(Path.of("src/test/resources/fuzz"))) {
                continue; // made to break the reader, not gbak's output
            }
            List<RestoreRun> runs;
            try {
                runs = LogReader.readAll(log, "x");
            } catch (LogFormatException notALog) {
                continue;
            }
            String text = Files.readString(log, StandardCharsets.ISO_8859_1);
            for (RestoreRun run : runs) {
                if (run.status() != RunStatus.FAILED) {
                    continue;
                }
                String reason = checkReason(run);
                String where = log + ": " + reason;
                if (run.failure() == null) {
                    // gbak's own lines, word for word (its first, then the indented lines of the same status vector
                    // after it, joined with ": "), and its error, not what it prints around one
                    String[] lines = reason.startsWith("ERROR:") ? reason.split(": (?=\\S)") : new String[] {reason};
                    assertThat(text).as(where).contains(lines[0]);
                    for (int i = 1; i < lines.length; i++) {
                        assertThat(text).as(where).containsPattern("ERROR:\\s+" + Pattern.quote(lines[i]));
                    }
                    assertThat(AROUND).as(where).noneMatch(reason::startsWith);
                }
                failed.put(run, reason);
                reasons.put(log.toString().replace('\\', '/'), reason);
            }
        }
        // advise, the summary and the report's note give the reason check gives
        failed.forEach((run, reason) -> {
            String where = run.source() + ": " + reason;
            assertThat(Advisor.nothingBecause(List.of(run)))
                    .as(where)
                    .startsWith("the restore failed (" + reason + "): make it restore first")
                    .doesNotContain("no phase took");
            assertThat(TextSummary.of(run, 5)).as(where).contains("\n  failed     " + reason + "\n");
            Analysis.of(List.of(run), null).notes().stream()
                    .filter(n -> n.code() == NoteCode.RUNS_FAILED)
                    .forEach(n -> assertThat(NoteText.of(n, Texts.of(Lang.EN)).message())
                            .as(where)
                            .isEqualTo("x: 1 of 1 run failed: " + reason));
        });
        assertThat(reasons)
                .containsAllEntriesOf(Map.of(
                        "samples/dupfail-tdrw.log",
                        "ERROR:attempt to store duplicate value (visible to active transactions) in unique index"
                                + " \"UX_ITEMS_NORM_CODE\": Problematic key value is (<expression> = 'ITEM-42')",
                        // the three lines of one status vector: the error, then why
                        "src/test/resources/published/fb3-issue7465-quoted.log",
                        "ERROR:violation of FOREIGN KEY constraint \"FK_NAGL_NAGL_ID_B_NAGL_BL\" on table \"NAGL\":"
                                + " Foreign key reference target does not exist: Problematic key value is (\"ID_NAGL\" ="
                                + " 278228)",
                        "src/test/resources/published/fb5-issue7992-assertion.log",
                        "Assertion (space > 0) failure: d:\\Repo\\firebird_5_0\\gen\\burp\\restore.cpp 22158",
                        // a line that is not indented is gbak's next error, not this one's cause
                        "src/test/resources/published/fb5-issue8263-classic.log",
                        "ERROR:invalid database handle (no active connection)",
                        // gbak's prompt for the next volume of a backup file cut at 13,000 bytes, then its error
                        "src/test/resources/more-logs/small-cut-backup.log",
                        "ERROR: Backup incomplete",
                        // gbakprof's own words, where gbak's do not say it plainly
                        "src/test/resources/more-logs/shop-truncated-backup.log",
                        "backup file ends early: gbak asked for volume 2",
                        // the services manager's status vector has no ERROR: line: its first line
                        "src/test/resources/more-logs/svc-exists.log",
                        "database /tmp/mk/svc/a.fdb already exists.  To replace it, use the -REP switch"));
    }

    @Test
    void gbaksErrorKeepsUpToThreeLinesOfItsStatusVectorAndStopsAtTheNextError() {
        assertThat(FailureReason.gbakError(List.of(
                        "ERROR:bad parameters on attach or create database",
                        "ERROR:    Attempt to set in database number of buffers which is out of acceptable range"
                                + " [50:2147483646]",
                        "ERROR:failed to create database /tmp/x.fdb",
                        "Exiting before completion due to errors")))
                .isEqualTo("ERROR:bad parameters on attach or create database: Attempt to set in database number of"
                        + " buffers which is out of acceptable range [50:2147483646]");
        assertThat(FailureReason.gbakError(List.of("ERROR:a", "ERROR:    b", "ERROR:    c", "ERROR:    d")))
                .isEqualTo("ERROR:a: b: c");
        assertThat(FailureReason.gbakError(List.of("cannot commit index X", "ERROR:a ", "ERROR:    ", "ERROR: b")))
                .isEqualTo("ERROR:a");
    }

    /** The reason {@code check} gives for a run that is the newest of its backup. */
    private static String checkReason(RestoreRun run) {
        RestoreRun dated = run.toBuilder().startedAt("2026-01-01T00:00:00Z").build();
        Trend trend = Trend.of(List.of(Path.of("runs", "x")), List.of(dated), Trend.By.LABEL)
                .get(0);
        String line = Check.of(
                        trend,
                        trend.shortName(),
                        null,
                        null,
                        null,
                        Instant.parse("2026-01-01T00:01:00Z"),
                        Durations::human)
                .line();
        Matcher m = CHECK_LINE.matcher(line);
        assertThat(m.matches()).as(line).isTrue();
        return m.group(1);
    }
}
