package dev.gbakprof.power;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.gbakprof.exec.GbakLocator;
import dev.gbakprof.model.PowerPlan;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PowerPlansTest {

    @TempDir
    Path tmp;

    @Test
    void eachOperatingSystemGetsItsProbe() {
        assertThat(PowerPlans.forOs("Windows Server 2022", tmp, new RecordedRunner()))
                .isInstanceOf(WindowsPowerCfg.class);
        assertThat(PowerPlans.forOs("Linux", tmp, new RecordedRunner())).isInstanceOf(LinuxCpuFreq.class);
    }

    @Test
    void otherSystemsHaveAnUnknownPlanThatCannotBeSet() {
        PowerPlanSwitcher mac = PowerPlans.forOs("Mac OS X", tmp, new RecordedRunner());

        assertThat(mac.current())
                .isEqualTo(PowerPlan.unknown("gbakprof reads power plans on Windows and Linux, not on Mac OS X"));
        assertThatThrownBy(() -> mac.set("balanced")).isInstanceOf(PowerPlanException.class);
    }

    @Test
    void aProbeThatBreaksGivesAnUnknownPlanNotAnException() {
        PowerSnapshot snapshot = PowerPlans.snapshot(() -> {
            throw new IllegalStateException("boom");
        });

        assertThat(snapshot.active())
                .isEqualTo(PowerPlan.unknown("the probe failed: java.lang.IllegalStateException: boom"));
    }

    @Test
    void detectOnThisMachineNeverThrows() {
        PowerPlan plan = PowerPlans.detect();

        assertThat(plan.source()).isNotBlank();
        assertThat(plan.name()).isNotBlank();
    }

    @Test
    void systemRunnerReturnsExitCodeAndOutputAndFailsForMissingPrograms() throws IOException {
        assumeTrue(System.getProperty("os.name").startsWith("Linux"), "needs sh");
        CommandRunner runner = CommandRunner.system();

        CommandRunner.Result result = runner.run(List.of("sh", "-c", "echo Höchstleistung; echo oops >&2; exit 3"));

        assertThat(result).isEqualTo(new CommandRunner.Result(3, "Höchstleistung\n", "oops\n"));
        assertThat(result.firstMessageLine()).isEqualTo("oops");
        assertThatThrownBy(() -> runner.run(List.of("gbakprof-no-such-program")))
                .isInstanceOf(IOException.class);
    }

    @Test
    void systemRunnerLooksProgramsUpOnThePathBeforeStartingThem() throws IOException {
        assumeTrue(System.getProperty("os.name").startsWith("Linux"), "needs sh");
        Path bin = Files.createDirectories(tmp.resolve("bin"));
        Path tool = Files.writeString(bin.resolve("powerprofilesctl"), "#!/bin/sh\necho \"$0 $1\"\n");
        tool.toFile().setExecutable(true);
        CommandRunner runner = new ProcessCommandRunner(
                Duration.ofSeconds(30), new GbakLocator(Map.of("PATH", bin.toString()), false));

        assertThat(runner.run(List.of("powerprofilesctl", "get")).stdout()).isEqualTo(tool + " get\n");
        assertThatThrownBy(() -> runner.run(List.of("gbakprof-no-such-tool", "active")))
                .isInstanceOf(IOException.class)
                .hasMessage("gbakprof-no-such-tool: not found on the PATH");
    }
}
