package dev.gbakprof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.model.ExitCode;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.model.Validation;
import dev.gbakprof.store.RunJson;
import dev.gbakprof.testutil.Cli;
import dev.gbakprof.testutil.FakeGbak;
import dev.gbakprof.testutil.Firebird;
import dev.gbakprof.testutil.FirebirdTest;
import dev.gbakprof.testutil.Jvm;
import dev.gbakprof.testutil.Restores;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code run --jobs FILE} with real embedded restores of the small backup by the real gbak, the summary and exit code
 * it ends with, {@code check --jobs FILE} over what it left, and the refusals of bad jobs files.
 */
class JobsFileTest {

    /** {@code gbakprof run --jobs JOBS --runs-dir RUNS}. */
    private static Cli.Result runJobs(Path jobs, Path runs) {
        return Cli.run("run", "--jobs", jobs.toString(), "--runs-dir", runs.toString());
    }

    /** The cells of a line of a text table (two blanks or more apart). */
    private static List<String> cells(String line) {
        return List.of(line.split(" {2,}"));
    }

    private static Path folderOf(List<Path> folders, String label) {
        return folders.stream()
                .filter(f -> f.getFileName().toString().endsWith("-" + label))
                .findFirst()
                .orElseThrow();
    }

    /**
     * Writes the jobs file {@code file}: {@code jobs} is its JSON written with single quotes (readable in Java), each
     * written as a double quote.
     */
    private static Path jobsFile(Path file, String jobs) throws IOException {
        Files.writeString(file, jobs.replace('\'', '"'));
        return file;
    }

    @Test
    @FirebirdTest
    void twoJobsRestoreIntoTwoRunFoldersThenCheckJudgesEach(@TempDir Path dir) throws Exception {
        Path fbk = Firebird.backup("small");
        Path runs = dir.resolve("runs");
        Path jobs = jobsFile(
                dir.resolve("nightly.json"),
                "[\n"
                        + "  {'label': 'alpha', 'backup': '" + fbk + "', 'database': '" + dir.resolve("a.fdb")
                        + "', 'rto': '1h'},\n"
                        + "  {'label': 'beta', 'backup': '" + fbk + "', 'database': '" + dir.resolve("b.fdb")
                        + "', 'via': 'embedded', 'validate': true}\n"
                        + "]\n");
        Cli.Result r = runJobs(jobs, runs);
        assertThat(r.code()).as(r.out() + r.err()).isEqualTo(ExitCode.OK);

        List<Path> folders = Restores.runDirs(runs);
        assertThat(folders).hasSize(2);
        RestoreRun alpha =
                RunJson.read(folderOf(folders, "alpha").resolve("run.json")).get(0);
        RestoreRun beta =
                RunJson.read(folderOf(folders, "beta").resolve("run.json")).get(0);
        assertThat(alpha.status()).isEqualTo(RunStatus.COMPLETED);
        assertThat(alpha.label()).isEqualTo("alpha");
        assertThat(alpha.validation()).isNull();
        assertThat(beta.status()).isEqualTo(RunStatus.COMPLETED);
        assertThat(beta.validation().result()).isEqualTo(Validation.Result.PASSED);
        assertThat(dir.resolve("a.fdb")).exists();
        assertThat(dir.resolve("b.fdb")).exists();

        List<String> lines = r.out().lines().toList();
        int at = lines.indexOf("gbakprof: jobs of " + jobs);
        assertThat(at).as(r.out()).isPositive();
        assertThat(cells(lines.get(at + 1)))
                .containsExactly("LABEL", "STATUS", "TOTAL", "RTO", "VS RTO", "RUN FOLDER OR WHY");
        List<String> a = cells(lines.get(at + 2));
        assertThat(a).hasSize(6);
        assertThat(a.subList(0, 2)).containsExactly("alpha", "completed");
        assertThat(a.get(2)).matches("\\d+\\.\\d s");
        assertThat(a.subList(3, 6))
                .containsExactly(
                        "1h", "under 1 % of it", folderOf(folders, "alpha").toString());
        List<String> b = cells(lines.get(at + 3));
        assertThat(b.subList(0, 2)).containsExactly("beta", "completed");
        assertThat(b.subList(3, 6))
                .containsExactly("-", "-", folderOf(folders, "beta").toString());
        assertThat(lines.get(at + 4)).isEqualTo("gbakprof: 2 jobs: 2 completed; exit code 0");
        assertThat(lines).hasSize(at + 5);
        assertThat(r.err()).contains("gbakprof: job 1 of 2: alpha", "gbakprof: job 2 of 2: beta");

        Cli.Result c = Cli.run("check", runs.toString(), "--jobs", jobs.toString());
        assertThat(c.code()).as(c.out()).isEqualTo(ExitCode.CHECK_OK);
        List<String> checked = c.out().lines().toList();
        assertThat(checked).hasSize(3);
        // the first line is what a monitoring system shows: the worst state, with each job's perfdata under its label
        assertThat(checked.get(0))
                .startsWith("OK: 2 jobs: 2 OK (alpha, beta) | 'alpha total'=")
                .contains(" 'alpha age'=", " 'beta total'=", " 'beta age'=")
                .doesNotContain(" total=");
        assertThat(checked.get(1))
                .startsWith("OK: alpha restored in ")
                .contains("RTO 1 h")
                .doesNotContain("|");
        assertThat(checked.get(2)).startsWith("OK: beta restored in ").doesNotContain("RTO");
    }

