package dev.gbakprof.firebird;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ServerAddressTest {

    @Test
    void hostAndPortAreWrittenTheWayFirebirdsToolsWriteThem() {
        assertThat(ServerAddress.parse(null)).isEqualTo(new ServerAddress("localhost", 3050));
        assertThat(ServerAddress.parse("db1")).isEqualTo(new ServerAddress("db1", 3050));
        assertThat(ServerAddress.parse("db1/3051")).hasToString("db1/3051");
        assertThatThrownBy(() -> ServerAddress.parse("db1/x")).hasMessageContaining("HOST/PORT");
        assertThatThrownBy(() -> ServerAddress.parse("db1/70000")).hasMessageContaining("65535");
    }

    /** Looked up once per host for the process, with the answers a lookup gives (on this machine's real resolver). */
    @Test
    void whetherAServerRunsOnThisMachineIsLookedUpOncePerHost() throws Exception {
        java.util.Map<String, Boolean> expected = new java.util.LinkedHashMap<>();
        expected.put("localhost", true);
        expected.put("127.0.0.1", true);
        expected.put(java.net.InetAddress.getLocalHost().getHostName(), true); // "vm" here
        // hosts no other test names, so this test's first call is their lookup: an address of TEST-NET-1, which no
        // machine has, and a name that cannot be resolved
        expected.put("192.0.2.77", false);
        expected.put("gbakprof-test.invalid", false);
        for (var e : expected.entrySet()) {
            int before = ServerAddress.lookedUp();
            for (int port : new int[] {3050, 3051, 3050}) {
                assertThat(new ServerAddress(e.getKey(), port).onThisMachine())
                        .as(e.getKey() + "/" + port)
                        .isEqualTo(e.getValue());
            }
            int lookups = ServerAddress.lookedUp() - before;
            if (e.getKey().startsWith("192.0.2.") || e.getKey().endsWith(".invalid")) {
                assertThat(lookups).as(e.getKey()).isEqualTo(1);
            } else { // an earlier test in this JVM may have looked it up already
                assertThat(lookups).as(e.getKey()).isBetween(0, 1);
            }
        }
    }

    @Test
    void aRemoteDatabaseSplitsIntoServerAndPathButADriveLetterDoesNot() {
        assertThat(ServerAddress.remote("db1/3051:/data/x.fdb"))
                .isEqualTo(new ServerAddress.Remote(new ServerAddress("db1", 3051), "/data/x.fdb"));
        assertThat(ServerAddress.remote("db1:C:\\data\\x.fdb").path()).isEqualTo("C:\\data\\x.fdb");
        assertThat(ServerAddress.remote("C:\\data\\x.fdb")).isNull();
        assertThat(ServerAddress.remote("/data/x.fdb")).isNull();
        assertThat(ServerAddress.remote("./a/b:c.fdb")).isNull();
    }

    @Test
    void credentialsNeverShowThePassword() {
        assertThat(new Credentials("SYSDBA", "s3cret").toString()).doesNotContain("s3cret");
    }
}
