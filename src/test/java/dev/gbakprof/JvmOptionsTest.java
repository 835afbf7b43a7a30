package dev.gbakprof;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The flags of {@code parse} in {@code gbakprof.jvm-options}: the JVM takes them (a flag it does not know stops it), and
 * with them it writes nothing but the record to standard output, where {@code parse --json} writes it (some
 * {@code -XX} flags print themselves there).
 */
class JvmOptionsTest {
    private static final Path OPTIONS = Path.of("gbakprof.jvm-options");

    /** The flags of one command, as the launchers read them: the "*" lines, then the command's own. */
    private static List<String> flags(String command) throws Exception {
        List<String> out = new ArrayList<>();
        for (String line : Files.readAllLines(OPTIONS)) {
            String[] words = line.strip().split("\\s+");
            if (words[0].isEmpty() || words[0].startsWith("#")) {
                continue;
            }
            if (words[0].equals("*") || words[0].equals(command)) {
                out.addAll(Arrays.asList(words).subList(1, words.length));
            }
        }
        return out;
    }

    @Test
    void parseWithTheseFlagsWritesOnlyTheRecordToStandardOutput() throws Exception {
        List<String> cmd = new ArrayList<>(
                List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        cmd.addAll(flags("parse"));
        cmd.addAll(List.of(
                "-cp",
                System.getProperty("java.class.path"),
                "dev.gbakprof.cli.Main",
                "parse",
                "--json",
                "samples/shop-tdrw.log"));
        Process p = new ProcessBuilder(cmd).start();
        String out = read(p.getInputStream());
        String err = read(p.getErrorStream());
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(err).isZero();
        assertThat(err).isEmpty();
        assertThat(out).startsWith("{").doesNotContain("CompileCommand").contains("\"schema\"");
    }

    private static String read(InputStream in) throws Exception {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        in.transferTo(b);
        return b.toString(StandardCharsets.UTF_8);
    }
}
