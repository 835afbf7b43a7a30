package dev.gbakprof.power;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gbakprof.model.PowerPlan;
import dev.gbakprof.power.PowerSnapshot.Detail;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LinuxCpuFreqTest {

    private static final String PSTATE_GOVERNORS = "performance powersave";
    private static final String ACPI_GOVERNORS = "conservative ondemand userspace powersave performance schedutil";
    private static final String EPP_CHOICES = "default performance balance_performance balance_power power";

    @TempDir
    Path tmp;

    private FakeSysfs intelPstate(String governor, String epp) {
        FakeSysfs sysfs = new FakeSysfs(tmp)
                .file("sys/devices/system/cpu/intel_pstate/status", "active")
                .file("sys/devices/system/cpu/intel_pstate/no_turbo", "0");
        for (int cpu = 0; cpu < 4; cpu++) {
            sysfs.cpu(cpu, "intel_pstate", governor, PSTATE_GOVERNORS).epp(cpu, epp, EPP_CHOICES);
        }
        return sysfs;
    }

    private FakeSysfs acpiCpufreq(String... governors) {
        FakeSysfs sysfs = new FakeSysfs(tmp);
        for (int cpu = 0; cpu < governors.length; cpu++) {
            sysfs.cpu(cpu, "acpi-cpufreq", governors[cpu], ACPI_GOVERNORS);
        }
        return sysfs;
    }

    @Test
    void performanceGovernorOnEveryCpuIsAPerformancePlan() {
        PowerSnapshot snapshot = new LinuxCpuFreq(
                        acpiCpufreq("performance", "performance", "performance", "performance")
                                .root(),
                        new RecordedRunner())
                .probe();

        assertThat(snapshot.active()).isEqualTo(new PowerPlan("performance", null, "cpufreq", true));
        assertThat(snapshot.details())
                .contains(
                        new Detail("scaling_driver", "acpi-cpufreq"),
                        new Detail("scaling_governor", "performance (all 4 CPUs)"),
                        new Detail("power-profiles-daemon", "not installed"),
                        new Detail("tuned", "not installed"));
        assertThat(snapshot.available())
                .filteredOn(PowerSnapshot.Choice::active)
                .extracting(PowerSnapshot.Choice::name)
                .containsExactly("performance");
    }

    @Test
    void mixedGovernorsAreNamedPerCpuAndAreNotAPerformancePlan() {
        PowerPlan plan = new LinuxCpuFreq(
                        acpiCpufreq("performance", "performance", "powersave", "performance")
                                .root(),
                        new RecordedRunner())
                .probe()
                .active();

        assertThat(plan)
                .isEqualTo(new PowerPlan("mixed (cpu0-1,3 performance, cpu2 powersave)", null, "cpufreq", false));
    }

    @Test
    void powersaveWithBalancedEppIsNotAPerformancePlanAndTheEppIsInTheName() {
        PowerSnapshot snapshot =
                new LinuxCpuFreq(intelPstate("powersave", "balance_performance").root(), new RecordedRunner()).probe();

        assertThat(snapshot.active())
                .isEqualTo(new PowerPlan("powersave + EPP balance_performance", null, "cpufreq", false));
        assertThat(snapshot.details())
                .contains(
                        new Detail("energy_performance_preference", "balance_performance (all 4 CPUs)"),
                        new Detail("energy_performance_available_preferences", EPP_CHOICES),
                        new Detail("intel_pstate", "active"),
                        new Detail("intel_pstate/no_turbo", "0"));
        assertThat(snapshot.warnings()).isEmpty();
    }

    @Test
    void eppPerformanceUnderIntelPstateIsAPerformancePlan() {
        PowerPlan plan = new LinuxCpuFreq(
                        intelPstate("powersave", "performance").root(), new RecordedRunner())
                .probe()
                .active();

        assertThat(plan).isEqualTo(new PowerPlan("powersave + EPP performance", null, "cpufreq", true));
    }

    @Test
    void disabledTurboIsAWarning() {
        FakeSysfs sysfs =
                intelPstate("performance", "performance").file("sys/devices/system/cpu/intel_pstate/no_turbo", "1");

        PowerSnapshot snapshot = new LinuxCpuFreq(sysfs.root(), new RecordedRunner()).probe();

        assertThat(snapshot.active().performance()).isTrue();
        assertThat(snapshot.warnings())
                .containsExactly("turbo boost is disabled (intel_pstate/no_turbo = 1):"
                        + " restores run below the CPU's top speed whatever the plan");
    }

    @Test
    void platformProfileAndDaemonProfilesAreReported() {
        FakeSysfs sysfs = intelPstate("powersave", "balance_performance")
                .file("sys/firmware/acpi/platform_profile", "balanced")
                .file("sys/firmware/acpi/platform_profile_choices", "low-power balanced performance");
        RecordedRunner runner = new RecordedRunner()
                .ok("powerprofilesctl get", "balanced\n")
                .ok("tuned-adm active", "Current active profile: throughput-performance\n");

        List<Detail> details = new LinuxCpuFreq(sysfs.root(), runner).probe().details();

        assertThat(details)
                .contains(
                        new Detail("platform_profile", "balanced (choices: low-power balanced performance)"),
                        new Detail("power-profiles-daemon", "balanced"),
                        new Detail("tuned", "throughput-performance"));
    }

    @Test
    void noCpufreqInAVirtualMachineIsUnknownWithTheReason() {
        FakeSysfs sysfs = new FakeSysfs(tmp)
                .cpuWithoutCpufreq(0)
                .cpuWithoutCpufreq(1)
                .cpuinfoFlags("fpu vme de pse tsc msr pae hypervisor lahf_lm");

        PowerSnapshot snapshot = new LinuxCpuFreq(sysfs.root(), new RecordedRunner()).probe();

        assertThat(snapshot.active())
                .isEqualTo(new PowerPlan(
                        "unknown",
                        null,
                        "unknown: no cpufreq in /sys (virtual machine: the hypervisor host sets the CPU frequency)",
                        null));
        assertThat(snapshot.details())
                .contains(new Detail("hypervisor", "yes (\"hypervisor\" in /proc/cpuinfo flags)"));
    }

    @Test
    void noCpufreqWithoutHypervisorFlagStillSaysWhereToLook() {
        PowerPlan plan = new LinuxCpuFreq(
                        new FakeSysfs(tmp).cpuWithoutCpufreq(0).root(), new RecordedRunner())
                .probe()
                .active();

        assertThat(plan).isEqualTo(PowerPlan.unknown("no cpufreq in /sys (virtual machine?)"));
    }

    @Test
    void setPerformanceWritesTheGovernorOfEveryCpu() {
        FakeSysfs sysfs = acpiCpufreq("schedutil", "schedutil", "powersave", "schedutil");

        PowerPlan now = new LinuxCpuFreq(sysfs.root(), new RecordedRunner()).set("high-performance");

        assertThat(now).isEqualTo(new PowerPlan("performance", null, "cpufreq", true));
        for (int cpu = 0; cpu < 4; cpu++) {
            assertThat(sysfs.read("sys/devices/system/cpu/cpu" + cpu + "/cpufreq/scaling_governor"))
                    .isEqualTo("performance");
        }
    }

    @Test
    void setBalancedOnIntelPstateIsPowersaveWithBalancedEpp() {
        FakeSysfs sysfs = intelPstate("performance", "performance");

        PowerPlan now = new LinuxCpuFreq(sysfs.root(), new RecordedRunner()).set("balanced");

        assertThat(now.name()).isEqualTo("powersave + EPP balance_performance");
        assertThat(sysfs.read("sys/devices/system/cpu/cpu3/cpufreq/energy_performance_preference"))
                .isEqualTo("balance_performance");
    }

    @Test
    void theNameProbeGivesSetsTheSameStateBack() {
        FakeSysfs sysfs = intelPstate("powersave", "balance_power");
        LinuxCpuFreq linux = new LinuxCpuFreq(sysfs.root(), new RecordedRunner());
        PowerPlan original = linux.current();
        linux.set("performance");

        PowerPlan restored = linux.set(original.name());

        assertThat(restored).isEqualTo(original);
        assertThat(original.name()).isEqualTo("powersave + EPP balance_power");
    }

    @Test
    void savedMixedGovernorsAndEppsArePutBackCpuByCpu() {
        FakeSysfs sysfs = new FakeSysfs(tmp);
        String[] governors = {"performance", "powersave", "powersave", "performance"};
        String[] epps = {"performance", "balance_power", "power", "performance"};
        for (int cpu = 0; cpu < 4; cpu++) {
            sysfs.cpu(cpu, "intel_pstate", governors[cpu], PSTATE_GOVERNORS).epp(cpu, epps[cpu], EPP_CHOICES);
        }
        LinuxCpuFreq linux = new LinuxCpuFreq(sysfs.root(), new RecordedRunner());
        PowerPlanSwitcher.Saved saved = linux.save();
        linux.set("powersave + EPP balance_performance");
        assertThat(linux.current().name()).isEqualTo("powersave + EPP balance_performance");

        PowerPlan back = saved.putBack();

        assertThat(back.name()).isEqualTo("mixed (cpu0,3 performance, cpu1-2 powersave)");
        for (int cpu = 0; cpu < 4; cpu++) {
            assertThat(sysfs.read("sys/devices/system/cpu/cpu" + cpu + "/cpufreq/scaling_governor"))
                    .isEqualTo(governors[cpu]);
            assertThat(sysfs.read("sys/devices/system/cpu/cpu" + cpu + "/cpufreq/energy_performance_preference"))
                    .isEqualTo(epps[cpu]);
        }
    }

    @Test
    void differentEppsUnderOneGovernorAreNamedAsSuch() {
        FakeSysfs sysfs = intelPstate("powersave", "balance_performance");
        sysfs.epp(2, "power", EPP_CHOICES);

        assertThat(new LinuxCpuFreq(sysfs.root(), new RecordedRunner())
                        .current()
                        .name())
                .isEqualTo("powersave + mixed EPP (cpu0-1,3 balance_performance, cpu2 power)");
    }

    @Test
    void aRunningPowerDaemonGetsItsOwnProfileBackAndGovernorsWrittenBehindItAreUndone() {
        FakeSysfs sysfs = intelPstate("powersave", "balance_performance");
        RecordedRunner ppd =
                new RecordedRunner().ok("powerprofilesctl get", "balanced\n").ok("powerprofilesctl set balanced", "");
        LinuxCpuFreq linux = new LinuxCpuFreq(sysfs.root(), ppd);
        PowerPlanSwitcher.Saved saved = linux.save();
        linux.set("performance"); // a governor: written to sysfs, the daemon's profile stays "balanced"
        assertThat(linux.current().name()).isEqualTo("performance + EPP balance_performance");

        assertThat(saved.putBack().name()).isEqualTo("powersave + EPP balance_performance");
        assertThat(ppd.calls()).contains(List.of("powerprofilesctl", "set", "balanced"));

        RecordedRunner tuned = new RecordedRunner()
                .ok("tuned-adm active", "Current active profile: virtual-guest\n")
                .ok("tuned-adm profile virtual-guest", "");
        new LinuxCpuFreq(acpiCpufreq("schedutil", "schedutil").root(), tuned)
                .save()
                .putBack();
        assertThat(tuned.calls()).contains(List.of("tuned-adm", "profile", "virtual-guest"));
    }

    @Test
    void setGoesThroughPowerProfilesDaemonWhenItRuns() {
        FakeSysfs sysfs = intelPstate("powersave", "balance_performance");
        RecordedRunner runner = new RecordedRunner()
                .ok("powerprofilesctl get", "balanced\n")
                .ok("powerprofilesctl set performance", "");

        new LinuxCpuFreq(sysfs.root(), runner).set("high-performance");

        assertThat(runner.calls()).contains(List.of("powerprofilesctl", "set", "performance"));
        assertThat(sysfs.read("sys/devices/system/cpu/cpu0/cpufreq/scaling_governor"))
                .isEqualTo("powersave");
    }

    @Test
    void setGoesThroughTunedWhenItHasAnActiveProfile() {
        RecordedRunner runner = new RecordedRunner()
                .ok("tuned-adm active", "Current active profile: virtual-guest\n")
                .ok("tuned-adm profile latency-performance", "");

        new LinuxCpuFreq(acpiCpufreq("schedutil", "schedutil").root(), runner).set("ultimate");

        assertThat(runner.calls()).contains(List.of("tuned-adm", "profile", "latency-performance"));
    }

    @Test
    void setWithoutCpufreqSaysWhyAndWritesNothing() {
        FakeSysfs sysfs = new FakeSysfs(tmp).cpuWithoutCpufreq(0).cpuinfoFlags("fpu hypervisor");

        assertThatThrownBy(() -> new LinuxCpuFreq(sysfs.root(), new RecordedRunner()).set("performance"))
                .isInstanceOf(PowerPlanException.class)
                .hasMessage("cannot set a power plan: no cpufreq in /sys (virtual machine: the hypervisor host sets"
                        + " the CPU frequency); this system does not choose its CPU frequency, so set the power plan"
                        + " of the host it runs on");
    }

    @Test
    void unknownGovernorIsRefusedWithWhatTheDriverOffers() {
        FakeSysfs sysfs = intelPstate("powersave", "balance_performance");

        assertThatThrownBy(() -> new LinuxCpuFreq(sysfs.root(), new RecordedRunner()).set("schedutil"))
                .isInstanceOf(UnknownPlanException.class)
                .hasMessage("no governor or plan named 'schedutil'; governors on this system: performance powersave;"
                        + " aliases: balanced, high-performance, power-saver, ultimate");
    }

    @Test
    void aWriteFailureNamesTheFile() throws Exception {
        FakeSysfs sysfs = acpiCpufreq("schedutil", "schedutil");
        Path governor = sysfs.root().resolve("sys/devices/system/cpu/cpu1/cpufreq/scaling_governor");
        Files.delete(governor);
        Files.createDirectory(governor);

        assertThatThrownBy(() -> new LinuxCpuFreq(sysfs.root(), new RecordedRunner()).set("performance"))
                .isInstanceOf(PowerPlanException.class)
                .hasMessageStartingWith("cannot write /sys/devices/system/cpu/cpu1/cpufreq/scaling_governor: ");
    }
}
