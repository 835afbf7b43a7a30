package dev.gbakprof.cli;

import dev.gbakprof.history.Check;
import dev.gbakprof.history.Trend;
import dev.gbakprof.model.ExitCode;
import dev.gbakprof.store.RunFolders;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
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
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "The state of a backup's newest restore test, as a monitoring plugin reports it: one line and",
            "exit 0 OK, 1 WARNING, 2 CRITICAL, 3 UNKNOWN (also for bad usage and unreadable folders: unlike the",
            "other commands, 2 here means CRITICAL).",
            "CRITICAL: the newest restore failed or did not finish (a failed --inspect verification or --validate",
            "fails it), took longer than --rto, or is older than --max-age.",
            "WARNING: it is slower than its baseline band (or more than --slower PCT above the band's median),",
            "or within 20%% of --rto."
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

    @Spec
    CommandSpec spec;

    /**
     * The folder started after the point's run: in one runs folder by name (folder names sort in start order, also
     * within a second), else by start time to the second (a folder's name gives no more).
     */
    private static boolean newer(RunFolders.Folder f, Trend.Point p) {
        Path a = f.folder().toAbsolutePath().normalize();
        Path b = p.folder().toAbsolutePath().normalize();
        if (a.getParent() != null && a.getParent().equals(b.getParent())) {
            return a.getFileName().toString().compareTo(b.getFileName().toString()) > 0;
        }
        return f.startedAt() == null || !f.startedAt().isBefore(p.startedAt().truncatedTo(ChronoUnit.SECONDS));
    }

    /** The files of the judged run folder checked against its SHA256SUMS: run.json always, others up to this size. */
    static final long CHECKSUM_MAX_BYTES = 64L << 20;

    @Override
    public Integer call() {
        Check.Result result;
        try {
            result = check();
        } catch (UsageException ex) {
            result = new Check.Result(Check.State.UNKNOWN, "UNKNOWN: " + ex.getMessage());
        }
        spec.commandLine().getOut().println(result.line());
        spec.commandLine().getOut().flush();
        return result.state().exitCode();
    }

    private Check.Result check() {
        if (slower != null && !(slower >= 0)) {
            throw new UsageException("--slower " + slower + ": expected a percentage, 0 or more");
        }
        Duration objective = rto == null ? null : Durations.parse("--rto", rto);
        Duration age = maxAge == null ? null : Durations.parse("--max-age", maxAge);
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
        String name = trend != null ? trend.shortName() : label != null ? label : backup != null ? backup : "restore";
        // the newest run folder is judged, whatever state it is in: one without a usable record newer than the newest
        // record is tonight's
        if (lastFolder != null && (trend == null || newer(lastFolder, trend.newest()))) {
            return Check.unjudged(name, lastFolder.state(), lastFolder.startedAt(), lastFolder.why());
        }
        Trend.Point newest = trend.newest();
        String changed = RunFolders.checksums(newest.folder(), CHECKSUM_MAX_BYTES);
        if (changed != null) {
            return Check.unjudged(name, RunFolders.State.DAMAGED, newest.startedAt(), changed);
        }
        return Check.of(trend, objective, age, slower, Instant.now(), s -> dev.gbakprof.report.Durations.human(s));
    }
}
