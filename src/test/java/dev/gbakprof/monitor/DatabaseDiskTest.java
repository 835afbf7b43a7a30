package dev.gbakprof.monitor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import oshi.SystemInfo;
import oshi.hardware.HWDiskStore;
import oshi.hardware.HWPartition;

/**
 * The disk under a database's folder, and its busy time and queue: from /proc/diskstats on Linux, through OSHI
 * elsewhere (Windows cannot run here: its mapping from a drive letter to a physical disk is tested on OSHI-shaped
 * recordings of a Windows machine).
 */
class DatabaseDiskTest {

    @Test
    void readsTheBusyTimeAndTheWeightedTimeOfTheDisksLine() {
        // two lines of this machine's /proc/diskstats (2026-12-01): a loop device, then the disk vda
        List<String> diskstats = List.of(
                "   7       7 loop7 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0",
                " 254       0 vda 1624227 56606 44289402 4567031 2548063 541729 187784472 2614018 0 768948 7782782"
                        + " 461903 48 184946464 274562 934131 327170");
        assertThat(DatabaseDisk.parse(diskstats, "vda")).containsExactly(768948L, 7782782L);
        assertThat(DatabaseDisk.parse(diskstats, "loop7")).containsExactly(0L, 0L);
        assertThat(DatabaseDisk.parse(diskstats, "sda")).isNull();
    }

    @Test
    void theDiskOfAFolderIsTheBlockDeviceLinuxNamesForIt(@TempDir Path dir) throws Exception {
        DatabaseDisk disk = DatabaseDisk.of(dir.resolve("x.fdb"));
        long dev = ((Number) Files.getAttribute(dir, "unix:dev")).longValue();
        Path sys = Path.of("/sys/dev/block/" + (((dev >>> 8) & 0xfff) | ((dev >>> 32) & ~0xfffL)) + ":"
                + ((dev & 0xff) | ((dev >>> 12) & ~0xffL)));
        if (!Files.exists(sys) || !Files.isReadable(DatabaseDisk.DISKSTATS)) {
            assertThat(disk).isNull(); // no block device under the folder (tmpfs, an overlay): unknown
            return;
        }
        assertThat(disk).isNotNull();
        // the whole disk: a partition's parent
        Path device = sys.toRealPath();
        String expected = Files.exists(device.resolve("partition"))
                ? device.getParent().getFileName().toString()
                : device.getFileName().toString();
        assertThat(disk.name()).isEqualTo(expected);
        DatabaseDisk.Counters c = disk.counters();
        assertThat(c.busyMs()).isNotNegative();
        assertThat(c.queueMs()).isNotNegative();
        // a folder that does not exist yet is the disk of the nearest one that does
        assertThat(DatabaseDisk.of(dir.resolve("new/sub/x.fdb")).name()).isEqualTo(expected);
    }

    @Test
    void aFileSystemWithoutABlockDeviceHasNoDisk() {
        // /proc is a pseudo file system: no block device, so no busy time to read
        assertThat(DatabaseDisk.of(Path.of("/proc/self/x.fdb"))).isNull();
    }

    /**
     * A Windows machine as OSHI 6.9 describes it. Disk 0, its C: volume, the A: floppy and the D: CD-ROM are OSHI's own
     * published output of a Windows 7 machine (oshi/oshi#233: {@code \\.\PHYSICALDRIVE0}, "Disk #0, Partition #0"
     * at {@code C:\}, volume {@code \\?\Volume{15de1742-988e-11e1-a39a-806e6f6e6963}\}); disk 1 with E: and a
     * volume mounted in the folder {@code C:\fbdata\} are made in the same shape (OSHI names a Windows partition's
     * mount point only by drive letter, so a folder-mounted volume has no partition).
     */
    private static final List<DatabaseDisk.Volume> WINDOWS_VOLUMES = List.of(
            new DatabaseDisk.Volume(
                    "C:\\",
                    "\\\\?\\Volume{15de1742-988e-11e1-a39a-806e6f6e6963}\\",
                    "15de1742-988e-11e1-a39a-806e6f6e6963"),
            new DatabaseDisk.Volume(
                    "A:\\",
                    "\\\\?\\Volume{15de1746-988e-11e1-a39a-806e6f6e6963}\\",
                    "15de1746-988e-11e1-a39a-806e6f6e6963"),
            new DatabaseDisk.Volume(
                    "D:\\",
                    "\\\\?\\Volume{4f5464ce-a009-11e1-8006-806e6f6e6963}\\",
                    "4f5464ce-a009-11e1-8006-806e6f6e6963"),
            new DatabaseDisk.Volume(
                    "E:\\",
                    "\\\\?\\Volume{7a1c2f10-3b4d-11ee-9a6e-00155d012a05}\\",
                    "7a1c2f10-3b4d-11ee-9a6e-00155d012a05"),
            new DatabaseDisk.Volume(
                    "C:\\fbdata\\",
                    "\\\\?\\Volume{9e0b41c2-3b4d-11ee-9a6e-00155d012a05}\\",
                    "9e0b41c2-3b4d-11ee-9a6e-00155d012a05"));

