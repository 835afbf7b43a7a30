package dev.gbakprof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.testutil.Cli;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gbakprof completion bash}: the script sources in a real bash and completes as bash does on Tab (it calls
 * the registered function with COMP_WORDS and COMP_CWORD set).
 */
class CompletionTest {

    @Test
    void theBashScriptCompletesCommandsAndOptions(@TempDir Path tmp) throws Exception {
        Cli.Result r = Cli.run("completion", "bash");
        assertThat(r.code()).isEqualTo(0);
        assertThat(r.err()).isEmpty();
        Path script = tmp.resolve("gbakprof.bash");
        Files.writeString(script, r.out());

        assertThat(complete(script, "gbakprof pa")).containsExactly("parse");
        assertThat(complete(script, "gbakprof m")).containsExactly("matrix");
        assertThat(complete(script, "gbakprof c")).containsExactlyInAnyOrder("compare", "check", "completion");
        assertThat(complete(script, "gbakprof run --ti")).containsExactly("--timeout");
        assertThat(complete(script, "gbakprof run --rep")).containsExactlyInAnyOrder("--replace", "--repeat");
        assertThat(complete(script, "gbakprof report --lan")).containsExactly("--lang");
        // what bash registered for the name
        assertThat(bash(script, "complete -p gbakprof"))
                .contains("-F _complete_gbakprof")
                .endsWith("gbakprof");
    }

    @Test
    void zshGetsTheSameScriptAndAnotherShellARefusal() {
        assertThat(Cli.run("completion", "zsh").out())
                .isEqualTo(Cli.run("completion", "bash").out());
        Cli.Result fish = Cli.run("completion", "fish");
        assertThat(fish.code()).isEqualTo(2);
        assertThat(fish.err()).startsWith("gbakprof: completion fish: expected bash or zsh");
        assertThat(fish.out()).isEmpty();
    }

    /** What bash offers for the last word of {@code line}, as on Tab. */
    private static List<String> complete(Path script, String line) throws Exception {
        String[] words = line.split(" ");
        String call = "COMP_LINE='" + line + "'; COMP_POINT=${#COMP_LINE}; COMP_WORDS=(" + line + "); COMP_CWORD="
                + (words.length - 1) + "; _complete_gbakprof gbakprof '" + words[words.length - 1] + "' '"
                + words[words.length - 2] + "' 2>/dev/null; printf '%s\\n' \"${COMPREPLY[@]}\"";
        return bash(script, call).lines().filter(s -> !s.isBlank()).toList();
    }

    private static String bash(Path script, String commands) throws Exception {
        File out = script.resolveSibling("out-" + System.nanoTime()).toFile();
        Process p = new ProcessBuilder(
                        "/bin/bash", "--norc", "--noprofile", "-c", "source " + script + " && " + commands)
                .redirectErrorStream(true)
                .redirectOutput(out)
                .start();
        assertThat(p.waitFor(1, TimeUnit.MINUTES)).isTrue();
        String shown = Files.readString(out.toPath(), StandardCharsets.UTF_8).strip();
        assertThat(p.exitValue()).as(shown).isEqualTo(0);
        return shown;
    }
}
