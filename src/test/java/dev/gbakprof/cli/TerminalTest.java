package dev.gbakprof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.testutil.Firebird;
import dev.gbakprof.testutil.FirebirdTest;
import dev.gbakprof.testutil.Jvm;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * NO_COLOR and TERM=dumb, on a real pseudo-terminal (util-linux {@code script}), where picocli and the progress
 * display see a console as they do for a DBA at a shell.
 */
class TerminalTest {
    private static final Path SCRIPT = Path.of("/usr/bin/script");
    /** A carriage return that is not the pty's own line end (it turns each \n into \r\n). */
    private static final Pattern REDRAW = Pattern.compile("\r(?!\n)");

    @Test
    void theRulesOfTheEnvironment() {
        assertThat(Terminal.colours(Map.of("TERM", "xterm-256color"))).isTrue();
        assertThat(Terminal.colours(Map.of())).isTrue();
        assertThat(Terminal.colours(Map.of("TERM", "xterm", "NO_COLOR", "1"))).isFalse();
        assertThat(Terminal.colours(Map.of("TERM", "xterm", "NO_COLOR", ""))).isTrue(); // no-color.org: not empty
        assertThat(Terminal.colours(Map.of("TERM", "dumb"))).isFalse();
        assertThat(Terminal.redraws(Map.of("TERM", "xterm"), true)).isTrue();
        assertThat(Terminal.redraws(Map.of("TERM", "xterm"), false)).isFalse();
        assertThat(Terminal.redraws(Map.of("TERM", "dumb"), true)).isFalse();
        assertThat(Terminal.redraws(Map.of("TERM", "xterm", "NO_COLOR", "1"), true))
                .isTrue(); // NO_COLOR is about colours
    }

    @Test
    void helpIsHighlightedOnATerminalUnlessNoColorOrDumb(@TempDir Path tmp) throws Exception {
        String xterm = onATerminal(tmp, Map.of("TERM", "xterm"), "run", "--help");
        assertThat(xterm).contains("Restore a backup with gbak").contains("\u001b[");
        String noColor = onATerminal(tmp, Map.of("TERM", "xterm", "NO_COLOR", "1"), "run", "--help");
        assertThat(noColor).contains("Restore a backup with gbak").doesNotContain("\u001b");
        String dumb = onATerminal(tmp, Map.of("TERM", "dumb"), "run", "--help");
        assertThat(dumb).contains("Restore a backup with gbak").doesNotContain("\u001b");
    }

    @FirebirdTest
    @Test
    void aRestoreOnADumbTerminalWritesPlainLines(@TempDir Path tmp) throws Exception {
        Firebird.require();
        Path fbk = Firebird.backup("small");
        String xterm = onATerminal(tmp, Map.of("TERM", "xterm"), restore(tmp, fbk, "x"));
        assertThat(REDRAW.matcher(xterm).find())
                .as("the status line redrawn in place on a terminal:%n%s", xterm)
                .isTrue();
        String dumb = onATerminal(tmp, Map.of("TERM", "dumb"), restore(tmp, fbk, "d"));
        assertThat(dumb).contains("gbakprof: data", "gbakprof: finish").doesNotContain("\u001b");
        assertThat(REDRAW.matcher(dumb).find())
                .as("no carriage return redraws with TERM=dumb:%n%s", dumb)
                .isFalse();
        assertThat(dumb).containsPattern("status +completed");
    }

    /**
     * gbak prints a line per table, batch of records and index, hundreds a second: the status line is redrawn at most
     * ten times a second, not once a line (a slow console, a remote desktop's or an SSH session's, fell behind), and
     * the state it shows last is the restore's last: its finish.
     */
    @FirebirdTest
    @Test
    void theStatusLineIsRedrawnAtMostTenTimesASecond(@TempDir Path tmp) throws Exception {
        Firebird.require();
        Path fbk = Firebird.backup("shop");
        String shown = onATerminal(tmp, Map.of("TERM", "xterm"), restore(tmp, fbk, "s"));
        java.util.List<String> drawn =
                STATUS.matcher(shown).results().map(m -> m.group(1)).toList();
        java.util.List<java.util.regex.MatchResult> elapsed =
                ELAPSED.matcher(shown).results().toList();
        assertThat(drawn).as(shown).isNotEmpty();
        assertThat(elapsed).as(shown).isNotEmpty();
        double seconds = Double.parseDouble(elapsed.get(elapsed.size() - 1).group(1));
        // the first line's redraw, ten a second after it, the last state drawn once more at the end
        assertThat(drawn.size())
                .as("redraws in %.1f s of a restore whose log has %d lines:%n%s", seconds, 289, shown)
                .isLessThanOrEqualTo((int) Math.ceil(seconds * 10) + 2);
        assertThat(drawn.get(drawn.size() - 1)).startsWith("gbakprof: finish");
    }

    /** A redraw of the status line: a carriage return (not the pty's line end) and the status up to the next one. */
    private static final Pattern STATUS = Pattern.compile("\r(gbakprof: (?:setup|metadata|data|indexes|finish)[^\r]*)");

    private static final Pattern ELAPSED = Pattern.compile(" \\| elapsed (\\d+\\.\\d) s");

    private static String[] restore(Path tmp, Path fbk, String name) {
        return new String[] {
            "run",
            "--backup",
            fbk.toString(),
            "--database",
            tmp.resolve(name + ".fdb").toString(),
            "--runs-dir",
            tmp.resolve("runs").toString()
        };
    }

    /** gbakprof ARGS on a pseudo-terminal, with the environment's TERM and NO_COLOR replaced; what it showed. */
    private static String onATerminal(Path tmp, Map<String, String> env, String... args)
            throws IOException, InterruptedException {
        Assumptions.assumeTrue(Files.isExecutable(SCRIPT), "util-linux script is not installed");
        String line = Jvm.command(args).stream()
                .map(a -> "'" + a.replace("'", "'\\''") + "'")
                .collect(Collectors.joining(" "));
        File shown = tmp.resolve("shown-" + System.nanoTime()).toFile();
        ProcessBuilder pb = new ProcessBuilder(SCRIPT.toString(), "-q", "-e", "-c", line, "/dev/null")
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectErrorStream(true)
                .redirectOutput(shown);
        pb.environment().remove("NO_COLOR");
        pb.environment().remove("COLUMNS");
        pb.environment().putAll(env);
        Process p = pb.start();
        assertThat(p.waitFor(3, TimeUnit.MINUTES)).isTrue();
        return Files.readString(shown.toPath(), StandardCharsets.UTF_8);
    }
}
