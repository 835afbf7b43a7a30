package dev.gbakprof.cli;

import static dev.gbakprof.power.RecordedRunner.powercfg;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gbakprof.power.FakePowercfg;
import dev.gbakprof.power.FakeSysfs;
import dev.gbakprof.power.LinuxCpuFreq;
import dev.gbakprof.power.PowerPlanSwitcher;
import dev.gbakprof.power.RecordedRunner;
import dev.gbakprof.power.WindowsPowerCfg;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class PlanCommandTest {

    private static final String BALANCED = "381b4222-f694-41f0-9685-ff5bb260df2e";
    private static final String HIGH = "8c5e7fda-e8bf-4a96-9a85-a6e23a8c635c";

    @TempDir
    Path tmp;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    /** Runs the CLI on this machine. */
    private int run(String... args) {
        return Main.execute(args, new PrintWriter(out), new PrintWriter(err));
    }

    /** Runs the CLI with {@code plan} reading and switching through {@code switcher}. */
    private int run(PowerPlanSwitcher switcher, String... args) {
        CommandLine.IFactory factory = new CommandLine.IFactory() {
            @Override
            @SuppressWarnings("unchecked")
            public <K> K create(Class<K> cls) throws Exception {
                return cls == PlanCommand.class
                        ? (K) new PlanCommand(switcher)
                        : CommandLine.defaultFactory().create(cls);
            }
        };
        return Main.execute(args, new PrintWriter(out), new PrintWriter(err), factory);
    }

    /** This machine, where the brief was written, is a Linux virtual machine without cpufreq. */
    private static void assumeLinuxWithoutCpufreq() {
        assumeTrue(System.getProperty("os.name").startsWith("Linux"), "Linux only");
        assumeTrue(
                !Files.exists(Path.of("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor")),
                "this machine has cpufreq");
    }

    @Test
    void planOnThisVirtualMachineSaysThereIsNoCpufreq() {
        assumeLinuxWithoutCpufreq();

        int exit = run("plan");

        assertThat(exit).isZero();
        List<String> lines = out.toString().lines().toList();
        assertThat(lines.subList(0, 2)).containsExactly("Power plan:   unknown", "Performance:  unknown");
        assertThat(lines.get(2)).startsWith("Source:       unknown: no cpufreq in /sys (virtual machine");
        assertThat(lines)
                .contains(
                        "Details:",
                        "  cpufreq:               none (no /sys/devices/system/cpu/cpu*/cpufreq/scaling_governor)");
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void checkOnThisVirtualMachineIsUnknownWithExitCode3() {
        assumeLinuxWithoutCpufreq();

        int exit = run("plan", "--check");

        assertThat(exit).isEqualTo(3);
        assertThat(out.toString().lines().toList())
                .singleElement()
                .asString()
                .startsWith("UNKNOWN: power plan: no cpufreq in /sys (virtual machine");
    }

    @Test
    void setOnThisVirtualMachineFailsWithTheReason() {
        assumeLinuxWithoutCpufreq();

        int exit = run("plan", "--set", "high-performance");

        assertThat(exit).isEqualTo(1);
        assertThat(err.toString())
                .startsWith("gbakprof: cannot set a power plan: no cpufreq in /sys (virtual machine")
                .contains("set the power plan of the host it runs on");
    }

    @Test
    void setOfANameThatIsNoPlanOnThisVirtualMachineIsBadUsageAsHelpSays() {
        assumeLinuxWithoutCpufreq();

        int exit = run("plan", "--set", "turbo");

        assertThat(exit).isEqualTo(2);
        assertThat(err.toString().strip())
                .startsWith("gbakprof: no governor or plan named 'turbo'; governors: performance"
                        + " powersave schedutil ondemand conservative userspace; aliases: balanced, high-performance")
                .endsWith(
                        "(and none can be set here: no cpufreq in /sys (virtual machine: the hypervisor host sets the CPU"
                                + " frequency))");
        out.getBuffer().setLength(0);
        err.getBuffer().setLength(0);
        assertThat(run("plan", "--set", "performance"))
                .as("a governor's name: known, but not settable here")
                .isEqualTo(1);
    }

    @Test
    void jsonOnThisVirtualMachineHasANullPerformance() throws Exception {
        assumeLinuxWithoutCpufreq();

        int exit = run("plan", "--json", "--check");

        JsonNode json = new ObjectMapper().readTree(out.toString());
        assertThat(exit).isEqualTo(3);
        assertThat(json.path("schema").asText()).isEqualTo("gbakprof.plan/1");
        assertThat(json.path("plan").path("name").asText()).isEqualTo("unknown");
        assertThat(json.path("plan").path("performance").isNull()).isTrue();
        assertThat(json.path("check").path("status").asText()).isEqualTo("unknown");
        assertThat(json.path("check").path("exitCode").asInt()).isEqualTo(3);
    }

    @Test
    void checkOfBalancedExitsOneWithOneLine() {
        int exit = run(
                new WindowsPowerCfg(new FakePowercfg(powercfg("en-list-balanced-active-msdocs.txt")).runner()),
                "plan",
                "--check");

        assertThat(exit).isEqualTo(1);
        assertThat(out.toString())
                .isEqualTo("NOT PERFORMANCE: power plan Balanced (" + BALANCED + ") is not a"
                        + " performance plan [powercfg]; gbakprof plan --set high-performance"
                        + System.lineSeparator());
    }

    @Test
    void setHighPerformanceThenCheckRunsSetActiveWithTheGuidAndExitsZero() {
        RecordedRunner runner = new FakePowercfg(powercfg("en-list-balanced-active-msdocs.txt")).runner();

        int exit = run(new WindowsPowerCfg(runner), "plan", "--set", "high-performance", "--check");

        assertThat(exit).isZero();
        assertThat(runner.calls()).contains(List.of("powercfg", "/setactive", HIGH));
        assertThat(out.toString().lines().toList())
                .containsExactly(
                        "Power plan set to High performance (" + HIGH + ") (was Balanced (" + BALANCED + "))",
                        "OK: power plan High performance (" + HIGH + ") is a performance plan [powercfg]");
    }

    @Test
    void planListsTheWindowsPlansWithTheActiveOneMarked() {
        run(new WindowsPowerCfg(new FakePowercfg(powercfg("en-list-balanced-active-msdocs.txt")).runner()), "plan");

        assertThat(out.toString().lines().toList())
                .startsWith(
                        "Power plan:   Balanced (" + BALANCED + ")",
                        "Performance:  no",
                        "Source:       powercfg",
                        "Plans (* active):",
                        "  * Balanced          " + BALANCED,
                        "    High performance  " + HIGH,
                        "    Power saver       a1841308-3541-4fab-bc81-f71556f20b4a");
    }

    @Test
    void setOfAnUnknownPlanIsBadUsage() {
        int exit = run(
                new WindowsPowerCfg(new FakePowercfg(powercfg("de-list-custom-ultimate-active.txt")).runner()),
                "plan",
                "--set",
                "Turbo");

        assertThat(exit).isEqualTo(2);
        assertThat(err.toString())
                .startsWith("gbakprof: no power plan named 'Turbo'; plans on this system:" + " Ausbalanciert ("
                        + BALANCED + ")");
    }

    @Test
    void checkOfPerformanceGovernorsExitsZero() {
        FakeSysfs sysfs = new FakeSysfs(tmp);
        for (int cpu = 0; cpu < 2; cpu++) {
            sysfs.cpu(cpu, "acpi-cpufreq", "performance", "ondemand powersave performance schedutil");
        }

        int exit = run(new LinuxCpuFreq(sysfs.root(), new RecordedRunner()), "plan", "--check");

        assertThat(exit).isZero();
        assertThat(out.toString())
                .isEqualTo("OK: power plan performance is a performance plan [cpufreq]" + System.lineSeparator());
    }
}
