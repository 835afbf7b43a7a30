package dev.gbakprof;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The compiler commands of {@code gbakprof.jvm-options}: the JVM does not say when a {@code CompileCommand} names a
 * method that does not exist (a class renamed, a method moved), it just does nothing; and without {@code quiet} first
 * it prints each command to standard output, where {@code parse --json} writes the record.
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
    void everyMethodACompileCommandNamesExistsAndQuietComesFirst() throws Exception {
        List<String> commands = flags("parse").stream()
                .filter(f -> f.startsWith("-XX:CompileCommand="))
                .map(f -> f.substring("-XX:CompileCommand=".length()))
                .toList();
        assertThat(commands).isNotEmpty();
        assertThat(commands.get(0)).isEqualTo("quiet");
        for (String c : commands.subList(1, commands.size())) {
            assertThat(c).startsWith("dontinline,");
            String pattern = c.substring("dontinline,".length());
            int at = pattern.indexOf("::");
            assertThat(at).as(c).isPositive();
            Class<?> type = Class.forName(pattern.substring(0, at));
            String name = pattern.substring(at + 2);
            assertThat(Arrays.stream(type.getDeclaredMethods()).map(Method::getName))
                    .as(c)
                    .contains(name);
        }
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
