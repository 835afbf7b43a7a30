package dev.gbakprof.monitor;

import dev.gbakprof.exec.GbakVersion;
import dev.gbakprof.model.Environment;
import dev.gbakprof.model.PowerPlan;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Stream;
import oshi.SystemInfo;
import oshi.hardware.HardwareAbstractionLayer;
import oshi.software.os.OperatingSystem;

/**
 * Records the machine a restore runs on: host, OS, CPU, memory, gbak's version, the power plan and what the local
 * firebird.conf sets for a restore's speed.
 */
public final class EnvironmentProbe {
    private EnvironmentProbe() {}

    public static Environment probe(Path gbak, PowerPlan plan) {
        return probe(gbak, null, plan);
    }

    /**
     * The machine, and {@code gbak} with {@code version}: what the command already asked it ({@code gbak -z}, before
     * the restore: one start of gbak less), or {@code null} to ask it here.
     */
    public static Environment probe(Path gbak, String version, PowerPlan plan) {
        SystemInfo si = new SystemInfo();
        HardwareAbstractionLayer hw = si.getHardware();
        OperatingSystem os = si.getOperatingSystem();
        String host = os.getNetworkParams().getHostName();
        String cpu = cpuName(hw);
        String asked = version != null ? version : gbakVersion(gbak);
        return new Environment(
                host,
                os.toString(),
                cpu,
                hw.getProcessor().getLogicalProcessorCount(),
                plan,
                asked,
                null,
                hw.getMemory().getTotal(),
                null,
                FirebirdConfReader.find(gbak, asked));
    }

    /**
     * The CPU's model name. On Linux it is /proc/cpuinfo's "model name", the line OSHI reads for it too: OSHI's
     * processor identifier also works out a processor ID, starting {@code lshw} twice, {@code dmidecode} and
     * {@code cpuid} beside the restore, and the record has no use for that ID. Elsewhere, and on a Linux whose
     * /proc/cpuinfo has no such line (ARM), OSHI's name.
     */
    static String cpuName(HardwareAbstractionLayer hw) {
        Path cpuinfo = Path.of("/proc/cpuinfo");
        if (Files.isReadable(cpuinfo)) {
            try (Stream<String> lines = Files.lines(cpuinfo)) {
                Optional<String> name = lines.filter(l -> l.startsWith("model name") && l.indexOf(':') > 0)
                        .map(l -> l.substring(l.indexOf(':') + 1).trim())
                        .filter(n -> !n.isEmpty())
                        .findFirst();
                if (name.isPresent()) {
                    return name.get();
                }
            } catch (IOException | UncheckedIOException ex) {
                // OSHI's name below
            }
        }
        String name = hw.getProcessor().getProcessorIdentifier().getName();
        return name == null || name.isBlank() ? null : name.trim();
    }

    /** {@code env} for a restore by {@code gbak}: its version ({@code gbak -z}) and its installation's firebird.conf. */
    public static Environment forGbak(Environment env, Path gbak) {
        String version = gbakVersion(gbak);
        return env.withGbak(version, FirebirdConfReader.find(gbak, version));
    }

    /**
     * What {@code gbak -z} prints on its first line ({@code gbak:gbak version LI-V3.0.11.33637 Firebird 3.0}),
     * without the prefix; {@code null} when gbak does not answer ({@link GbakVersion}).
     */
    public static String gbakVersion(Path gbak) {
        // a gbak that never answers is ended with what it started: the probe never blocks the run's end
        return gbak == null ? null : GbakVersion.ask(gbak).version();
    }
}
