package dev.gbakprof.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gbakprof.model.ExitCode;
import dev.gbakprof.model.PlanSource;
import dev.gbakprof.model.PowerPlan;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.store.RunJson;
import dev.gbakprof.testutil.Cli;
import dev.gbakprof.testutil.FakeGbak;
import dev.gbakprof.testutil.Firebird;
import dev.gbakprof.testutil.Firebird4;
import dev.gbakprof.testutil.Firebird4Test;
import dev.gbakprof.testutil.Restores;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A migration's restore by Firebird 4.0's gbak and 3.0's restore of the same backup are two configurations: run's
 * default label names a --gbak's version, and runs of one label restored by both versions are said to mix them in
 * report, advise and check, never pooled silently into one median. A gbak that cannot start is refused by run as
 * matrix refuses it, before anything is restored.
 */
@Firebird4Test
class VersionMixTest {
    @TempDir
    Path dir;

    @Test
    void aRestoreBy40AndOneBy30OfOneBackupAreTwoConfigurationsAndOneLabelOverBothIsSaidToMixThem() throws Exception {
        Path gbak4 = Firebird4.gbak();
        Path fbk = Firebird.backup("small");
        Path runs = dir.resolve("runs");

        Cli.Result by4 = Restores.run(fbk, dir.resolve("s4.fdb"), runs, "--gbak", gbak4.toString());
        assertThat(by4.code()).as(by4.err()).isEqualTo(ExitCode.OK);
        Cli.Result by3 = Restores.run(fbk, dir.resolve("s3.fdb"), runs);
        assertThat(by3.code()).as(by3.err()).isEqualTo(ExitCode.OK);
        List<RestoreRun> records = new ArrayList<>();
        for (Path d : Restores.runDirs(runs)) {
            records.add(RunJson.read(d.resolve("run.json")).get(0));
        }
        PowerPlan plan = records.get(0).environment().powerPlan();
        String known = plan == null || plan.from() == PlanSource.UNKNOWN ? "" : ", " + plan.name();
        // the label named neither version: report took the two for repeats of one configuration
        assertThat(records)
                .extracting(RestoreRun::label)
                .containsExactlyInAnyOrder("small.fbk, embedded, Firebird 4.0" + known, "small.fbk, embedded" + known);
        Cli.Result compare = Cli.run("compare", "--json", runs.toString());
        assertThat(compare.code()).as(compare.err()).isZero();
        JsonNode compared = new ObjectMapper().readTree(compare.out());
        assertThat(compared.get("configurations")).hasSize(2);
        assertThat(compared.get("notes").findValuesAsText("code")).doesNotContain("mixed");
        // the live ETA's baseline is a restore by a gbak of the same version: the 4.0 restore is none for 3.0's (its
        // time is another version's), and a second 4.0 restore has the first alone, not the median of both
        RestoreRun first3 = records.stream()
                .filter(r -> r.environment().gbakVersion().endsWith(" Firebird 3.0"))
                .findFirst()
                .orElseThrow();
        assertThat(first3.etaBasis())
                .isEqualTo("no ETA: no completed restore of this backup by gbak 3.0 on the gbak route (embedded) in "
                        + runs + " (or give --baseline)");
        Cli.Result again4 =
                Restores.run(fbk, dir.resolve("s4b.fdb"), runs, "--gbak", gbak4.toString(), "--label", "again4");
        assertThat(again4.code()).as(again4.err()).isEqualTo(ExitCode.OK);
        RestoreRun second4 = Restores.runDirs(runs).stream()
                .map(d -> RunJson.read(d.resolve("run.json")).get(0))
                .filter(r -> r.label().equals("again4"))
                .findFirst()
                .orElseThrow();
        assertThat(second4.etaBasis())
                .startsWith("baseline small.fbk, embedded, Firebird 4.0" + known
                        + " (same backup and route, gbak 4.0); data phase by ");

        // one label over both versions: a mixed configuration, said in report, advise and check
        Path mixed = dir.resolve("mixed");
        assertThat(Restores.run(fbk, dir.resolve("m3.fdb"), mixed, "--label", "prod")
                        .code())
                .isZero();
        assertThat(Restores.run(fbk, dir.resolve("m4.fdb"), mixed, "--label", "prod", "--gbak", gbak4.toString())
                        .code())
                .isZero();
        Cli.Result report = Cli.run("report", "--json", mixed.toString());
        assertThat(report.code()).as(report.err()).isZero();
        JsonNode reported = new ObjectMapper().readTree(report.out());
        assertThat(reported.get("notes").findValuesAsText("code")).containsExactly("mixed");
        String note = reported.get("notes").get(0).get("message").asText();
        assertThat(note)
                .startsWith("prod mixes gbak versions (LI-V3.0.")
                .contains(" Firebird 3.0 / LI-V4.0.")
                .endsWith(" Firebird 4.0): its times are not one configuration's; label the runs of each version apart"
                        + " (--label; run names a --gbak's version in its own label)");
        Cli.Result advise = Cli.run("advise", mixed.toString());
        assertThat(advise.code()).as(advise.err()).isZero();
        assertThat(advise.out()).contains("\n  mixed: " + note + "\n");
        // the 4.0 restore is not judged by the 3.0 restores' band
        Cli.Result check = Cli.run("check", mixed.toString());
        assertThat(check.out())
                .as(check.err())
                .contains("(no baseline yet: no completed run before it through embedded by Firebird 4.0; 1 run by"
                        + " other Firebird versions, not its baseline)");
    }

