package dev.gbakprof.cli;

import dev.gbakprof.testutil.Cli;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** A bad --password-file is one line naming the file and what was expected, exit 2, before any server is asked. */
class PasswordFileTest {

    @Test
    void aPasswordFileThatIsNotUtf8IsNamedAndExplained(@TempDir Path dir) throws Exception {
        Path pw = dir.resolve("pw.txt");
        Files.write(pw, new byte[] {'c', 'a', 'f', (byte) 0xE9, '\n'}); // café in Latin-1
        for (String command : new String[] {"run", "inspect"}) {
            Cli.Result r = command.equals("run")
                    ? Cli.run("run", "--via", "service", "--password-file", pw.toString(), "--backup", "/nowhere/x.fbk",
                    "--database", "/nowhere/x.fdb", "--runs-dir", dir.resolve("runs").toString())
                    : Cli.run("inspect", "/nowhere/x.fdb", "--password-file", pw.toString());
            assertThat(r.code()).as(command).isEqualTo(2);
            assertThat(r.err()).as(command).isEqualToIgnoringNewLines("gbakprof: " + pw
                    + ": not UTF-8 text; expected the password on its first line, in UTF-8");
        }
        assertThat(dir.resolve("runs")).doesNotExist();
    }

    @Test
    void aBlankPasswordFileIsCalledEmptyNotMissing(@TempDir Path dir) throws Exception {
        Path pw = dir.resolve("pw.txt");
        Files.writeString(pw, "   \t\n", StandardCharsets.UTF_8);
        Cli.Result r = Cli.run("inspect", "/nowhere/x.fdb", "--password-file", pw.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).isEqualToIgnoringNewLines("gbakprof: " + pw
                + ": empty password file; expected the password on its first line");
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
}
