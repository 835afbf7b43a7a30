package dev.gbakprof.model;

/**
 * One sample taken while the restore ran: the machine's average current MHz over cores and load (0..1), and
 * the process doing the restore's work ({@code RestoreRun.worker}: gbak when it restores embedded, the local
 * Firebird server otherwise), counted from the start of the restore. Process fields are {@code null} when no
 * such process could be read (a remote server, or the OS refused).
 *
 * @param phase             the restore's phase when the sample was taken (that of gbak's latest line; the setup
 *                          before gbak's first line); a sample taken at the first line of a later phase carries
 *                          the phase that ends there
 * @param processCpuSeconds CPU seconds (user + system, all threads) the worker used since the restore started
 * @param processReadBytes  bytes the worker read from storage since the restore started (Linux: read_bytes of
 *                          /proc/PID/io, reads served by the page cache do not count; Windows: all reads)
 * @param processWriteBytes bytes the worker wrote (Linux: write_bytes, sent to storage; Windows: all writes)
 * @param processRssBytes   the worker's resident memory at the sample
 * @param processSortBytes  the size of the Firebird sort files ({@code fb_sort_*} in Firebird's temp directory) the
 *                          worker had open at the sample: a sort larger than {@code TempCacheLimit} spilled to them;
 *                          {@code null} where they cannot be seen (Linux: the worker's open files, {@code /proc/PID/fd};
 *                          Windows: those in Firebird's temp directories, any Firebird process's)
 * @param diskBusyMs        milliseconds the database's disk spent doing I/O since the restore started (Linux:
 *                          {@code io_ticks} of /proc/diskstats; the whole disk, other processes' I/O too); {@code null}
 *                          where the disk is not known, and on Windows, which gives no busy time ({@code
 *                          monitor.DatabaseDisk})
 * @param diskQueueMs       weighted milliseconds of I/O in flight on that disk since the restore started, the sum of
 *                          its requests' durations, queueing included (their rate is the average queue length; Linux:
 *                          field 11 of /proc/diskstats; Windows: OSHI's transfer time, the {@code % Disk Time}
 *                          counter); {@code null} where unknown
 * @param processSystemSeconds the part of {@code processCpuSeconds} the worker spent in the kernel (system time: its
 *                          reads, writes and page faults), the rest being user time; {@code null} in records written
 *                          before it was sampled
 */
public record CpuSample(
        double atSeconds,
        Double mhz,
        Double load,
        Phase phase,
        Double processCpuSeconds,
        Long processReadBytes,
        Long processWriteBytes,
        Long processRssBytes,
        Long processSortBytes,
        Long diskBusyMs,
        Long diskQueueMs,
        Double processSystemSeconds) {

    /** A sample of the machine only (records written before process samples existed). */
    public CpuSample(double atSeconds, Double mhz, Double load) {
        this(atSeconds, mhz, load, null, null, null, null, null, null, null, null, null);
    }
}
