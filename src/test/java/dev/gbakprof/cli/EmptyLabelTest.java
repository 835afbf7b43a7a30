package dev.gbakprof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.testutil.Cli;
import dev.gbakprof.testutil.FakeGbak;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An empty {@code --label} is refused where a run is named ({@code run}, {@code parse}); a record from elsewhere that
 * carries an empty label, or none, is read under the name gbakprof gives a run without one. A record labelled {@code
 * ""} made report and compare fail with XChart's "Series name cannot be null or zero-length!!!" (exit 1) and advise
 * name an empty configuration.
 */
class EmptyLabelTest {

    @TempDir
    Path dir;

    @Test
    void runAndParseRefuseAnEmptyOrBlankLabelAtOnce() throws Exception {
        Path runs = Files.createDirectories(dir.resolve("runs")); // a refusal of what it found would leave a folder
        Path backup = FakeGbak.backupLike(dir.resolve("erp.fbk"), "a backup");
        for (String label : List.of("", "  ")) {
            Cli.Result run = Cli.run(
                    "run",
                    "--backup",
                    backup.toString(),
                    "--database",
                    dir.resolve("erp-test.fdb").toString(),
                    "--runs-dir",
                    runs.toString(),
                    "--label",
                    label);
            assertThat(run.code()).as(run.err()).isEqualTo(2);
            assertThat(run.err())
                    .isEqualTo("gbakprof: --label '" + label + "': an empty label; expected a name for the"
                            + " configuration (or leave --label out: the backup's file name, the route and the power"
                            + " plan names the run)\n");
            Cli.Result parse =
                    Cli.run("parse", "-o", dir.resolve("x.json").toString(), "--label", label, "samples/shop-tdrw.log");
            assertThat(parse.code()).as(parse.err()).isEqualTo(2);
            assertThat(parse.err())
                    .isEqualTo("gbakprof: --label '" + label + "': an empty label; expected a name for the"
                            + " configuration (or leave --label out: the log's file name without its extension names"
                            + " the run)\n");
        }
        try (Stream<Path> left = Files.list(runs)) {
            assertThat(left).isEmpty();
        }
        assertThat(dir.resolve("x.json")).doesNotExist();
        assertThat(dir.resolve("erp-test.fdb")).doesNotExist();
    }

    @Test
    void reportCompareAndAdviseReadARecordWithAnEmptyOrNoLabelUnderTheDefaultName() throws Exception {
        // a parsed log's record: named as parse names it, its log's file name
        Path parsed = dir.resolve("shop.json");
        assertThat(Cli.run("parse", "-o", parsed.toString(), "--label", "x", "samples/shop-tdrw.log")
                        .code())
                .isZero();
        Path empty = Files.writeString(
                dir.resolve("empty.json"), Files.readString(parsed).replace("\"label\" : \"x\"", "\"label\" : \"\""));
        Path other = dir.resolve("other.json");
        assertThat(Cli.run("parse", "-o", other.toString(), "samples/ab/full-cpu/run1.log")
                        .code())
                .isZero();
        Path none = Files.writeString(
                dir.resolve("none.json"),
                Files.readString(other).replaceFirst("\"label\" : \"run1\"", "\"label\" : null"));
        assertThat(Files.readString(empty)).contains("\"label\" : \"\"");
        assertThat(Files.readString(none)).contains("\"label\" : null");

        Cli.Result report =
                Cli.run("report", empty.toString(), "--out", dir.resolve("rep").toString());
        assertThat(report.code()).as(report.err()).isZero();
        assertThat(report.err()).doesNotContain("Series name");
        assertThat(Files.readString(dir.resolve("rep/summary.md"))).contains("shop-tdrw");
        assertThat(dir.resolve("rep/report.png")).isNotEmptyFile();

        Cli.Result compare = Cli.run(
                "compare",
                empty.toString(),
                none.toString(),
                "--out",
                dir.resolve("cmp").toString());
        assertThat(compare.code()).as(compare.err()).isZero();
        assertThat(Files.readString(dir.resolve("cmp/summary.md"))).contains("shop-tdrw", "run1");

        assertThat(Cli.run("advise", empty.toString()).out()).startsWith("What to try: shop-tdrw (1 run)");
        assertThat(Cli.run("advise", none.toString()).out()).startsWith("What to try: run1 (1 run)");
    }

    @Test
    void aLiveRunsRecordWithAnEmptyLabelIsNamedAsRunNamesAnUnlabelledRun() throws Exception {
        Path source = Path.of("src/test/resources/anonymize/through-server/20261207-064417-emb-r3/run.json");
        Path record = Files.writeString(
                dir.resolve("run.json"),
                Files.readString(source).replaceFirst("\"label\" : \"emb\"", "\"label\" : \"\""));
        assertThat(Files.readString(record)).contains("\"label\" : \"\"");
        // its backup's file name and its route; the power plan is unknown (a virtual machine)
        assertThat(Cli.run("advise", record.toString()).out()).startsWith("What to try: sm2.fbk, embedded (1 run)");
        Cli.Result report =
                Cli.run("report", record.toString(), "--out", dir.resolve("rep").toString());
        assertThat(report.code()).as(report.err()).isZero();
        assertThat(Files.readString(dir.resolve("rep/summary.md"))).contains("sm2.fbk, embedded");
    }
}
