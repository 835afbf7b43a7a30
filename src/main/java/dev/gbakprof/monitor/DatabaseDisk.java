package dev.gbakprof.monitor;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import oshi.SystemInfo;
import oshi.hardware.HWDiskStore;
import oshi.hardware.HWPartition;
import oshi.software.os.OSFileStore;

/**
 * The disk a database file is written to, and how busy it is, where the OS says.
 *
 * <p><b>Linux</b>: the block device under the file's folder ({@code st_dev}, {@code /sys/dev/block/MAJOR:MINOR}, its
 * whole disk when that is a partition) and its line of {@code /proc/diskstats}: the milliseconds the disk spent doing
 * I/O ({@code io_ticks}, field 10) and the weighted milliseconds of I/O in flight (field 11: their rate is the average
 * queue length). OSHI reads the same {@code io_ticks} there (its {@code getTransferTime()}, checked equal on this
 * machine), but its queue is the number of requests in flight at the instant of reading, and it needs libudev: so
 * Linux keeps {@code /proc/diskstats}.
 *
 * <p><b>Windows and the others</b>: OSHI's {@link HWDiskStore}. The database's path goes to the volume it is on (the
 * longest mount point of OSHI's {@link OSFileStore}s that starts it: {@code D:\}, or a folder a volume is mounted in),
 * the volume to its partition (the same volume GUID, else the same drive letter) and the partition to its physical
 * disk ({@code \\.\PHYSICALDRIVE1}). OSHI's transfer time of a Windows disk is Windows' {@code % Disk Time} counter:
 * the time its reads and writes took, queueing included (it can exceed the wall time, and its rate is Windows'
 * {@code Avg. Disk Queue Length}), which is what Linux's weighted milliseconds are; it is recorded as the queue, and
 * the busy time stays unknown. A database on a network share, or a volume spanning disks, has no disk: unknown.
 *
 * <p>Where the disk cannot be known (no block device: tmpfs, NFS, an overlay; no volume or partition matches) {@link
 * #of} gives {@code null} and the figures are unknown. The disk is the whole device: what other processes do on it
 * counts too.
 */
public final class DatabaseDisk {
    static final Path DISKSTATS = Path.of("/proc/diskstats");
    private static final Path SYS_BLOCK = Path.of("/sys/dev/block");

    private final String name;
    private final Path stats; // Linux: /proc/diskstats
    private final HWDiskStore store; // elsewhere: OSHI's disk

    private DatabaseDisk(String name, Path stats, HWDiskStore store) {
        this.name = name;
        this.stats = stats;
        this.store = store;
    }

    /** The disk's name: the kernel's on Linux ({@code vda}, {@code nvme0n1}, {@code dm-0}), OSHI's elsewhere. */
    public String name() {
        return name;
    }

    /**
     * The disk's counters since it came up: milliseconds busy and weighted milliseconds of I/O in flight (the sum of
     * the durations of its requests, queueing included), each {@code null} where the OS does not say.
     */
    public record Counters(Long busyMs, Long queueMs) {}

    /**
     * The disk of the folder the database is written to (on Linux the folder of {@code database}, or the nearest one
     * that exists), or {@code null} where it cannot be known.
     */
    public static DatabaseDisk of(Path database) {
        if (database == null) {
            return null;
        }
        if (Files.isReadable(DISKSTATS)) {
            return linux(database);
        }
        try {
            return oshi(database.toAbsolutePath().toString());
        } catch (RuntimeException | LinkageError ex) {
            return null; // OSHI cannot read this OS's disks (no WMI, no native library): unknown
        }
    }

    private static DatabaseDisk linux(Path database) {
        Path at = database.toAbsolutePath().getParent();
        while (at != null && !Files.isDirectory(at)) {
            at = at.getParent();
        }
        if (at == null) {
            return null;
        }
        try {
            long dev = ((Number) Files.getAttribute(at, "unix:dev")).longValue();
            // glibc's gnu_dev_major / gnu_dev_minor
            long major = ((dev >>> 8) & 0xfff) | ((dev >>> 32) & ~0xfffL);
            long minor = (dev & 0xff) | ((dev >>> 12) & ~0xffL);
            Path sys = SYS_BLOCK.resolve(major + ":" + minor);
            if (!Files.exists(sys)) {
                return null; // tmpfs, NFS, an overlay: no block device to ask
            }
            Path device = sys.toRealPath();
            Path disk = Files.exists(device.resolve("partition")) ? device.getParent() : device;
            Path file = disk == null ? null : disk.getFileName();
            if (file == null) {
                return null;
            }
            DatabaseDisk d = new DatabaseDisk(file.toString(), DISKSTATS, null);
            return d.counters() == null ? null : d;
        } catch (IOException | RuntimeException ex) {
            return null; // no unix:dev (not a Unix file system view), or /sys unreadable: unknown
        }
    }

