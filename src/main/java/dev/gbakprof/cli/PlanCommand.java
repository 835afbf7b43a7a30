package dev.gbakprof.cli;

import dev.gbakprof.model.ExitCode;
import dev.gbakprof.model.IdleProbe;
import dev.gbakprof.model.PowerPlan;
import dev.gbakprof.output.Json;
import dev.gbakprof.output.PlanJson;
import dev.gbakprof.power.IdleProbes;
import dev.gbakprof.power.PlanCheck;
import dev.gbakprof.power.PowerPlanSwitcher;
import dev.gbakprof.power.PowerPlans;
import dev.gbakprof.power.PowerSnapshot;
import dev.gbakprof.power.UnknownPlanException;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code gbakprof plan [--set NAME] [--check] [--json]}: shows, checks or sets the power plan. */
@Command(
        name = "plan",
        header = "Show, check or set the power plan restores run under.",
        footer = "  gbakprof plan --check",
        description = {
            "Windows: powercfg, matched by GUID in any language. Linux: cpufreq governors, EPP, turbo, platform"
                    + " profile, power-profiles-daemon, tuned.",
            "--set accepts a plan GUID, an alias (balanced, high-performance, power-saver, ultimate), the plan's"
                    + " name as the system shows it, or a Linux governor."
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            ExitCode.OK + ":ok; with --check: a performance plan is active",
            ExitCode.FAILED
                    + ":with --check: the active plan is not a performance plan; with --set: the plan could not be set",
            ExitCode.BAD_INPUT + ":bad usage, or --set names no plan on this system",
            ExitCode.UNKNOWN + ":with --check: the plan cannot be determined (e.g. a virtual machine without cpufreq)"
        })
final class PlanCommand implements Callable<Integer> {

    @Option(
            names = "--set",
            paramLabel = "NAME",
            description = "Make this plan active (needs administrator/root"
                    + " rights, or power-profiles-daemon/tuned on Linux).")
    String set;

    @Option(
            names = "--check",
            description = "Print one line and exit 0 when a performance plan is active, 1 when"
                    + " not, 3 when it cannot be told: for scripts and monitoring.")
    boolean check;

    @Option(names = "--json", description = "Print the plan and what was read as JSON.")
    boolean json;

    @Option(
            names = "--probe",
            description = "Also measure whether the CPU clocks down when idle (about 6 s): the"
                    + " same CPU burst after 1 s idle against back to back; works where the plan cannot be read (a virtual"
                    + " machine). A ratio of 1.4 or more: it clocks down.")
    boolean probe;

    @Spec
    CommandSpec spec;

    /** The idle probe as {@code plan --probe} and {@code run --probe-power} run it: about 6 s. */
    static final int PROBE_ROUNDS = 5;

    static final double PROBE_PAUSE_SECONDS = 1;
    static final double PROBE_BURST_MS = 20;

    private final PowerPlanSwitcher switcher;

    PlanCommand() {
        this(PowerPlans.system());
    }

    PlanCommand(PowerPlanSwitcher switcher) {
        this.switcher = switcher;
    }

    @Override
    public Integer call() throws InterruptedException {
        PrintWriter out = spec.commandLine().getOut();
        PlanJson.SetResult changed = null;
        if (set != null) {
            PowerPlan before = switcher.current();
            try {
                changed = new PlanJson.SetResult(set, before, switcher.set(set));
            } catch (UnknownPlanException ex) {
                throw new UsageException(ex.getMessage());
            }
        }
        PowerSnapshot snapshot = PowerPlans.snapshot(switcher);
        PlanCheck verdict = check ? PlanCheck.of(snapshot.active()) : null;
        IdleProbe idle = probe ? IdleProbes.measure(PROBE_ROUNDS, PROBE_PAUSE_SECONDS, PROBE_BURST_MS) : null;
        if (json) {
            Stdout.jsonText(out, Json.text(PlanJson.of(snapshot, changed, verdict, idle)));
        } else {
            if (changed != null) {
                out.println("Power plan set to " + shown(changed.now()) + " (was " + shown(changed.before()) + ")");
            }
            if (verdict != null) {
                out.println(verdict.message());
            } else {
                printSnapshot(out, snapshot);
            }
            if (idle != null) {
                out.println("Idle probe:   " + idle.message().substring("idle probe: ".length()));
            }
        }
        out.flush();
        return verdict == null ? ExitCode.OK : verdict.exitCode();
    }

    private static void printSnapshot(PrintWriter out, PowerSnapshot snapshot) {
        PowerPlan plan = snapshot.active();
        out.println("Power plan:   " + shown(plan));
        out.println("Performance:  " + (plan.performance() == null ? "unknown" : plan.performance() ? "yes" : "no"));
        out.println("Source:       " + plan.source());
        if (!snapshot.available().isEmpty()) {
            boolean windows = snapshot.available().stream().anyMatch(c -> c.guid() != null);
            out.println(windows ? "Plans (* active):" : "Governors (* active on every CPU):");
            int width = snapshot.available().stream()
                    .mapToInt(c -> c.name().length())
                    .max()
                    .orElse(0);
            for (PowerSnapshot.Choice choice : snapshot.available()) {
                out.println("  " + (choice.active() ? "* " : "  ")
                        + (choice.guid() == null
                                ? choice.name()
                                : String.format("%-" + width + "s  %s", choice.name(), choice.guid())));
            }
        }
        if (!snapshot.details().isEmpty()) {
            out.println("Details:");
            int width = snapshot.details().stream()
                            .mapToInt(d -> d.name().length())
                            .max()
                            .orElse(0)
                    + 1;
            for (PowerSnapshot.Detail detail : snapshot.details()) {
                out.println("  " + String.format("%-" + width + "s %s", detail.name() + ":", detail.value()));
            }
        }
        for (String warning : snapshot.warnings()) {
            out.println("Warning: " + warning);
        }
    }

    private static String shown(PowerPlan plan) {
        return plan.name() + (plan.guid() == null ? "" : " (" + plan.guid() + ")");
    }
}
