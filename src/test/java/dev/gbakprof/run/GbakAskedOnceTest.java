package dev.gbakprof.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.exec.GbakSwitchCheck;
import dev.gbakprof.exec.GbakVersion;
import dev.gbakprof.model.ExitCode;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.store.RunJson;
import dev.gbakprof.testutil.Cli;
import dev.gbakprof.testutil.FakeGbak;
import dev.gbakprof.testutil.Firebird;
import dev.gbakprof.testutil.FirebirdTest;
import dev.gbakprof.testutil.Restores;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run asks its gbak what it is ({@code gbak -z}) once, and about the switches after {@code --} ({@code gbak -c
 * SWITCHES -z}) once: the checks before the restore, the restore's own checks and its record asked it each again (two
 * and four starts of gbak before its restore). Counted by a script that starts the real gbak.
 */
@FirebirdTest
class GbakAskedOnceTest {
    @TempDir
    Path dir;

    @Test
    void aRunOfTwoRestoresAsksGbakItsVersionOnceAndItsSwitchesOnce() throws Exception {
        FakeGbak.Counting gbak = FakeGbak.counting(dir, "gbak", Firebird.GBAK);
        Path runs = dir.resolve("runs");

        Cli.Result run = Restores.run(
                Firebird.backup("small"),
                dir.resolve("a.fdb"),
                runs,
                "--gbak",
                gbak.gbak().toString(),
                "--repeat",
                "2",
                "--cooldown",
                "0",
                "--",
                "-bu",
                "100");

        assertThat(run.code()).as(run.err()).isEqualTo(ExitCode.OK);
        assertThat(gbak.asked()).containsExactly("-z", "-c -bu 100 -z");
        List<RestoreRun> records = new ArrayList<>();
        for (Path d : Restores.runDirs(runs)) {
            records.add(RunJson.read(d.resolve("run.json")).get(0));
        }
        // the version each record names is the one asked before
        assertThat(records)
                .hasSize(2)
                .allSatisfy(r -> assertThat(r.environment().gbakVersion())
                        .startsWith("LI-V3.0.")
                        .endsWith(" Firebird 3.0"));

        // a switch it refuses is still refused before anything is restored, asked once
        FakeGbak.Counting refusing = FakeGbak.counting(dir, "gbak-par", Firebird.GBAK);
        Cli.Result par = Restores.run(
                Firebird.backup("small"),
                dir.resolve("b.fdb"),
                runs,
                "--gbak",
                refusing.gbak().toString(),
                "--",
                "-par",
                "4");
        assertThat(par.code()).as(par.err()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(par.err())
                .isEqualTo("gbakprof: gbak does not know the switch -par: parallel restore (-par) needs Firebird 5 or"
                        + " later (gbak's words: unknown switch \"PAR\"); nothing was restored\n");
        assertThat(refusing.asked()).containsExactly("-z", "-c -par 4 -z");
        assertThat(dir.resolve("b.fdb")).doesNotExist();
    }

    /**
     * What a gbak said is kept for that file as it is: one that changed since (an upgrade, a wrapper edited: its size
     * and modification time) is asked again.
     */
    @Test
    void aGbakIsAskedAgainOnceItsFileChanged() throws Exception {
        FakeGbak.Counting gbak = FakeGbak.counting(dir, "gbak", Firebird.GBAK);

        GbakVersion first = GbakVersion.ask(gbak.gbak());
        assertThat(first.version()).startsWith("LI-V3.0.");
        assertThat(GbakVersion.ask(gbak.gbak())).isEqualTo(first);
        assertThat(GbakSwitchCheck.problem(gbak.gbak(), List.of("-bu", "100"))).isEmpty();
        assertThat(GbakSwitchCheck.problem(gbak.gbak(), List.of("-bu", "100"))).isEmpty();
        assertThat(GbakSwitchCheck.problem(gbak.gbak(), List.of("-par", "2"))).isPresent();
        assertThat(gbak.asked()).containsExactly("-z", "-c -bu 100 -z", "-c -par 2 -z");

        Files.writeString(gbak.gbak(), Files.readString(gbak.gbak()) + "# edited\n");
        assertThat(GbakVersion.ask(gbak.gbak())).isEqualTo(first);
        assertThat(GbakSwitchCheck.problem(gbak.gbak(), List.of("-bu", "100"))).isEqualTo(Optional.empty());
        assertThat(gbak.asked()).containsExactly("-z", "-c -bu 100 -z", "-c -par 2 -z", "-z", "-c -bu 100 -z");
    }
}
