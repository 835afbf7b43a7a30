package dev.gbakprof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.testutil.Cli;
import dev.gbakprof.testutil.FirebirdServer;
import dev.gbakprof.testutil.Restores;
import dev.gbakprof.testutil.Restores.Route;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A bad --password-file is one line naming the file and what was expected, exit 2, before any server is asked. */
class PasswordFileTest {

    @Test
    void aPasswordFileThatIsNotUtf8IsNamedAndExplained(@TempDir Path dir) throws Exception {
        Path pw = dir.resolve("pw.txt");
        Files.write(pw, new byte[] {'c', 'a', 'f', (byte) 0xE9, '\n'}); // café in Latin-1
        for (String command : new String[] {"run", "inspect"}) {
            Cli.Result r = command.equals("run")
                    ? Restores.run(
                            Route.SERVICE,
                            Path.of("/nowhere/x.fbk"),
                            Path.of("/nowhere/x.fdb"),
                            dir.resolve("runs"),
                            "--password-file",
                            pw.toString())
                    : FirebirdServer.inspect("/nowhere/x.fdb", "--password-file", pw.toString());
            assertThat(r.code()).as(command).isEqualTo(2);
            assertThat(r.err())
                    .as(command)
                    .isEqualToIgnoringNewLines(
                            "gbakprof: " + pw + ": not UTF-8 text; expected the password on its first line, in UTF-8");
        }
        assertThat(dir.resolve("runs")).doesNotExist();
    }

    @Test
    void aBlankPasswordFileIsCalledEmptyNotMissing(@TempDir Path dir) throws Exception {
        Path pw = dir.resolve("pw.txt");
        Files.writeString(pw, "   \t\n", StandardCharsets.UTF_8);
        Cli.Result r = FirebirdServer.inspect("/nowhere/x.fdb", "--password-file", pw.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err())
                .isEqualToIgnoringNewLines(
                        "gbakprof: " + pw
                                + ": empty password file; expected the password on its first line (or an ISC_PASSWORD=<password> line)");
    }

    @Test
    void theFirstLineIsThePasswordWithoutBomOrBlanks() throws Exception {
        Path pw = Files.createTempFile("pw", ".txt");
        try {
            Files.writeString(pw, "\uFEFF s3crét \r\nsecond line\n", StandardCharsets.UTF_8);
            assertThat(Passwords.read(pw)).isEqualTo("s3crét");
        } finally {
            Files.delete(pw);
        }
    }

    @Test
    void debiansSysdbaPasswordFileGivesItsIscPasswordLine(@TempDir Path dir) throws Exception {
        Path pw = dir.resolve("SYSDBA.password");
        // the layout of Debian's /etc/firebird/3.0/SYSDBA.password (firebird3.0-server's postinst)
        Files.writeString(pw, """
                # Password for firebird SYSDBA user
                #
                # You may want to use the following command for changing it:
                #   dpkg-reconfigure firebird3.0
                #

                ISC_USER=sysdba
                ISC_PASSWORD="s3cr=t x"
                """, StandardCharsets.UTF_8);
        assertThat(Passwords.read(pw)).isEqualTo("s3cr=t x");
        Files.writeString(pw, "ISC_PASSWORD='one'\nexport ISC_PASSWORD=two\n", StandardCharsets.UTF_8);
        assertThat(Passwords.read(pw))
                .as("the last assignment, as a shell reads it")
                .isEqualTo("two");
        Files.writeString(pw, "# comment\nISC_PASSWORD=\n", StandardCharsets.UTF_8);
        Cli.Result r = FirebirdServer.inspect("/nowhere/x.fdb", "--password-file", pw.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err())
                .isEqualToIgnoringNewLines(
                        "gbakprof: " + pw + ": its ISC_PASSWORD line is empty; expected ISC_PASSWORD=<password>");
    }

    @Test
    void theRealDebianPasswordFileReads() throws Exception {
        // Debian's firebird3.0-server writes it at install time; the tests' own server has a password of its own, so
        // this reads the file's format only, and never prints what it read (a password in a test report is a leak)
        Path debian = Path.of("/etc/firebird/3.0/SYSDBA.password");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isReadable(debian), debian + " is not readable here");
        String password = Passwords.read(debian);
        boolean plausible = password != null
                && !password.isBlank()
                && password.strip().equals(password)
                && !password.contains("\"")
                && !password.contains("ISC_");
        assertThat(plausible)
                .as(debian + " gives one password without quotes or blanks around it")
                .isTrue();
    }
}
