package dev.gbakprof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.output.CheckExport;
import dev.gbakprof.testutil.Cli;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A check that judges no run (a mistyped {@code --backup}, a runs folder gone) still writes its UNKNOWN into the
 * series an alert watches: the one the earlier check's file holds, else {@code --backup} and {@code --label} as given.
 * With empty labels the watched series would vanish and its alert go silent.
 */
class CheckUnjudgedSeriesTest {

    @Test
    void aCheckThatJudgesNothingKeepsTheSeriesOfTheEarlierFile(@TempDir Path dir) throws Exception {
        Path prom = dir.resolve("gbakprof-shop.prom");
        Cli.Result ok = Cli.run(
                "check", "--max-age", "0", "samples/seven", "--backup", "shop", "--prometheus", prom.toString());
        assertThat(ok.code()).as(ok.out()).isZero();
        assertThat(Files.readString(prom)).contains("gbakprof_check_status{backup=\"shop.fbk\",label=\"-bu 100\"} 0\n");

        Cli.Result typo = Cli.run(
                "check", "--max-age", "0", "samples/seven", "--backup", "shpo", "--prometheus", prom.toString());
        assertThat(typo.code()).isEqualTo(3);
        assertThat(typo.out()).startsWith("UNKNOWN: no restore of a backup named shpo under [samples/seven]");
        assertThat(Files.readString(prom))
                .contains("gbakprof_check_status{backup=\"shop.fbk\",label=\"-bu 100\"} 3\n")
                .doesNotContain("gbakprof_restore_success"); // nothing judged: nothing else is known
    }

    @Test
    void withoutAnEarlierFileTheSeriesIsWhatWasAskedFor(@TempDir Path dir) throws Exception {
        Path prom = dir.resolve("gbakprof-erp.prom");
        Cli.Result r =
                Cli.run("check", dir.resolve("runs").toString(), "--label", "nightly", "--prometheus", prom.toString());
        assertThat(r.code()).isEqualTo(3);
        assertThat(Files.readString(prom)).contains("gbakprof_check_status{backup=\"\",label=\"nightly\"} 3\n");
    }

    @Test
    void theEarlierLabelsAreReadBackWithEveryEscape() {
        String label = "night\"ly\\erp\nx";
        String earlier = "# HELP gbakprof_check_status x\n# TYPE gbakprof_check_status gauge\n"
                + "gbakprof_check_status{backup=\"a\\\\b.fbk\",label=\"night\\\"ly\\\\erp\\nx\"} 0\n";
        assertThat(CheckExport.Series.of(earlier, "asked.fbk", null))
                .isEqualTo(new CheckExport.Series("a\\b.fbk", label));
        assertThat(CheckExport.Series.of("# HELP gbakprof_check_status x\n", "asked.fbk", null))
                .isEqualTo(new CheckExport.Series("asked.fbk", ""));
    }
}
