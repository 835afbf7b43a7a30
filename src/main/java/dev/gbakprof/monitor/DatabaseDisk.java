package dev.gbakprof.monitor;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The disk a database file is written to, and how busy it is, where the OS says: on Linux the block device under the
 * file's folder ({@code st_dev}, {@code /sys/dev/block/MAJOR:MINOR}, its whole disk when that is a partition) and its
 * line of {@code /proc/diskstats}: the milliseconds the disk spent doing I/O ({@code io_ticks}, field 10) and the
 * weighted milliseconds of I/O in flight (field 11: their rate is the average queue length). Elsewhere, and on a file
 * system without a block device (tmpfs, NFS, an overlay's anonymous device), {@link #of} gives {@code null} and the
 * figures are unknown. The disk is the whole device: what other processes do on it counts too.
 */
public final class DatabaseDisk {
    static final Path DISKSTATS = Path.of("/proc/diskstats");
    private static final Path SYS_BLOCK = Path.of("/sys/dev/block");

    private final String name;
    private final Path stats;

    DatabaseDisk(String name, Path stats) {
        this.name = name;
        this.stats = stats;
    }

    /** The disk's kernel name ({@code vda}, {@code nvme0n1}, {@code dm-0}). */
    public String name() {
        return name;
    }

    /**
     * The disk of the folder the database is written to (the folder of {@code database}, or the nearest one that
     * exists), or {@code null} where it cannot be known (not Linux, no block device, unreadable).
     */
    public static DatabaseDisk of(Path database) {
        if (database == null || !Files.isReadable(DISKSTATS)) {
            return null;
        }
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
            DatabaseDisk d = new DatabaseDisk(file.toString(), DISKSTATS);
            return d.counters() == null ? null : d;
        } catch (IOException | RuntimeException ex) {
            return null; // no unix:dev (not a Unix file system view), or /sys unreadable: unknown
        }
    }

    /** {milliseconds busy, weighted milliseconds of I/O in flight} since the disk came up, or {@code null}. */
    public long[] counters() {
        try {
            List<String> lines = Files.readAllLines(stats, StandardCharsets.US_ASCII);
            return parse(lines, name);
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
