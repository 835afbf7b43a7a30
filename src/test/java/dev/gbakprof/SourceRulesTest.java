package dev.gbakprof;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Rules of the main code a reader relies on (docs/dev/DEVELOPMENT.md): rooms of a readable size, names imported,
 * dependencies pointing down (docs/dev/ARCHITECTURE.md).
 */
class SourceRulesTest {
    private static final Path MAIN = Path.of("src/main/java");

    /** A class name written with its package in code: {@code java.util.Locale.ROOT}, {@code new java.util.ArrayList}. */
    private static final Pattern QUALIFIED =
            Pattern.compile("(?<![\\w.\"])(?:java|javax|org|com|dev|picocli|oshi)\\.(?:[a-z0-9]+\\.)+[A-Z]\\w*");

    /** Where a name must be written in full, and why. */
    private static final Map<String, String> ALLOWED = Map.of(
            "output/AnalysisJson.java",
            "its record Pairing is the JSON of dev.gbakprof.stats.Pairing: the same simple name");

    /** Packages that a package's files must not import: the packages above it. */
    private static final Map<String, List<String>> ABOVE = Map.of(
            "output", List.of("dev.gbakprof.report", "dev.gbakprof.cli"),
            "report", List.of("dev.gbakprof.cli"));

    private static final Pattern IMPORT = Pattern.compile("^import\\s+(?:static\\s+)?([\\w.]+)\\s*;");

    private static List<Path> sources() throws IOException {
        try (Stream<Path> s = Files.walk(MAIN)) {
            return s.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        }
    }

    @Test
    void noFileOfMainCodeIsOver600Lines() throws IOException {
        List<String> big = new ArrayList<>();
        for (Path p : sources()) {
            long lines = Files.readAllLines(p).size();
            if (lines > 600) {
                big.add(MAIN.relativize(p) + ": " + lines + " lines");
            }
        }
        assertThat(big).as("split by meaning (docs/dev/ARCHITECTURE.md)").isEmpty();
    }

    @Test
    void classesAreImportedNotWrittenInFull() throws IOException {
        List<String> found = new ArrayList<>();
        for (Path p : sources()) {
            String name = MAIN.resolve("dev/gbakprof").relativize(p).toString().replace('\\', '/');
            if (ALLOWED.containsKey(name)) {
                continue;
            }
            List<String> lines = Files.readAllLines(p);
            for (int i = 0; i < lines.size(); i++) {
                String code = lines.get(i).strip();
                if (code.startsWith("import ")
                        || code.startsWith("package ")
                        || code.startsWith("*")
                        || code.startsWith("/*")
                        || code.startsWith("//")) {
                    continue;
                }
                int comment = code.indexOf("//");
                String text =
                        (comment >= 0 ? code.substring(0, comment) : code).replaceAll("\"(\\\\.|[^\"\\\\])*\"", "\"\"");
                if (QUALIFIED.matcher(text).find()) {
                    found.add(name + ":" + (i + 1) + ": " + code);
                }
            }
        }
        assertThat(found).isEmpty();
    }

    @Test
    void theTextsAndFilesOfTheAnalysisImportNoPackageAboveThem() throws IOException {
        List<String> found = new ArrayList<>();
        for (Path p : sources()) {
            String name = MAIN.resolve("dev/gbakprof").relativize(p).toString().replace('\\', '/');
            List<String> above = ABOVE.get(name.contains("/") ? name.substring(0, name.indexOf('/')) : "");
            if (above == null) {
                continue;
            }
            List<String> lines = Files.readAllLines(p);
            for (int i = 0; i < lines.size(); i++) {
                var m = IMPORT.matcher(lines.get(i).strip());
                if (m.find()) {
                    String imported = m.group(1);
                    if (above.stream().anyMatch(a -> imported.equals(a) || imported.startsWith(a + "."))) {
                        found.add(name + ":" + (i + 1) + ": " + lines.get(i).strip());
                    }
                }
            }
        }
        assertThat(found)
                .as("output imports neither report nor cli; report does not import cli")
                .isEmpty();
    }
}
