package dev.gbakprof.cli;

import dev.gbakprof.history.Check;
import dev.gbakprof.history.CheckExport;
import dev.gbakprof.history.Trend;
import dev.gbakprof.model.ExitCode;
import dev.gbakprof.store.AtomicFiles;
import dev.gbakprof.store.RunFolders;
import dev.gbakprof.store.RunJson;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
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
        footerHeading = "%nExample:%n",
        footer = "  gbakprof check runs --backup erp --rto 4h --max-age 26h",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "The state of a backup's newest restore test, as a monitoring plugin reports it: one line and",
            "exit 0 OK, 1 WARNING, 2 CRITICAL, 3 UNKNOWN (also for bad usage and unreadable folders: unlike the",
            "other commands, 2 here means CRITICAL).",
            "CRITICAL: the newest restore failed or did not finish (a failed --inspect verification or --validate",
            "fails it), took longer than --rto, or is older than --max-age.",
            "WARNING: it is slower than its baseline band (or more than --slower PCT above the band's median),",
            "or within 20%% of --rto.",
            "--jobs FILE: one line per job of the jobs file of run --jobs, each label's newest run against its rto."
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
            description =
                    "The runs labelled L (run --label), whatever their backup files' names (erp-20261201.fbk, erp-20261202.fbk ...).")
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
            description = "CRITICAL when the newest restore started longer ago than this (26h for a nightly test).")
    String maxAge;

    @Option(
            names = "--slower",
            paramLabel = "PCT",
            description =
                    "WARNING when the total is more than PCT percent above the baseline median (default: above the band).")
    Double slower;

    @Option(
            names = "--json",
            description = "Print the verdict as one JSON object (\"schema\": \"" + CheckExport.SCHEMA
                    + "\"): status, code, the judged run, its band, the thresholds, the reasons.")
    boolean json;

    @Option(
            names = "--prometheus",
            paramLabel = "FILE",
            description = "Also write the verdict's metrics (gbakprof_*, labelled backup and label) to FILE in "
                    + "Prometheus' text format, atomically: for node_exporter's or windows_exporter's textfile "
                    + "collector (a FILE.prom in its directory).")
    Path prometheus;

    @Option(
            names = "--jobs",
            paramLabel = "FILE",
            description =
                    "Judge the newest run of each job of a jobs file (run --jobs FILE): its label, against its rto;"
                            + " one line per job, in the file's order, and the worst state's exit code (CRITICAL, then"
                            + " UNKNOWN, then WARNING).")
    Path jobs;

    @Option(
            names = "--discovery",
            description = "Print the backups RUNS_DIR holds as Zabbix low-level discovery JSON "
                    + "({#BACKUP}, {#LABEL}, {#RUNS_DIR}) and exit 0; judges nothing.")
    boolean discovery;

    @Spec
    CommandSpec spec;

    /**
     * The folder started after the point's run: in one runs folder by name (folder names sort in start order, also
     * within a second), else by start time to the second (a folder's name gives no more).
     */
    private static boolean newer(RunFolders.Folder f, Trend.Point p) {
        Path a = f.folder().toAbsolutePath().normalize();
        Path b = p.folder().toAbsolutePath().normalize();
        Path parent = a.getParent();
        if (parent != null && parent.equals(b.getParent())) {
            return String.valueOf(a.getFileName()).compareTo(String.valueOf(b.getFileName())) > 0;
        }
        return f.startedAt() == null || !f.startedAt().isBefore(p.startedAt().truncatedTo(ChronoUnit.SECONDS));
    }

    /** The files of the judged run folder checked against its SHA256SUMS: run.json always, others up to this size. */
    static final long CHECKSUM_MAX_BYTES = 64L << 20;

    @Override
    public Integer call() {
        if (jobs != null) {
            return checkJobs();
        }
        Check.Result result;
        CheckExport.Facts facts = null;
        try {
            if (discovery) {
                return discover();
            }
            Judged judged = check();
            result = judged.result();
            facts = judged.facts();
        } catch (UsageException ex) {
            result = new Check.Result(Check.State.UNKNOWN, "UNKNOWN: " + ex.getMessage());
        }
        if (prometheus != null) {
            try {
                AtomicFiles.writeString(prometheus, CheckExport.prometheus(result, facts));
            } catch (IOException | RuntimeException ex) {
                result = new Check.Result(
                        Check.State.UNKNOWN,
                        "UNKNOWN: --prometheus " + prometheus + ": cannot write (" + reason(ex) + "); "
                                + result.line());
            }
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            try {
                RunJson.write(CheckExport.json(result, facts), out);
            } catch (IOException ex) {
                return ExitCode.CHECK_UNKNOWN;
            }
        } else {
            out.println(CheckExport.nagiosLine(result.line(), facts));
        }
        out.flush();
        // a monitoring system that could not be told anything knows nothing: UNKNOWN, whatever the verdict
        return out.checkError() ? ExitCode.CHECK_UNKNOWN : result.state().exitCode();
    }

    private static String reason(Exception ex) {
        return ex instanceof AtomicFiles.WriteFailedException w
                ? w.reason()
                : ex instanceof AccessDeniedException
                        ? "permission denied"
                        : ex instanceof NoSuchFileException ? "no such folder" : String.valueOf(ex.getMessage());
    }

    /**
     * {@code --jobs}: each job's label judged as {@code --label} with the job's {@code rto}; one line each, the worst
     * state's exit code. A jobs file that cannot be read is one UNKNOWN line.
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
        } catch (UsageException ex) {
            out.println("UNKNOWN: " + ex.getMessage());
            out.flush();
            return ExitCode.CHECK_UNKNOWN;
        }
        Check.State worst = Check.State.OK;
        for (JobsFile.Job job : list) {
            label = job.label();
            rto = job.rto();
            String line;
            Check.State state;
            try {
                Judged judged = check();
                line = CheckExport.nagiosLine(judged.result().line(), judged.facts());
                state = judged.result().state();
            } catch (UsageException ex) {
                line = "UNKNOWN: " + job.label() + ": " + ex.getMessage();
                state = Check.State.UNKNOWN;
            }
            out.println(line);
            worst = SEVERITY.indexOf(state) > SEVERITY.indexOf(worst) ? state : worst;
        }
        label = null;
        rto = null;
        out.flush();
        return out.checkError() ? ExitCode.CHECK_UNKNOWN : worst.exitCode();
    }

    /**
     * The states of several jobs, least severe first: a job that could not be judged hides a night that may have
     * failed, so it weighs more than a slow restore; a failed one weighs most.
     */
    static final List<Check.State> SEVERITY =
            List.of(Check.State.OK, Check.State.WARNING, Check.State.UNKNOWN, Check.State.CRITICAL);

    /** A verdict and what it was drawn from ({@code null} facts: nothing was judged). */
    private record Judged(Check.Result result, CheckExport.Facts facts) {}

    private Judged check() {
        if (slower != null && !(slower >= 0)) {
            throw new UsageException("--slower " + slower + ": expected a percentage, 0 or more");
        }
        Duration objective = rto == null ? null : Durations.parse("--rto", rto);
        Duration age = maxAge == null ? null : Durations.parse("--max-age", maxAge);
        Instant now = Instant.now();
        List<Path> dirs = runsDir == null ? List.of() : List.of(runsDir);
        HistoryCommand.Loaded loaded = HistoryCommand.load(dirs, backup, label, Trend.By.BACKUP);
        List<Trend> trends = loaded.trends();
        if (trends.size() > 1) {
            List<String> names =
                    new ArrayList<>(trends.stream().map(Trend::backup).toList());
            throw new UsageException("restores of " + trends.size() + " backups (" + String.join(", ", names)
                    + "): name one with --backup NAME");
        }
        Trend trend = trends.isEmpty() ? null : trends.get(0);
        List<RunFolders.Folder> unjudged = trend == null ? loaded.unjudged() : loaded.of(trend);
        RunFolders.Folder lastFolder = unjudged.isEmpty() ? null : unjudged.get(unjudged.size() - 1);
        String name = trend != null
                ? trend.shortName()
                : label != null
                        ? label
                        : backup != null ? backup : lastFolder == null ? "restore" : shortName(lastFolder);
        // the newest run folder is judged, whatever state it is in: one without a usable record newer than the newest
        // record is tonight's
        if (lastFolder != null && (trend == null || newer(lastFolder, trend.newest()))) {
            String backupName = trend != null
                    ? trend.backup()
                    : lastFolder.backup() != null
                            ? String.valueOf(Path.of(lastFolder.backup()).getFileName())
                            : name;
            String runLabel = lastFolder.label() != null
                    ? lastFolder.label()
                    : trend != null ? trend.newest().run().label() : null;
            return unjudged(name, lastFolder, backupName, runLabel, objective, age, now);
        }
        Trend.Point newest = trend.newest();
        String changed = RunFolders.checksums(newest.folder(), CHECKSUM_MAX_BYTES);
        if (changed != null) {
            RunFolders.Folder f = new RunFolders.Folder(
                    newest.folder(),
                    RunFolders.State.DAMAGED,
                    newest.startedAt(),
                    newest.run().backupFile(),
                    newest.run().label(),
                    changed);
            return unjudged(name, f, trend.backup(), newest.run().label(), objective, age, now);
        }
        return new Judged(
                Check.of(trend, objective, age, slower, now, s -> dev.gbakprof.report.Durations.human(s)),
                CheckExport.Facts.of(trend, newest, objective, age, slower, now));
    }

    /** A folder's backup without its extension ({@code erp}), else the label in its name. */
    private static String shortName(RunFolders.Folder f) {
        if (f.backup() != null) {
            String file = String.valueOf(Path.of(f.backup()).getFileName());
            int dot = file.lastIndexOf('.');
            return dot > 0 ? file.substring(0, dot) : file;
        }
        return f.nameLabel() != null ? f.nameLabel() : "restore";
    }

    /** The verdict on a folder without a record that can be judged, and its facts (no total, no phases). */
    private Judged unjudged(
            String name,
            RunFolders.Folder f,
            String backupName,
            String runLabel,
            Duration objective,
            Duration age,
            Instant now) {
        String status = switch (f.state()) {
            case RUNNING -> "running";
            case NO_RECORD -> "no record";
            case DAMAGED -> "damaged";
        };
        CheckExport.Facts facts = new CheckExport.Facts(
                backupName, runLabel, f.folder(), f.startedAt(), status, null, null, objective, age, slower, now);
        return new Judged(Check.unjudged(name, f.state(), f.startedAt(), f.why()), facts);
    }

    /** {@code --discovery}: the backups of the runs folder, as Zabbix low-level discovery JSON. */
    private int discover() {
        List<Path> dirs = runsDir == null ? List.of() : List.of(runsDir);
        Path shown = runsDir == null ? Path.of("runs") : runsDir;
        HistoryCommand.Loaded loaded = HistoryCommand.load(dirs, null, null, Trend.By.BACKUP);
        Map<String, String[]> backups = new TreeMap<>();
        for (Trend t : loaded.trends()) {
            backups.put(t.backup(), new String[] {t.backup(), t.newest().run().label(), shown.toString()});
        }
        for (RunFolders.Folder f : loaded.unjudged()) {
            Trend owner = HistoryCommand.owner(f, loaded.trends());
            if (owner == null && f.backup() != null) {
                String b = String.valueOf(Path.of(f.backup()).getFileName());
                backups.putIfAbsent(b, new String[] {b, f.label(), shown.toString()});
            }
        }
        PrintWriter out = spec.commandLine().getOut();
        try {
            RunJson.write(CheckExport.discovery(List.copyOf(backups.values())), out);
        } catch (IOException ex) {
            return ExitCode.CHECK_UNKNOWN;
        }
        out.flush();
        return out.checkError() ? ExitCode.CHECK_UNKNOWN : ExitCode.CHECK_OK;
    }
}
