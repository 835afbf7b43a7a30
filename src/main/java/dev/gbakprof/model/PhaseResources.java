package dev.gbakprof.model;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * What the restore's worker process used during one phase, from the samples taken while it ran
 * ({@link CpuSample}), and what that says the phase was limited by.
 *
 * @param phase       the phase (written as its name: setup, metadata, data, indexes, finish)
 * @param seconds     sampled wall seconds of the phase (the sample intervals whose end fell in it)
 * @param cpuSeconds  CPU seconds of the worker in those intervals
 * @param cpuShare    {@code cpuSeconds / seconds}: 1.0 is one core busy all the time
 * @param readMb      MB the worker read from storage in those intervals
 * @param writtenMb   MB the worker wrote in those intervals
 * @param machineLoad the machine's mean CPU load (0..1, all cores) in those intervals, {@code null} if not sampled
 * @param bound       what limited the phase, or {@code null} when it was too short to tell (under 2 samples)
 * @param sortFileMb  the largest size of the worker's open sort files ({@code fb_sort_*}) seen in a sample of the
 *                    phase: more than 0 means a sort did not fit in {@code TempCacheLimit} and spilled to disk (a lower
 *                    bound: the peak can fall between samples); {@code null} where open files cannot be read
 * @param diskBusy    share (0..1) of the phase the database's disk was doing I/O (its busy time: the whole disk, other
 *                    processes' I/O too), {@code null} where the OS does not say (Linux's /proc/diskstats does; Windows
 *                    gives only the queue)
 * @param diskQueue   the average number of I/O requests in flight on that disk during the phase (its queue length),
 *                    {@code null} where unknown
 * @param systemCpuSeconds the part of {@code cpuSeconds} spent in the kernel (system time); the rest is user time;
 *                    {@code null} in records written before it was sampled
 */
public record PhaseResources(
        Phase phase,
        double seconds,
        double cpuSeconds,
        double cpuShare,
        double readMb,
        double writtenMb,
        Double machineLoad,
        Bound bound,
        Double sortFileMb,
        Double diskBusy,
        Double diskQueue,
        Double systemCpuSeconds) {

    /** The worker's user time in the phase ({@code cpuSeconds} less the system time), {@code null} where unknown. */
    public Double userCpuSeconds() {
        return systemCpuSeconds == null ? null : Math.round((cpuSeconds - systemCpuSeconds) * 1000) / 1000.0;
    }

    /** What a phase was limited by; the rule is in docs/guide/advise.md ("Why is it slow"). */
    public enum Bound {
        /** The worker kept a core busy most of the phase: a faster core (power plan, clock) or more workers help. */
        CPU_BOUND,
        /** The worker did not get a core: the machine's CPUs were busy with other work (a shared or overloaded host). */
        CPU_STARVED,
        /** The worker waited while it read or wrote much, or while the database's disk was busy: the storage decides. */
        IO_BOUND,
        /** The worker waited with little CPU and little I/O: on the network, the server, a lock, or disk latency. */
        WAITING;

        /** Its name in lower case with hyphens: {@code cpu-bound}, {@code cpu-starved}, {@code io-bound}, {@code waiting}. */
        @JsonValue
        public String label() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }
}
