package dev.gbakprof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.testutil.Cli;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad usage of {@code run} (what the option values alone make wrong) is refused before any run folder is made: exit
 * 2, one line, and no refused run folder for {@code check} to page about, as {@code --cooldown -1} always was. Only a
 * night refused by what it found leaves one (CheckNewestFolderTest, CheckRefusedOwnerTest). Nothing here reaches gbak.
 */
class RunBadUsageTest {

    @TempDir
    Path dir;

    @Test
    @Timeout(120) // a bad value once taken (--cooldown Infinity) would rest for ever: fail, not hang
    void badOptionValuesLeaveNoRunFolder() throws Exception {
        Path runs = Files.createDirectories(dir.resolve("runs")); // where the earlier nights' folders are
        Path backup = Files.writeString(dir.resolve("erp.fbk"), "a backup");
        String[][] bad = {
            {"--repeat", "0"},
            {"--timeout", "2x"},
            {"--settle", "5q"},
            {"--backup-dir", dir.toString()},
            {"--inspect-host", "localhost"},
            {"--inspect", "--inspect-host", "localhost/port"},
            {"--backup-from", dir.resolve("erp.fdb").toString()},
            {"--via", "service", "--", "-bu", "10"},
            {"--", "-password", "x"},
            {"--host", "192.0.2.1"}, // a relative --database for a server on another machine
            {"--cooldown", "-1"},
            {"--repeat", "2", "--cooldown", "Infinity"}, // was taken: the rest between restores never ended
        };
        for (String[] options : bad) {
            List<String> args = new ArrayList<>(List.of(
                    "run",
                    "--backup",
                    backup.toString(),
                    "--database",
                    "erp-test.fdb",
                    "--runs-dir",
                    runs.toString(),
                    "--label",
                    "nightly"));
            args.addAll(List.of(options));
            Cli.Result r = Cli.run(args.toArray(String[]::new));
            String given = String.join(" ", options);
            assertThat(r.code()).as(given + ": " + r.err()).isEqualTo(2);
            assertThat(r.err().lines()).as(given).singleElement().asString().startsWith("gbakprof: ");
            try (Stream<Path> left = Files.list(runs)) {
                assertThat(left).as(given + " left a run folder").isEmpty();
            }
        }
        assertThat(dir.resolve("erp-test.fdb")).doesNotExist();
    }
}
