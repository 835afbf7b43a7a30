package dev.gbakprof.cli;

import dev.gbakprof.firebird.ServerAddress;
import dev.gbakprof.model.Durations;
import dev.gbakprof.model.Environment;
import dev.gbakprof.model.ExitCode;
import dev.gbakprof.model.GbakprofException;
import dev.gbakprof.model.IdleProbe;
import dev.gbakprof.model.Interruption;
import dev.gbakprof.model.PowerPlan;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.model.Via;
import dev.gbakprof.monitor.EnvironmentProbe;
import dev.gbakprof.output.RepeatSummary;
import dev.gbakprof.output.TextSummary;
import dev.gbakprof.power.IdleProbes;
import dev.gbakprof.power.PowerPlans;
import dev.gbakprof.run.Drill;
import dev.gbakprof.run.NewestBackup;
import dev.gbakprof.run.RestoreSeries;
import dev.gbakprof.run.RestoreSession;
import dev.gbakprof.run.RunOptions;
import dev.gbakprof.run.Signals;
import dev.gbakprof.store.RunStore;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code gbakprof run}: times a real restore live. */
@Command(
        name = "run",
        header = "Restore a backup with gbak -c -v -st tdrw and time it live.",
        footer = "  gbakprof run --backup /backups/erp.fbk --database /restore-test/erp.fdb --validate",
        sortOptions = false,
        description = {
            "Progress while gbak works, then the raw log (gbak.log) and the run record (run.json)",
            "in a new folder under --runs-dir.",
            "--via service: the server restores through the services API (Jaybird), verbose",
            "with the same statistics columns, its lines streamed live; --backup and",
            "--database are then paths on the server.",
            "--host HOST[/PORT] without --via service: gbak restores through that server (given",
            "HOST/PORT:PATH, remote TCP). A relative path a server on this machine opens is made",
            "absolute; for a server on another machine it is refused.",
            "--inspect: after a completed restore, open the database through the server,",
            "record what it says, and verify each table's rows against the log and that no",
            "index was left inactive.",
            "--validate: after a completed restore, gfix -v -full -n on the database (read",
            "only), timed; errors fail the run with gfix's words (gfix.log in the run folder).",
            "--backup-from DB: the drill, in one run folder: a backup of DB (backup.log, DB.fbk, its SHA-256),",
            "its restore (gbak.log), the checks asked for; a stage that fails stops it with one line.",
            "--jobs FILE: the restores of a jobs file, in its order, then one summary table (label, status, total,",
            "against the job's rto); the exit code is the worst of the jobs' (a restore over its rto counts as failed).",
            "The password comes from --password-file or ISC_PASSWORD, never a command line.",
            "Exits " + ExitCode.OK + " when the restore (a drill: its backup and restore) completed (and verified), "
                    + ExitCode.FAILED + " when it failed, failed",
            "verification or was stopped by --timeout, " + ExitCode.BAD_INPUT
                    + " when it was refused before it started (bad",
            "usage, missing backup or a file that is surely none, existing database (with --replace: a file that",
            "is no Firebird database), a server that does not answer or refuses the",
            "login, a database in use with --replace, a gbak switch that gbak does not know (-par before",
            "Firebird 5), a database --inspect's server could not open), or when the runs folder could",
            "not be written (a run refused, but for bad usage, where the runs folder exists leaves a run",
            "folder that says why: check judges it),",
            ExitCode.INTERRUPTED + " when Ctrl-C stopped it (after saying what completed and what was stopped)."
        })
final class RunCommand implements Callable<Integer> {

    @Option(
            names = "--backup",
            paramLabel = "F.fbk",
            description = "Backup file to restore (never modified). Give it, or --backup-from. A file that is surely"
                    + " no gbak backup (a database, a text file, an empty file) is refused before gbak starts.")
    String backup;

    @Option(
            names = "--backup-dir",
            paramLabel = "DIR",
            description =
                    "Restore the newest complete backup in DIR (the folder a nightly backup writes into): of the"
                            + " files matching --pattern, the newest unchanged for --settle. The record says which file and why.")
    Path backupDir;

