package dev.gbakprof.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The disk under a database's folder, and its busy time and queue from /proc/diskstats. */
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
        long[] c = disk.counters();
        assertThat(c).hasSize(2);
        assertThat(c[0]).isNotNegative();
        // a folder that does not exist yet is the disk of the nearest one that does
        assertThat(DatabaseDisk.of(dir.resolve("new/sub/x.fdb")).name()).isEqualTo(expected);
    }

    @Test
    void aFileSystemWithoutABlockDeviceHasNoDisk() {
        // /proc is a pseudo file system: no block device, so no busy time to read
        assertThat(DatabaseDisk.of(Path.of("/proc/self/x.fdb"))).isNull();
    }
}
