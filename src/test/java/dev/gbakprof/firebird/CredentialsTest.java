package dev.gbakprof.firebird;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a command says when it finds no password: how to give one, and Debian's own file where it is. */
class CredentialsTest {

    @Test
    void aMachineWithDebiansPasswordFileIsToldItsName(@TempDir Path dir) throws Exception {
        Path debian = Files.writeString(dir.resolve("SYSDBA.password"), "ISC_USER=SYSDBA\nISC_PASSWORD=\"x\"\n");

        assertThat(Credentials.howToGive(debian))
                .isEqualTo("give the password with --password-file F or the ISC_PASSWORD environment variable"
                        + " (this machine has Debian's password file: --password-file " + debian + ")");
        assertThat(Credentials.howToGive(dir.resolve("none")))
                .isEqualTo("give the password with --password-file F or the ISC_PASSWORD environment variable");
        // the file itself: Debian's firebird3.0-server package, installed wherever these tests run against a server
        assertThat(Credentials.howToGive())
                .isEqualTo(Credentials.howToGive(Credentials.DEBIAN_PASSWORD_FILE))
                .endsWith(
                        Files.isRegularFile(Credentials.DEBIAN_PASSWORD_FILE)
                                ? "--password-file /etc/firebird/3.0/SYSDBA.password)"
                                : "variable");
    }
}