    @Option(
            names = "--pattern",
            paramLabel = "GLOB",
            defaultValue = "*.fbk",
            description = "With --backup-dir: the backup files' names (default: ${DEFAULT-VALUE}).")
    String pattern;

    @Option(
            names = "--settle",
            paramLabel = "DURATION",
            defaultValue = "60s",
            description = "With --backup-dir: a backup is complete once its size and modification time are unchanged"
                    + " this long (default: ${DEFAULT-VALUE}); a newer one still being written is passed over.")
    String settle;

    @Option(
            names = "--backup-from",
            paramLabel = "DB.fdb",
            description =
                    "The drill: back this database up (gbak -b -v -st tdrw, or the services backup; read as any backup reads it)"
                            + " into a new backup file in the run folder, then restore that file into --database (and"
                            + " --inspect, --validate); a local path (embedded) or host[/port]:path.")
    String backupFrom;

    @Option(
            names = "--jobs",
            paramLabel = "FILE",
            description =
                    "Run the restores of a jobs file (a JSON array: label, backup or backupDir, database, via, host,"
                            + " rto, validate; docs/guide/jobs.schema.json) one after the other, each as run would, the other"
                            + " options given here applying to every job; then one summary table and the worst exit code.")
    Path jobs;

    @Option(
            names = "--database",
            paramLabel = "D.fdb",
            description =
                    "Database to create: a local path (embedded) or host[/port]:path; with --via service the server's path.")
    String database;

    @Option(
            names = "--via",
            paramLabel = "gbak|service",
            defaultValue = "gbak",
            description = "gbak: run the gbak tool (default); service: the server restores through the services API.")
    String via;

    @Option(
            names = "--inspect",
            description =
                    "After a completed restore, inspect the database through the server and verify it against the log.")
    boolean inspect;

    @Option(
            names = "--verbose",
            description = "With --inspect, print each table's rows and each index the database holds (without it: one"
                    + " line of counts and what does not match the log; the record has them all).")
    boolean verbose;

    @Option(
            names = "--inspect-host",
            paramLabel = "HOST",
            description = "The server --inspect opens a database restored embedded through: HOST, or HOST/PORT"
                    + " (default: localhost/3050). A restore through a server is inspected through that server.")
    String inspectHost;

    @Option(
            names = "--validate",
            description = "After a completed restore, validate the database with gfix -v -full -n"
                    + " (read only), timed as its own step; errors fail the run with gfix's words.")
    boolean validate;

    @Option(
            names = "--label",
            paramLabel = "L",
            description = "Label of the run (default: the backup's file name, the route, a --gbak's Firebird version"
                    + " and the power plan when known: shop.fbk, embedded, Firebird 4.0, High performance).")
    String label;

    @Option(
            names = "--gbak",
            paramLabel = "PATH",
            description = "gbak to run (default: gbak on PATH, then the usual install places; refused unless its -z"
                    + " says gbak's version); with --via service and --validate, the gbak beside the gfix to run.")
    Path gbak;

    @Mixin
    ServerOptions server = new ServerOptions();

    @Option(
            names = "--replace",
            description =
                    "Replace an existing database: restore beside it, move the restore over it only once complete (and verified with --inspect); needs room for two copies. Without it an existing database is refused and left untouched; with it a file that is no Firebird database (another backup, a log, an empty file) is too.")
    boolean replace;

    @Option(
            names = "--repeat",
            paramLabel = "N",
            defaultValue = "1",
            description = "Restore N times, each into a fresh database name (default: ${DEFAULT-VALUE}).")
    int repeat;

    @Option(
            names = "--warmup",
            paramLabel = "N",
            defaultValue = "0",
            description = "Warm-up restores before the counted ones, each into its own database name: recorded"
                    + " (warmup: true) and set aside by compare and report, as hyperfine's --warmup (default:"
                    + " ${DEFAULT-VALUE}).")
    int warmup;

    @Option(
            names = "--cooldown",
            paramLabel = "S",
            defaultValue = "2",
            description = "Seconds of rest between repeated restores, 0 to 86400, refused with one restore (default:"
                    + " ${DEFAULT-VALUE}).")
    double cooldown;

