package dev.gbakprof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.model.Durations;
import dev.gbakprof.testutil.Cli;
import dev.gbakprof.testutil.Cli.Result;
import dev.gbakprof.testutil.Firebird;
import dev.gbakprof.testutil.FirebirdTest;
import dev.gbakprof.testutil.Restores;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a first-time user mistypes gets a message that says what was meant or allowed, exit 2. */
class UsageMessagesTest {

    @Test
    void anUnknownCommandIsNamedWithTheNearestCommands() {
        Result r = Cli.run("pars", "x.log");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err().lines())
                .containsExactly("gbakprof: unknown command 'pars' (did you mean parse?)", "Try 'gbakprof --help'.");
        assertThat(Cli.run("metrix").err()).startsWith("gbakprof: unknown command 'metrix' (did you mean matrix?)");
        assertThat(Cli.run("rep").err()).startsWith("gbakprof: unknown command 'rep' (did you mean report?)");
        // every command named, whatever commands are added
        assertThat(Cli.run("xyzzy").err().lines().findFirst().orElse(""))
                .startsWith("gbakprof: unknown command 'xyzzy' "
                        + "(the commands are parse, run, inspect, plan, report, compare, ")
                .contains(", matrix, ", ", demo, ", ", history, check, status, completion)");
        assertThat(Cli.run("parse", "--bogus", "x").err().lines())
                .as("an unknown option nothing is near")
                .containsExactly("gbakprof: unknown option '--bogus'", "Try 'gbakprof parse --help'.");
    }

    /**
     * A mistyped option is named with the options nearest it, also when the option it stood for was required:
     * picocli reports the missing option first, which never names the typo.
     */
    @Test
    void aMistypedOptionIsNamedWithTheNearestOptions() {
        Result run = Cli.run("run", "--databse", "x.fdb", "--backup", "y.fbk");
        assertThat(run.code()).isEqualTo(2);
        assertThat(run.err().lines())
                .containsExactly(
                        "gbakprof: unknown option '--databse' (did you mean --database?)",
                        "Try 'gbakprof run --help'.");
        assertThat(Cli.run("run", "--backup", "y.fbk", "--databse=x.fdb").err())
                .startsWith("gbakprof: unknown option '--databse' (did you mean --database?)");
        Result parse = Cli.run("parse", "--jsn", "x.log");
        assertThat(parse.code()).isEqualTo(2);
        assertThat(parse.err()).startsWith("gbakprof: unknown option '--jsn' (did you mean --json?)\n");
        assertThat(Cli.run("run", "--bakup", "y.fbk", "--database", "x.fdb").err())
                .startsWith(
                        "gbakprof: unknown option '--bakup' (did you mean --backup or --backup-dir or --backup-from?)");
        // run takes --runs-dir; each other command is told what it takes instead, true to that command
        Result history = Cli.run("history", "--runs-dir", "runs");
        assertThat(history.code()).isEqualTo(2);
        assertThat(history.err())
                .startsWith("gbakprof: unknown option '--runs-dir' (history takes the folder given to run --runs-dir"
                        + " as its argument: gbakprof history RUNS_DIR)\n");
        assertThat(Cli.run("compare", "--runs-dir", "runs").err())
                .startsWith("gbakprof: unknown option '--runs-dir' (compare reads run folders given as INPUT, and the"
                        + " folder given to run --runs-dir: gbakprof compare RUNS_DIR)\n");
        assertThat(Cli.run("parse", "--runs-dir", "runs").err())
                .startsWith("gbakprof: unknown option '--runs-dir' (parse reads gbak logs, not run folders: gbakprof"
                        + " parse RUN_FOLDER/gbak.log, or gbakprof report RUNS_DIR)\n");
        Result matrix = Cli.run("matrix", "--runs-dir", "runs");
        assertThat(matrix.code()).isEqualTo(2);
        assertThat(matrix.err())
                .startsWith("gbakprof: unknown option '--runs-dir' (matrix has no --runs-dir: its run folders go to"
                        + " DIR/runs of --out DIR (default runs/matrix-<time>))\n");
        // check, a monitoring plugin, says it in its one UNKNOWN line
        Result check = Cli.run("check", "--runs-dir", "runs");
        assertThat(check.code()).isEqualTo(3);
        assertThat(check.out())
                .isEqualTo("UNKNOWN: unknown option '--runs-dir' (check takes the folder given to run --runs-dir as"
                        + " its argument: gbakprof check RUNS_DIR) (gbakprof check --help)\n");
        assertThat(Cli.run("run", "--backup", "y.fbk").err())
                .as("a required option left out is still picocli's message")
                .startsWith("gbakprof: Missing required option: '--database=D.fdb'");
    }

    /** --inspect-host names the server that inspects an embedded restore: only that, and only with --inspect. */
    @Test
    void inspectHostIsForAnEmbeddedRestoreThatIsInspected(@TempDir Path dir) {
        String fbk = dir.resolve("b.fbk").toString(); // never read: each is refused before
        String db = dir.resolve("x.fdb").toString();
        Result alone = Cli.run("run", "--backup", fbk, "--database", db, "--inspect-host", "localhost/3051");
        assertThat(alone.code()).isEqualTo(2);
        assertThat(alone.err())
                .startsWith("gbakprof: --inspect-host localhost/3051: names the server --inspect opens the database"
                        + " through; add --inspect");
        for (String[] through : new String[][] {
            {"--database", "db1:" + db}, {"--database", db, "--host", "db1"}, {"--database", db, "--via", "service"}
        }) {
            java.util.List<String> args = new java.util.ArrayList<>(
                    java.util.List.of("run", "--backup", fbk, "--inspect", "--inspect-host", "localhost/3051"));
            args.addAll(java.util.List.of(through));
            Result r = Cli.run(args.toArray(String[]::new));
            assertThat(r.code()).as(String.join(" ", through)).isEqualTo(2);
            assertThat(r.err())
                    .as(String.join(" ", through))
                    .startsWith("gbakprof: --inspect-host localhost/3051: names the server that inspects a database"
                            + " restored embedded; this restore goes through a server, which --inspect uses");
        }
        assertThat(Cli.run("run", "--backup", fbk, "--database", db, "--inspect", "--inspect-host", "h/x")
                        .err())
                .startsWith("gbakprof: --inspect-host 'h/x': expected HOST or HOST/PORT");
    }

    /** Main turns off picocli's java.time and java.sql converters (start-up): no option may need one. */
    @Test
    void noOptionOfAnyCommandHasAJavaTimeOrJavaSqlType() {
        java.util.List<String> typed = new java.util.ArrayList<>();
        java.util.ArrayDeque<picocli.CommandLine> todo = new java.util.ArrayDeque<>(java.util.List.of(Main.tree()));
        while (!todo.isEmpty()) {
            picocli.CommandLine c = todo.pop();
            todo.addAll(c.getSubcommands().values());
            for (picocli.CommandLine.Model.ArgSpec a : c.getCommandSpec().args()) {
                typed.add(c.getCommandName() + " " + a.paramLabel() + ": "
                        + a.type().getName());
                for (Class<?> t : a.auxiliaryTypes()) {
                    typed.add(c.getCommandName() + " " + a.paramLabel() + ": " + t.getName());
                }
            }
        }
        assertThat(typed).hasSizeGreaterThan(50).noneMatch(t -> t.matches(".*: java\\.(time|sql)\\..*"));
        assertThat(typed).anyMatch(t -> t.endsWith(": java.nio.file.Path"));
    }

    /**
     * Main.tree() leaves picocli without its java.time/java.sql converters (start-up) and the process without the
     * switch it sets for that: picocli reads it in CommandLine's constructor only; a value given with -D stays.
     */
    @Test
    void theTreeSkipsPicocliTimeConvertersWithoutLeavingTheSwitchSet() throws Exception {
        assertThat(System.getProperty(Main.CONVERTERS_EXCLUDED)).isNull();
        picocli.CommandLine tree = Main.tree();
        assertThat(System.getProperty(Main.CONVERTERS_EXCLUDED))
                .as("after Main.tree()")
                .isNull();
        assertThat(converters(tree)).doesNotContain(java.time.Duration.class).contains(Path.class);
        for (picocli.CommandLine sub : tree.getSubcommands().values()) {
            assertThat(converters(sub)).as(sub.getCommandName()).doesNotContain(java.time.Duration.class);
        }
        // a CommandLine made afterwards, by other code of the process, gets picocli's defaults
        assertThat(converters(new picocli.CommandLine(new RunCommand()))).contains(java.time.Duration.class);
        System.setProperty(Main.CONVERTERS_EXCLUDED, "java\\.sql\\..*");
        try {
            picocli.CommandLine own = Main.tree();
            assertThat(System.getProperty(Main.CONVERTERS_EXCLUDED)).isEqualTo("java\\.sql\\..*");
            assertThat(converters(own)).contains(java.time.Duration.class);
        } finally {
            System.clearProperty(Main.CONVERTERS_EXCLUDED);
        }
    }

    /** picocli's registry of type converters of one CommandLine (private: read through reflection). */
    private static java.util.Set<Object> converters(picocli.CommandLine cl) throws ReflectiveOperationException {
        java.lang.reflect.Field interpreter = picocli.CommandLine.class.getDeclaredField("interpreter");
        interpreter.setAccessible(true);
        Object i = interpreter.get(cl);
        java.lang.reflect.Field registry = i.getClass().getDeclaredField("converterRegistry");
        registry.setAccessible(true);
        return new java.util.HashSet<>(((java.util.Map<?, ?>) registry.get(i)).keySet());
    }

    /**
     * What picocli says in Java's words ("'abc' is not a double", "'99999999999' is not an int", "Unmatched argument at
     * index 1: 'extra'") is said in gbakprof's: what was expected. A value's refusal is one line, as gbakprof's own are;
     * check keeps its one UNKNOWN line.
     */
    @Test
    void aValueThatIsNoNumberAndAWordTooManyAreSaidAsWhatWasExpected() {
        String bu = "gbak:-bu 100,200";
        for (String[] args : new String[][] {
            {"run", "--backup", "b.fbk", "--database", "d.fdb", "--repeat", "2", "--cooldown", "abc"},
            {"matrix", "--backup", "b.fbk", "--database", "d.fdb", "--vary", bu, "--cooldown", "abc"}
        }) {
            Result r = Cli.run(args);
            assertThat(r.code()).as(args[0]).isEqualTo(2);
            assertThat(r.err()).as(args[0]).isEqualTo("gbakprof: --cooldown 'abc': expected a number, e.g. 2 or 0.5\n");
        }
        assertThat(Cli.run("estimate", "samples/shop-tdrw.log", "--scale", "abc")
                        .err())
                .isEqualTo("gbakprof: --scale 'abc': expected a number, e.g. 2 or 0.5\n");
        assertThat(Cli.run("run", "--backup", "b.fbk", "--database", "d.fdb", "--repeat", "99999999999")
                        .err())
                .isEqualTo(
                        "gbakprof: --repeat '99999999999': too large; expected a whole number up to 2,147,483,647\n");
        assertThat(Cli.run("history", "runs", "--last", "x").err())
                .isEqualTo("gbakprof: --last 'x': expected a whole number, e.g. 3\n");
        Result plan = Cli.run("plan", "extra");
        assertThat(plan.code()).isEqualTo(2);
        assertThat(plan.err().lines())
                .containsExactly(
                        "gbakprof: plan takes no arguments, only options: 'extra' is none",
                        "Try 'gbakprof plan --help'.");
        assertThat(Cli.run("completion", "bash", "zsh").err().lines())
                .containsExactly(
                        "gbakprof: completion takes 1 argument (bash|zsh): 'zsh' is one too many",
                        "Try 'gbakprof completion --help'.");
        assertThat(Cli.run("status", "runs", "more").err())
                .startsWith("gbakprof: status takes at most 1 argument (RUNS_DIR): 'more' is one too many\n");
        Result check = Cli.run("check", "runs", "--slower", "abc");
        assertThat(check.code()).isEqualTo(3);
        assertThat(check.out())
                .isEqualTo("UNKNOWN: --slower 'abc': expected a number, e.g. 2 or 0.5 (gbakprof check --help)\n");
    }

    /** {@code --top}: one option, one rule (1 or more), in every command that has it. */
    @Test
    void topZeroIsRefusedByEveryCommandThatHasIt(@TempDir Path dir) {
        String log = "samples/shop-tdrw.log";
        for (String[] args : new String[][] {
            {"parse", "--top", "0", log},
            {"estimate", "--top", "0", "--scale", "2", log},
            {"report", "--top", "0", log, "--out", dir.resolve("r").toString()},
            {
                "compare",
                "--top",
                "0",
                log,
                "samples/small-tdrw.log",
                "--out",
                dir.resolve("c").toString()
            }
        }) {
            Result r = Cli.run(args);
            assertThat(r.code()).as(args[0]).isEqualTo(2);
            assertThat(r.err()).as(args[0]).isEqualTo("gbakprof: --top 0: expected 1 or more\n");
            assertThat(r.out()).as(args[0]).isEmpty();
        }
    }

    @Test
    void editsCountsASwapOfNeighboursAsOne() {
        assertThat(ParameterErrors.edits("plna", "plan")).isEqualTo(1);
        assertThat(ParameterErrors.edits("pars", "parse")).isEqualTo(1);
        assertThat(ParameterErrors.edits("", "run")).isEqualTo(3);
        assertThat(ParameterErrors.edits("run", "run")).isZero();
    }

    @FirebirdTest
    @Test
    void aZeroOrMalformedTimeoutSaysWhatIsAllowed(@TempDir Path dir) throws Exception {
        Path fbk = Firebird.backup("small");
        for (String bad : new String[] {"0s", "0", "10x", "1h30"}) {
            Result r = Restores.run(fbk, dir.resolve("t.fdb"), dir.resolve("runs"), "--timeout", bad);
            assertThat(r.code()).as(bad).isEqualTo(2);
            assertThat(r.err().lines())
                    .as(bad)
                    .singleElement()
                    .asString()
                    .startsWith("gbakprof: --timeout '" + bad + "'")
                    .contains(
                            "expected a number with a unit, ms, s, m or h, or several such as 1h30m (e.g. 90s, 45m, 2h,"
                                    + " 1h30m; a bare number is seconds), more than zero");
        }
        assertThat(Restores.run(fbk, dir.resolve("t.fdb"), dir.resolve("runs"), "--timeout", "0s")
                        .err())
                .contains("'0s': too short")
                .contains("without --timeout gbak is never stopped");
        assertThat(Durations.parse("--timeout", "1h30m").toMinutes()).isEqualTo(90);
        assertThat(Durations.parse("--timeout", "500ms").toMillis()).isEqualTo(500);
        assertThat(Durations.parse("--timeout", "2.5").toMillis()).isEqualTo(2500);
        assertThat(dir.resolve("runs")).doesNotExist();
    }

    @FirebirdTest
    @Test
    void optionsThatWereTakenAndIgnoredAreRefusedWithTheReason(@TempDir Path dir) throws Exception {
        Path fbk = Firebird.backup("small");
        // --sample-interval below 0.1 was raised to 0.1 s without a word
        Result fast = Restores.run(fbk, dir.resolve("x.fdb"), dir.resolve("runs"), "--sample-interval", "0.01");
        assertThat(fast.code()).isEqualTo(2);
        assertThat(fast.err())
                .isEqualTo("gbakprof: --sample-interval 0.01: expected 0.1 or more seconds (a sample"
                        + " costs gbakprof a read of /proc; faster ones would measure gbakprof)\n");
        // --gbak with --via service ran nothing (the server restores); with --validate it names whose gfix runs
        Result svc = Restores.run(
                Restores.Route.SERVICE,
                Path.of("/srv/x.fbk"),
                Path.of("/srv/x.fdb"),
                dir.resolve("runs"),
                "--gbak",
                "/usr/bin/gbak");
        assertThat(svc.code()).isEqualTo(2);
        assertThat(svc.err())
                .isEqualTo("gbakprof: --gbak /usr/bin/gbak: --via service runs no gbak (the server"
                        + " restores with its own); leave --gbak out (with --validate it says whose gfix validates)\n");
        // matrix --seed without --order random-blocks seeded nothing
        Result seed = Restores.matrix(
                fbk, dir.resolve("m.fdb"), dir.resolve("out"), "--vary", "gbak:-bu 100,4000", "--seed", "7");
        assertThat(seed.code()).isEqualTo(2);
        assertThat(seed.err())
                .isEqualTo("gbakprof: --seed 7 seeds --order random-blocks; the balanced order has"
                        + " nothing random (add --order random-blocks, or leave --seed out)\n");
        // --cooldown with one restore rested nothing (it rests between repeated restores); the drill is one too
        for (String[] more : new String[][] {{"--cooldown", "30"}, {"--repeat", "1", "--cooldown", "0.5"}}) {
            Result rest = Restores.run(fbk, dir.resolve("x.fdb"), dir.resolve("runs"), more);
            assertThat(rest.code()).isEqualTo(2);
            assertThat(rest.err())
                    .isEqualTo("gbakprof: --cooldown " + more[more.length - 1] + ": rests between repeated restores,"
                            + " and one restore has no rest (add --repeat N or --warmup N, or leave --cooldown out)\n");
        }
        Result drill = Cli.run(String.format(
                        "run --backup-from %s --database %s --runs-dir %s --cooldown 5",
                        dir.resolve("src.fdb"), dir.resolve("d.fdb"), dir.resolve("runs"))
                .split(" "));
        assertThat(drill.code()).isEqualTo(2);
        assertThat(drill.err()).startsWith("gbakprof: --cooldown 5: rests between repeated restores");
        assertThat(dir.resolve("x.fdb")).doesNotExist();
        assertThat(dir.resolve("runs")).doesNotExist();
        assertThat(dir.resolve("out")).doesNotExist();
    }

    /** --keep with one restore is taken: the database of a single restore is kept, as --keep asks, with or without it. */
    @FirebirdTest
    @Test
    void keepWithOneRestoreKeepsItsDatabaseAsWithoutIt(@TempDir Path dir) throws Exception {
        Path fbk = Firebird.backup("small");
        for (String name : new String[] {"kept.fdb", "plain.fdb"}) {
            Result r = name.equals("kept.fdb")
                    ? Restores.run(fbk, dir.resolve(name), dir.resolve("runs"), "--keep")
                    : Restores.run(fbk, dir.resolve(name), dir.resolve("runs"));
            assertThat(r.code()).as(r.err()).isZero();
            assertThat(r.out()).contains("completed");
            assertThat(Files.size(dir.resolve(name))).as(name).isGreaterThan(0);
        }
        assertThat(Restores.runDirs(dir.resolve("runs"))).hasSize(2);
    }
}
