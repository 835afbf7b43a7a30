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