    @Option(
            names = "--keep",
            description = "Keep the databases of repeated restores (default: removed after each run); the database of"
                    + " a single restore is always kept.")
    boolean keep;

    @Option(
            names = "--keep-partial",
            description = "Keep a partial database after a timeout or Ctrl-C (default: removed).")
    boolean keepPartial;

    @Option(
            names = "--timeout",
            paramLabel = "DURATION",
            description = "Stop gbak after this long: 90s, 45m, 2h, 1h30m (default: never).")
    String timeout;

    @Option(
            names = "--runs-dir",
            paramLabel = "DIR",
            defaultValue = "runs",
            description =
                    "Where run folders go (default: ${DEFAULT-VALUE}); created when missing, in a folder that exists.")
    Path runsDir;

    @Option(
            names = "--baseline",
            paramLabel = "RUN",
            description =
                    "A run.json (or its folder), or a gbak restore log, whose total gives the ETA (default: the median of the newest 5 completed runs of the same backup and route, by a gbak of the same version).")
    Path baseline;

    @Option(
            names = "--sample-interval",
            paramLabel = "S",
            defaultValue = "1",
            description = "Seconds between CPU samples, 0.1 to 3600 (default: ${DEFAULT-VALUE}).")
    double sampleInterval;

    /** The longest --sample-interval, seconds. */
    static final double MAX_SAMPLE_INTERVAL = 3600;

    /** Refuses a {@code --cooldown} (run's, matrix's) below 0, over a day or no number (Infinity rested for ever). */
    static void refuseBadCooldown(double cooldown) {
        if (!(cooldown >= 0 && cooldown <= 86400)) {
            throw new UsageException("--cooldown " + cooldown + ": expected 0 to 86400 seconds (a day)");
        }
    }

    @Option(
            names = "--probe-power",
            description = "Before the restore, measure whether this machine's CPU clocks down when idle"
                    + " (plan --probe, about 6 s) and record it in the run's environment; refused when a server on"
                    + " another machine does the restore's work.")
    boolean probePower;

    @Parameters(
            paramLabel = "EXTRA_GBAK_ARGS",
            arity = "0..*",
            description =
                    "After --: gbak switches passed through (-bu, -par 4, -se host:service_mgr, -fix_fss_data …).")
    List<String> extra = new ArrayList<>();

    @Spec
    CommandSpec spec;

    /** The options once they are made of the command line: what a refusal after that records. */
    private RunOptions options;

    /** What the restores of this command left (a refused run: {@code null}), for {@code --jobs}. */
    List<RestoreSession.Outcome> outcomes;

    @Override
    public Integer call() throws IOException, InterruptedException {
        if (jobs != null) {
            return new JobsRun(spec, jobs).run();
        }
        if (database == null) { // not required by picocli: --jobs gives each job's
            throw new UsageException("Missing required option: '--database=D.fdb' (or --jobs FILE)");
        }
        Via route = Via.route(via);
        if (route == null) {
            throw new UsageException("--via " + via + ": expected gbak or service");
        }
        refuseBadCooldown(cooldown);
        if (!(sampleInterval >= 0.1)) { // it was raised to 0.1 s without a word
            throw new UsageException("--sample-interval " + sampleInterval
                    + ": expected 0.1 or more seconds (a sample costs gbakprof a read of /proc; faster ones would"
                    + " measure gbakprof)");
        }
        if (!(sampleInterval <= MAX_SAMPLE_INTERVAL)) { // 1e309 is infinity: no sample at all, without a word
            throw new UsageException("--sample-interval " + sampleInterval + ": expected at most "
                    + (int) MAX_SAMPLE_INTERVAL + " seconds (an hour)");
        }
        if (route == Via.SERVICE && gbak != null && !validate) { // it was ignored
            throw new UsageException("--gbak " + gbak + ": --via service runs no gbak (the server restores with its"
                    + " own); leave --gbak out (with --validate it says whose gfix validates)");
        }
        var given = spec.commandLine().getParseResult().matchedOption("--cooldown");
        if (warmup < 0) {
            throw new UsageException("--warmup must be 0 or more, not " + warmup);
        }
        if (warmup > 0 && backupFrom != null) {
            throw new UsageException("--warmup " + warmup + ": the drill (--backup-from) backs up once and restores"
                    + " that backup once; warm-ups are for --backup (leave --warmup out)");
        }
        if (repeat == 1 && warmup == 0 && given != null) { // it was taken and rested nothing
            throw new UsageException(
                    "--cooldown " + given.originalStringValues().get(0) + ": rests between repeated restores,"
                            + " and one restore has no rest (add --repeat N or --warmup N, or leave --cooldown out)");
        }
        refuseBadValues();
        try {
            return restore(route);
        } catch (GbakprofException.Refused ex) {
            recordRefusal(ex.getMessage());
            throw ex;
        }
    }

