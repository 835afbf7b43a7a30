package dev.gbakprof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.model.Environment;
import dev.gbakprof.model.ExitCode;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.Via;
import dev.gbakprof.store.RunJson;
import dev.gbakprof.testutil.Cli;
import dev.gbakprof.testutil.Logs;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A migration's forecast: calibration restores by Firebird 3.0 say little of a restore by 4.0. The records are real
 * restores (logs and logs-fb4, the shop backup of Firebird 3.0 restored by each version) with the gbak that made them.
 */
class EstimateAcrossVersionsTest {
    @TempDir
    Path dir;

    private Path record(String log, String gbakVersion) throws Exception {
        RestoreRun run = Logs.read(log).toBuilder()
                .via(Via.GBAK)
                .environment(new Environment("h", "Linux", "cpu", 2, null, gbakVersion, null, 1L, null, null))
                .build();
        Path file = dir.resolve(log.replace('/', '-') + ".json");
        RunJson.write(run, file);
        return file;
    }

    @Test
    void calibrationByThreePointZeroForATargetOfFourPointZeroIsRefusedInOneLine() throws Exception {
        Path fb3 = record("shop-tdrw.log", "LI-V3.0.11.33637 Firebird 3.0");
        Path fb4 = record("fb4/shop-tdrw.log", "LI-V4.0.5.3140 Firebird 4.0");

        Cli.Result byEngine = Cli.run("estimate", fb3.toString(), "--scale", "4", "--engine", "4.0");
        Cli.Result byTarget = Cli.run("estimate", fb3.toString(), "--rows-from", fb4.toString());

        for (Cli.Result r : new Cli.Result[] {byEngine, byTarget}) {
            assertThat(r.code()).isEqualTo(ExitCode.BAD_INPUT);
            assertThat(r.err().strip())
                    .doesNotContain("\n", "Exception")
                    .contains("the calibration restores ran on Firebird 3.0, the target restores with 4.0")
                    .contains("--across-versions");
        }
    }

