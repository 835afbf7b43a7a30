package dev.gbakprof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.gbakprof.model.ExitCode;
import dev.gbakprof.testutil.Cli;
import dev.gbakprof.testutil.Cli.Result;
import org.junit.jupiter.api.Test;

class AdviseCommandTest {

    @Test
    void jsonGivesEachConfigurationItsHintsWithStableCodes() throws Exception {
        Result r = Cli.run(
                "advise",
                "--json",
                "balanced=samples/article-balanced.log",
                "fb5=src/test/resources/published/fb5-issue8140-excerpt.log");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode json = JsonMapper.builder().build().readTree(r.out());
        assertThat(json.get("schema").asText()).isEqualTo("gbakprof.advice/1");
        assertThat(json.get("configurations")).hasSize(2);
        assertThat(json.get("configurations").get(0).get("label").asText()).isEqualTo("balanced");
        assertThat(json.get("configurations")
                        .get(0)
                        .get("hints")
                        .get(0)
                        .get("code")
                        .asText())
                .isEqualTo("power-plan");
        assertThat(json.get("configurations").get(1).get("hints").findValuesAsText("code"))
                .contains("parallel-reduced");
        JsonNode first = json.get("configurations").get(0).get("hints").get(0);
        assertThat(first.get("certainty").asText()).isEqualTo("low");
        assertThat(first.get("basis").asText()).startsWith("inferred from the log alone");
    }

    @Test
    void theTextNamesWhatWasSeenWhatToExpectAndHowToProveIt() {
        Result r = Cli.run("advise", "samples/shop-tdrw.log");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out())
                .contains(
                        "What to try: shop-tdrw (1 run)",
                        "1. [power-plan]",
                        "Seen:     the index phase is 68 %",
                        "Expected: the same 144 GB restore",
                        "Prove it: gbakprof matrix",
                        "How sure: low (inferred from the log alone");
    }

    @Test
    void anUnreadableInputIsOneLineAndExit2() {
        Result r = Cli.run("advise", "no-such.log");
        assertThat(r.code()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(r.err().lines()).hasSize(1);
        assertThat(r.err()).contains("no-such.log");
    }

    @Test
    void nothingToAdviseSaysWhy() {
        // FirebirdSQL/firebird#7992: a Firebird 5 restore without -st that failed on an assertion
        Result r = Cli.run("advise", "src/test/resources/published/fb5-issue7992-assertion.log");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out())
                .contains("  nothing to advise: the restore failed (gbak: Assertion (space > 0) failure:")
                .contains(": make it restore first; the log has no times (restore with gbak -v -st tdrw, or gbakprof"
                        + " run)");
        // FirebirdSQL/firebird#7465: a Firebird 3 restore that could not activate an index; in the JSON too
        Result small = Cli.run("advise", "--json", "src/test/resources/published/fb3-issue7465-quoted.log");
        assertThat(small.code()).as(small.err()).isZero();
        assertThat(small.out()).contains("\"nothingBecause\" : \"the restore failed (gbak: cannot commit index");
    }
}
