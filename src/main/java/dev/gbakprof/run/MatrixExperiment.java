package dev.gbakprof.run;

import dev.gbakprof.firebird.ServerAddress;
import dev.gbakprof.model.Environment;
import dev.gbakprof.model.PowerPlan;
import dev.gbakprof.monitor.EnvironmentProbe;
import dev.gbakprof.power.PowerPlanSwitcher;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * {@code gbakprof matrix}: repeated restores of one backup under several power plans (and/or values of a
 * gbak switch) in interleaved order, with a rest between runs, each run saved with its arm's label. The
 * original power plan is put back at the end, also after a failed restore, a timeout or Ctrl-C.
 */
public final class MatrixExperiment {
    private final RunOptions base;
    private final List<MatrixPlan.Slot> schedule;
    private final PowerPlanSwitcher switcher;
    private final Environment environment;
    private final PrintStream out;
    private final boolean terminal;
    private final RestoreRoute.Factory routes;
    private final RestoreLoop.Pause pause;
    private final AtomicBoolean restored = new AtomicBoolean();
    private final Map<Path, Environment> armEnvironments = new HashMap<>();
    private PowerPlan original;
    private PowerPlanSwitcher.Saved saved;
    private volatile boolean switched;

    /** What the experiment did. */
    public record Result(
            List<RestoreSession.Outcome> runs, PowerPlan original, String restoredPlan, String stoppedBy) {}

    public MatrixExperiment(
            RunOptions base,
            List<MatrixPlan.Slot> schedule,
            PowerPlanSwitcher switcher,
            Environment environment,
            PrintStream out,
            boolean terminal) {
        this(base, schedule, switcher, environment, out, terminal, null, null);
    }

    /** With a test's routes and rests ({@code null}: the real ones). */
    MatrixExperiment(
            RunOptions base,
            List<MatrixPlan.Slot> schedule,
            PowerPlanSwitcher switcher,
            Environment environment,
            PrintStream out,
            boolean terminal,
            RestoreRoute.Factory routes,
            RestoreLoop.Pause pause) {
        this.routes = routes;
        this.pause = pause;
        this.base = base;
        this.schedule = List.copyOf(schedule);
        this.switcher = switcher;
        this.environment = environment;
        this.out = out;
        this.terminal = terminal;
    }

    private boolean switchesPlans() {
        return schedule.stream().anyMatch(s -> s.arm().plan() != null);
    }

    /** Database file of the n-th restore: {@code shop-high-performance-3.fdb} beside the given one (on its route). */
    String target(int n, MatrixPlan.Slot slot) {
        return RunOptions.sibling(
                onRoute(slot.arm()).database(),
                "-" + RunOptions.fileSafe(slot.arm().label()) + (slot.warmup() ? "-warmup" : "") + "-" + n);
    }

    /** The options on the arm's route: the given ones, or those of its {@code --vary 'route:…'} word. */
    private RunOptions onRoute(MatrixPlan.Arm arm) {
        return arm.route() == null ? base : base.onRoute(arm.route());
    }

    /** The options of one arm's restore: its route, its gbak, its switches and label. */
    private RunOptions forArm(MatrixPlan.Arm arm) {
        RunOptions o = onRoute(arm);
        return (arm.gbak() == null ? o : o.withGbak(arm.gbak())).forArm(arm.gbakArgs(), arm.label());
    }

    /**
     * Refuses before anything changes, as {@code run} does: a missing or unreadable backup, a target that
     * exists or is the backup, a folder that does not exist.
     */
    public void check() {
        if (switchesPlans()) {
            for (int i = 0; i < schedule.size(); i++) {
                ServerAddress elsewhere =
                        onRoute(schedule.get(i).arm()).workerElsewhere(target(i + 1, schedule.get(i)));
                if (elsewhere != null) {
                    // the plans gbakprof switches are this machine's; the restore's work runs on the server's CPU
                    throw new RunRefusedException("cannot compare power plans here: the restore's work runs on the"
                            + " server " + elsewhere + ", on another machine, whose power plan this machine's does not"
                            + " change; run gbakprof matrix --plans on the server itself, or set its plan there"
                            + " between two runs and compare them");
                }
            }
            unknownPlanRefused(switcher.current());
        }
        for (int i = 0; i < schedule.size(); i++) {
            RunOptions o = onRoute(schedule.get(i).arm());
            String target = target(i + 1, schedule.get(i));
            TargetChecks checks = TargetChecks.ofMatrix(o);
            checks.checkBackup();
            if (o.throughServer()) {
                checks.checkServerTargets(List.of(target)); // as run --repeat checks them
            } else {
                checks.checkLocalTarget(target);
            }
        }
    }

