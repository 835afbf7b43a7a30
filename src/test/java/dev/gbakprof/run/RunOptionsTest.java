package dev.gbakprof.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.firebird.ServerAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which server gbakprof asks about a restore's database: the one gbak restores through. */
class RunOptionsTest {

    private static RunOptions withArgs(String database, String... gbakArgs) {
        return new RunOptions(
                "/b/shop.fbk",
                database,
                null,
                Path.of("/usr/bin/gbak"),
                null,
                null,
                false,
                2,
                Duration.ZERO,
                false,
                false,
                null,
                Path.of("runs"),
                null,
                List.of(gbakArgs),
                Duration.ofSeconds(1));
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
        assertThat(withArgs("db8:/data/shop.fdb").serverFor("db8:/data/shop.fdb"))
                .isEqualTo(ServerAddress.parse("db8"));
    }

    @Test
    void urlFormsAndAbbreviationsOfSeAreGbaksOwn() {
        // gbak 3 takes -se inet://host[:port]/service_mgr, and abbreviates -service down to -se
        assertThat(withArgs("/d/s.fdb", "-se", "inet://db7:3051/service_mgr").serverFor("/d/s.fdb"))
                .isEqualTo(new ServerAddress("db7", 3051));
        assertThat(withArgs("/d/s.fdb", "-ser", "inet4://db7/service_mgr").serverFor("/d/s.fdb"))
                .isEqualTo(new ServerAddress("db7", 3050));
        assertThat(withArgs("/d/s.fdb", "-servi", "inet6://[::1]:3052/service_mgr")
                        .serverFor("/d/s.fdb"))
                .isEqualTo(new ServerAddress("::1", 3052));
        assertThat(withArgs("/d/s.fdb", "-se", "inet://localhost/service_mgr").throughServer())
                .isTrue();
        // this machine's server
        for (String local : List.of("xnet://service_mgr", "inet://service_mgr", "service_mgr")) {
            assertThat(withArgs("/d/s.fdb", "-se", local).serverFor("/d/s.fdb"))
                    .as(local)
                    .isEqualTo(ServerAddress.LOCALHOST);
        }
        // an option that only starts like -se is not it; -se as the last argument names no server
        assertThat(withArgs("/d/s.fdb", "-separate", "x:y").throughServer()).isFalse();
        assertThat(withArgs("/d/s.fdb", "-v", "-se").serverFor("/d/s.fdb")).isEqualTo(ServerAddress.LOCALHOST);
    }
}
