package dev.gbakprof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gbakprof.model.ExitCode;
import dev.gbakprof.store.RunMarker;
import dev.gbakprof.testutil.Cli;
import dev.gbakprof.testutil.Jvm;
import dev.gbakprof.testutil.Restores;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the nightly watch prints, as a monitoring system and a DBA read it: one first line of printable ASCII under
 * cron's C locale, whatever a label or gfix's words hold; a login refused night after night; what a runs folder
 * without the label asked for holds; history's headline and its numbers, rounded as every figure is. Run folders made
 * of the shop fixture's real gbak log.
 */
class CheckWatchLinesTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    /** Nights 1 to {@code n} of the shop fixture's restore, completed, in {@code dir}/runs. */
    private Path goodNights(int n) throws Exception {
        return Restores.nights(dir.resolve("runs"), "samples/shop-tdrw.log", n);
    }

    private static final String REFUSED =
            "localhost/3050: wrong user name or password for SYSDBA (the server refused the login)";

    @Test
    void aLoginRefusedSinceLongerThanTheMaxAgeIsCriticalAndSaysTheNightsWereRefusedLogins() throws Exception {
        Path runs = goodNights(4); // 1 Dec 2026: days before now
        Instant now = Instant.now();
        // a night whose record says its login was refused, and a night refused before it started, both recent
        Path night = Restores.night(
                runs, "samples/shop-tdrw.log", now.minus(Duration.ofHours(25)), "nightly", "/backups/erp.fbk");
        Restores.edit(night, r -> {
            r.put("status", "failed");
            r.putNull("totalSeconds");
            r.put("failure", REFUSED);
        });
        Path refused = Files.createDirectories(runs.resolve("29991231-000000-nightly"));
        RunMarker.refused(refused, "/backups/erp.fbk", "nightly", "/db/erp-test.fdb", REFUSED);

        Cli.Result r = Cli.run("check", runs.toString(), "--label", "nightly", "--max-age", "26h");
        assertThat(r.code()).as(r.out()).isEqualTo(ExitCode.CHECK_CRITICAL);
        assertThat(r.out())
                .startsWith("CRITICAL: nightly: no successful restore test for ")
                .contains(" h (more than --max-age 26 h): the last completed restore started on 2026-12-01 04:00"
                        + " UTC; the 2 runs since were refused at their login, a configuration problem: " + REFUSED);

        // the newest night's record alone: the same
        Files.delete(refused.resolve(".gbakprof-running"));
        Files.delete(refused);
        Cli.Result record = Cli.run("check", runs.toString(), "--label", "nightly");
        assertThat(record.code()).as(record.out()).isEqualTo(ExitCode.CHECK_CRITICAL);
        assertThat(record.out()).contains("; the run since was refused at its login, a configuration problem: ");

        // within the maximum age of the last completed restore: one night's configuration problem
        Cli.Result young = Cli.run("check", runs.toString(), "--label", "nightly", "--max-age", "0");
        assertThat(young.code()).as(young.out()).isEqualTo(ExitCode.CHECK_UNKNOWN);
    }

    @Test
    void aRecordedLabelWithALineFeedAndGfixsTabsStayInOneFirstLine() throws Exception {
        Path runs = goodNights(3);
        Path tonight = Restores.night(runs, "samples/shop-tdrw.log", 4);
        Restores.edit(tonight, r -> {
            r.put("label", "night\nly\r\u001b");
            r.put("status", "failed");
            ObjectNode v = r.putObject("validation");
            v.put("command", "gfix -v -full -n /db/erp-test.fdb");
            v.put("database", "/db/erp-test.fdb");
            v.put("seconds", 1.2);
            v.put("exitCode", 0);
            v.put("result", "failed");
            v.putArray("output").add("Summary of validation errors").add("Number of record level errors\t: 1");
        });
        Cli.Result r = Cli.run("check", runs.toString(), "--max-age", "0");
        assertThat(r.code()).as(r.out()).isEqualTo(ExitCode.CHECK_CRITICAL);
        assertThat(r.out().lines().toList()).hasSize(1);
        assertThat(r.out().strip()).doesNotContain("\t").doesNotContain("\r").doesNotContain("\u001b");
        assertThat(r.out())
                .contains("validation failed: Summary of validation errors Number of record level errors : 1");

        // judged by that label: the name in the line and in the perfdata of --jobs is escaped, not split
        Cli.Result byLabel = Cli.run("check", runs.toString(), "--label", "night\nly\r\u001b", "--max-age", "0");
        assertThat(byLabel.out().lines().toList()).as(byLabel.out()).hasSize(1);
        assertThat(byLabel.out()).startsWith("CRITICAL: night\\nly\\r\\x1B restore failed on 2026-12-01 04:00 UTC");
    }

    @Test
    void aLabelWithALineFeedIsRefusedWhereItIsGiven() throws Exception {
        Cli.Result run = Cli.run(
                "run", "--backup", "x.fbk", "--database", "x.fdb", "--label", "a\nb", "--runs-dir", dir.toString());
        assertThat(run.code()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(run.err().strip())
                .isEqualTo("gbakprof: --label 'a\\nb': a line feed (U+000A) in the label; expected one line of"
                        + " printable characters (check prints the label in the first line a monitoring system"
                        + " reads)");
        Path jobs = Files.writeString(
                dir.resolve("nightly.json"),
                "[\n  {\"label\": \"erp\\r\", \"backup\": \"x.fbk\", \"database\": \"x.fdb\"}\n]");
        Cli.Result file = Cli.run(
                "run",
                "--jobs",
                jobs.toString(),
                "--runs-dir",
                dir.resolve("runs").toString());
        assertThat(file.code()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(file.err().strip())
                .isEqualTo("gbakprof: " + jobs + " line 2: job 1: label \"erp\\r\" has a carriage return (U+000D);"
                        + " expected one line of printable characters (check prints the label in the first line a"
                        + " monitoring system reads)");
        assertThat(dir.resolve("runs")).doesNotExist();
        Cli.Result check = Cli.run("check", dir.toString(), "--jobs", jobs.toString());
        assertThat(check.code()).isEqualTo(ExitCode.CHECK_UNKNOWN);
        assertThat(check.out().lines().toList()).hasSize(1);
    }

    @Test
    void aRunsFolderWithoutRestoresSaysSoNotAnEmptyListOfLabels() throws Exception {
        Path runs = Files.createDirectories(dir.resolve("runs"));
        Files.createDirectories(runs.resolve("29991231-000000-gone"));
        RunMarker.refused(runs.resolve("29991231-000000-gone"), "/b/gone.fbk", "gone", "/db/g.fdb", "no such file");
        Cli.Result r = Cli.run("check", runs.toString(), "--label", "erp");
        assertThat(r.code()).isEqualTo(ExitCode.CHECK_UNKNOWN);
        assertThat(r.out().strip())
                .isEqualTo("UNKNOWN: no run labelled erp under [" + runs + "] (no restore has been recorded there)");
        Cli.Result b = Cli.run("check", runs.toString(), "--backup", "erp");
        assertThat(b.out().strip())
                .isEqualTo("UNKNOWN: no restore of a backup named erp under [" + runs
                        + "] (no restore has been recorded there)");
    }

    @Test
    void historysHeadlineCountsEveryRunItListsByStatus() throws Exception {
        Path runs = goodNights(3);
        Restores.edit(Restores.night(runs, "samples/shop-tdrw.log", 4), r -> {
            r.put("status", "failed");
            r.putNull("totalSeconds");
        });
        Restores.night(runs, "samples/shop-cut.log", 5);
        Cli.Result h = Cli.run("history", runs.toString());
        assertThat(h.code()).as(h.err()).isZero();
        List<String> lines = h.out().lines().toList();
        assertThat(lines.get(0)).isEqualTo("erp.fbk: 5 runs: 3 completed, 1 failed, 1 incomplete");
        assertThat(lines.subList(2, 7))
                .extracting(l -> l.substring(20, 30).strip())
                .containsExactly("completed", "completed", "completed", "failed", "incomplete");
    }

    @Test
    void percentagesAndSecondsAreRoundedHalfToEvenAsEveryFigure() throws Exception {
        Path runs = Restores.nights(dir.resolve("runs"), "samples/small-tdrw.log", 4);
        List<Path> nights = Restores.runDirs(runs);
        for (int i = 0; i < 3; i++) {
            Restores.edit(nights.get(i), n -> n.put("totalSeconds", 0.5));
        }
        Restores.edit(nights.get(3), n -> n.put("totalSeconds", 0.5625)); // 12.5 % above the median of 0.5 s
        Cli.Result slower = Cli.run("check", runs.toString(), "--max-age", "0", "--slower", "2.5");
        assertThat(slower.code()).as(slower.out()).isEqualTo(ExitCode.CHECK_WARNING);
        assertThat(slower.out()).contains(", 12% slower than the baseline median 0.5 s (more than 2.5%)");

        Restores.edit(nights.get(3), n -> n.put("totalSeconds", 0.25)); // 0.2 s half to even, as the reports write it
        Cli.Result h = Cli.run("history", runs.toString());
        assertThat(h.out().lines().toList().get(5)).as(h.out()).contains("completed       0.2 s ");
    }

    @Test
    void underTheCLocaleTheFirstLineIsAsciiAndSaysPlusMinus() throws Exception {
        Path runs = goodNights(4);
        List<String> cmd = new ArrayList<>(Jvm.command("check", runs.toString(), "--max-age", "0"));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().keySet().removeIf(k -> k.startsWith("LC_") || k.equals("LANG") || k.equals("LANGUAGE"));
        pb.environment().put("LANG", "C");
        pb.environment().put("LC_ALL", "C");
        Process p = pb.start();
        byte[] out = p.getInputStream().readAllBytes();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).isZero();
        String line = new String(out, StandardCharsets.US_ASCII);
        for (byte b : out) {
            if (b == '\n') {
                break;
            }
            assertThat(b & 0xFF).as(line).isBetween(0x20, 0x7E).isNotEqualTo((int) '?');
        }
        assertThat(line).startsWith("OK: erp restored in ").contains(" = median +/- ");
    }

    @Test
    void underTheCLocaleJsonIsUtf8AndKeepsEveryLetterOfAName() throws Exception {
        Path runs = goodNights(4);
        for (Path night : Restores.runDirs(runs)) {
            Restores.edit(night, n -> n.put("label", "gece-İş"));
        }
        for (String command : List.of("history", "check")) {
            List<String> cmd = new ArrayList<>(Jvm.command(command, runs.toString(), "--json"));
            if (command.equals("check")) {
                cmd.addAll(List.of("--max-age", "0"));
            }
            ProcessBuilder pb = new ProcessBuilder(cmd);
            pb.environment().keySet().removeIf(k -> k.startsWith("LC_") || k.equals("LANG") || k.equals("LANGUAGE"));
            pb.environment().put("LANG", "C");
            pb.environment().put("LC_ALL", "C");
            pb.redirectError(ProcessBuilder.Redirect.DISCARD);
            Process p = pb.start();
            byte[] out = p.getInputStream().readAllBytes();
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
            // JSON between programs is UTF-8 (RFC 8259): the console's ASCII stand-ins (I for İ) are for its text only
            String json = new String(out, StandardCharsets.UTF_8);
            assertThat(json).as(command).contains("\"gece-İş\"").doesNotContain("gece-Is");
            assertThat(JSON.readTree(out).findValuesAsText("label")).as(command).contains("gece-İş");
        }
    }
}