    @Test
    @FirebirdTest
    void aJobWhoseBackupIsMissingSaysSoAndGivesTheWorstExitCode(@TempDir Path dir) throws Exception {
        Path fbk = Firebird.backup("small");
        Path runs = dir.resolve("runs");
        Path missing = dir.resolve("gone.fbk");
        Path jobs = jobsFile(
                dir.resolve("nightly.json"),
                "[{'label': 'gone', 'backup': '" + missing + "', 'database': '" + dir.resolve("g.fdb") + "'},"
                        + " {'label': 'here', 'backup': '" + fbk + "', 'database': '" + dir.resolve("h.fdb")
                        + "', 'rto': '1h'}]");
        Cli.Result r = runJobs(jobs, runs);
        assertThat(r.code()).as(r.out() + r.err()).isEqualTo(ExitCode.BAD_INPUT);
        List<String> lines = r.out().lines().toList();
        int at = lines.indexOf("gbakprof: jobs of " + jobs);
        assertThat(cells(lines.get(at + 2)))
                .containsExactly("gone", "refused", "-", "-", "-", missing + ": no such backup file");
        assertThat(cells(lines.get(at + 3)).subList(0, 2)).containsExactly("here", "completed");
        assertThat(lines.get(at + 4)).isEqualTo("gbakprof: 2 jobs: 1 completed, 1 refused; exit code 2");
        assertThat(Restores.runDirs(runs)).hasSize(1);

        // the refused job left no run: check cannot judge it, and says so; the worst state is the exit code
        Cli.Result c = Cli.run("check", runs.toString(), "--jobs", jobs.toString());
        assertThat(c.code()).as(c.out()).isEqualTo(ExitCode.CHECK_UNKNOWN);
        List<String> checked = c.out().lines().toList();
        assertThat(checked).hasSize(3);
        assertThat(checked.get(0)).startsWith("UNKNOWN: 2 jobs: 1 UNKNOWN (gone), 1 OK (here) | 'here total'=");
        assertThat(checked.get(1)).startsWith("UNKNOWN: gone: no run labelled gone under ");
        assertThat(checked.get(2)).startsWith("OK: here restored in ");

        // the next night the runs folder holds the earlier nights: the refusal is recorded there, and check says so
        Files.delete(dir.resolve("h.fdb")); // last night's restored database, removed as a nightly script does
        Cli.Result again = runJobs(jobs, runs);
        assertThat(again.code()).as(again.out() + again.err()).isEqualTo(ExitCode.BAD_INPUT);
        List<String> second = again.out().lines().toList();
        int summary = second.indexOf("gbakprof: jobs of " + jobs);
        assertThat(cells(second.get(summary + 2)))
                .containsExactly("gone", "refused", "-", "-", "-", missing + ": no such backup file");
        assertThat(Restores.refusedDirs(runs)).hasSize(1);
        Cli.Result judged = Cli.run("check", runs.toString(), "--jobs", jobs.toString());
        assertThat(judged.code()).as(judged.out()).isEqualTo(ExitCode.CHECK_CRITICAL);
        // not "OK: here …" first, as when each job's line came in the file's order alone
        assertThat(judged.out().lines().toList().get(0))
                .startsWith("CRITICAL: 2 jobs: 1 CRITICAL (gone), 1 OK (here) | 'gone age'=")
                .contains(" 'here total'=");
        assertThat(judged.out().lines().toList().get(1))
                .startsWith("CRITICAL: gone: tonight's restore was refused before it started (at ")
                .endsWith(missing + ": no such backup file");
    }

