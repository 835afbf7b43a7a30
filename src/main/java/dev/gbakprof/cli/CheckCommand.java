package dev.gbakprof.cli;

import dev.gbakprof.history.Check;
import dev.gbakprof.history.CheckFacts;
import dev.gbakprof.history.History;
import dev.gbakprof.history.Trend;
import dev.gbakprof.history.Verdict;
import dev.gbakprof.model.Durations;
import dev.gbakprof.model.ExitCode;
import dev.gbakprof.model.GbakprofException;
import dev.gbakprof.output.CheckExport;
import dev.gbakprof.output.CheckJson;
import dev.gbakprof.store.AtomicFiles;
import dev.gbakprof.store.OutputRefusedException;
import dev.gbakprof.store.Outputs;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code gbakprof check}: one line and a monitoring plugin's exit code (0 OK, 1 WARNING, 2 CRITICAL, 3 UNKNOWN) on the
 * newest restore test of a backup, for Nagios, Icinga, Zabbix or a scheduled task.
 */
@Command(
        name = "check",
        header = "Did last night's restore test pass? One line and exit code for Nagios, Icinga, Zabbix.",
        footer = "  gbakprof check runs --backup erp --rto 4h --max-age 26h",
        sortOptions = false,
        description = {
            "The state of a backup's newest restore test, as a monitoring plugin reports it: one line and",
            "exit 0 OK, 1 WARNING, 2 CRITICAL, 3 UNKNOWN (also for bad usage and unreadable folders: unlike the",
            "other commands, 2 here means CRITICAL).",
            "CRITICAL: the newest restore failed or did not finish (a failed --inspect verification or --validate",
            "fails it; a drill that backed up and restored nothing), took longer than --rto, or started longer ago",
            "than --max-age (default 26 h: a result of a night long ago is no OK), or restored the same backup file",
            "(its SHA-256 and size) as the restores since longer ago than --max-age (the backup job stopped and its",
            "old file stayed). Every line says when the restore started and how long ago.",
            "WARNING: it is slower than its baseline band (or more than --slower PCT above the band's median),",
            "or within 20%% of --rto, or it restored under half the rows of the restores before it (their median:",
            "a backup of another database, or of one emptied, restores fast).",
            "UNKNOWN: also when the runs of --label L alone are several jobs' (other backups into other databases:",
            "check each with --backup NAME --label L), and when a run began while the runs folder held one started",
            "later (the clock went back), so which night is the newest is not known.",
            "--jobs FILE: each job of the jobs file of run --jobs, its label's newest run against its rto: a first",
            "line with the worst state and the jobs in each, then one line per job."
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            ExitCode.CHECK_OK + ":OK",
            ExitCode.CHECK_WARNING + ":WARNING",
            ExitCode.CHECK_CRITICAL + ":CRITICAL",
            ExitCode.CHECK_UNKNOWN + ":UNKNOWN (no restore to judge, bad usage, unreadable folder)"
        })
final class CheckCommand implements Callable<Integer> {

    @Parameters(arity = "0..1", paramLabel = "RUNS_DIR", description = "The folder of run folders (default: runs).")
    Path runsDir;

    @Option(
            names = "--backup",
            paramLabel = "NAME",
            description = "The backup (its file name, with or without extension); needed when RUNS_DIR holds several.")
    String backup;

    @Option(
            names = "--label",
            paramLabel = "L",
            description = "The runs labelled L (run --label), whatever their backup files' names (erp-20261201.fbk,"
                    + " erp-20261202.fbk ...) restored into one database; runs of other backups into other databases"
                    + " are other jobs: UNKNOWN. With --backup NAME: that backup's runs labelled L, one job (as"
                    + " --discovery lists them). --label '' picks the runs without a label.")
    String label;

    @Option(
            names = "--rto",
            paramLabel = "DURATION",
            description =
                    "Recovery time objective: a longer restore is CRITICAL, one within 20%% of it a WARNING (4h, 90m).")
    String rto;

    @Option(
            names = "--max-age",
            paramLabel = "DURATION",
            description = "CRITICAL when the newest restore started longer ago than this. Default: 26h, for a"
                    + " nightly test; give a weekly one its own (--max-age 170h); 0 switches it off.")
    String maxAge;

