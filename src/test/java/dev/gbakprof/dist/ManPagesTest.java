package dev.gbakprof.dist;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.cli.Main;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.codegen.docgen.manpage.ManPageGenerator;

/**
 * docs/man is what picocli's ManPageGenerator makes of the commands (AsciiDoc, rendered by GitHub) and the man
 * pages asciidoctor makes of those (roff, in the release zip's man/ folder): a command or option changed without
 * running scripts/man-pages fails the build here. {@code -Dgbakprof.man.update=true} (what scripts/man-pages
 * passes) writes the AsciiDoc pages instead of comparing them.
 */
class ManPagesTest {
    private static final Path DIR = Path.of("docs", "man");
    private static final String STALE = "docs/man is not what the commands say now: run scripts/man-pages";

    @Test
    void theAsciiDocPagesAreWhatPicocliMakesOfTheCommands(@TempDir Path tmp) throws IOException {
        CommandLine tree = tree();
        int rc = ManPageGenerator.generateManPage(tmp.toFile(), null, new boolean[0], false, tree.getCommandSpec());
        assertThat(rc).isZero();
        TreeSet<String> made = names(tmp, ".adoc");
        assertThat(made)
                .contains("gbakprof.adoc", "gbakprof-run.adoc", "gbakprof-parse.adoc", "gbakprof-completion.adoc");
        if (Boolean.getBoolean("gbakprof.man.update")) {
            Files.createDirectories(DIR);
            for (String old : names(DIR, ".adoc")) {
                if (!made.contains(old)) {
                    Files.delete(DIR.resolve(old));
                }
            }
            for (String page : made) {
                Files.copy(tmp.resolve(page), DIR.resolve(page), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        assertThat(names(DIR, ".adoc")).as(STALE).isEqualTo(made);
        for (String page : made) {
            assertThat(Files.readString(DIR.resolve(page)))
                    .as(STALE + " (" + page + ")")
                    .isEqualTo(Files.readString(tmp.resolve(page)));
        }
    }

    @Test
    void eachCommandHasAManPageNamingEachOfItsOptions() throws IOException {
        for (CommandSpec spec : all(tree().getCommandSpec(), new ArrayList<>())) {
            Path page = DIR.resolve(spec.qualifiedName("-") + ".1");
            assertThat(page).as(STALE).exists();
            String roff = Files.readString(page);
            assertThat(roff).as(STALE).startsWith("'\\\" t");
            // the text without roff's font changes and escaped hyphens, as man shows it
            String text = roff.replaceAll("\\\\f[BIRP]", "").replace("\\-", "-").replace("\\&", "");
            assertThat(text).as(STALE).contains(".TH \"" + upper(spec.qualifiedName("-")) + "\"");
            assertThat(text).as(STALE).contains(spec.qualifiedName(" "));
            for (OptionSpec o : spec.options()) {
                if (!o.hidden()) {
                    assertThat(text)
                            .as(STALE + " (" + page + ": " + o.longestName() + ")")
                            .contains(o.longestName());
                }
            }
        }
    }

    @Test
    void theHelpOfEachCommandFormatsWithoutAWarning() {
        // picocli formats descriptions (%n, %%): a lone % makes it warn on standard error and the generator fail
        java.io.PrintStream stderr = System.err;
        java.io.ByteArrayOutputStream warnings = new java.io.ByteArrayOutputStream();
        System.setErr(new java.io.PrintStream(warnings, true, java.nio.charset.StandardCharsets.UTF_8));
        try {
            for (CommandSpec spec : all(tree().getCommandSpec(), new ArrayList<>())) {
                spec.commandLine().getUsageMessage(CommandLine.Help.Ansi.OFF);
            }
        } finally {
            System.setErr(stderr);
        }
        assertThat(warnings.toString(java.nio.charset.StandardCharsets.UTF_8)).isEmpty();
    }

    /** Every command, as the help lists them, with the release's version on each page. */
    private static CommandLine tree() {
        CommandLine tree = Main.tree();
        // the synopsis on one line: picocli's wrapping can cut a parameter's markup in two (_F._ / _fbk_)
        tree.setUsageHelpWidth(1000);
        String version = "gbakprof " + System.getProperty("gbakprof.version", "(development build)");
        for (CommandSpec spec : all(tree.getCommandSpec(), new ArrayList<>())) {
            spec.version(version);
        }
        return tree;
    }

    private static List<CommandSpec> all(CommandSpec spec, List<CommandSpec> into) {
        into.add(spec);
        for (CommandLine sub : spec.subcommands().values()) {
            all(sub.getCommandSpec(), into);
        }
        return into;
    }

    private static String upper(String s) {
        return s.toUpperCase(java.util.Locale.ROOT);
    }

    private static TreeSet<String> names(Path dir, String suffix) throws IOException {
        TreeSet<String> names = new TreeSet<>();
        if (!Files.isDirectory(dir)) {
            return names;
        }
        try (Stream<Path> files = Files.list(dir)) {
            files.map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(suffix))
                    .forEach(names::add);
        }
        return names;
    }
}
