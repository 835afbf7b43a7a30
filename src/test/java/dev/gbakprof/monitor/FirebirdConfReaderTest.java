package dev.gbakprof.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.model.FirebirdConf;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FirebirdConfReaderTest {

    @Test
    void thisMachinesDebianConfigIsFoundForItsGbakAndLeavesEverySettingAtItsDefault() {
        FirebirdConf conf = FirebirdConfReader.find(Path.of("/usr/bin/gbak"), "LI-V3.0.11.33637 Firebird 3.0");
        assertThat(conf).isNotNull();
        assertThat(conf.path()).isEqualTo("/etc/firebird/3.0/firebird.conf");
        // Debian's file has every one of them commented out (#ServerMode = Super, #TempCacheLimit = 64M)
        assertThat(conf).isEqualTo(new FirebirdConf("/etc/firebird/3.0/firebird.conf", null, null, null, null));
    }

    @Test
    void settingsAreReadWithoutCommentsInAnyCaseTheLastOneWinning(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("firebird.conf");
        Files.writeString(
                f,
                "#ServerMode = Super\n"
                        + "servermode=Classic   # one process per attachment\n"
                        + "TempCacheLimit = 64M\n"
                        + "TempCacheLimit = 1G\n"
                        + "ParallelWorkers = 4\n"
                        + "MaxParallelWorkers = x\n");
        assertThat(FirebirdConfReader.read(f)).isEqualTo(new FirebirdConf(f.toString(), "Classic", "1G", 4, null));
        assertThat(FirebirdConfReader.read(f).classic()).isTrue();
    }

    @Test
    void firebirdRootComesFirstThenBesideGbakThenDebiansFolderOfItsVersion() {
        assertThat(FirebirdConfReader.candidates(
                        "/srv/fb", Path.of("/opt/firebird/bin/gbak"), "LI-V5.0.1.1469 Firebird 5.0"))
                .containsExactly(
                        Path.of("/srv/fb/firebird.conf"),
                        Path.of("/opt/firebird/bin/firebird.conf"),
                        Path.of("/opt/firebird/firebird.conf"),
                        Path.of("/etc/firebird/5.0/firebird.conf"),
                        Path.of("/etc/firebird/firebird.conf"));
    }

    @Test
    void sizesAsFirebirdConfWritesThem() {
        assertThat(FirebirdConfReader.bytes("64M")).isEqualTo(64L << 20);
        assertThat(FirebirdConfReader.bytes("1g")).isEqualTo(1L << 30);
        assertThat(FirebirdConfReader.bytes("8388608")).isEqualTo(8388608L);
        assertThat(FirebirdConfReader.bytes("512K")).isEqualTo(512L << 10);
        assertThat(FirebirdConfReader.bytes("lots")).isNull();
        assertThat(FirebirdConfReader.bytes(null)).isNull();
    }

    @Test
    void databaseAliasesAreTheNamesOutsideTheBlocksInAnyCase() {
        // Debian's databases.conf, with one alias of the DBA's and a block that sets a value
        assertThat(FirebirdConfReader.aliases(java.util.List.of(
                        "# comment = not an alias",
                        "security.db = $(dir_secDb)/security3.fdb",
                        "{",
                        "\tRemoteAccess = false",
                        "\tDefaultDbCachePages = 50",
                        "}",
                        "ERP = /srv/db/erp.fdb   # production")))
                .containsExactlyInAnyOrder("security.db", "erp");
        assertThat(FirebirdConfReader.isDatabaseAlias("SECURITY.DB")).isTrue(); // this machine's Debian file
        assertThat(FirebirdConfReader.isDatabaseAlias("remoteaccess")).isFalse();
    }
}
