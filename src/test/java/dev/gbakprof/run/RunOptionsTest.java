package dev.gbakprof.run;

import dev.gbakprof.firebird.ServerAddress;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Which server gbakprof asks about a restore's database: the one gbak restores through. */
class RunOptionsTest {

    private static RunOptions withArgs(String database, String... gbakArgs) {
        return new RunOptions("/b/shop.fbk", database, null, Path.of("/usr/bin/gbak"), null, null, false, 2,
                Duration.ZERO, false, false, null, Path.of("runs"), null, List.of(gbakArgs), Duration.ofSeconds(1));
    }

    @Test
    void theServerIsTheOneGbakRestoresThrough() {
        // -se host/port:service_mgr among gbak's arguments: the database is created by that server
        assertThat(withArgs("/data/shop.fdb", "-se", "db7/3051:service_mgr").serverFor("/data/shop.fdb"))
                .isEqualTo(ServerAddress.parse("db7/3051"));
        assertThat(withArgs("/data/shop.fdb", "-SERVICE", "db7:service_mgr").serverFor("/data/shop.fdb"))
                .isEqualTo(ServerAddress.parse("db7"));
        // -se service_mgr: the server on this machine; host:path names its own server
        assertThat(withArgs("/data/shop.fdb", "-se", "service_mgr").serverFor("/data/shop.fdb"))
                .isEqualTo(ServerAddress.LOCALHOST);
        assertThat(withArgs("db8:/data/shop.fdb").serverFor("db8:/data/shop.fdb")).isEqualTo(ServerAddress.parse("db8"));
    }
}
