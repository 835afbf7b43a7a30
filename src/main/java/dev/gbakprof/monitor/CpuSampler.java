package dev.gbakprof.monitor;

import dev.gbakprof.model.CpuSample;
import dev.gbakprof.model.Phase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import oshi.SystemInfo;
import oshi.hardware.CentralProcessor;
import oshi.software.os.OSProcess;
import oshi.software.os.OperatingSystem;

/**
 * Samples the CPU with OSHI while gbak runs: average current frequency over the cores (MHz) and system
 * load (0..1), every interval, with {@code atSeconds} counted from gbak's start (gbak's own clock starts
 * within milliseconds of its launch).
 *
 * <p>Where the frequency cannot be observed (a virtual machine without cpufreq reports one static
 * value), the samples carry no MHz and {@link #warnings()} says why: a flat line is not a measurement.
 *
 * <p>Each sample also reads the process doing the restore's work (gbak embedded, or the local server), with
 * OSHI's process API (Linux and Windows alike): its CPU seconds, storage bytes read and written and resident
 * memory, counted from the restore's start, the restore's phase at that moment, and the size of the sort files
 * it has open ({@link SortFiles}: a sort that spilled past {@code TempCacheLimit}). The machine-wide load
 * can be high for reasons that have nothing to do with the restore; the worker's own figures explain it.
 */
public final class CpuSampler implements AutoCloseable {
    // OSHI's, made on the sampler's thread (about 0.4 s: it runs ldconfig, uname, lshw …) unless a process already
    // running is read from the restore's start (a server): gbak does not wait for them
    private volatile CentralProcessor cpu;
    private volatile OperatingSystem os;
    private final Supplier<Long> workerPid;
    private final Supplier<Phase> phase;
    private final DatabaseDisk disk;
    private final List<Path> sortDirs;
    private volatile DatabaseDisk.Counters diskBase; // the database's disk's counters at the restore's start
    private long workerSeen = -1;
    private long[] workerBase; // counters() at the restore's start (zero for a process it started)
    private boolean ownTree; // the worker is a process this run started: its descendants count too
    private List<Long> children = List.of(); // the worker's descendants, as last listed
    private long childrenListedAt; // System.nanoTime() of that listing
    private final long intervalMs;
    private final List<CpuSample> samples = new ArrayList<>();
    private final List<String> warnings = new ArrayList<>();
    private ScheduledExecutorService timer;
    private volatile long zeroNanos;
    private long[] prevTicks;
    private final boolean frequencyObservable;

    public CpuSampler(long intervalMs) {
        this(intervalMs, () -> null, () -> null, null);
    }

    /**
     * @param workerPid the process doing the restore's work, asked at each sample ({@code null}: not known yet,
     *                  or none to read); a process already running at {@link #start} is counted from then
     * @param phase     the restore's phase now, as of gbak's latest line ({@code null}: none)
     * @param disk      the disk the database is written to, {@code null} when it is not known (its busy time and
     *                  queue are then unknown, and {@link #warnings()} says so)
     */
    public CpuSampler(long intervalMs, Supplier<Long> workerPid, Supplier<Phase> phase, DatabaseDisk disk) {
        this(intervalMs, workerPid, phase, disk, List.of());
    }

