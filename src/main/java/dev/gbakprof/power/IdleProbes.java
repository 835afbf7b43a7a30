package dev.gbakprof.power;

import dev.gbakprof.model.IdleProbe;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Measures whether the CPU clocks down when idle, whatever the power plan says: a fixed CPU burst is timed
 * after an idle pause and again right after another burst. The burst is timed in this thread's CPU time,
 * not wall time, so another process taking the CPU does not count: at a lower clock the same work needs
 * more CPU time. A ratio of 1.4 or more means the first burst after idle ran at a clearly lower clock.
 */
public final class IdleProbes {
    /** After-idle ÷ back-to-back ratio from which the CPU is said to clock down when idle. */
    static final double CLOCKS_DOWN = 1.4;
    /** Ratio up to which, with consistent bursts, the CPU is said to hold its clock. */
    static final double STEADY = 1.15;
    /** Spread of the back-to-back bursts (max ÷ min) beyond which the measurement is too noisy to call. */
    static final double NOISY = 1.5;

    private static volatile long sink;

    private IdleProbes() {}

    /**
     * Runs the probe: warms up, sizes a burst to about {@code burstMs} of CPU time, then {@code rounds}
     * times pauses for {@code pauseSeconds} and times one burst, then times one more burst right after it.
     */
    public static IdleProbe measure(int rounds, double pauseSeconds, double burstMs) throws InterruptedException {
        if (rounds < 1 || !(pauseSeconds > 0) || !(burstMs > 0)) {
            throw new IllegalArgumentException(
                    "the idle probe needs 1 or more rounds, a pause and a burst longer than 0");
        }
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        if (!mx.isCurrentThreadCpuTimeSupported()) {
            throw new IllegalStateException("this Java runtime cannot measure a thread's CPU time");
        }
        long iterations = 1 << 16;
        for (int warm = 0; warm < 200; warm++) { // warmed up before anything is timed; then sized to burstMs
            double ms = cpuMs(mx, iterations);
            if (ms >= burstMs) {
                break;
            }
            iterations = ms <= 0.05 ? iterations * 4 : Math.max(iterations + 1, (long) (iterations * burstMs / ms));
        }
        for (int warm = 0; warm < 20; warm++) {
            cpuMs(mx, iterations);
        }
        List<Double> afterIdle = new ArrayList<>();
        List<Double> backToBack = new ArrayList<>();
        for (int i = 0; i < rounds; i++) {
            Thread.sleep(Math.round(pauseSeconds * 1000));
            afterIdle.add(cpuMs(mx, iterations));
            backToBack.add(cpuMs(mx, iterations));
        }
        return evaluate(afterIdle, backToBack, pauseSeconds);
    }

    /** The verdict on recorded burst times (CPU milliseconds). */
    public static IdleProbe evaluate(List<Double> afterIdleMs, List<Double> backToBackMs, double pauseSeconds) {
        if (afterIdleMs.isEmpty() || backToBackMs.isEmpty()) {
            throw new IllegalArgumentException("the idle probe needs at least one burst of each kind");
        }
        double idle = median(afterIdleMs);
        double busy = median(backToBackMs);
        double ratio = busy > 0 ? idle / busy : Double.NaN;
        double spread = max(backToBackMs) / Math.max(1e-9, min(backToBackMs));
        String verdict;
        String why;
        if (!(ratio > 0)) {
            verdict = "unclear";
            why = "the bursts took no measurable CPU time";
        } else if (ratio >= CLOCKS_DOWN) {
            verdict = "clocks-down";
            why =
                    "the CPU clocks down when idle, whatever the power plan says: a restore's bursts after waits run slower";
        } else if (spread > NOISY) {
            verdict = "unclear";
            why = String.format(
                    Locale.ROOT, "the back-to-back bursts varied %.2f× between themselves, too much to tell", spread);
        } else if (ratio <= STEADY) {
            verdict = "steady";
            why = "no sign that the CPU clocks down when idle";
        } else {
            verdict = "unclear";
            why = String.format(
                    Locale.ROOT, "slower after idle, but below the %.1f× that shows clocking down", CLOCKS_DOWN);
        }
        String message = String.format(
                Locale.ROOT,
                "idle probe: the same %.1f ms CPU burst took %.2f× as long after %s s idle as back to back"
                        + " (median of %d each): %s",
                busy,
                ratio,
                trim(pauseSeconds),
                Math.min(afterIdleMs.size(), backToBackMs.size()),
                why);
        return new IdleProbe(round3(ratio), round(afterIdleMs), round(backToBackMs), pauseSeconds, verdict, message);
    }

    private static double cpuMs(ThreadMXBean mx, long iterations) {
        long t0 = mx.getCurrentThreadCpuTime();
        long x = 0x9E3779B97F4A7C15L;
        for (long i = 0; i < iterations; i++) { // xorshift: integer work whose result needs every step
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
        }
        sink += x;
        return (mx.getCurrentThreadCpuTime() - t0) / 1e6;
    }

    static double median(List<Double> values) {
        double[] v = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        int n = v.length;
        return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }

    private static double max(List<Double> v) {
        return v.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
    }

    private static double min(List<Double> v) {
        return v.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
    }

    private static List<Double> round(List<Double> v) {
        return v.stream().map(IdleProbes::round3).toList();
    }

    private static double round3(double d) {
        return Double.isFinite(d) ? Math.round(d * 1000) / 1000.0 : d;
    }

    private static String trim(double d) {
        return d == Math.rint(d) ? String.valueOf((long) d) : String.valueOf(d);
    }
}