    private static final List<DatabaseDisk.Disk> WINDOWS_DISKS = List.of(
            new DatabaseDisk.Disk(
                    "\\\\.\\PHYSICALDRIVE0",
                    List.of(new HWPartition(
                            "Disk #0, Partition #0",
                            "Installable File System",
                            "Installable File System",
                            "15de1742-988e-11e1-a39a-806e6f6e6963",
                            68_700_000_000L,
                            0,
                            0,
                            "C:\\"))),
            new DatabaseDisk.Disk(
                    "\\\\.\\PHYSICALDRIVE1",
                    List.of(new HWPartition(
                            "Disk #1, Partition #0",
                            "GPT: Basic Data",
                            "GPT: Basic Data",
                            "7a1c2f10-3b4d-11ee-9a6e-00155d012a05",
                            999_545_634_816L,
                            1,
                            0,
                            "E:\\"))));

    @Test
    void aWindowsDatabaseIsOnThePhysicalDiskOfItsDriveLetter() {
        assertThat(DatabaseDisk.diskOf(
                        "C:\\Program Files\\Firebird\\data\\erp.fdb", WINDOWS_VOLUMES, WINDOWS_DISKS, true))
                .isEqualTo("\\\\.\\PHYSICALDRIVE0");
        // drive letters in any case, / as well as \ (Firebird and Java take both)
        assertThat(DatabaseDisk.diskOf("e:/fb/erp.fdb", WINDOWS_VOLUMES, WINDOWS_DISKS, true))
                .isEqualTo("\\\\.\\PHYSICALDRIVE1");
        // a folder whose name only starts like a mount point is not under it
        assertThat(DatabaseDisk.diskOf("C:\\fbdatax\\erp.fdb", WINDOWS_VOLUMES, WINDOWS_DISKS, true))
                .isEqualTo("\\\\.\\PHYSICALDRIVE0");
    }

    @Test
    void aWindowsPathWithoutALocalDiskIsUnknownNotTheSystemDisk() {
        // the CD-ROM: a volume with no partition on a physical disk
        assertThat(DatabaseDisk.diskOf("D:\\erp.fdb", WINDOWS_VOLUMES, WINDOWS_DISKS, true))
                .isNull();
        // a volume mounted in a folder of C: is another disk, which OSHI does not map: unknown, not C:'s disk
        assertThat(DatabaseDisk.diskOf("C:\\fbdata\\erp.fdb", WINDOWS_VOLUMES, WINDOWS_DISKS, true))
                .isNull();
        // a network share is on no local volume
        assertThat(DatabaseDisk.diskOf("\\\\fileserver\\fb\\erp.fdb", WINDOWS_VOLUMES, WINDOWS_DISKS, true))
                .isNull();
        // on Windows, Linux's case-sensitive reading does not apply; on Linux a C: path is on no volume
        assertThat(DatabaseDisk.diskOf("C:\\data\\erp.fdb", WINDOWS_VOLUMES, WINDOWS_DISKS, false))
                .isNull();
    }

    @Test
    void aLinuxLayoutAsOshiNamesItMapsByMountPointOrDevice() {
        // OSHI's published output of a Linux machine (oshi/oshi#1578): /dev/sda1 at /boot; a file system on a whole
        // disk (this machine's / on /dev/vda) is the disk itself
        List<DatabaseDisk.Volume> volumes = List.of(
                new DatabaseDisk.Volume("/", "/dev/vda", ""), new DatabaseDisk.Volume("/boot", "/dev/sda1", ""));
        List<DatabaseDisk.Disk> disks = List.of(
                new DatabaseDisk.Disk("/dev/vda", List.of()),
                new DatabaseDisk.Disk(
                        "/dev/sda",
                        List.of(new HWPartition("/dev/sda1", "sda1", "xfs", "", 1_100_000_000L, 8, 1, "/boot"))));
        assertThat(DatabaseDisk.diskOf("/boot/fb/x.fdb", volumes, disks, false)).isEqualTo("/dev/sda");
        assertThat(DatabaseDisk.diskOf("/bootx/x.fdb", volumes, disks, false)).isEqualTo("/dev/vda");
        assertThat(DatabaseDisk.diskOf("/var/lib/firebird/x.fdb", volumes, disks, false))
                .isEqualTo("/dev/vda");
    }

    /**
     * The check that chose /proc/diskstats over OSHI on Linux: OSHI's mapping finds the same disk for the folder, and
     * its transfer time is the same io_ticks (read a moment apart: at most that moment more), but its queue is the
     * number of requests in flight at the instant of reading, where /proc/diskstats gives their weighted time.
     */
    @Test
    void onLinuxOshiFindsTheSameDiskAndTheSameBusyTime(@TempDir Path dir) {
        DatabaseDisk proc = DatabaseDisk.of(dir.resolve("x.fdb"));
        List<HWDiskStore> stores = new SystemInfo().getHardware().getDiskStores();
        // a block device under the folder, and OSHI with libudev: else there is nothing to compare (reported skipped)
        assumeTrue(proc != null && !stores.isEmpty(), "no block device under the folder, or OSHI without libudev");
        DatabaseDisk viaOshi = DatabaseDisk.oshi(dir.toAbsolutePath().toString());
        assertThat(viaOshi).isNotNull();
        assertThat(viaOshi.name()).isEqualTo("/dev/" + proc.name());
        HWDiskStore store = stores.stream()
                .filter(s -> s.getName().equals(viaOshi.name()))
                .findFirst()
                .orElseThrow();
        long before = proc.counters().busyMs();
        long t0 = System.nanoTime();
        store.updateAttributes();
        long oshi = store.getTransferTime();
        long after = proc.counters().busyMs();
        long elapsedMs = (System.nanoTime() - t0) / 1_000_000 + 1;
        assertThat(oshi).isBetween(before, after);
        assertThat(after - before).isLessThanOrEqualTo(elapsedMs);
    }
}