    /**
     * @param sortDirs Firebird's temp directories, listed for sort files where a process's open files cannot be read
     *                 (Windows, {@link SortFiles}); empty elsewhere
     */
    public CpuSampler(
            long intervalMs, Supplier<Long> workerPid, Supplier<Phase> phase, DatabaseDisk disk, List<Path> sortDirs) {
        this.sortDirs = List.copyOf(sortDirs);
        this.intervalMs = intervalMs;
        this.frequencyObservable = frequencyObservable();
        this.workerPid = workerPid;
        this.phase = phase;
        this.disk = disk;
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
        diskBase = disk == null ? null : disk.counters();
        Long pid = workerPid.get();
        if (pid != null) { // a server that works for others too: only what it does from now on counts
            init();
            OSProcess running = os == null ? null : os.getProcess(pid.intValue());
            if (running != null) {
                workerSeen = pid;
                workerBase = counters(running);
            }
        }
        timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "gbakprof-cpu-sampler");
            t.setDaemon(true);
            return t;
        });
        timer.execute(this::init);
        timer.scheduleAtFixedRate(this::sample, intervalMs, intervalMs, TimeUnit.MILLISECONDS);
    }

    /** OSHI's processor and operating system, and the machine's CPU ticks the first sample counts from. */
    private synchronized void init() {
        if (cpu != null) {
            return;
        }
        try {
            SystemInfo si = new SystemInfo();
            os = si.getOperatingSystem();
            CentralProcessor p = si.getHardware().getProcessor();
            prevTicks = p.getSystemCpuLoadTicks();
            cpu = p;
        } catch (RuntimeException | LinkageError ex) {
            if (warnings.isEmpty()) {
                warnings.add("CPU sampling stopped: " + ex.getMessage());
            }
        }
    }

    /**
     * A sample now, as the phase {@code ended} ends (gbak's first line of the next phase): the interval up to here
     * is that phase's. Without it, what gbak did in a phase shorter than the interval, or in the setup before the
     * first sample (loading its engine and ICU's data from storage), counted in the phase of the next sample. Taken on
     * the sampler's thread, after the samples before it; nothing once closed.
     */
    public synchronized void phaseEnded(Phase ended) {
        if (timer != null) {
            timer.execute(() -> sample(ended));
        }
    }

    private void sample() {
        sample(null);
    }

    /** A sample of the phase gbak is in, or, at the end of a phase, of {@code ended}. */
    private void sample(Phase ended) {
        if (cpu == null) {
            return; // OSHI could not start (said in the warnings)
        }
        try {
            long[] ticks = cpu.getSystemCpuLoadTicks();
            long total = 0;
            for (int i = 0; i < ticks.length; i++) {
                total += ticks[i] - prevTicks[i];
            }
            if (total <= 0 && ended == null) {
                return; // OSHI serves /proc/stat from a short-lived cache: no new ticks, no sample
            }
            Double load = null; // a phase's end right after a sample: the worker's figures, the load unknown
            if (total > 0) {
                long idle = ticks[CentralProcessor.TickType.IDLE.getIndex()]
                        - prevTicks[CentralProcessor.TickType.IDLE.getIndex()]
                        + ticks[CentralProcessor.TickType.IOWAIT.getIndex()]
                        - prevTicks[CentralProcessor.TickType.IOWAIT.getIndex()];
                load = Math.round(Math.max(0, Math.min(1, 1 - idle / (double) total)) * 1000) / 1000.0;
                prevTicks = ticks;
            }
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
            Phase now = ended != null ? ended : phase.get();
            long[] worker = worker();
            DatabaseDisk.Counters diskNow = diskBase == null ? null : disk.counters();
            double at = (System.nanoTime() - zeroNanos) / 1e9;
            synchronized (this) {
                samples.add(new CpuSample(
                        Math.round(at * 1000) / 1000.0,
                        mhz,
                        load,
                        now,
                        worker == null ? null : worker[0] / 1000.0,
                        worker == null ? null : worker[1],
                        worker == null ? null : worker[2],
                        worker == null ? null : worker[3],
                        worker == null || worker[4] < 0 ? null : worker[4],
                        diskNow == null ? null : since(diskNow.busyMs(), diskBase.busyMs()),
                        diskNow == null ? null : since(diskNow.queueMs(), diskBase.queueMs()),
                        worker == null ? null : worker[5] / 1000.0));
            }
        } catch (RuntimeException ex) {
            synchronized (this) {
                if (warnings.isEmpty()) {
                    warnings.add("CPU sampling stopped: " + ex.getMessage());
                }
            }
        }
    }

    /**
     * The worker's cpu ms, read and written bytes since the restore's start, its RSS, the bytes of its open sort
     * files (-1: not readable) and its system ms since the start; {@code null} if unreadable.
     */
    private long[] worker() {
        Long pid = workerPid.get();
        if (pid == null) {
            return null;
        }
        OSProcess p = os.getProcess(pid.intValue());
        if (p == null) {
            return null; // gone (gbak exited between its last line and this sample)
        }
        if (workerSeen != pid) { // a process started after the restore began (gbak itself): counted from zero
            workerSeen = pid;
            workerBase = new long[4];
            ownTree = true;
            childrenListedAt = 0;
        }
        long[] c = counters(p);
        long rss = p.getResidentSetSize();
        Long sort = SortFiles.bytes(pid, sortDirs);
        if (ownTree) {
            // a --gbak wrapper (a script, GNU time) that starts gbak as its child: the tree is what restores, and
            // the wrapper alone would read as an idle gbak
            // a listing reads every process of the machine: again only when one has ended, or after CHILDREN_EVERY
            long now = System.nanoTime();
            if (childrenListedAt == 0 || now - childrenListedAt > CHILDREN_EVERY_NANOS) {
                children = descendants(pid);
                childrenListedAt = now;
            }
            for (long child : children) {
                OSProcess d = os.getProcess((int) child);
                if (d == null) {
                    childrenListedAt = 0; // listed again at the next sample
                    continue;
                }
                long[] dc = counters(d);
                for (int i = 0; i < c.length; i++) {
                    c[i] += dc[i];
                }
                rss += d.getResidentSetSize();
                Long ds = SortFiles.bytes(child, sortDirs);
                sort = ds == null ? sort : (sort == null ? 0 : sort) + ds;
            }
        }
        return new long[] {
            c[0] - workerBase[0],
            c[1] - workerBase[1],
            c[2] - workerBase[2],
            rss,
            sort == null ? -1 : sort,
            c[3] - workerBase[3]
        };
    }

    /** How long the worker's descendants, once listed, are taken as they were (a wrapper starts gbak at once). */
    private static final long CHILDREN_EVERY_NANOS = TimeUnit.SECONDS.toNanos(10);

    /** The processes {@code pid} started, and theirs; none when it is gone. */
    private static List<Long> descendants(long pid) {
        return ProcessHandle.of(pid)
                .map(h -> h.descendants().map(ProcessHandle::pid).toList())
                .orElse(List.of());
    }

    private static Long since(Long now, Long base) {
        return now == null || base == null ? null : now - base;
    }

    /** The worker's cpu ms (user + system), read and written bytes, and its system (kernel) ms. */
    private static long[] counters(OSProcess p) {
        return new long[] {p.getUserTime() + p.getKernelTime(), p.getBytesRead(), p.getBytesWritten(), p.getKernelTime()
        };
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
        if (samples.stream().anyMatch(x -> x.processCpuSeconds() != null)) {
            if (diskBase == null) {
                out.add("the database's disk busy time and queue are unknown: "
                        + (disk == null
                                ? "no disk under its folder is known here (no block device, or no volume and"
                                        + " partition of a local disk holds it)"
                                : "the counters of " + disk.name() + " cannot be read"));
            } else if (diskBase.busyMs() == null) {
                out.add("the database's disk busy time is unknown: " + disk.name()
                        + " gives the time its reads and writes took, queueing included (recorded as its queue)");
            }
        }
        if (!frequencyObservable) {
            out.add("CPU frequency not observable here (no cpufreq in /sys: a virtual machine?); "
                    + "samples carry the load only, not MHz");
        } else if (samples.size() > 2
                && samples.stream().map(CpuSample::mhz).distinct().count() == 1) {
            out.add("CPU frequency reported one static value during the whole run; it is not a measurement");
        }
        return out;
    }
}
