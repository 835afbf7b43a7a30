package dev.gbakprof.model;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A stretch between two samples of the worker ({@link CpuSample}) long enough for a rate of its counters (CPU
 * seconds, bytes read and written, the disk's busy time) to mean something: the one rule of {@code cpu.png}'s curves
 * and of the per-phase figures ({@code PhaseResources}, which {@code advise}, {@code report.html} and {@code
 * summary.md} show).
 *
 * <p>The sampler takes a sample every {@code --sample-interval} (0.1 s at the shortest, 1 s by default), and one more
 * at the first line of each later phase, at most four in a run: those fall anywhere in a period, so they make
 * intervals of any length down to 0 (two phases ending in one period give two samples a millisecond apart). Such an
 * interval measures nothing: the worker's CPU time is counted in clock ticks (10 ms on Linux, 15.6 ms on Windows),
 * and a sample's time is taken after its reads, which take milliseconds (tens at the first, which lists every
 * process); a restore recorded on a 2-CPU machine read 0.05 CPU s and 1.7 MB in "1 ms", 5,000 % of a core. So an
 * interval ends at a sample only when it lasts at least {@value #MIN_SECONDS} s, the shortest period the sampler
 * takes, over which a Linux tick is a tenth; and, where the machine's logical CPUs are known, when its CPU seconds are no
 * more than those CPUs give in it (a tick of slack each): more is not a measurement but a sample time that is off.
 * A sample that would end a shorter or an impossible interval is passed over, so its interval is merged with the next
 * one; what is left at the end is merged with the one before it. A sample that did not read the worker breaks the
 * chain: the stretch across it is unknown. Nothing is lost by a merge (a counter's change over the merged interval is
 * the sum of its parts). Each stretch between two samples belongs to the phase of its later sample; a merged interval
 * to the phase that most of its time belongs to: a phase boundary within 0.1 s of another sample falls inside an
 * interval, and a phase with less than 0.1 s between its samples has no interval of its own.
 *
 * @param from  the sample it starts at
 * @param to    the sample it ends at
 * @param phase the phase most of its time belongs to (each stretch between two samples to that of the later one)
 * @param load  the machine's mean load (0..1) over the interval, each sample's load weighed by the time since the sample
 *              before it; {@code null} when no sample in it has one
 */
public record CpuInterval(CpuSample from, CpuSample to, Phase phase, Double load) {
    /** The shortest interval a rate is computed over, seconds: the shortest {@code --sample-interval}. */
    public static final double MIN_SECONDS = 0.1;

    /** The coarsest clock tick process CPU time is counted in, seconds (Windows' 15.6 ms; Linux's is 10 ms). */
    static final double TICK_SECONDS = 0.016;

    public double seconds() {
        return to.atSeconds() - from.atSeconds();
    }

    /** How much {@code counter} grew over the interval (a counter does not go down: 0); {@code null} where unread. */
    public Double change(Function<CpuSample, ? extends Number> counter) {
        Number a = counter.apply(from);
        Number b = counter.apply(to);
        return a == null || b == null ? null : Math.max(0, b.doubleValue() - a.doubleValue());
    }

    /** {@link #change} per second; {@code null} where unread. */
    public Double rate(Function<CpuSample, ? extends Number> counter) {
        Double c = change(counter);
        return c == null ? null : c / seconds();
    }

    /** The intervals of a run's samples, with the machine's logical CPUs it recorded. */
    public static List<CpuInterval> of(RestoreRun run) {
        return of(run.cpuSamples(), cores(run.environment()));
    }

    /** The logical CPUs of the machine samples were taken on ({@code null}: unknown), which bound their CPU rates. */
    public static Integer cores(Environment machine) {
        return machine == null ? null : machine.logicalCpus();
    }

    /**
     * The intervals of {@code samples} (in the order taken) that read the worker, each at least {@value #MIN_SECONDS}
     * s and, where {@code cores} is known, with no more CPU seconds than {@code cores} give in it.
     */
    public static List<CpuInterval> of(List<CpuSample> samples, Integer cores) {
        List<CpuInterval> out = new ArrayList<>();
        List<CpuSample> chain = new ArrayList<>();
        for (CpuSample s : samples) {
            if (s.processCpuSeconds() == null) {
                close(chain, cores, out);
                chain.clear();
            } else {
                chain.add(s);
            }
        }
        close(chain, cores, out);
        return out;
    }

    /** The intervals of one chain of samples that all read the worker. */
    private static void close(List<CpuSample> chain, Integer cores, List<CpuInterval> out) {
        List<int[]> made = new ArrayList<>(); // positions in chain of each interval's first and last sample
        int start = 0;
        for (int i = 1; i < chain.size(); i++) {
            if (measurable(chain.get(start), chain.get(i), cores)) {
                made.add(new int[] {start, i});
                start = i;
            }
        }
        int end = chain.size() - 1;
        // what is left after the last interval is merged into it (and that into the one before, while it is impossible)
        while (start < end && !measurable(chain.get(start), chain.get(end), cores) && !made.isEmpty()) {
            start = made.remove(made.size() - 1)[0];
        }
        if (start < end && measurable(chain.get(start), chain.get(end), cores)) {
            made.add(new int[] {start, end});
        }
        for (int[] m : made) {
            out.add(interval(chain, m[0], m[1]));
        }
    }

    private static boolean measurable(CpuSample from, CpuSample to, Integer cores) {
        double seconds = to.atSeconds() - from.atSeconds();
        if (seconds < MIN_SECONDS) {
            return false;
        }
        return cores == null || to.processCpuSeconds() - from.processCpuSeconds() <= cores * (seconds + TICK_SECONDS);
    }

    /** The interval from {@code chain[a]} to {@code chain[b]}, its phase and its load of the stretches between. */
    private static CpuInterval interval(List<CpuSample> chain, int a, int b) {
        double weighed = 0;
        double known = 0;
        Map<Phase, Double> seconds = new LinkedHashMap<>();
        Phase phase = chain.get(b).phase();
        for (int i = a + 1; i <= b; i++) {
            CpuSample s = chain.get(i);
            double dt = s.atSeconds() - chain.get(i - 1).atSeconds();
            if (s.load() != null && dt > 0) {
                weighed += s.load() * dt;
                known += dt;
            }
            if (s.phase() != null) {
                seconds.merge(s.phase(), dt, Double::sum);
            }
        }
        for (Map.Entry<Phase, Double> e : seconds.entrySet()) {
            if (phase == null || e.getValue() > seconds.getOrDefault(phase, 0.0)) {
                phase = e.getKey();
            }
        }
        return new CpuInterval(chain.get(a), chain.get(b), phase, known > 0 ? weighed / known : null);
    }
}