    /**
     * Refuses bad usage (what the option values alone make wrong) before anything is looked at: no run folder is left
     * for it; only a night refused by what it found does ({@link #recordRefusal}).
     */
    private void refuseBadValues() {
        LabelOption.refuse(label, "the backup's file name, the route and the power plan");
        var parsed = spec.commandLine().getParseResult();
        if (backupDir != null && (backup != null || backupFrom != null)) {
            throw new UsageException(
                    "--backup-dir " + backupDir + ": give one of --backup, --backup-dir and " + "--backup-from");
        }
        if (backupDir == null && (parsed.hasMatchedOption("--pattern") || parsed.hasMatchedOption("--settle"))) {
            throw new UsageException("--pattern and --settle choose a file of --backup-dir DIR; give --backup-dir, or"
                    + " leave them out");
        }
        if (backupDir == null && (backup == null) == (backupFrom == null)) {
            throw new UsageException(
                    backup == null
                            ? "give --backup F.fbk (a backup to restore) or --backup-from DB.fdb (the drill: back up, "
                                    + "then restore that backup)"
                            : "--backup and --backup-from: give one. --backup restores an existing backup; --backup-from "
                                    + "backs a database up into the run folder and restores that backup");
        }
        if (backupDir != null) {
            Durations.parse("--settle", settle);
        }
        options(null, null, null).refuseBadUsage(); // of the values alone: no gbak looked for, no password read
    }

    /**
     * The run's options from the command line, with the server's names ({@link RunOptions#withServerPaths}); refused
     * when {@code --timeout}, {@code --inspect-host} or the names given cannot be used.
     */
    private RunOptions options(Path gbakPath, String password, String backupChoice) {
        RunOptions made = new RunOptions(
                        backup,
                        database,
                        label,
                        gbakPath,
                        server.user(),
                        password,
                        replace,
                        repeat,
                        Duration.ofMillis(Math.round(cooldown * 1000)),
                        keep,
                        keepPartial,
                        timeout == null ? null : Durations.parse("--timeout", timeout),
                        runsDir,
                        baseline,
                        extra,
                        Duration.ofMillis(Math.max(100, Math.round(sampleInterval * 1000))),
                        Via.route(via),
                        inspectHost == null ? server.address() : inspectServer(),
                        inspect,
                        validate,
                        backupFrom,
                        warmup,
                        backupChoice)
                .withServerPaths(server.given());
        if (inspectHost != null && (server.given() || made.throughServer())) {
            throw new UsageException("--inspect-host " + inspectHost + ": names the server that inspects a database"
                    + " restored embedded; this restore goes through a server, which --inspect uses");
        }
        return made;
    }

    /**
     * A night refused once its backup and database are being looked at leaves a run folder that says so
     * ({@link RunStore#refused}), where the earlier nights' are: a monitoring system's {@code check} must not read
     * the night before as tonight's. The refusal stays the one line it is (docs/guide/monitoring.md says where it
     * goes; {@code history} and {@code check} name the folder).
     */
    private void recordRefusal(String why) {
        String source = backup != null ? backup : backupFrom;
        // the label its record would have had (without the power plan, not yet asked): its folder is named alike
        String named = label != null ? label : options != null ? options.defaultLabel(null, null) : null;
        new RunStore(runsDir).refused(named, source, database, why, LocalDateTime.now());
    }

