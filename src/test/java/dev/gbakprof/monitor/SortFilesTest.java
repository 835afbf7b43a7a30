package dev.gbakprof.monitor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.gbakprof.model.FirebirdConf;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where Firebird writes its sort files, as Firebird resolves it (TempDirectoryList, TempFile::getTempPath), and how
 * they are counted. Windows cannot run here: its configurations are written as Windows lays them out (Firebird 5's
 * installer puts firebird.conf in {@code C:\Program Files\Firebird\Firebird_5_0}; the environment of a Windows Server
 * account, and of the LocalSystem account a Firebird service runs as), not read from a Windows machine.
 */
class SortFilesTest {
    private static final String WIN_CONF = "C:\\Program Files\\Firebird\\Firebird_5_0\\firebird.conf";
    private static final Map<String, String> WIN_ENV = Map.of(
            "SystemRoot", "C:\\Windows",
            "TEMP", "C:\\Users\\dba\\AppData\\Local\\Temp",
            "TMP", "C:\\Users\\dba\\AppData\\Local\\Temp\\2",
            "USERPROFILE", "C:\\Users\\dba");

    private static FirebirdConf conf(String path, String tempDirectories) {
        return new FirebirdConf(path, null, null, null, null, tempDirectories);
    }

    @Test
    void tempDirectoriesOfFirebirdConfComeFirstRelativeOnesUnderFirebirdsRoot() {
        assertThat(SortFiles.directories(conf(WIN_CONF, "D:\\fbtemp; E:/fbtemp ;"), WIN_ENV, true, false))
                .containsExactly("D:\\fbtemp", "E:/fbtemp");
        assertThat(SortFiles.directories(conf(WIN_CONF, "temp;\\\\nas\\fbtemp"), WIN_ENV, true, true))
                .containsExactly("C:\\Program Files\\Firebird\\Firebird_5_0\\temp", "\\\\nas\\fbtemp");
        assertThat(SortFiles.directories(conf("/opt/firebird/firebird.conf", "/srv/fbtmp;tmp"), Map.of(), false, false))
                .containsExactly("/srv/fbtmp", "/opt/firebird/tmp");
    }

    @Test
    void withoutTempDirectoriesFirebirdTmpThenTheSystemsTempDirectory() {
        // TempDirectories commented out, as in the file Firebird installs
        FirebirdConf unset = conf(WIN_CONF, null);
        Map<String, String> withFbTmp = new java.util.HashMap<>(WIN_ENV);
        withFbTmp.put("FIREBIRD_TMP", "F:\\fbsort");
        assertThat(SortFiles.directories(unset, withFbTmp, true, true)).containsExactly("F:\\fbsort");
        // gbak embedded inherits gbakprof's environment: GetTempPath's TMP, then TEMP, then USERPROFILE
        assertThat(SortFiles.directories(unset, WIN_ENV, true, false))
                .containsExactly("C:\\Users\\dba\\AppData\\Local\\Temp\\2");
        assertThat(SortFiles.directories(null, Map.of("SystemRoot", "C:\\Windows", "TEMP", "C:\\T"), true, false))
                .containsExactly("C:\\T");
        // a server runs as a service (LocalSystem: C:\Windows\Temp); gbakprof's own is listed too
        assertThat(SortFiles.directories(unset, WIN_ENV, true, true))
                .containsExactly("C:\\Windows\\Temp", "C:\\Users\\dba\\AppData\\Local\\Temp\\2");
        assertThat(SortFiles.directories(null, Map.of("SystemRoot", "C:\\Windows"), true, false))
                .containsExactly("C:\\Windows");
        // Unix: TMP, else /tmp
        assertThat(SortFiles.directories(null, Map.of("TMP", "/var/tmp"), false, false))
                .containsExactly("/var/tmp");
        assertThat(SortFiles.directories(null, Map.of(), false, true)).containsExactly("/tmp");
    }

    @Test
    void firebirdConfsTempDirectoriesIsReadWithWindowsLineEnds(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("firebird.conf");
        Files.writeString(
                f, "#TempDirectories =\r\nTempDirectories = D:\\fbtemp;E:\\fbtemp\r\nTempCacheLimit = 256M\r\n");
        FirebirdConf read = FirebirdConfReader.read(f);
        assertThat(read.tempDirectories()).isEqualTo("D:\\fbtemp;E:\\fbtemp");
        assertThat(read.tempCacheLimit()).isEqualTo("256M");
    }

    @Test
    void theSortFilesInTheDirectoriesAreCountedAndNothingElse(@TempDir Path dir) throws Exception {
        // what Windows shows while a sort spills: fb_sort_ files with their size, beside other temp files
        Path a = Files.createDirectories(dir.resolve("a"));
        Path b = Files.createDirectories(dir.resolve("b"));
        Files.write(a.resolve("fb_sort_k3x9qa"), new byte[1000]);
        Files.write(b.resolve("fb_sort_0pz1mm"), new byte[500]);
        Files.write(a.resolve("fb_recbuf_7f2kd1"), new byte[4000]);
        Files.write(a.resolve("gbak.log"), new byte[300]);
        assertThat(SortFiles.inDirectories(List.of(a, b, dir.resolve("missing"))))
                .isEqualTo(1500L);
        // an empty temp directory: no sort spilled (0, a measurement)
        Path empty = Files.createDirectories(dir.resolve("empty"));
        assertThat(SortFiles.inDirectories(List.of(empty))).isZero();
        // none can be listed: unknown, not 0
        assertThat(SortFiles.inDirectories(List.of(dir.resolve("missing")))).isNull();
        assertThat(SortFiles.inDirectories(List.of())).isNull();
    }

    @Test
    void onLinuxAProcesssOpenFilesAreReadNotTheDirectory(@TempDir Path dir) throws Exception {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/fd")), "Linux's /proc");
        // Linux unlinks a sort file when it creates it: a listing would say 0 whatever was spilled, so the process's
        // open files are read, deleted or not; a sort file lying in the directory but not open does not count
        Files.write(dir.resolve("fb_sort_lying"), new byte[100]);
        long self = ProcessHandle.current().pid();
        assertThat(SortFiles.bytes(self, List.of(dir))).isZero();
        Path open = dir.resolve("fb_sort_open01");
        try (var ch = java.nio.channels.FileChannel.open(
                open, java.nio.file.StandardOpenOption.CREATE_NEW, java.nio.file.StandardOpenOption.WRITE)) {
            ch.write(java.nio.ByteBuffer.allocate(4096));
            Files.delete(open); // as Firebird does on Linux
            assertThat(SortFiles.bytes(self, List.of(dir))).isEqualTo(4096L);
        }
    }
}
