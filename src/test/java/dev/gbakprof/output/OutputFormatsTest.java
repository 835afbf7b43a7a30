package dev.gbakprof.output;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.testutil.Cli;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code history} and {@code check}'s JSON and text, written from records, byte for byte what their writers printed
 * before (src/test/resources/output/README.md), on the run folders beside them.
 */
class OutputFormatsTest {
    private static final Path DIR = Path.of("src/test/resources/output");
    private static final String RUNS = DIR.resolve("runs").toString();

    private static String golden(String name) throws Exception {
        return Files.readString(DIR.resolve(name), StandardCharsets.UTF_8);
    }

    @Test
    void historyJsonIsTheSameBytes() throws Exception {
        Cli.Result r = Cli.run("history", RUNS, "--json", "--rto", "2s");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).isEqualTo(golden("history.json"));
        Cli.Result byLabel = Cli.run("history", RUNS, "--json", "--by", "label", "--last", "4");
        assertThat(byLabel.code()).as(byLabel.err()).isZero();
        assertThat(byLabel.out()).isEqualTo(golden("history-label-last4.json"));
    }

    @Test
    void historyTableMarksOnlyFinishedRestoresAgainstTheirBand() throws Exception {
        Cli.Result r = Cli.run("history", RUNS, "--rto", "1s");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).isEqualTo(golden("history.txt"));
    }

    @Test
    void checkJsonAndDiscoveryAreTheSameBytes() throws Exception {
        Cli.Result r = Cli.run("check", RUNS, "--json", "--rto", "2500ms", "--slower", "5", "--max-age", "24000h");
        assertThat(r.code()).as(r.err()).isEqualTo(1); // WARNING: 2.0 s, more than 5% above the band's median
        assertThat(r.out()
                        .replaceAll("\"ageSeconds\" : [0-9.E]+", "\"ageSeconds\" : 0.0")
                        .replaceAll(", \\d+ days ago", ", N days ago"))
                .isEqualTo(golden("check.json"));
        Cli.Result d = Cli.run("check", RUNS, "--discovery");
        assertThat(d.code()).as(d.err()).isZero();
        assertThat(d.out()).isEqualTo(golden("discovery.json"));
    }

    @Test
    void aDrillThatStoppedAtItsCompletedBackupIsCriticalNotRestored(@TempDir Path tmp) throws Exception {
        // the runs up to 07:00, whose newest is a drill that backed up and never restored: "restored in 2.0 s" (the
        // backup's time) said a restore test passed that never ran
        try (Stream<Path> s = Files.list(DIR.resolve("runs"))) {
            for (Path f : s.filter(f -> f.getFileName().toString().compareTo("20260101-08") < 0)
                    .toList()) {
                Path to = Files.createDirectories(tmp.resolve(f.getFileName().toString()));
                try (Stream<Path> files = Files.list(f)) {
                    for (Path file : files.toList()) {
                        Files.copy(file, to.resolve(file.getFileName().toString()));
                    }
                }
            }
        }
        Cli.Result r = Cli.run("check", tmp.toString(), "--rto", "1h", "--max-age", "0"); // runs of 2026-01-01
        assertThat(r.code()).as(r.out()).isEqualTo(2);
        assertThat(r.out())
                .startsWith("CRITICAL: small backup (of the drill) completed on 2026-01-01 07:00 UTC, ")
                .contains(" days ago, but no restore followed: nothing was restored (RTO 1 h, ")
                .doesNotContain("restored in");
    }
}
