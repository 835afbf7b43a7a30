package dev.gbakprof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.testutil.Cli;
import org.junit.jupiter.api.Test;

/** Which commands picocli is given to read: what a start costs depends on it. */
class CommandsForTest {

    @Test
    void versionReadsNoCommandAndStillPrintsItsTwoLines() {
        assertThat(Main.commandsFor(new String[] {"--version"})).isEmpty();
        assertThat(Main.commandsFor(new String[] {"-V"})).isEmpty();
        Cli.Result r = Cli.run("--version");
        assertThat(r.code()).isZero();
        assertThat(r.out().lines())
                .hasSize(2)
                .element(1, org.assertj.core.api.InstanceOfAssertFactories.STRING)
                .startsWith("Java ");
    }

    @Test
    void aCommandReadsItselfHelpAndTyposReadThemAll() {
        assertThat(Main.commandsFor(new String[] {"parse", "--version"})).containsExactly("parse");
        assertThat(Main.commandsFor(new String[] {"--help"})).contains("run", "parse", "compare", "check");
        assertThat(Main.commandsFor(new String[] {"pasre"})).contains("run", "parse");
    }
}
