package dev.gbakprof.cli;

import dev.gbakprof.exec.GbakInvocation;
import dev.gbakprof.exec.GbakSwitchCheck;
import dev.gbakprof.model.Durations;
import dev.gbakprof.model.Environment;
import dev.gbakprof.model.ExitCode;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.model.Via;
import dev.gbakprof.monitor.EnvironmentProbe;
import dev.gbakprof.output.ReportSettings;
import dev.gbakprof.output.Texts;
import dev.gbakprof.power.PowerPlans;
import dev.gbakprof.report.Reports;
import dev.gbakprof.run.MatrixExperiment;
import dev.gbakprof.run.MatrixPlan;
import dev.gbakprof.run.RestoreSession;
import dev.gbakprof.run.RunOptions;
import dev.gbakprof.run.Signals;
import dev.gbakprof.stats.Analysis;
import dev.gbakprof.stats.Pairing;
import dev.gbakprof.store.Outputs;
import dev.gbakprof.store.RunStore;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code gbakprof matrix}: a fair A/B experiment of power plans and/or a gbak option. */
@Command(
        name = "matrix",
        header = "Restore one backup under each power plan or gbak switch, interleaved, and compare.",
        footer =
                "  gbakprof matrix --backup erp.fbk --database /data/t/erp.fdb --plans balanced,high-performance --repeat 3",
        sortOptions = false,
        defaultValueProvider = MatrixCommand.OutDefault.class,
        description = {
            "Restore one backup N times under each power plan (and/or each value of a gbak switch) in "
                    + "interleaved order, with a rest between runs, then compare them (the compare output and charts).",
            "The original power plan is put back at the end, also after a failed restore, a timeout or Ctrl-C.",
            "--host HOST[/PORT]: the restores go through that server, as with run --host.",
            "Exits 0 when every restore completed, 1 otherwise, 2 when refused before the first restore, "
                    + ExitCode.INTERRUPTED + " when Ctrl-C stopped it (after the table of the restores, the report"
                    + " of those that completed and the line saying what was stopped)."
        })
final class MatrixCommand implements Callable<Integer> {

    @Option(
            names = "--backup",
            required = true,
            paramLabel = "F.fbk",
            description = "Backup file to restore (never modified). A file that is surely no gbak backup (a database,"
                    + " a text file, an empty file) is refused before the first restore.")
    String backup;

    @Option(
            names = "--database",
            required = true,
            paramLabel = "D.fdb",
            description =
                    "Database name; each restore gets a fresh one beside it (D-<label>-<n>.fdb), removed after the run unless --keep.")
    String database;

    @Option(
            names = "--plans",
            split = ",",
            paramLabel = "PLAN",
            description =
                    "Power plans to compare: aliases (balanced, high-performance, power-saver, ultimate), names, GUIDs or Linux governors.")
    List<String> plans = new ArrayList<>();

    @Option(
            names = "--vary",
            paramLabel = "'gbak:SWITCH V1,V2,…'",
            description = "Scan a gbak switch instead of (or across) plans, e.g. 'gbak:-par 1,2,4,8' or"
                    + " 'gbak:-bu 1000,8000'; or compare Firebird versions: 'gbak:PATH,PATH', two gbak programs"
                    + " (e.g. 'gbak:/usr/bin/gbak,/opt/firebird4/bin/gbak'), each arm labelled with its gbak -z"
                    + " version; or compare routes: 'route:embedded,localhost,service' (embedded gbak, gbak"
                    + " through the --host server over TCP, that server's services manager).")
    String vary;

    @Option(
            names = "--repeat",
            paramLabel = "N",
            defaultValue = "3",
            description = "Restores per arm, one a round (default: ${DEFAULT-VALUE}); one round gives no verdict, as"
                    + " matrix says before its first restore.")
    int repeat;

    @Option(
            names = "--cooldown",
            paramLabel = "S",
            defaultValue = "2",
            description = "Seconds of rest between restores, 0 to 86400 (default: ${DEFAULT-VALUE}).")
    double cooldown;

    @Option(
            names = "--warmup",
            paramLabel = "N",
            defaultValue = "1",
            description = "Warm-up restores of each arm before the first round, the arms in turn: recorded (warmup:"
                    + " true) and set aside by the comparison, as hyperfine's --warmup; an arm's first restore meets a"
                    + " cold page cache, a server's cold start (default: ${DEFAULT-VALUE}).")
    int warmup;

    @Option(
            names = "--order",
            paramLabel = "balanced|interleaved|random-blocks",
            defaultValue = "balanced",
            description = "balanced (default): each round runs every arm once and the first arm turns (AB BA AB…);"
                    + " interleaved: AB AB AB…; random-blocks: each round in a random order (seeded by --seed).")
    String order;

    @Option(
            names = "--seed",
            paramLabel = "N",
            defaultValue = "1",
            description = "Seed of --order random-blocks, refused with another order (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(
            names = "--gbak",
            paramLabel = "PATH",
            description = "gbak to run (default: gbak on PATH, then the usual install places), asked its version"
                    + " (gbak -z) before anything runs: a program that does not start or is not gbak is refused.")
    Path gbak;