    /** Plans cannot be compared where the active one is unknown: it could not be put back. */
    private static void unknownPlanRefused(PowerPlan now) {
        if (now == null || (now.guid() == null && "unknown".equals(now.name()))) {
            throw new RunRefusedException("cannot compare power plans here: the active plan is unknown ("
                    + (now == null ? "no probe" : now.source()) + "); use --vary to compare gbak options instead");
        }
    }

    public Result run() throws IOException, InterruptedException {
        check();
        if (switchesPlans()) {
            PowerPlan now = switcher.current();
            unknownPlanRefused(now);
            original = now;
            saved = switcher.save(); // each CPU's setting or a power daemon's profile: more than the plan's name
            out.println("gbakprof: power plan now: " + describe(original) + " (put back at the end)");
        }
        Thread hook = new Thread(this::restoreOriginal, "gbakprof-restore-power-plan");
        Runtime.getRuntime().addShutdownHook(hook);
        List<RestoreLoop.Step> steps = new ArrayList<>();
        for (int i = 0; i < schedule.size(); i++) {
            MatrixPlan.Slot slot = schedule.get(i);
            MatrixPlan.Arm arm = slot.arm();
            String target = target(i + 1, slot);
            steps.add(new RestoreLoop.Step(
                    forArm(arm),
                    target,
                    arm.label(),
                    "-m" + (i + 1),
                    "gbakprof: restore " + (i + 1) + " of " + schedule.size() + " [" + slot.describe() + "] into "
                            + target,
                    slot.placement()));
        }
        RestoreLoop loop = new RestoreLoop(base.gbak(), base.cooldown(), !base.keep(), out, terminal, routes, pause);
        RestoreLoop.Result done = null;
        String stoppedBy = null;
        String restoredPlan;
        try {
            // the only part that is matrix's own: the arm's plan, switched before its restore
            done = loop.run(steps, (i, step) -> {
                PowerPlan plan = environment == null ? null : environment.powerPlan();
                MatrixPlan.Arm arm = schedule.get(i).arm();
                if (arm.plan() != null) {
                    switched = true; // from here on, a failure may have left the plan half-changed
                    plan = switcher.set(arm.plan());
                    out.println("gbakprof: power plan set to " + describe(plan));
                }
                // an arm of another gbak: its version and firebird.conf, asked of it once
                Environment env = environment == null
                        ? null
                        : (arm.gbak() == null
                                        ? environment
                                        : armEnvironments.computeIfAbsent(
                                                arm.gbak(), g -> EnvironmentProbe.forGbak(environment, g)))
                                .withPowerPlan(plan);
                return () -> env;
            });
            stoppedBy = done.stoppedBy();
        } catch (RuntimeException ex) {
            stoppedBy = ex.getMessage();
            throw ex;
        } finally {
            restoredPlan = restoreOriginal();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException ex) {
                // shutting down: the hook has run or is running
            }
        }
        return new Result(done.outcomes(), original, restoredPlan, stoppedBy);
    }

    /** Puts the original plan back, once. Returns what is active afterwards, or {@code null} when nothing was switched. */
    private String restoreOriginal() {
        if (original == null || !switched || !restored.compareAndSet(false, true)) {
            return null;
        }
        try {
            PowerPlan now = saved.putBack();
            out.println("gbakprof: restored the original power plan: " + describe(now));
            return now.name();
        } catch (RuntimeException ex) {
            out.println("gbakprof: could NOT restore the original power plan " + describe(original) + ": "
                    + ex.getMessage());
            return null;
        }
    }

    private static String describe(PowerPlan p) {
        return p == null ? "unknown" : p.name() + (p.guid() != null ? " (" + p.guid() + ")" : "");
    }
}