    /** {@code --max-age} when none is given: a nightly test's, a day and two hours of slack. */
    static final Duration DEFAULT_MAX_AGE = Duration.ofHours(26);

    @Option(
            names = "--slower",
            paramLabel = "PCT",
            description =
                    "WARNING when the total is more than PCT percent above the baseline median (default: above the band).")
    Double slower;

    @Option(
            names = "--json",
            description = "Print the verdict as one JSON object (\"schema\": \"" + CheckJson.SCHEMA
                    + "\"): status, code, the judged run, its band, the thresholds, the reasons.")
    boolean json;

    @Option(
            names = "--prometheus",
            paramLabel = "FILE",
            description = "Also write the verdict's metrics (gbakprof_*, labelled backup and label) to FILE in "
                    + "Prometheus' text format, atomically: for node_exporter's or windows_exporter's textfile "
                    + "collector (a FILE.prom in its directory, which must exist). An existing FILE is replaced only "
                    + "when an earlier check wrote it (its first line starts with '" + CheckExport.PROMETHEUS_START
                    + "'), never in a run folder; else UNKNOWN, and nothing is written.")
    Path prometheus;

    @Option(
            names = "--jobs",
            paramLabel = "FILE",
            description =
                    "Judge the newest run of each job of a jobs file (run --jobs FILE): its label, against its rto."
                            + " First line: the worst state (CRITICAL, then UNKNOWN, then WARNING), the jobs in each"
                            + " state and every job's performance data ('LABEL total'=...); then one line per job, in"
                            + " the file's order; the worst state's exit code.")
    Path jobs;

