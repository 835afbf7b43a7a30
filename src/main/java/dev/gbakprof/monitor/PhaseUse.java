package dev.gbakprof.monitor;

import dev.gbakprof.model.CpuInterval;
import dev.gbakprof.model.CpuSample;
import dev.gbakprof.model.Phase;
import dev.gbakprof.model.PhaseResources;
import dev.gbakprof.model.PhaseResources.Bound;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The worker's resources per phase, from the samples: each interval between two samples goes to the phase of
 * the later one (the phase of gbak's latest line when it was taken), so the resolution is one sampling
 * interval, except where a phase ends: the sampler takes a sample at the first line of each later phase, carrying
 * the phase that ends there ({@code CpuSampler.phaseEnded}). The intervals are those a rate means something over
 * ({@link CpuInterval}: 0.1 s at least, with no more CPU than the machine's CPUs give), the figures of {@code cpu.png}
 * too: a phase boundary within 0.1 s of another sample falls inside an interval. The rule that names what limited a phase (docs/guide/advise.md, "Why is it slow"):
 * <ul>
 *     <li>{@code cpu-bound}: the worker's CPU seconds are at least {@value #CPU_BOUND_SHARE} of the phase's
 *     wall seconds (a Firebird 3 restore works on one core, so 0.7 means that core was busy most of the time);</li>
 *     <li>{@code cpu-starved}: otherwise, when the machine's CPUs were at least {@value #STARVED_LOAD} busy (all
 *     cores): the restore waited for a core that other work held;</li>
 *     <li>{@code io-bound}: otherwise, when it read and wrote at least {@value #IO_BOUND_MB_PER_S} MB/s from and to
 *     storage, or when the database's disk was busy at least {@value #DISK_BUSY_SHARE} of the phase (small
 *     scattered writes, or other processes' I/O on the disk, keep it busy with few MB/s; not forced writes, which
 *     gbak turns off for the restore);</li>
 *     <li>{@code waiting}: neither: it waited on the network, the server, a lock, or a slow disk's latency;</li>
 *     <li>unknown ({@code null}): fewer than {@value #MIN_INTERVALS} sample intervals (of 0.1 s at least) fell in the
 *     phase.</li>
 * </ul>
 * A phase's {@code sortFileMb} is the largest size of the worker's open sort files in one of its samples; its
 * {@code diskBusy} and {@code diskQueue} are the disk's busy milliseconds and weighted milliseconds of I/O in flight
 * over the intervals that read the disk, divided by their wall milliseconds; its {@code systemCpuSeconds} the
 * worker's kernel time in its intervals (known when every one of them has it).
 */
public final class PhaseUse {
    static final double CPU_BOUND_SHARE = 0.7;
    static final double IO_BOUND_MB_PER_S = 10;
    static final double STARVED_LOAD = 0.9;
    static final double DISK_BUSY_SHARE = 0.6;
    static final int MIN_INTERVALS = 2;

    private PhaseUse() {}

    /**
     * Per phase, in the order of {@link Phase}; empty when no sample carried the worker's figures. {@code cores}: the
     * machine's logical CPUs, {@code null} when unknown ({@link CpuInterval}).
     */
    public static List<PhaseResources> of(List<CpuSample> samples, Integer cores) {
        Map<Phase, double[]> acc =
                new LinkedHashMap<>(); // seconds, cpu, read, written, intervals, load×s, load s, sort peak, sort seen,
        // disk busy ms, disk busy s, disk weighted ms, disk weighted s, system cpu, intervals with system cpu
        for (Phase p : Phase.values()) {
            acc.put(p, new double[15]);
        }
        // counters start at the restore's start (the disk's too, when the samples read them: Windows gives no busy
        // time, only the queue)
        boolean hasBusy = samples.stream().anyMatch(x -> x.diskBusyMs() != null);
        boolean hasQueue = samples.stream().anyMatch(x -> x.diskQueueMs() != null);
        boolean hasSystem = samples.stream().anyMatch(x -> x.processSystemSeconds() != null);
        List<CpuSample> fromStart = new ArrayList<>();
        fromStart.add(new CpuSample(
                0,
                null,
                null,
                null,
                0.0,
                0L,
                0L,
                null,
                null,
                hasBusy ? 0L : null,
                hasQueue ? 0L : null,
                hasSystem ? 0.0 : null));
        fromStart.addAll(samples);
        for (CpuInterval i : CpuInterval.of(fromStart, cores)) {
            if (i.phase() == null) {
                continue;
            }
            double[] a = acc.get(i.phase());
            double dt = i.seconds();
            a[0] += dt;
            a[1] += i.change(CpuSample::processCpuSeconds);
            a[2] += i.change(CpuSample::processReadBytes);
            a[3] += i.change(CpuSample::processWriteBytes);
            a[4]++;
            if (i.load() != null) {
                a[5] += i.load() * dt;
                a[6] += dt;
            }
            Double busy = i.change(CpuSample::diskBusyMs);
            if (busy != null) {
                a[9] += busy;
                a[10] += dt;
            }
            Double system = i.change(CpuSample::processSystemSeconds);
            if (system != null) {
                a[13] += system;
                a[14]++;
            }
            Double queue = i.change(CpuSample::diskQueueMs);
            if (queue != null) {
                a[11] += queue;
                a[12] += dt;
            }
        }
        for (CpuSample s : samples) {
            if (s.phase() != null && s.processSortBytes() != null) {
                double[] a = acc.get(s.phase());
                a[7] = Math.max(a[7], s.processSortBytes());
                a[8]++;
            }
        }
        List<PhaseResources> out = new ArrayList<>();
        for (Map.Entry<Phase, double[]> e : acc.entrySet()) {
            double[] a = e.getValue();
            if (a[4] == 0) {
                continue;
            }
            double share = a[1] / a[0];
            double readMb = a[2] / 1e6;
            double writtenMb = a[3] / 1e6;
            Double load = a[6] > 0 ? round(a[5] / a[6]) : null;
            Double busy = a[10] > 0 ? round(Math.min(1, a[9] / 1000 / a[10])) : null;
            Double queue = a[12] > 0 ? round(a[11] / 1000 / a[12]) : null;
            out.add(new PhaseResources(
                    e.getKey(),
                    round(a[0]),
                    round(a[1]),
                    round(share),
                    round(readMb),
                    round(writtenMb),
                    load,
                    bound((int) a[4], share, (readMb + writtenMb) / a[0], load, busy),
                    a[8] > 0 ? round(a[7] / 1e6) : null,
                    busy,
                    queue,
                    a[14] == a[4] ? round(Math.min(a[1], a[13])) : null));
        }
        return out;
    }

    static Bound bound(int intervals, double cpuShare, double mbPerSecond, Double machineLoad, Double diskBusy) {
        if (intervals < MIN_INTERVALS) {
            return null;
        }
        if (cpuShare >= CPU_BOUND_SHARE) {
            return Bound.CPU_BOUND;
        }
        if (machineLoad != null && machineLoad >= STARVED_LOAD) {
            return Bound.CPU_STARVED;
        }
        return mbPerSecond >= IO_BOUND_MB_PER_S || (diskBusy != null && diskBusy >= DISK_BUSY_SHARE)
                ? Bound.IO_BOUND
                : Bound.WAITING;
    }

    private static double round(double d) {
        return Math.round(d * 1000) / 1000.0;
    }
}