    /**
     * A migration: calibrated by 4.0, the target's restore of today by 3.0. The fix is to say the target will be
     * restored by 4.0, named first; restores by 3.0 or --across-versions are the other ways.
     */
    @Test
    void aCalibrationByTheNewerVersionNamesEngineFirst() throws Exception {
        Path fb3 = record("shop-tdrw.log", "LI-V3.0.11.33637 Firebird 3.0");
        Path fb4 = record("fb4/shop-tdrw.log", "LI-V4.0.5.3140 Firebird 4.0");

        Cli.Result r = Cli.run("estimate", fb4.toString(), "--rows-from", fb3.toString());

        assertThat(r.code()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(r.err().strip())
                .doesNotContain("\n", "Exception")
                .isEqualTo("gbakprof: the calibration restores ran on Firebird 4.0, the target restores with 3.0: a"
                        + " forecast across versions is no measurement; if the target will be restored by 4.0 (a"
                        + " migration), give --engine 4.0; else calibrate with restores by 3.0 (gbakprof run --gbak"
                        + " its gbak), or give --across-versions");
        // what it names works
        assertThat(Cli.run("estimate", fb4.toString(), "--rows-from", fb3.toString(), "--engine", "4.0")
                        .code())
                .isEqualTo(ExitCode.OK);
        // --engine given names the target's version: no other --engine to suggest
        assertThat(Cli.run("estimate", fb4.toString(), "--scale", "2", "--engine", "3.0")
                        .err())
                .doesNotContain("give --engine")
                .contains("calibrate with restores by 3.0");
    }

    @Test
    void acrossVersionsTheForecastSaysSoFirst() throws Exception {
        Path fb3 = record("shop-tdrw.log", "LI-V3.0.11.33637 Firebird 3.0");

        Cli.Result r = Cli.run("estimate", fb3.toString(), "--scale", "4", "--engine", "4.0", "--across-versions");

        assertThat(r.code()).as(r.err()).isEqualTo(ExitCode.OK);
        assertThat(r.out())
                .startsWith("caveat     the calibration restores ran on Firebird 3.0, the target restores with 4.0"
                        + " (--across-versions): the forecast assumes both versions restore at the same speed; the range"
                        + " and the RTO verdict do not cover a difference\nforecast   ");
    }

    @Test
    void theSameVersionOrAnUnknownOneIsForecastAsBefore() throws Exception {
        Path fb4 = record("fb4/shop-tdrw.log", "LI-V4.0.5.3140 Firebird 4.0");

        assertThat(Cli.run("estimate", fb4.toString(), "--scale", "4", "--engine", "4.0")
                        .code())
                .isEqualTo(ExitCode.OK);
        // a parsed log says no version: unknown, not another one
        assertThat(Cli.run("estimate", Logs.log("shop-tdrw.log").toString(), "--scale", "4", "--engine", "4.0")
                        .code())
                .isEqualTo(ExitCode.OK);
        assertThat(Cli.run("estimate", fb4.toString(), "--scale", "4", "--engine", "four")
                        .err())
                .contains("--engine four: expected a Firebird version, e.g. 4.0");
    }

    @Test
    void aCalibrationOfBothVersionsIsRefusedOrSaysItMixesThem() throws Exception {
        Path fb3 = record("shop-tdrw.log", "LI-V3.0.11.33637 Firebird 3.0");
        Path fb4 = record("fb4/shop-tdrw.log", "LI-V4.0.5.3140 Firebird 4.0");

        // each restored by its own gbak: two gbak versions, refused as two configurations
        Cli.Result r = Cli.run("estimate", fb3.toString(), fb4.toString(), "--scale", "2");

        assertThat(r.code()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(r.err().strip())
                .doesNotContain("\n", "Exception")
                .startsWith("gbakprof: the calibration mixes gbak versions (gbak 3.0 (LI-V3.0.11.33637 Firebird 3.0):"
                        + " 1 run (shop-tdrw); gbak 4.0 (LI-V4.0.5.3140 Firebird 4.0): 1 run (shop-tdrw))");

        // services restores say no gbak, only the engine's version: a note, as before
        Path svc3 = serviceRecord("shop-tdrw.log", "LI-V3.0.11.33637 Firebird 3.0");
        Path svc4 = serviceRecord("fb4/shop-tdrw.log", "LI-V4.0.5.3140 Firebird 4.0");
        Cli.Result services = Cli.run("estimate", svc3.toString(), svc4.toString(), "--scale", "2");

        assertThat(services.code()).as(services.err()).isEqualTo(ExitCode.OK);
        assertThat(services.out()).contains("the calibration mixes Firebird versions (3.0, 4.0)");
    }

    private Path serviceRecord(String log, String engineVersion) throws Exception {
        RestoreRun run = Logs.read(log).toBuilder()
                .via(Via.SERVICE)
                .server("localhost/3050")
                .environment(new Environment("h", "Linux", "cpu", 2, null, null, engineVersion, 1L, null, null))
                .build();
        Path file = dir.resolve("service-" + log.replace('/', '-') + ".json");
        RunJson.write(run, file);
        return file;
    }

    /**
     * A calibration of plain gbak logs (which do not say their version) for a target of 4.0: the forecast said nothing
     * of versions. It says the calibration's is unknown and taken for the target's; a calibration that also has runs
     * recorded by 3.0 is refused as one of 3.0 is (the unknown ones are taken for no version).
     */
    @Test
    void aCalibrationWhoseVersionIsUnknownIsSaidToBeTakenForTheTargets() throws Exception {
        String log = Logs.log("shop-tdrw.log").toString();
        Cli.Result r = Cli.run("estimate", log, "--scale", "4", "--engine", "4.0");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out())
                .contains("  - the Firebird version of the calibration is unknown (a gbak log does not say it:"
                        + " shop-tdrw): taken to restore as the target's 4.0 does (--engine 4.0); a calibration by"
                        + " another version would restore at its own speed: calibrate with run records of restores by"
                        + " 4.0\n");
        // without a target version nothing is said
        assertThat(Cli.run("estimate", log, "--scale", "4").out()).doesNotContain("Firebird version");

        Path fb3 = record("shop-tdrw.log", "LI-V3.0.11.33637 Firebird 3.0");
        Cli.Result mixed = Cli.run(
                "estimate", fb3.toString(), Logs.log("shop-td.log").toString(), "--scale", "4", "--engine", "4.0");
        assertThat(mixed.code()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(mixed.err()).contains("the calibration restores ran on Firebird 3.0, the target restores with 4.0");
    }
}
