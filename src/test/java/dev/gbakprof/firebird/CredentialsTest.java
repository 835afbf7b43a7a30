package dev.gbakprof.firebird;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a command says when it finds no password: how to give one, and Debian's own file where it can be the server's
 * password (Debian's server listens on this machine at port 3050).
 */
class CredentialsTest {
    private static final String HOW =
            "give the password with --password-file F or the ISC_PASSWORD environment variable";

    @Test
    void theServerOnThisMachineAtPort3050IsToldDebiansPasswordFile(@TempDir Path dir) throws Exception {
        Path debian = Files.writeString(dir.resolve("SYSDBA.password"), "ISC_USER=SYSDBA\nISC_PASSWORD=\"x\"\n");

        assertThat(Credentials.howToGive(ServerAddress.LOCALHOST, debian))
                .isEqualTo(HOW + " (this machine has Debian's password file, for its server on port 3050:"
                        + " --password-file " + debian + ")");
        assertThat(Credentials.howToGive(ServerAddress.LOCALHOST, dir.resolve("none")))
                .isEqualTo(HOW);
    }

    @Test
    void aServerOnAnotherPortOrMachineIsNotToldDebiansFile(@TempDir Path dir) throws Exception {
        Path debian = Files.writeString(dir.resolve("SYSDBA.password"), "ISC_USER=SYSDBA\nISC_PASSWORD=\"x\"\n");

        // a second server on this machine (the tests' own, a Firebird 4.0 beside Debian's 3.0) has its own password
        assertThat(Credentials.howToGive(new ServerAddress("localhost", 32469), debian))
                .isEqualTo(HOW);
        // 192.0.2.1 (TEST-NET-1) is no address of this machine
        assertThat(Credentials.howToGive(new ServerAddress("192.0.2.1", 3050), debian))
                .isEqualTo(HOW);
        // the file itself: Debian's firebird3.0-server package, installed wherever these tests run against a server
        assertThat(Credentials.howToGive(new ServerAddress("127.0.0.1", 3050)))
                .isEqualTo(Credentials.howToGive(ServerAddress.LOCALHOST, Credentials.DEBIAN_PASSWORD_FILE))
                .endsWith(
                        Files.isRegularFile(Credentials.DEBIAN_PASSWORD_FILE)
                                ? "--password-file /etc/firebird/3.0/SYSDBA.password)"
                                : "variable");
    }
}