    @Test
    @FirebirdTest
    void ctrlCInTheFirstJobStopsItAndStartsNoOther(@TempDir Path dir) throws Exception {
        Path fbk = Firebird.backup("small");
        Path runs = dir.resolve("runs");
        // the real gbak, except for the restore into wait.fdb, which waits (so Ctrl-C surely lands in it)
        Path gbak = FakeGbak.waitingOn(dir, "wait.fdb");
        Path jobs = jobsFile(
                dir.resolve("nightly.json"),
                "[{'label': 'first', 'backup': '" + fbk + "', 'database': '" + dir.resolve("wait.fdb") + "'},"
                        + " {'label': 'second', 'backup': '" + fbk + "', 'database': '" + dir.resolve("b.fdb")
                        + "'}]");
        Path console = dir.resolve("console.txt");
        Process jvm = new ProcessBuilder(Jvm.interruptible(Jvm.command(
                        "run", "--jobs", jobs.toString(), "--runs-dir", runs.toString(), "--gbak", gbak.toString())))
                .redirectErrorStream(true)
                .redirectOutput(console.toFile())
                .start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            boolean waiting = false;
            while (System.nanoTime() < deadline && !waiting) {
                Thread.sleep(20);
                if (Files.isDirectory(runs)) {
                    try (Stream<Path> s = Files.list(runs)) {
                        for (Path log : s.map(d -> d.resolve("gbak.log")).toList()) {
                            waiting |=
                                    Files.exists(log) && Files.readString(log).contains("gbak: waiting");
                        }
                    }
                }
            }
            assertThat(waiting).as("the first job's gbak started").isTrue();
            new ProcessBuilder("kill", "-INT", Long.toString(jvm.pid())).start().waitFor();
            assertThat(jvm.waitFor(60, TimeUnit.SECONDS)).isTrue();
        } finally {
            jvm.destroyForcibly();
        }
        String out = Files.readString(console);
        assertThat(jvm.exitValue()).as(out).isEqualTo(ExitCode.INTERRUPTED);
        List<String> lines = out.lines().toList();
        int at = lines.indexOf("gbakprof: jobs of " + jobs);
        assertThat(at).as(out).isPositive();
        assertThat(cells(lines.get(at + 2)).subList(0, 2)).containsExactly("first", "incomplete (Ctrl-C)");
        assertThat(cells(lines.get(at + 3)))
                .containsExactly("second", "not started", "-", "-", "-", "not started (Ctrl-C)");
        assertThat(lines.get(at + 4))
                .isEqualTo("gbakprof: 2 jobs: 1 incomplete (Ctrl-C), 1 not started; exit code 130");
        assertThat(out).doesNotContain("gbakprof: job 2 of 2");
        assertThat(Restores.runDirs(runs)).hasSize(1);
        assertThat(dir.resolve("b.fdb")).doesNotExist();
    }

    @Test
    void malformedJsonIsOneLineNamingTheFileAndLine(@TempDir Path dir) throws Exception {
        Path jobs = jobsFile(
                dir.resolve("bad.json"),
                "[\n  {'label': 'a', 'backup': 'x.fbk', 'database': 'x.fdb'}\n  {'label': 'b'}\n]");
        Cli.Result r = runJobs(jobs, dir.resolve("runs"));
        assertThat(r.code()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(r.out()).isEmpty();
        assertThat(r.err().lines().toList()).hasSize(1);
        assertThat(r.err())
                .startsWith("gbakprof: " + jobs + " line 3: not JSON (")
                .contains("expected a JSON array of jobs")
                .doesNotContain("Exception", "\tat ");
        assertThat(dir.resolve("runs")).doesNotExist();

        Cli.Result c = Cli.run("check", dir.toString(), "--jobs", jobs.toString());
        assertThat(c.code()).isEqualTo(ExitCode.CHECK_UNKNOWN);
        assertThat(c.out().lines().toList()).hasSize(1);
        assertThat(c.out()).startsWith("UNKNOWN: " + jobs + " line 3: not JSON (");
    }

    @Test
    void anUnknownKeyIsOneLineNamingTheJob(@TempDir Path dir) throws Exception {
        Path jobs = jobsFile(
                dir.resolve("typo.json"),
                "[\n  {'label': 'a', 'backup': 'x.fbk', 'database': 'x.fdb'},\n"
                        + "  {'label': 'b', 'backup': 'y.fbk', 'databse': 'y.fdb'}\n]");
        Cli.Result r = runJobs(jobs, dir.resolve("runs"));
        assertThat(r.code()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(r.err().strip())
                .isEqualTo("gbakprof: " + jobs + " line 3: job 2: unknown key \"databse\"; expected label, backup,"
                        + " backupDir, pattern, settle, database, via, host, rto, validate");
        assertThat(dir.resolve("runs")).doesNotExist();
    }

    @Test
    void aMessageAboutAKeyNamesTheLineOfThatKey(@TempDir Path dir) throws Exception {
        // one key a line, as a DBA writes a jobs file: the line of the key, not of the job's brace
        Path jobs = jobsFile(
                dir.resolve("jobs.json"),
                "[\n  {\n    'label': 'a',\n    'databse': 'x.fdb',\n    'backup': 'x.fbk'\n  }\n]");
        assertThat(Cli.run("run", "--jobs", jobs.toString()).err().strip())
                .startsWith("gbakprof: " + jobs + " line 4: job 1: unknown key \"databse\"");
        jobsFile(
                jobs,
                "[\n  {\n    'label': 'a',\n    'backup': 'x.fbk',\n    'database': 'x.fdb',\n"
                        + "    'rto': '4hours'\n  }\n]");
        assertThat(Cli.run("run", "--jobs", jobs.toString()).err().strip())
                .startsWith("gbakprof: " + jobs + " line 6: job 1: \"rto\" '4hours' is not a duration");
        // a key that is missing: the job's first line
        jobsFile(jobs, "[\n  {\n    'label': 'a',\n    'backup': 'x.fbk'\n  }\n]");
        assertThat(Cli.run("run", "--jobs", jobs.toString()).err().strip())
                .isEqualTo("gbakprof: " + jobs + " line 2: job 1: no \"database\"; expected it, a text");
    }

    @Test
    void aPasswordInAJobsFileIsRefused(@TempDir Path dir) throws Exception {
        Path jobs = jobsFile(
                dir.resolve("secret.json"),
                "[{'label': 'a', 'backup': 'x.fbk', 'database': 'x.fdb', 'password': 'masterkey'}]");
        Cli.Result r = runJobs(jobs, dir.resolve("runs"));
        assertThat(r.code()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(r.err().strip())
                .isEqualTo("gbakprof: " + jobs + " line 1: job 1: \"password\": a password never goes into a jobs"
                        + " file; give --password-file F or the ISC_PASSWORD variable");
        assertThat(r.err()).doesNotContain("masterkey");
    }

    @Test
    void wrongValuesAndOptionsGivenPerJobAreRefused(@TempDir Path dir) throws Exception {
        Path jobs = jobsFile(
                dir.resolve("jobs.json"), "[{'label': 'a', 'backup': 'x.fbk', 'database': 'x.fdb', 'via': 'tcp'}]");
        assertThat(Cli.run("run", "--jobs", jobs.toString()).err().strip())
                .isEqualTo("gbakprof: " + jobs + " line 1: job 1: \"via\" is \"tcp\"; expected embedded, server,"
                        + " service");
        jobsFile(jobs, "[{'label': 'a', 'backup': 'x.fbk', 'backupDir': 'd', 'database': 'x.fdb'}]");
        assertThat(Cli.run("run", "--jobs", jobs.toString()).err().strip())
                .isEqualTo("gbakprof: " + jobs + " line 1: job 1: expected one of \"backup\" (a backup file) and"
                        + " \"backupDir\" (the folder whose newest complete backup is restored)");
        jobsFile(jobs, "{'label': 'a'}");
        assertThat(Cli.run("run", "--jobs", jobs.toString()).err().strip())
                .isEqualTo("gbakprof: " + jobs + ": expected a JSON array of jobs, each {\"label\", \"backup\" or"
                        + " \"backupDir\", \"database\", …} (docs/guide/jobs.schema.json)");
        jobsFile(jobs, "[{'label': 'a', 'backup': 'x.fbk', 'database': 'x.fdb', 'rto': 'soon'}]");
        Cli.Result rto = Cli.run("run", "--jobs", jobs.toString());
        assertThat(rto.code()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(rto.err().strip())
                .startsWith("gbakprof: " + jobs + " line 1: job 1: \"rto\" 'soon' is not a duration");
        Cli.Result both = Cli.run("run", "--jobs", jobs.toString(), "--database", "y.fdb");
        assertThat(both.code()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(both.err().strip())
                .isEqualTo("gbakprof: --database: each job of --jobs " + jobs
                        + " gives its own (\"database\"); leave it out of the command line");
        Cli.Result none = Cli.run("run", "--jobs", dir.resolve("none.json").toString());
        assertThat(none.err().strip()).isEqualTo("gbakprof: " + dir.resolve("none.json") + ": no such jobs file");
    }
}