    static DatabaseDisk oshi(String path) {
        SystemInfo si = new SystemInfo();
        List<HWDiskStore> stores = si.getHardware().getDiskStores();
        List<Volume> volumes = new ArrayList<>();
        for (OSFileStore fs : si.getOperatingSystem().getFileSystem().getFileStores(true)) {
            volumes.add(new Volume(fs.getMount(), fs.getVolume(), fs.getUUID()));
        }
        List<Disk> disks = new ArrayList<>();
        for (HWDiskStore s : stores) {
            disks.add(new Disk(s.getName(), s.getPartitions()));
        }
        String name = diskOf(path, volumes, disks, isWindows());
        for (HWDiskStore s : stores) {
            if (s.getName().equals(name)) {
                return new DatabaseDisk(name, null, s);
            }
        }
        return null;
    }

    private static boolean isWindows() {
        return System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("windows");
    }

    /** A mounted volume as OSHI's {@link OSFileStore} names it: where it is mounted, its device or GUID path, UUID. */
    record Volume(String mount, String volume, String uuid) {}

    /** A physical disk as OSHI's {@link HWDiskStore} names it, with its partitions. */
    record Disk(String name, List<HWPartition> partitions) {}

    /**
     * The name of the disk {@code path} is on: the volume with the longest mount point that starts the path (on
     * Windows without regard to case or to {@code /} against {@code \}), then the disk with a partition of that volume
     * (the same UUID, the volume GUID on Windows; else a partition mounted at the same point; else a partition or disk
     * whose device is the volume's, as Linux names them). {@code null} when none matches: a network share, a volume
     * spanning disks, a path on no volume.
     */
    static String diskOf(String path, List<Volume> volumes, List<Disk> disks, boolean windows) {
        String p = key(path, windows);
        Volume best = null;
        for (Volume v : volumes) {
            String m = v.mount() == null ? "" : key(v.mount(), windows);
            if (m.isEmpty()) {
                continue;
            }
            String dir = m.endsWith(sep(windows)) ? m : m + sep(windows);
            boolean under = p.startsWith(dir) || p.equals(m);
            if (under
                    && (best == null || m.length() > key(best.mount(), windows).length())) {
                best = v;
            }
        }
        if (best == null) {
            return null;
        }
        String mount = key(best.mount(), windows);
        for (Disk d : disks) {
            for (HWPartition part : d.partitions()) {
                if (best.uuid() != null && !best.uuid().isEmpty() && best.uuid().equalsIgnoreCase(part.getUuid())) {
                    return d.name();
                }
            }
        }
        for (Disk d : disks) {
            for (HWPartition part : d.partitions()) {
                if (part.getMountPoint() != null
                        && !part.getMountPoint().isEmpty()
                        && key(part.getMountPoint(), windows).equals(mount)) {
                    return d.name();
                }
            }
        }
        for (Disk d : disks) {
            if (best.volume() == null || best.volume().isEmpty()) {
                break;
            }
            if (best.volume().equals(d.name())) {
                return d.name(); // a file system on the whole disk (Linux /dev/vda)
            }
            for (HWPartition part : d.partitions()) {
                if (best.volume().equals(part.getIdentification())) {
                    return d.name();
                }
            }
        }
        return null;
    }

    private static String sep(boolean windows) {
        return windows ? "\\" : "/";
    }

    private static String key(String path, boolean windows) {
        return windows ? path.replace('/', '\\').toUpperCase(Locale.ROOT) : path;
    }

    /** The counters now, or {@code null} when they cannot be read. */
    public Counters counters() {
        if (store != null) {
            try {
                if (!store.updateAttributes()) {
                    return null;
                }
                return new Counters(null, store.getTransferTime());
            } catch (RuntimeException ex) {
                return null;
            }
        }
        try {
            List<String> lines = Files.readAllLines(stats, StandardCharsets.US_ASCII);
            long[] c = parse(lines, name);
            return c == null ? null : new Counters(c[0], c[1]);
        } catch (IOException | RuntimeException ex) {
            return null;
        }
    }

    /** The two counters of {@code name}'s line of {@code /proc/diskstats}, or {@code null} if it has none. */
    static long[] parse(List<String> diskstats, String name) {
        for (String line : diskstats) {
            String[] f = line.strip().split("\\s+");
            // major minor name, then reads(4) writes(4), in flight, io_ticks, weighted (and discards, flushes)
            if (f.length >= 14 && f[2].equals(name)) {
                return new long[] {Long.parseLong(f[12]), Long.parseLong(f[13])};
            }
        }
        return null;
    }
}