    @Option(
            names = "--discovery",
            description = "Print the jobs RUNS_DIR holds, each backup file name under each label its runs have, as"
                    + " Zabbix low-level discovery JSON ({#BACKUP}, {#LABEL}: empty for runs without one, {#RUNS_DIR})"
                    + " and exit 0; judges nothing. check --backup {#BACKUP} --label {#LABEL} judges each.")
    boolean discovery;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        if (jobs != null) {
            return checkJobs();
        }
        if (prometheus != null && !discovery) {
            try {
                refusePrometheus();
            } catch (OutputRefusedException ex) { // before anything is judged or written
                return say(new Check.Result(Check.State.UNKNOWN, "UNKNOWN: " + ex.getMessage()), null);
            }
        }
        Check.Result result;
        CheckFacts facts = null;
        try {
            if (discovery) {
                return discover();
            }
            Verdict judged = check();
            result = judged.result();
            facts = judged.facts();
        } catch (GbakprofException.Refused ex) {
            result = new Check.Result(Check.State.UNKNOWN, "UNKNOWN: " + ex.getMessage());
        }
        if (prometheus != null) {
            try {
                AtomicFiles.writeString(prometheus, CheckExport.prometheus(result, facts, unjudgedSeries()));
            } catch (IOException | RuntimeException ex) {
                result = new Check.Result(
                        Check.State.UNKNOWN,
                        "UNKNOWN: --prometheus " + prometheus + ": cannot write (" + reason(ex) + "); "
                                + result.line());
            }
        }
        return say(result, facts);
    }

    /** Prints the verdict (its line, or its JSON); its exit code, UNKNOWN when standard output is lost. */
    private int say(Check.Result result, CheckFacts facts) {
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            if (!Stdout.json(out, CheckJson.of(result, facts))) {
                return ExitCode.CHECK_UNKNOWN;
            }
        } else {
            out.println(CheckExport.nagiosLine(result.line(), facts));
        }
        out.flush();
        // a monitoring system that could not be told anything knows nothing: UNKNOWN, whatever the verdict
        return out.checkError() ? ExitCode.CHECK_UNKNOWN : result.state().exitCode();
    }

    /**
     * {@code --prometheus FILE}: refused before any work when it cannot be written without losing something: not a
     * regular file, an existing file that is not the text an earlier check wrote (its first line {@code # HELP
     * gbakprof_…}), a file in a run folder, or in a folder that does not exist or cannot be written.
     */
    private void refusePrometheus() {
        Outputs.refuseSpecial(prometheus, "--prometheus");
        Outputs.refuseInRunFolder(prometheus, "--prometheus");
        Outputs.refuseUnlike(
                prometheus,
                text -> text.startsWith(CheckExport.PROMETHEUS_START),
                "is not the Prometheus text of a gbakprof check (its first line does not start with \""
                        + CheckExport.PROMETHEUS_START + "\")",
                "--prometheus");
        Outputs.refuseUnwritableFile(prometheus, "--prometheus");
    }

    /** The series of the samples when no run was judged: the earlier file's, else --backup and --label. */
    private CheckExport.Series unjudgedSeries() {
        String earlier = null;
        try {
            earlier = Files.isRegularFile(prometheus) ? Files.readString(prometheus) : null;
        } catch (IOException | RuntimeException ex) {
            // not ours to read (refusePrometheus accepted it): the options alone
        }
        return CheckExport.Series.of(earlier, backup, label);
    }

    private static String reason(Exception ex) {
        return ex instanceof AtomicFiles.WriteFailedException w ? w.reason() : String.valueOf(ex.getMessage());
    }

    /**
     * {@code --jobs}: each job's label judged as {@code --label} with the job's {@code rto}: a first line with the worst
     * state, then one line each ({@link CheckExport#jobsOutput}); the worst state's exit code. A jobs file that cannot
     * be read is one UNKNOWN line.
     */
    private int checkJobs() {
        PrintWriter out = spec.commandLine().getOut();
        List<JobsFile.Job> list;
        try {
            if (backup != null || label != null || rto != null || discovery || json || prometheus != null) {
                throw new UsageException("--jobs " + jobs + ": each job gives its label and rto; leave out --backup,"
                        + " --label, --rto, --json, --prometheus and --discovery");
            }
            list = JobsFile.read(jobs);
        } catch (GbakprofException.Refused ex) {
            out.println(CheckExport.nagiosLine("UNKNOWN: " + ex.getMessage(), null));
            out.flush();
            return ExitCode.CHECK_UNKNOWN;
        }
        List<CheckExport.JobVerdict> judged = new ArrayList<>();
        for (JobsFile.Job job : list) {
            label = job.label();
            rto = job.rto();
            try {
                Verdict v = check();
                judged.add(new CheckExport.JobVerdict(job.label(), v.result(), v.facts()));
            } catch (GbakprofException.Refused ex) {
                judged.add(new CheckExport.JobVerdict(
                        job.label(),
                        new Check.Result(Check.State.UNKNOWN, "UNKNOWN: " + job.label() + ": " + ex.getMessage()),
                        null));
            }
        }
        label = null;
        rto = null;
        CheckExport.jobsOutput(judged).forEach(out::println);
        out.flush();
        return out.checkError()
                ? ExitCode.CHECK_UNKNOWN
                : CheckExport.worst(judged).exitCode();
    }

    private Verdict check() {
        if (slower != null && !(slower >= 0)) {
            throw new UsageException("--slower " + slower + ": expected a percentage, 0 or more");
        }
        Duration objective = rto == null ? null : Durations.parse("--rto", rto);
        Duration age = maxAge == null
                ? DEFAULT_MAX_AGE
                : maxAge.strip().matches("0+(\\.0*)?") ? null : Durations.parse("--max-age", maxAge);
        List<Path> dirs = runsDir == null ? List.of() : List.of(runsDir);
        History loaded = History.load(dirs, backup, label, Trend.By.BACKUP);
        return Verdict.of(loaded, backup, label, objective, age, slower, Instant.now(), Durations::human);
    }

    /** {@code --discovery}: the jobs of the runs folder, as Zabbix low-level discovery JSON. */
    private int discover() {
        List<Path> dirs = runsDir == null ? List.of() : List.of(runsDir);
        Path shown = runsDir == null ? Path.of("runs") : runsDir;
        History loaded = History.load(dirs, null, null, Trend.By.BACKUP);
        PrintWriter out = spec.commandLine().getOut();
        if (!Stdout.json(out, CheckExport.discovery(loaded.jobs(), shown.toString()))) {
            return ExitCode.CHECK_UNKNOWN;
        }
        out.flush();
        return out.checkError() ? ExitCode.CHECK_UNKNOWN : ExitCode.CHECK_OK;
    }
}
