package dev.gbakprof.power;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A sysfs tree in a temporary folder, with the files Linux kernels expose (plain files here, where the kernel
 * links {@code cpuN/cpufreq} to {@code cpufreq/policyN}).
 */
public final class FakeSysfs {
    private final Path root;

    public FakeSysfs(Path root) {
        this.root = root;
        file("sys/devices/system/cpu/online", "0-3");
    }

    public Path root() {
        return root;
    }

    /** A CPU with cpufreq: its driver, governor and the governors the driver offers. */
    public FakeSysfs cpu(int n, String driver, String governor, String availableGovernors) {
        String dir = "sys/devices/system/cpu/cpu" + n + "/cpufreq/";
        file(dir + "scaling_driver", driver);
        file(dir + "scaling_governor", governor);
        file(dir + "scaling_available_governors", availableGovernors);
        return this;
    }

    /** The energy/performance preference of a CPU (intel_pstate and amd-pstate in active mode). */
    public FakeSysfs epp(int n, String preference, String available) {
        String dir = "sys/devices/system/cpu/cpu" + n + "/cpufreq/";
        file(dir + "energy_performance_preference", preference);
        file(dir + "energy_performance_available_preferences", available);
        return this;
    }

    /** A CPU folder without cpufreq, as in a virtual machine. */
    public FakeSysfs cpuWithoutCpufreq(int n) {
        file("sys/devices/system/cpu/cpu" + n + "/topology/core_id", String.valueOf(n));
        return this;
    }

    public FakeSysfs cpuinfoFlags(String flags) {
        file("proc/cpuinfo", "processor\t: 0\nflags\t\t: " + flags + "\n");
        return this;
    }

    /** A file below the root; the kernel ends every value with a newline. */
    public FakeSysfs file(String path, String value) {
        try {
            Path file = root.resolve(path);
            Files.createDirectories(file.getParent());
            Files.writeString(file, value + "\n");
            return this;
        } catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    public String read(String path) {
        try {
            return Files.readString(root.resolve(path)).strip();
        } catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }
}
