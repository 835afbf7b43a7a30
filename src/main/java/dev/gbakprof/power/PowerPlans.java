package dev.gbakprof.power;

import dev.gbakprof.model.PowerPlan;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** The power plan of the machine gbakprof runs on: the entry point other packages use. */
public final class PowerPlans {

    private PowerPlans() {}

    /**
     * The active plan, for a run record. Never throws: when the plan cannot be read, the result is
     * {@link PowerPlan#unknown(String)} with the reason in {@code source}.
     */
    public static PowerPlan detect() {
        return snapshot().active();
    }

    /** The active plan with the facts behind it. Never throws. */
    public static PowerSnapshot snapshot() {
        return snapshot(system());
    }

    /** Reads and switches the plan of this machine. */
    public static PowerPlanSwitcher system() {
        return forOs(System.getProperty("os.name", ""), Path.of("/"), CommandRunner.system());
    }

    /**
     * The implementation for an operating system.
     *
     * @param osName the {@code os.name} system property ("Windows 11", "Linux"…)
     * @param root   where {@code /sys} and {@code /proc} are read on Linux ({@code /} on a real system)
     * @param runner runs powercfg, powerprofilesctl and tuned-adm
     */
    public static PowerPlanSwitcher forOs(String osName, Path root, CommandRunner runner) {
        String os = osName.toLowerCase(Locale.ROOT);
        if (os.startsWith("windows")) {
            return new WindowsPowerCfg(runner);
        }
        if (os.startsWith("linux")) {
            return new LinuxCpuFreq(root, runner);
        }
        return new Unsupported(osName);
    }

    /** {@link PowerPlanProbe#probe()} with any unexpected failure turned into an unknown plan. */
    public static PowerSnapshot snapshot(PowerPlanProbe probe) {
        try {
            return probe.probe();
        } catch (RuntimeException ex) {
            return new PowerSnapshot(PowerPlan.unknown("the probe failed: " + ex), List.of(), List.of(), List.of());
        }
    }

    /** Systems without a probe (macOS, BSD…): the plan is unknown and cannot be set. */
    private record Unsupported(String osName) implements PowerPlanSwitcher {
        @Override
        public PowerSnapshot probe() {
            return new PowerSnapshot(
                    PowerPlan.unknown("gbakprof reads power plans on Windows and Linux, not on " + osName),
                    List.of(),
                    List.of(),
                    List.of());
        }

        @Override
        public PowerPlan set(String nameOrAlias) {
            throw new PowerPlanException("gbakprof sets power plans on Windows and Linux, not on " + osName);
        }
    }
}
