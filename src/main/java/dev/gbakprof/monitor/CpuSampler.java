package dev.gbakprof.monitor;

import dev.gbakprof.model.CpuSample;
import oshi.SystemInfo;
import oshi.hardware.CentralProcessor;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Samples the CPU with OSHI while gbak runs: average current frequency over the cores (MHz) and system
 * load (0..1), every interval, with {@code atSeconds} counted from gbak's start (gbak's own clock starts
 * within milliseconds of its launch).
 *
 * <p>Where the frequency cannot be observed (a virtual machine without cpufreq reports one static
 * value), the samples carry no MHz and {@link #warnings()} says why: a flat line is not a measurement.
 */
public final class CpuSampler implements AutoCloseable {
    private final CentralProcessor cpu;
    private final long intervalMs;
    private final List<CpuSample> samples = new ArrayList<>();
    private final List<String> warnings = new ArrayList<>();
    private ScheduledExecutorService timer;
    private long zeroNanos;
    private long[] prevTicks;
    private final boolean frequencyObservable;

    public CpuSampler(long intervalMs) {
        this.cpu = new SystemInfo().getHardware().getProcessor();
        this.intervalMs = intervalMs;
        this.frequencyObservable = frequencyObservable();
    }

    /** Linux exposes the real current frequency only through cpufreq; elsewhere trust OSHI's value. */
    private static boolean frequencyObservable() {
        if (System.getProperty("os.name", "").toLowerCase().contains("linux")) {
            return Files.isDirectory(Path.of("/sys/devices/system/cpu/cpu0/cpufreq"));
        }
        return true;
    }

    /** Starts sampling; {@code zeroNanos} is the {@link System#nanoTime()} at gbak's launch. */
    public synchronized void start(long zeroNanos) {
        this.zeroNanos = zeroNanos;
        prevTicks = cpu.getSystemCpuLoadTicks();
        timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "gbakprof-cpu-sampler");
            t.setDaemon(true);
            return t;
        });
        timer.scheduleAtFixedRate(this::sample, intervalMs, intervalMs, TimeUnit.MILLISECONDS);
    }

    private void sample() {
        try {
            long[] ticks = cpu.getSystemCpuLoadTicks();
            long total = 0;
            for (int i = 0; i < ticks.length; i++) {
                total += ticks[i] - prevTicks[i];
            }
            if (total <= 0) {
                return; // OSHI serves /proc/stat from a short-lived cache: no new ticks, no sample
            }
            long idle = ticks[CentralProcessor.TickType.IDLE.getIndex()] - prevTicks[CentralProcessor.TickType.IDLE.getIndex()]
                    + ticks[CentralProcessor.TickType.IOWAIT.getIndex()] - prevTicks[CentralProcessor.TickType.IOWAIT.getIndex()];
            double load = Math.max(0, Math.min(1, 1 - idle / (double) total));
            prevTicks = ticks;
            Double mhz = null;
            if (frequencyObservable) {
                long[] freq = cpu.getCurrentFreq();
                long sum = 0;
                int n = 0;
                for (long f : freq) {
                    if (f > 0) {
                        sum += f;
                        n++;
                    }
                }
                mhz = n == 0 ? null : sum / (double) n / 1_000_000.0;
            }
            double at = (System.nanoTime() - zeroNanos) / 1e9;
            synchronized (this) {
                samples.add(new CpuSample(Math.round(at * 1000) / 1000.0, mhz, Math.round(load * 1000) / 1000.0));
            }
        } catch (RuntimeException ex) {
            synchronized (this) {
                if (warnings.isEmpty()) {
                    warnings.add("CPU sampling stopped: " + ex.getMessage());
                }
            }
        }
    }

    @Override
    public synchronized void close() {
        if (timer != null) {
            timer.shutdownNow();
            timer = null;
        }
    }

    public synchronized List<CpuSample> samples() {
        return List.copyOf(samples);
    }

    public synchronized List<String> warnings() {
        List<String> out = new ArrayList<>(warnings);
        if (!frequencyObservable) {
            out.add("CPU frequency not observable here (no cpufreq in /sys: a virtual machine?); "
                    + "samples carry the load only, not MHz");
        } else if (samples.size() > 2 && samples.stream().map(CpuSample::mhz).distinct().count() == 1) {
            out.add("CPU frequency reported one static value during the whole run; it is not a measurement");
        }
        return out;
    }
}
