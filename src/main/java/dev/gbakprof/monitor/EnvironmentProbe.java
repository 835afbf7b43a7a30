package dev.gbakprof.monitor;

import dev.gbakprof.model.Environment;
import dev.gbakprof.model.PowerPlan;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.Charset;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
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
        SystemInfo si = new SystemInfo();
        HardwareAbstractionLayer hw = si.getHardware();
        OperatingSystem os = si.getOperatingSystem();
        String host = os.getNetworkParams().getHostName();
        String cpu = hw.getProcessor().getProcessorIdentifier().getName();
        String version = gbakVersion(gbak);
        return new Environment(
                host,
                os.toString(),
                cpu == null ? null : cpu.trim(),
                hw.getProcessor().getLogicalProcessorCount(),
                plan,
                version,
                null,
                hw.getMemory().getTotal(),
                null,
                FirebirdConfReader.find(gbak, version));
    }

    /** {@code env} for a restore by {@code gbak}: its version ({@code gbak -z}) and its installation's firebird.conf. */
    public static Environment forGbak(Environment env, Path gbak) {
        String version = gbakVersion(gbak);
        return env.withGbak(version, FirebirdConfReader.find(gbak, version));
    }

    /**
     * What {@code gbak -z} prints on its first line ({@code gbak:gbak version LI-V3.0.11.33637 Firebird 3.0}),
     * without the prefix; {@code null} when gbak does not answer.
     */
    public static String gbakVersion(Path gbak) {
        if (gbak == null) {
            return null;
        }
        try {
            Process p = new ProcessBuilder(gbak.toString(), "-z")
                    .redirectErrorStream(true)
                    .redirectInput(ProcessBuilder.Redirect.from(nullDevice()))
                    .start();
            ByteArrayOutputStream buf = new ByteArrayOutputStream();
            try (InputStream in = p.getInputStream()) {
                in.transferTo(buf);
            }
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
            for (String line : buf.toString(Charset.defaultCharset()).split("\\R")) {
                int at = line.indexOf("gbak version ");
                if (at >= 0) {
                    return line.substring(at + "gbak version ".length()).trim();
                }
            }
            return null;
        } catch (IOException ex) {
            return null;
        } catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    private static File nullDevice() {
        return new File(System.getProperty("os.name", "").startsWith("Windows") ? "NUL" : "/dev/null");
    }
}
