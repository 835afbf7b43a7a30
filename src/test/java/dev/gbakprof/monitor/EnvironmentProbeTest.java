package dev.gbakprof.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import oshi.SystemInfo;
import oshi.hardware.HardwareAbstractionLayer;

class EnvironmentProbeTest {

    @Test
    void theCpuNameIsTheOneOshiGives() {
        HardwareAbstractionLayer hw = new SystemInfo().getHardware();
        String oshi = hw.getProcessor().getProcessorIdentifier().getName().trim();

        assertThat(EnvironmentProbe.cpuName(hw)).isNotBlank().isEqualTo(oshi);
    }
}