    /** The restore (or drill, or series) once the options are understood. */
    private int restore(Via route) throws IOException, InterruptedException {
        NewestBackup.Choice chosen = null;
        if (backupDir != null) {
            chosen = NewestBackup.in(backupDir, pattern, Durations.parse("--settle", settle), Instant.now());
            backup = chosen.file().toString();
        }
        boolean service = route == Via.SERVICE;
        Path gbakPath = service ? null : GbakOption.locate(gbak);
        // the Firebird tools beside gbak: through the services API only gfix (--validate), beside a --gbak given
        Path tools = service && gbak != null ? GbakOption.locate(gbak) : gbakPath;
        RunOptions options = options(gbakPath, server.password(), chosen == null ? null : chosen.why());
        this.options = options;
        // this machine's plan and idle probe describe the restore's worker only when the work runs here
        ServerAddress elsewhere = options.workerElsewhere(options.database());
        if (probePower && elsewhere != null) {
            throw new UsageException("--probe-power measures this machine's CPU, but the restore's work runs on the"
                    + " server " + elsewhere + ", on another machine: run gbakprof plan --probe there");
        }
        if (validate && RestoreSession.gfix(tools).isEmpty()) {
            throw new UsageException(
                    "--validate needs gfix (Firebird's utilities), beside gbak, on PATH or in the usual "
                            + "places; none was found");
        }
        RestoreSeries series = new RestoreSeries(options, tools, (Environment) null, System.err, false);
        Drill checking = options.drill() ? new Drill(options, tools, () -> null, System.err, false) : null;
        String checkedVersion = checking != null ? checking.check() : check(series);
        // gbak -z's answer (null via service): for the default label (a --gbak given is named) and the record
        String gbakVersion = checking != null ? checking.gbakVersion() : series.gbakVersion();
        PowerPlan plan = elsewhere == null ? PowerPlans.detect() : PowerPlan.elsewhere(elsewhere.toString());
        IdleProbe idle = null;
        if (probePower) { // before gbak starts: the probe's bursts must not take the CPU from the restore
            PrintWriter err = spec.commandLine().getErr();
            err.println("gbakprof: idle probe (about 6 s) ...");
            err.flush();
            idle = IdleProbes.measure(
                    PlanCommand.PROBE_ROUNDS, PlanCommand.PROBE_PAUSE_SECONDS, PlanCommand.PROBE_BURST_MS);
            err.println("gbakprof: " + idle.message());
            err.flush();
        }
        IdleProbe probed = idle;
        String serverVersion = checkedVersion;
        // probed while gbak already works: OSHI takes a quarter of a second
        CompletableFuture<Environment> env =
                CompletableFuture.supplyAsync(() -> EnvironmentProbe.probe(gbakPath, gbakVersion, plan)
                        .withEngineVersion(serverVersion)
                        .withIdleProbe(probed));
        String runLabel =
                label != null ? label : options.defaultLabel(plan, gbak == null || service ? null : gbakVersion);
        PrintStream progress = System.err;
        boolean terminal = Terminal.redraws(); // TERM=dumb: plain lines, no carriage returns
        if (options.drill()) {
            return drill(new Drill(options, tools, env::join, progress, terminal), runLabel);
        }
        series = series.restoring(env::join, progress, terminal); // checked above, not again
        try (Signals.Hold ctrlC = Signals.hold()) {
            outcomes = series.run(runLabel);

            PrintWriter out = spec.commandLine().getOut();
            List<RestoreRun> runs = new ArrayList<>();
            for (RestoreSession.Outcome o : outcomes) {
                runs.add(o.run());
                out.print(TextSummary.of(o.run(), 10, verbose));
                out.println(recordLine(o.runDir()));
                out.println();
            }
            List<RestoreRun> counted =
                    runs.stream().filter(r -> !r.warmupRestore()).toList();
            if (counted.size() > 1) {
                out.print(RepeatSummary.of(counted));
            }
            int wanted = Math.max(1, repeat) + warmup;
            out.flush();
            String unsaved = outcomes.stream()
                    .map(RestoreSession.Outcome::unsaved)
                    .filter(Objects::nonNull)
                    .findFirst()
                    .orElse(null);
            if (unsaved != null) {
                spec.commandLine()
                        .getErr()
                        .println("gbakprof: " + unsaved + "; the measurement above was not saved. "
                                + "Free space in --runs-dir " + runsDir + " or choose another");
            }
            if (ctrlC.pressed()) {
                out.println(stopped(runs, wanted));
                out.flush();
                return ExitCode.INTERRUPTED; // Main exits with Interruption.exitCode()
            }
            if (unsaved != null) {
                return ExitCode.BAD_INPUT;
            }
            return runs.stream().allMatch(r -> r.status() == RunStatus.COMPLETED) && runs.size() == wanted
                    ? ExitCode.OK
                    : ExitCode.FAILED;
        }
    }

