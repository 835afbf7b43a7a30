package dev.gbakprof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.testutil.Cli;
import dev.gbakprof.testutil.Cli.Result;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * gbakprof's help as a DBA reads it: the commands grouped by what one wants to do, two commands to start with, and
 * every command's help ending with an example that works.
 */
class HelpTest {

    @Test
    void noCommandPrintsTheHelpGroupedByWhatADbaWantsAndExitsZero() {
        Result none = Cli.run();
        assertThat(none.code()).isZero();
        assertThat(none.err()).isEmpty();
        assertThat(none.out()).isEqualTo(Cli.run("--help").out());
        List<String> lines = none.out().lines().toList();
        int from = lines.indexOf("Commands, by what you want to do:");
        int to = lines.indexOf("Exit codes:");
        assertThat(from).as(none.out()).isPositive().isLessThan(to);
        // every status a command ends with is listed, also a stop's by a scheduler (SIGTERM) or a closed terminal
        assertThat(String.join("\n", lines.subList(to, lines.size())))
                .containsPattern("(?m)^  0 +ok")
                .containsPattern("(?m)^  130 +stopped by Ctrl-C")
                .containsPattern("(?m)^  143, 129 +stopped by SIGTERM .*SIGHUP");
        List<String> listed = new ArrayList<>();
        for (String line : lines.subList(from + 1, to)) {
            if (line.matches("  \\S.*")) {
                listed.add(line.strip()); // a group's heading
            } else if (line.matches("    \\S.*")) {
                listed.add(line.strip().split(" +")[0]); // a command, with its one-line summary
            }
        }
        assertThat(listed)
                .containsExactly(
                        "Time a restore",
                        "run",
                        "parse",
                        "Compare configurations",
                        "compare",
                        "matrix",
                        "Forecast production",
                        "estimate",
                        "Watch nightly restore tests",
                        "check",
                        "history",
                        "status",
                        "Say what to change",
                        "advise",
                        "Also",
                        "inspect",
                        "plan",
                        "report",
                        "demo",
                        "completion",
                        "help");
        assertThat(none.out())
                .containsPattern("(?m)^    run +Restore a backup with gbak -c -v -st tdrw and time it live\\.$")
                .containsPattern("(?m)^    check +Did last night's restore test pass\\? One line and exit code for"
                        + " Nagios, Icinga, Zabbix\\.$");
        int start = lines.indexOf("Start with (no Firebird needed; gbakprof with no command prints this help):");
        assertThat(start).as(none.out()).isGreaterThan(to);
        assertThat(lines.subList(start + 1, lines.size()))
                .containsExactly(
                        "  gbakprof demo                          the bundled samples into charts/: a report per sample",
                        "  gbakprof parse samples/shop-tdrw.log   one restore: total, phases, slowest indexes and"
                                + " tables");
    }

    @Test
    void theHelpFromTheCommandsSummariesIsTheHelpOfTheWholeTree() {
        // gbakprof --help reads each command's name and header only (Main.summaries): the same text as all of them
        for (boolean colours : new boolean[] {false, true}) {
            CommandLine.Help.Ansi ansi = colours ? CommandLine.Help.Ansi.ON : CommandLine.Help.Ansi.OFF;
            String whole = Main.tree().getUsageMessage(ansi);
            String summaries = Main.summaries(CommandLine.defaultFactory()).getUsageMessage(ansi);
            assertThat(summaries).isEqualTo(whole).contains("Display help information about the specified command");
        }
        assertThat(Main.ownHelpOnly(new String[0])).isTrue();
        assertThat(Main.ownHelpOnly(new String[] {"--debug", "-h"})).isTrue();
        assertThat(Main.ownHelpOnly(new String[] {"--help", "run"})).isFalse();
        assertThat(Main.ownHelpOnly(new String[] {"--debug"})).isFalse();
    }

    @Test
    void everyCommandsHelpEndsWithOneExampleOfIt() {
        Map<String, String> examples = examples();
        assertThat(examples.keySet())
                .containsExactlyElementsOf(Main.tree().getSubcommands().keySet());
        examples.forEach(
                (name, example) -> assertThat(example).as(name).matches("(source <\\()?gbakprof " + name + " \\S.*"));
    }

    /** Each example that reads the bundled samples (and needs no Firebird) runs, exit 0; its /tmp/ output in a temp folder. */
    @Test
    void theExamplesOnTheBundledSamplesRun(@TempDir Path tmp) throws IOException {
        Map<String, String> examples = examples();
        // the second command to start with, as gbakprof's own help gives it
        examples.put("start with", "gbakprof parse samples/shop-tdrw.log");
        List<String> ran = new ArrayList<>();
        for (Map.Entry<String, String> e : examples.entrySet()) {
            // demo reads samples/ unless told otherwise
            boolean samples = e.getValue().contains("samples/") || e.getValue().startsWith("gbakprof demo ");
            if (!e.getValue().startsWith("gbakprof ") || !samples) {
                continue;
            }
            List<String> args = new ArrayList<>();
            for (String word : e.getValue().substring("gbakprof ".length()).split(" ")) {
                args.addAll(expand(
                        word.startsWith("/tmp/")
                                ? tmp.resolve(word.substring(5)).toString()
                                : word));
            }
            Result r = Cli.run(args.toArray(String[]::new));
            assertThat(r.code()).as(e.getValue() + "\n" + r.err()).isZero();
            assertThat(r.out()).as(e.getValue()).isNotBlank();
            ran.add(e.getKey());
        }
        assertThat(ran).containsExactly("parse", "report", "compare", "estimate", "advise", "demo", "start with");
        assertThat(tmp.resolve("ab/report.html")).isNotEmptyFile();
        assertThat(tmp.resolve("gbakprof-demo/ab/report.png")).isNotEmptyFile();
    }

    /** Each command's example: the line after "Example:", the last of its --help. */
    private static Map<String, String> examples() {
        Map<String, String> examples = new LinkedHashMap<>();
        for (String name : Main.tree().getSubcommands().keySet()) {
            Result help = Cli.run(name, "--help");
            assertThat(help.code()).as(name).isZero();
            List<String> lines = help.out().strip().lines().toList();
            assertThat(lines.get(lines.size() - 2)).as(name + "\n" + help.out()).isEqualTo("Example:");
            assertThat(lines.stream().filter(l -> l.startsWith("Example")).count())
                    .as(name)
                    .isOne();
            String example = lines.get(lines.size() - 1);
            assertThat(example).as(name).startsWith("  ");
            examples.put(name, example.strip());
        }
        return examples;
    }

    /** A word of an example as a shell gives it: a file pattern (*) as the files it matches, in order. */
    private static List<String> expand(String word) throws IOException {
        if (!word.contains("*")) {
            return List.of(word);
        }
        Path pattern = Path.of(word);
        List<String> files = new ArrayList<>();
        try (DirectoryStream<Path> s = Files.newDirectoryStream(
                pattern.getParent(), pattern.getFileName().toString())) {
            s.forEach(p -> files.add(p.toString()));
        }
        assertThat(files).as(word).isNotEmpty();
        return files.stream().sorted().toList();
    }
}