    /**
     * A matrix of two gbak programs asks each once what it is: before the plan of restores, then for each restore's
     * record (its arms' gbak were asked two and three times). Counted by scripts that start each real gbak.
     */
    @Test
    void aMatrixOfTwoGbakVersionsAsksEachGbakOnce() throws Exception {
        FakeGbak.Counting gbak3 = FakeGbak.counting(dir, "gbak3", Firebird.GBAK);
        FakeGbak.Counting gbak4 = FakeGbak.counting(dir, "gbak4", Firebird4.gbak());
        Path out = dir.resolve("out");

        Cli.Result matrix = Restores.matrix(
                Firebird.backup("small"),
                dir.resolve("m.fdb"),
                out,
                "--gbak",
                gbak3.gbak().toString(),
                "--vary",
                "gbak:" + gbak3.gbak() + "," + gbak4.gbak(),
                "--repeat",
                "2",
                "--cooldown",
                "0");

        assertThat(matrix.code()).as(matrix.err()).isEqualTo(ExitCode.OK);
        List<RestoreRun> records = Restores.matrixRuns(out);
        assertThat(records).hasSizeGreaterThanOrEqualTo(4);
        assertThat(records)
                .extracting(r -> RestoreRun.majorMinor(r.environment().gbakVersion()))
                .containsOnly("3.0", "4.0")
                .contains("3.0", "4.0");
        assertThat(gbak3.asked()).containsExactly("-z");
        assertThat(gbak4.asked()).containsExactly("-z");
    }

    @Test
    void aGbakThatCannotStartIsRefusedByRunAsByMatrixQuotingTheLoader() throws Exception {
        // the 4.0 program itself, not its launcher: without the launcher's library path it does not start
        Path bare = Firebird4.gbak().getParent().getParent().resolve("root/usr/lib/firebird/4.0/bin/gbak");
        assertThat(bare).isExecutable();
        Path runs = Files.createDirectories(dir.resolve("runs"));
        Path db = dir.resolve("bare.fdb");

        Cli.Result run = Restores.run(Firebird.backup("small"), db, runs, "--gbak", bare.toString());

        // it restored nothing and was recorded "failed … without an error message", exit 1
        assertThat(run.code()).as(run.out() + run.err()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(run.out()).isEmpty();
        assertThat(run.err().strip().lines()).as(run.err()).hasSize(1);
        String why = ": does not start: error while loading shared libraries: ";
        assertThat(run.err())
                .startsWith("gbakprof: --gbak " + bare + why)
                .contains("cannot open shared object file")
                .endsWith("; expected the gbak program (nothing was restored)\n");
        assertThat(db).doesNotExist();
        assertThat(Restores.runDirs(runs)).isEmpty();
        assertThat(Restores.refusedDirs(runs)).hasSize(1);

        Cli.Result matrix = Restores.matrix(
                Firebird.backup("small"),
                dir.resolve("m.fdb"),
                dir.resolve("out"),
                "--gbak",
                bare.toString(),
                "--vary",
                "gbak:-bu 100,200");
        Cli.Result vary = Restores.matrix(
                Firebird.backup("small"),
                dir.resolve("m.fdb"),
                dir.resolve("out"),
                "--vary",
                "gbak:" + Firebird.GBAK + "," + bare);
        for (Cli.Result r : List.of(matrix, vary)) {
            assertThat(r.code()).as(r.err()).isEqualTo(ExitCode.BAD_INPUT);
            assertThat(r.err().strip().lines()).as(r.err()).hasSize(1);
            assertThat(r.err()).contains(bare + why).endsWith("; expected the gbak program (nothing was restored)\n");
        }
        assertThat(matrix.err()).startsWith("gbakprof: --gbak " + bare);
        assertThat(vary.err()).startsWith("gbakprof: --vary: " + bare);
        assertThat(dir.resolve("out")).doesNotExist();
    }
}