    private static String check(RestoreSeries series) {
        series.check();
        return series.serverVersion();
    }

    /**
     * The summary's line naming the run's record, or saying that there is none (a full disk: why is said last, with
     * what else was not saved).
     */
    static String recordLine(Path runDir) {
        Path json = runDir.resolve("run.json");
        return Files.exists(json) ? "  run record " + json : "  run record not written (" + json + ": see below)";
    }

    /** The drill: its records' summaries, the one line of its stages, and its exit code. */
    private int drill(Drill drill, String runLabel) throws IOException {
        try (Signals.Hold ctrlC = Signals.hold()) {
            Drill.Result d = drill.run(runLabel);
            PrintWriter out = spec.commandLine().getOut();
            for (RestoreRun r : d.runs()) {
                out.print(TextSummary.of(r, 10, verbose));
                out.println();
            }
            out.println(recordLine(d.runDir()));
            out.println(d.line());
            out.flush();
            if (d.unsaved() != null) {
                spec.commandLine()
                        .getErr()
                        .println("gbakprof: " + d.unsaved() + "; the measurement above was not saved. "
                                + "Free space in --runs-dir " + runsDir + " or choose another");
            }
            if (ctrlC.pressed()) {
                out.println("gbakprof: stopped by " + Interruption.word() + " during the drill; exit code "
                        + Interruption.exitCode());
                out.flush();
                return ExitCode.INTERRUPTED; // Main exits with Interruption.exitCode()
            }
            if (d.unsaved() != null) {
                return ExitCode.BAD_INPUT;
            }
            return d.passed() ? ExitCode.OK : ExitCode.FAILED;
        }
    }

    /**
     * What Ctrl-C (or a signal: {@link Interruption}) stopped: the restore it stopped, how many completed before it,
     * how many never started.
     */
    static String stopped(List<RestoreRun> runs, int wanted) {
        long completed =
                runs.stream().filter(r -> r.status() == RunStatus.COMPLETED).count();
        int notStarted = wanted - runs.size();
        StringBuilder sb = new StringBuilder("gbakprof: stopped by " + Interruption.word());
        if (!runs.isEmpty() && runs.get(runs.size() - 1).status() != RunStatus.COMPLETED) {
            sb.append(wanted > 1 ? " during restore " + runs.size() + " of " + wanted : " during the restore")
                    .append(" (status ")
                    .append(runs.get(runs.size() - 1).status())
                    .append(")");
        }
        if (wanted > 1) {
            sb.append("; ").append(completed).append(" of ").append(wanted).append(" restores completed");
            if (notStarted > 0) {
                sb.append(", ")
                        .append(notStarted)
                        .append(notStarted == 1 ? " was" : " were")
                        .append(" not started");
            }
        }
        return sb.append("; exit code ").append(Interruption.exitCode()).toString();
    }

    /** The server of {@code --inspect-host}, which needs {@code --inspect}. */
    private ServerAddress inspectServer() {
        if (!inspect) {
            throw new UsageException("--inspect-host " + inspectHost + ": names the server --inspect opens the"
                    + " database through; add --inspect");
        }
        try {
            return ServerAddress.parse(inspectHost);
        } catch (IllegalArgumentException ex) {
            throw new UsageException("--inspect-host " + ex.getMessage());
        }
    }
}