    @Mixin
    ServerOptions server = new ServerOptions();

    @Option(
            names = "--timeout",
            paramLabel = "DURATION",
            description = "Stop each gbak after this long: 90s, 45m, 2h, 1h30m (default: never).")
    String timeout;

    @Option(names = "--keep", description = "Keep the restored databases (default: each is removed after its restore).")
    boolean keep;

    @Option(
            names = "--baseline",
            paramLabel = "LABEL",
            description = "Arm the others are compared with (default: the first).")
    String baseline;

    @Mixin
    ReportOptions report;

    @Parameters(
            paramLabel = "EXTRA_GBAK_ARGS",
            arity = "0..*",
            description = "After --: gbak switches for every restore.")
    List<String> extra = new ArrayList<>();

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (repeat < 1) {
            throw new UsageException("--repeat must be 1 or more");
        }
        if (warmup < 0) { // before the options are made of it (RunOptions refuses it as a bug: exit 1)
            throw new UsageException("--warmup must be 0 or more, not " + warmup);
        }
        List<MatrixPlan.Arm> arms;
        MatrixPlan.Order ord;
        if (spec.commandLine().getParseResult().hasMatchedOption("--seed") && !"random-blocks".equals(order)) {
            throw new UsageException("--seed " + seed + " seeds --order random-blocks; the " + order + " order has"
                    + " nothing random (add --order random-blocks, or leave --seed out)"); // it was ignored
        }
        try {
            arms = MatrixPlan.arms(plans, vary);
            ord = MatrixPlan.Order.parse(order);
        } catch (IllegalArgumentException ex) {
            throw new UsageException(ex.getMessage());
        }
        RunCommand.refuseBadCooldown(cooldown);
        Path gbakPath = GbakOption.locate(gbak);
        String gbakVersion = arms.stream().anyMatch(a -> a.gbak() == null)
                ? GbakOption.version("--gbak", gbakPath) // an arm restores with it
                : null;
        arms = byVersion(arms);
        boolean outGiven = spec.commandLine().getParseResult().hasMatchedOption("--out");
        Path runsRoot = Path.of("runs"); // without --out: a new runs/matrix-<time>
        Path out = outGiven ? report.out : RunStore.matrixFolder(runsRoot, LocalDateTime.now());
        RunOptions base = new RunOptions(
                backup,
                database,
                null,
                gbakPath,
                server.user(),
                server.password(),
                false,
                1,
                Duration.ofMillis(Math.round(cooldown * 1000)),
                keep,
                false,
                timeout == null ? null : Durations.parse("--timeout", timeout),
                RunStore.matrixRuns(out),
                null,
                extra,
                Duration.ofSeconds(1),
                Via.GBAK,
                server.address(),
                false,
                false,
                null,
                warmup,
                null);
        // route arms make each arm's names definite on its own route; otherwise --host's, as run does
        base = arms.stream().anyMatch(a -> a.route() != null) ? base : base.withServerPaths(server.given());
        if (baseline != null && arms.stream().noneMatch(a -> a.label().equals(baseline))) {
            throw new UsageException("--baseline " + baseline + ": no arm is labelled so (the arms: "
                    + String.join(", ", arms.stream().map(MatrixPlan.Arm::label).toList()) + ")");
        }
        String title = "Restore time by "
                + (!plans.isEmpty()
                        ? "power plan"
                        : arms.stream().anyMatch(a -> a.gbak() != null)
                                ? "Firebird version (gbak)"
                                : arms.stream().anyMatch(a -> a.route() != null) ? "route" : "gbak option");
        // --top and --size refused now, not after hours of restores
        Texts texts = report.settings(title, null).texts();
        List<MatrixPlan.Slot> schedule = MatrixPlan.schedule(arms, repeat, warmup, ord, seed);
        Environment env = EnvironmentProbe.probe(gbakPath, gbakVersion, PowerPlans.detect());
        MatrixExperiment m = new MatrixExperiment(
                base, schedule, plans.isEmpty() ? null : PowerPlans.system(), env, System.err, Terminal.redraws());
        m.check(); // a missing backup or database folder: refused before the plan of restores is announced
        // and a report that could not be written after hours of restores (a new runs/matrix-<time> when --out is
        // not given: its runs/ is created, as run's default --runs-dir is)
        if (outGiven) {
            ReportWriter.check(out, List.of());
        } else {
            Outputs.refuseUnwritableDir(runsRoot, "--out");
        }
        checkSwitches(gbakPath, arms, extra); // and a gbak switch this gbak does not take (-par on Firebird 3)
        PrintWriter console = spec.commandLine().getOut();
        console.println("gbakprof: " + schedule.size() + " restores: "
                + String.join(
                        ", ", schedule.stream().map(MatrixPlan.Slot::describe).toList()));
        console.flush();
        if (repeat == 1) { // said before the first restore, and done: the DBA may want that one round
            spec.commandLine().getErr().println("gbakprof: " + texts.get("matrix.one.round", Pairing.MIN_PAIRS));
            spec.commandLine().getErr().flush();
        }
        // after Ctrl-C (or a stop signal): the table and the report of what completed, the stop line, then 130
        try (Signals.Hold ctrlC = Signals.hold()) {
            MatrixExperiment.Result result = m.run();

            List<RestoreRun> runs =
                    result.runs().stream().map(RestoreSession.Outcome::run).toList();
            int code = ExitCode.OK;
            if (!runs.isEmpty()) {
                // the table of runs and the comparison are drawn from one analysis: a failed restore that gbak
                // took to its end has no total here either (its clock is not the time of a restore)
                String baseLabel = baseline != null ? baseline : arms.get(0).label();
                ReportSettings settings = report.settings(
                        title, runs.stream().anyMatch(r -> r.label().equals(baseLabel)) ? baseLabel : null);
                Analysis analysis = Reports.analyse(runs, settings);
                for (RestoreSession.Outcome o : result.runs()) {
                    console.printf(
                            "  %-28s %-10s %10s  %s%n",
                            o.run().label() + (o.run().warmupRestore() ? " (warm-up)" : ""),
                            o.run().status(),
                            settings.texts().duration(analysis.total(o.run())),
                            o.runDir());
                }
                console.println();
                if (analysis.groups().size() >= 2) {
                    code = ReportCommand.print(console, analysis, settings, out, List.of(), JsonOption.Output.FILES);
                }
            }
            if (ctrlC.pressed()) {
                console.println(RunCommand.stopped(runs, schedule.size()));
            } else if (result.stoppedBy() != null) {
                console.println("gbakprof: stopped early: " + result.stoppedBy());
                code = ExitCode.FAILED;
            }
            console.flush();
            boolean allDone =
                    runs.size() == schedule.size() && runs.stream().allMatch(r -> r.status() == RunStatus.COMPLETED);
            return ctrlC.pressed() ? ExitCode.INTERRUPTED : allDone ? code : ExitCode.FAILED;
        }
    }

    /**
     * The arms of {@code --vary 'gbak:PATH,PATH'} labelled with what each gbak says it is ({@code gbak -z}: {@code
     * LI-V4.0.5.3140 Firebird 4.0}), the version being what the experiment compares; refused when a path is no gbak
     * that answers, or two are the same version. Other arms as they are.
     */
    static List<MatrixPlan.Arm> byVersion(List<MatrixPlan.Arm> arms) {
        List<MatrixPlan.Arm> out = new ArrayList<>();
        Set<String> labels = new HashSet<>();
        for (MatrixPlan.Arm arm : arms) {
            if (arm.gbak() == null) {
                out.add(arm);
                continue;
            }
            Path program = GbakOption.locate("--vary:", arm.gbak());
            String version = GbakOption.version("--vary:", program);
            String label = arm.plan() == null ? version : arm.plan() + " " + version;
            if (!labels.add(label)) {
                throw new UsageException("--vary: two of the gbak programs are " + version
                        + ": the same version, nothing to compare (nothing was restored)");
            }
            out.add(new MatrixPlan.Arm(label, arm.plan(), arm.gbakArgs(), program));
        }
        return out;
    }

    /**
     * Every arm's gbak switches, asked of this gbak before anything runs: a switch it does not know ({@code -par}
     * on Firebird 3) or a value it refuses would otherwise fail every restore, one after the other.
     */
    static void checkSwitches(Path gbakPath, List<MatrixPlan.Arm> arms, List<String> extra)
            throws IOException, InterruptedException {
        Set<List<Object>> asked = new HashSet<>();
        for (MatrixPlan.Arm arm : arms) {
            List<String> switches = new ArrayList<>(arm.gbakArgs());
            switches.addAll(extra);
            try {
                GbakInvocation.refusePasswordSwitch(switches);
            } catch (IllegalArgumentException ex) {
                throw new UsageException(ex.getMessage());
            }
            if (switches.isEmpty() || !asked.add(List.of(switches, String.valueOf(arm.gbak())))) {
                continue;
            }
            Optional<String> problem = GbakSwitchCheck.problem(arm.gbak() != null ? arm.gbak() : gbakPath, switches);
            if (problem.isPresent()) {
                throw new UsageException((arm.gbakArgs().isEmpty() ? "" : "arm '" + arm.label() + "': ") + problem.get()
                        + "; nothing was restored");
            }
        }
    }

    /**
     * matrix writes its report to a new folder per experiment, runs/matrix-&lt;time&gt;, not to report's
     * gbakprof-report: what --help shows (the value is not used; an --out not given is made in call()).
     */
    static final class OutDefault implements picocli.CommandLine.IDefaultValueProvider {
        @Override
        public String defaultValue(picocli.CommandLine.Model.ArgSpec arg) {
            return arg.isOption()
                            && ((picocli.CommandLine.Model.OptionSpec) arg)
                                    .longestName()
                                    .equals("--out")
                    ? "runs/matrix-<yyyyMMdd-HHmmss>"
                    : null;
        }
    }
}
