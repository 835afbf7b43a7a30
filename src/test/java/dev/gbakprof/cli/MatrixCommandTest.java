package dev.gbakprof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.model.ExitCode;
import dev.gbakprof.testutil.Cli;
import dev.gbakprof.testutil.Cli.Result;
import dev.gbakprof.testutil.FakeGbak;
import dev.gbakprof.testutil.Firebird;
import dev.gbakprof.testutil.FirebirdTest;
import dev.gbakprof.testutil.Restores;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

class MatrixCommandTest {

    @FirebirdTest
    @Test
    void gbakOptionScanEndsWithTheComparisonAndItsCharts(@TempDir Path dir) throws Exception {
        Path fbk = Firebird.backup("small");
        Path out = dir.resolve("out");
        Result r = Restores.matrix(
                fbk, dir.resolve("m.fdb"), out, "--vary", "gbak:-bu 100,4000", "--repeat", "3", "--cooldown", "0");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out())
                // one warm-up of each arm (the default), then rounds whose first arm turns: no arm always meets the
                // cache first
                .contains("8 restores: -bu 100 (warm-up), -bu 4000 (warm-up), -bu 100, -bu 4000, -bu 4000, -bu 100,"
                        + " -bu 100, -bu 4000")
                .contains("Against -bu 100")
                .contains("3 runs each")
                .contains("Warm-up: 2 restores recorded and set aside (-bu 100, -bu 4000); no comparison counts them"
                        + " (--warmup).");
        try (var runs = Files.list(out.resolve("runs"))) {
            assertThat(runs.map(p -> p.getFileName().toString()))
                    .hasSize(8)
                    .allSatisfy(n -> assertThat(n).matches("\\d{8}-\\d{6}-bu-(100|4000)-m\\d"));
        }
        BufferedImage png = ImageIO.read(out.resolve("total.png").toFile());
        assertThat(png.getWidth()).isEqualTo(1600);
        assertThat(png.getHeight()).isEqualTo(900);
        // a scan of one switch: its speed-up curve, and the sentence that says where the gain stops (or that none
        // is beyond the spread: -bu makes no real difference to this small restore)
        assertThat(r.out())
                .containsPattern("Speed-up of the median total against -bu 100: -bu 4000: \\d\\.\\d\\d×: ")
                .contains("speedup.png");
        BufferedImage speedup = ImageIO.read(out.resolve("speedup.png").toFile());
        assertThat(speedup.getWidth()).isEqualTo(1600);
        java.util.Set<Integer> colours = new java.util.HashSet<>();
        for (int y = 0; y < speedup.getHeight(); y += 3) {
            for (int x = 0; x < speedup.getWidth(); x += 3) {
                colours.add(speedup.getRGB(x, y));
            }
        }
        assertThat(colours).as("speedup.png has content").hasSizeGreaterThan(20);
        // and its JSON: compare --json of the six run records gives the same curve
        List<String> args = new java.util.ArrayList<>(List.of("compare", "--json"));
        try (var runs = Files.list(out.resolve("runs"))) {
            runs.sorted().forEach(d -> args.add(d.resolve("run.json").toString()));
        }
        Result json = Cli.run(args.toArray(String[]::new));
        // the matrix's folder itself is an INPUT: its runs/
        assertThat(Cli.run("compare", "--json", out.toString()).out()).isEqualTo(json.out());
        var scan = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(json.out())
                .get("scan");
        assertThat(scan.get("option").asText()).isEqualTo("-bu");
        assertThat(scan.get("workers").asBoolean()).isFalse();
        assertThat(scan.get("points")).hasSize(2);
        assertThat(scan.get("points").get(1).get("x").asDouble()).isEqualTo(4000.0);
        assertThat(scan.get("points").get(1).get("speedup").asDouble()).isPositive();
        // the records say each restore's round and place in it; compare pairs them by those rounds
        var root = new com.fasterxml.jackson.databind.ObjectMapper().readTree(json.out());
        assertThat(root.get("pairing").get("method").asText()).isEqualTo("matrix-round");
        assertThat(root.get("pairing").get("rounds").asInt()).isEqualTo(3);
        assertThat(root.get("warmups").asInt()).isEqualTo(2);
        List<String> placed = new ArrayList<>();
        for (var c : root.get("configurations")) {
            for (var run : c.get("runList")) {
                placed.add(c.get("label").asText() + " r" + run.get("round").asInt() + " p"
                        + run.get("position").asInt() + (run.get("warmup").asBoolean() ? " warm-up" : ""));
            }
        }
        assertThat(placed)
                .containsExactly(
                        "-bu 100 r1 p1",
                        "-bu 100 r2 p2",
                        "-bu 100 r3 p1",
                        "-bu 4000 r1 p2",
                        "-bu 4000 r2 p1",
                        "-bu 4000 r3 p2");
        for (var c : root.get("comparisons")) {
            if (c.get("measure").asText().equals("total")) {
                assertThat(c.get("method").asText()).isEqualTo("paired");
                assertThat(c.get("pairs").asInt()).isEqualTo(3);
            }
        }
        try (var left = Files.list(dir)) {
            assertThat(left.filter(p -> p.toString().endsWith(".fdb"))).isEmpty();
        }
    }

    @FirebirdTest
    @Test
    void theTableOfRunsShowsTheTotalsOfTheOneAnalysis(@TempDir Path dir) throws Exception {
        // dupfail: gbak goes through to its end but cannot commit a unique index: a failed restore whose clock
        // reached its last line; the comparison calls its total unknown, and so must the table of runs
        Path fbk = Firebird.backup("dupfail");
        Path out = dir.resolve("out");
        Result r = buRounds(fbk, dir, "out", 1);
        assertThat(r.code()).as(r.err()).isEqualTo(1);
        List<String> table = r.out()
                .lines()
                .filter(l -> l.contains(out.resolve("runs").toString()))
                .toList();
        assertThat(table).hasSize(2).allSatisfy(l -> assertThat(l).matches("  -bu \\d+ +failed +unknown  .*"));
        // the same analysis's headline and notes follow
        assertThat(r.out())
                .contains("-bu 100: restored with 1 index not built: UX_ITEMS_NORM_CODE (ITEMS), duplicate key")
                .contains("index UX_ITEMS_NORM_CODE (ITEMS) was not built");
    }

    @Test
    void aBaselineThatNamesNoArmIsRefusedBeforeAnyRestore(@TempDir Path dir) throws Exception {
        FakeGbak.Refusal f = FakeGbak.refusal(dir);
        Result r = refusedBuMatrix(f, dir.resolve("m.fdb"), dir, "--baseline", "-bu 200");
        assertThat(r.code()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(r.err())
                .isEqualTo("gbakprof: --baseline -bu 200: no arm is labelled so (the arms: -bu 100, -bu 4000)\n");
        assertThat(f.calls()).doesNotExist();
    }

    @FirebirdTest
    @Test
    void powerPlansCannotBeComparedWhereThePlanIsUnknown(@TempDir Path dir) throws Exception {
        Path fbk = Firebird.backup("small");
        // this machine is a VM without cpufreq: refused before any restore, with the reason
        Result r = Restores.matrix(
                fbk, dir.resolve("m.fdb"), dir.resolve("out"), "--plans", "balanced,high-performance", "--repeat", "1");
        if (Files.isDirectory(Path.of("/sys/devices/system/cpu/cpu0/cpufreq"))) {
            return; // a machine with cpufreq may switch plans for real; not this test's subject
        }
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("active plan is unknown", "--vary");
        assertThat(r.out())
                .as("no plan of restores announced before the refusal")
                .doesNotContain("restores:");
        assertThat(dir.resolve("out").resolve("runs")).doesNotExist();
    }

    /**
     * A value named twice is one configuration twice: its restores were once run, then merged into one group of the
     * comparison, which had nothing to compare (no comparison, no report, exit 0, nothing said).
     */
    @Test
    void aValueOrPlanNamedTwiceIsRefusedBeforeAnyRestore(@TempDir Path dir) throws Exception {
        FakeGbak.Refusal f = FakeGbak.refusal(dir);
        Path db = dir.resolve("m.fdb");
        String[][] cases = {
            {"--vary", "gbak:-bu 100,100"},
            {"--vary", "gbak:-bu 100, 4000,0100"},
            {"--plans", "balanced,high-performance,Balanced"},
            {"--plans", "performance,high-performance", "--vary", "gbak:-bu 100,4000"}
        };
        String[] said = {
            "gbakprof: --vary 'gbak:-bu …' names 100 twice: each value is one configuration; give each once (nothing"
                    + " was restored)\n",
            "gbakprof: --vary 'gbak:-bu …' names 0100 twice (100 and 0100 are one number to gbak): each value is one"
                    + " configuration; give each once (nothing was restored)\n",
            "gbakprof: --plans names balanced twice (balanced and Balanced are one plan): each plan is one"
                    + " configuration; give each once (nothing was restored)\n",
            "gbakprof: --plans names high-performance twice (performance and high-performance are one plan): each plan"
                    + " is one configuration; give each once (nothing was restored)\n"
        };
        for (int i = 0; i < cases.length; i++) {
            List<String> args =
                    new ArrayList<>(List.of("--gbak", f.gbak().toString(), "--repeat", "2", "--warmup", "0"));
            args.addAll(List.of(cases[i]));
            Result r = Restores.matrix(f.backup(), db, dir.resolve("out"), args.toArray(String[]::new));
            assertThat(r.code()).as(r.err()).isEqualTo(ExitCode.BAD_INPUT);
            assertThat(r.err()).isEqualTo(said[i]);
            assertThat(r.out()).isEmpty();
            assertThat(f.calls()).doesNotExist();
            assertThat(dir.resolve("out")).doesNotExist();
        }
    }

    /** matrix has no --replace: a name of its restores that is taken is refused with what a matrix user can do. */
    @Test
    void aTakenDatabaseNameIsRefusedWithWhatAMatrixCanDo(@TempDir Path dir) throws Exception {
        FakeGbak.Refusal f = FakeGbak.refusal(dir);
        Path taken = Files.writeString(dir.resolve("m-bu-4000-4.fdb"), "an earlier matrix's database, kept");
        Result r = refusedBuMatrix(f, dir.resolve("m.fdb"), dir, "--repeat", "2", "--cooldown", "0");
        assertThat(r.code()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(r.err())
                .isEqualTo("gbakprof: " + taken + ": database exists; it was left untouched. matrix restores each run"
                        + " into a name of its own beside --database and replaces none: remove or move this file (an"
                        + " earlier matrix's, kept by --keep?), or choose another --database\n");
        assertThat(r.err()).doesNotContain("--replace");
        assertThat(f.calls()).doesNotExist();
        assertThat(taken).hasContent("an earlier matrix's database, kept");
    }

    @Test
    @Timeout(120) // an endless cooldown once taken rested for ever: fail, not hang
    void aNegativeOrEndlessCooldownIsBadUsage(@TempDir Path dir) throws Exception {
        FakeGbak.Refusal f = FakeGbak.refusal(dir);
        // Infinity was taken, and the matrix rested for ever after its first restore
        for (String cooldown : List.of("-1", "Infinity", "86401")) {
            Result r = refusedBuMatrix(f, dir.resolve("m.fdb"), dir, "--cooldown", cooldown);
            assertThat(r.code()).isEqualTo(ExitCode.BAD_INPUT);
            assertThat(r.err())
                    .isEqualTo("gbakprof: --cooldown " + Double.parseDouble(cooldown)
                            + ": expected 0 to 86400 seconds (a day)\n");
        }
        assertThat(f.calls()).doesNotExist();
    }

    @Test
    void aNegativeWarmupIsBadUsageNotAFailedAnalysis(@TempDir Path dir) throws Exception {
        FakeGbak.Refusal f = FakeGbak.refusal(dir);
        Result r = refusedBuMatrix(f, dir.resolve("m.fdb"), dir, "--warmup", "-1");
        assertThat(r.code()).isEqualTo(ExitCode.BAD_INPUT); // was 1, with "(--debug shows the stack trace)"
        assertThat(r.err()).isEqualTo("gbakprof: --warmup must be 0 or more, not -1\n");
        assertThat(f.calls()).doesNotExist();
    }

    @Test
    void aMissingDatabaseFolderIsRefusedBeforeTheFirstRestore(@TempDir Path dir) throws Exception {
        FakeGbak.Refusal f = FakeGbak.refusal(dir);
        Path missing = f.missingFolder();
        Result r = refusedBuMatrix(f, missing.resolve("m.fdb"), dir, "--repeat", "2", "--cooldown", "0");
        assertThat(r.code()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(r.err())
                .isEqualTo("gbakprof: " + missing.resolve("m-bu-100-warmup-1.fdb") + ": folder " + missing
                        + " does not exist; create it or choose another --database\n");
        assertThat(r.out()).isEmpty();
        assertThat(f.calls()).doesNotExist();
        assertThat(dir.resolve("out")).doesNotExist();
    }

    @FirebirdTest
    @Test
    void oneRoundIsSaidToGiveNoVerdictBeforeItIsRestored(@TempDir Path dir) throws Exception {
        // one round: one line on stderr before the first restore (the only line there: gbakprof's progress goes to
        // the process's own stderr), in the report's language, and the round is restored
        Result r = buRounds(Firebird.backup("small"), dir, "out", 1, "--lang", "es");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.err())
                .isEqualTo("gbakprof: una sola ronda no puede distinguir las configuraciones: una restauración de cada"
                        + " una no muestra la dispersión entre ejecuciones, así que no puede dar un veredicto (más"
                        + " rápida, más lenta, igual): use --repeat 3 o más. Se sigue con una ronda.\n");
        assertThat(Restores.matrixRuns(dir.resolve("out"))).hasSize(2);
        // two rounds are no verdict of a paired test either, but Welch's may tell: no line
        Result two = buRounds(Firebird.backup("small"), dir, "two", 2);
        assertThat(two.code()).as(two.err()).isZero();
        assertThat(two.err()).isEmpty();
    }

    /** A matrix of {@code -bu 100,4000}, {@code repeat} rounds without warm-up or rest, into {@code dir/name}. */
    private static Result buRounds(Path backup, Path dir, String name, int repeat, String... more) {
        List<String> args = new ArrayList<>(List.of(
                "--vary", "gbak:-bu 100,4000", "--repeat", String.valueOf(repeat), "--warmup", "0", "--cooldown", "0"));
        args.addAll(List.of(more));
        return Restores.matrix(backup, dir.resolve(name + ".fdb"), dir.resolve(name), args.toArray(String[]::new));
    }

    @FirebirdTest
    @Test
    void aFailedArmSaysWhyInGbaksNextLineNotOnlyItsFirst(@TempDir Path dir) throws Exception {
        // gbak refuses -bu 10 only when it creates the database, in two lines of one status vector: the first says
        // that a parameter is bad, the second which and why
        Path out = dir.resolve("out");
        Result r = oncePerArm(Firebird.backup("small"), dir, "gbak:-bu 100,10");
        assertThat(r.code()).as(r.err()).isEqualTo(1);
        String why = "-bu 10: 1 of 1 run failed: ERROR:bad parameters on attach or create database: Attempt to set in"
                + " database number of buffers which is out of acceptable range [50:2147483646]";
        assertThat(r.out()).contains("  - " + why + "\n");
        assertThat(Files.readString(out.resolve("summary.md")))
                .contains("- " + why.replace("[", "\\[").replace("]", "\\]") + "\n");
        Result compared = Cli.run("compare", "--json", out.toString());
        assertThat(compared.out())
                .as("exit %d: %s", compared.code(), compared.err())
                .startsWith("{");
        var notes = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(compared.out())
                .get("notes");
        List<String> failed = new ArrayList<>();
        notes.forEach(n -> {
            if (n.get("code").asText().equals("runs-failed")) {
                failed.add(n.get("message").asText());
            }
        });
        assertThat(failed).containsExactly(why);
    }

    @FirebirdTest
    @Test
    void parallelWorkersOnFirebird3AreRefusedBeforeAnyRestoreWithGbaksOwnWords(@TempDir Path dir) throws Exception {
        Path fbk = Firebird.backup("small");
        Result r = oncePerArm(fbk, dir, "gbak:-par 1,2,4,8");
        assertThat(r.code()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(r.err())
                .isEqualTo(
                        "gbakprof: arm '-par 1': gbak does not know the switch -par: parallel restore"
                                + " (-par) needs Firebird 5 or later (gbak's words: unknown switch \"PAR\"); nothing was restored\n");
        assertThat(r.out()).doesNotContain("restores:");
        assertThat(dir.resolve("out").resolve("runs")).doesNotExist();
        try (var left = Files.list(dir)) {
            assertThat(left.filter(p -> p.toString().endsWith(".fdb"))).isEmpty();
        }
    }

    @FirebirdTest
    @Test
    void aValueGbakRefusesIsRefusedUpFrontInGbaksWords(@TempDir Path dir) throws Exception {
        Path fbk = Firebird.backup("small");
        Result r = oncePerArm(fbk, dir, "gbak:-bu 100,lots");
        assertThat(r.code()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(r.err())
                .isEqualTo("gbakprof: arm '-bu lots': gbak refuses '-bu lots': expected page buffers,"
                        + " encountered \"lots\"; nothing was restored\n");
        assertThat(dir.resolve("out").resolve("runs")).doesNotExist();
    }

    @FirebirdTest
    @Test
    void aPasswordSwitchInAVariedArmIsRefusedBeforeAnyRestore(@TempDir Path dir) throws Exception {
        FakeGbak.Refusal f = FakeGbak.refusal(dir);
        Result r = Restores.matrix(
                f.backup(),
                dir.resolve("m.fdb"),
                dir.resolve("out"),
                "--gbak",
                f.gbak().toString(),
                "--vary",
                "gbak:-password a,b",
                "--repeat",
                "1",
                "--cooldown",
                "0");
        assertThat(r.code()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(r.err()).contains("a password must not be given as a gbak argument (-password)");
        assertThat(r.err()).doesNotContain(" a\n", " b\n");
        assertThat(f.calls()).doesNotExist();
    }

    @FirebirdTest
    @Test
    void armsNeedTwoValues() {
        Result r = Cli.run("matrix", "--backup", "x.fbk", "--database", "x.fdb", "--vary", "gbak:-bu 100");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("at least two values");
    }

    /** The refusing fake gbak's matrix of -bu 100 and 4000 into {@code database}, its report in {@code dir}/out, then {@code more}. */
    private static Result refusedBuMatrix(FakeGbak.Refusal f, Path database, Path dir, String... more) {
        List<String> args = new ArrayList<>(List.of("--gbak", f.gbak().toString(), "--vary", "gbak:-bu 100,4000"));
        args.addAll(List.of(more));
        return Restores.matrix(f.backup(), database, dir.resolve("out"), args.toArray(String[]::new));
    }

    /** A matrix of {@code backup} varying {@code vary}, one restore per arm and no rest, into {@code dir}/m.fdb, its report in {@code dir}/out. */
    private static Result oncePerArm(Path backup, Path dir, String vary) {
        return Restores.matrix(
                backup, dir.resolve("m.fdb"), dir.resolve("out"), "--vary", vary, "--repeat", "1", "--cooldown", "0");
    }

    @FirebirdTest
    @Test
    void hostIsTheServerTheRestoresGoThroughNotIgnored(@TempDir Path dir) throws Exception {
        // matrix took --host and restored embedded; now its restores go through the server, as run's do, and a
        // relative database for a server on another machine (192.0.2.1: TEST-NET-1) is refused before the first
        Path fbk = Firebird.backup("small");
        Result r = Restores.matrix(
                fbk, Path.of("m.fdb"), dir.resolve("out"), "--vary", "gbak:-bu 100,4000", "--host", "192.0.2.1");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err())
                .isEqualTo("gbakprof: --database m.fdb: a relative path, which the server 192.0.2.1/3050 would look for"
                        + " in its own working folder; give its absolute path on that server (for an alias of its"
                        + " databases.conf, the path it names)\n");
        assertThat(dir.resolve("out")).doesNotExist();
    }
}
