package dev.gbakprof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.gbakprof.model.ExitCode;
import dev.gbakprof.output.Lang;
import dev.gbakprof.output.Settled;
import dev.gbakprof.output.Texts;
import dev.gbakprof.stats.Analysis;
import dev.gbakprof.store.RunInputs;
import dev.gbakprof.testutil.Cli;
import dev.gbakprof.testutil.Cli.Result;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
                        "Prove it: on the machine that restores: gbakprof plan --check, then gbakprof matrix",
                        "How sure: low (inferred from the log alone");
    }

    /**
     * {@code experiments/route}: {@code matrix --vary 'route:embedded,localhost,service' --repeat 4} of a 27.5 MB backup
     * with the real gbak 3.0 (a loaded machine). The route measured slower is settled (keep embedded), and the TCP
     * configuration's remote-route hint is measured, first and high, its basis the comparison's sentence.
     */
    @Test
    void aRouteMatrixSettlesTheSlowerRouteAndMeasuresTheRemoteRouteHint() throws Exception {
        Result r = Cli.run("advise", "--json", "src/test/resources/experiments/route");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode json = JsonMapper.builder().build().readTree(r.out());
        JsonNode settled = json.get("settled");
        assertThat(settled).hasSize(2);
        assertThat(settled.get(0).get("candidate").asText()).isEqualTo("localhost");
        assertThat(settled.get(0).get("verdict").asText()).isEqualTo("slower");
        assertThat(settled.get(0).get("advice").asText()).isEqualTo("keep-baseline");
        assertThat(settled.get(0).get("sentence").asText())
                .isEqualTo("localhost is 4.96× slower than embedded, more than the run-to-run spread explains (95% CI"
                        + " 3.10–7.95, slower in 4 of 4 rounds: paired t-test by round). Keep embedded: these runs show"
                        + " this change costs time.");
        assertThat(settled.get(1).get("advice").asText()).isEqualTo("not-shown");
        JsonNode configs = json.get("configurations");
        assertThat(configs.findValuesAsText("label")).containsExactly("embedded", "localhost", "service");
        JsonNode tcp = configs.get(1).get("hints");
        assertThat(tcp.get(0).get("code").asText()).isEqualTo("remote-route");
        assertThat(tcp.get(0).get("certainty").asText()).isEqualTo("high");
        assertThat(tcp.get(0).get("basis").asText())
                .isEqualTo("measured here against the restores embedded: localhost is 4.96× slower than embedded, more"
                        + " than the run-to-run spread explains (95% CI 3.10–7.95, slower in 4 of 4 rounds: paired"
                        + " t-test by round)");
        assertThat(tcp.findValuesAsText("code")).containsExactly("remote-route", "cpu-starved");
        assertThat(configs.get(0).get("hints").findValuesAsText("code")).doesNotContain("remote-route");
        // one configuration alone: the hint says what it can without a measurement
        Result alone = Cli.run("advise", "--json", "src/test/resources/experiments/route/20261207-172132-localhost-m5");
        JsonNode hint = JsonMapper.builder()
                .build()
                .readTree(alone.out())
                .get("configurations")
                .get(0)
                .get("hints")
                .findParents("code")
                .stream()
                .filter(h -> h.get("code").asText().equals("remote-route"))
                .findFirst()
                .orElseThrow();
        assertThat(hint.get("certainty").asText()).isEqualTo("medium");
    }

    /**
     * Configurations faster or slower that also differ in what the labels do not name (here the route, labels "emb" and
     * "tcp"): the difference may be that one's; the advice says so rather than adopt either.
     */
    @Test
    void aDifferenceThatAlsoDiffersInSomethingElseIsNotAdopted() {
        List<String> args = new ArrayList<>(List.of("advise"));
        for (String f :
                new String[] {"172005-embedded-m1", "172013-embedded-m2", "172225-embedded-m7", "172246-embedded-m9"}) {
            args.add("emb=src/test/resources/experiments/route/20261207-" + f);
        }
        args.add("emb=src/test/resources/experiments/route/20261207-172338-embedded-m11");
        for (String f : new String[] {"172030-localhost-m3", "172132-localhost-m5", "172254-localhost-m10"}) {
            args.add("tcp=src/test/resources/experiments/route/20261207-" + f);
        }
        args.add("tcp=src/test/resources/experiments/route/20261207-172347-localhost-m12");
        Result r = Cli.run(args.toArray(String[]::new));
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out())
                .contains("  [also-differs] tcp is 4.96× slower than emb, more than the run-to-run spread explains"
                        + " (95% CI 3.10–7.95, slower in 4 of 4 rounds: paired t-test by round). But the two also differ"
                        + " in route, which may be what made the difference: vary one thing at a time before you adopt"
                        + " either.");
    }

    @Test
    void anUnreadableInputIsOneLineAndExit2() {
        Result r = Cli.run("advise", "no-such.log");
        assertThat(r.code()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(r.err().lines()).hasSize(1);
        assertThat(r.err()).contains("no-such.log");
        // a runs folder mistyped is not called a log: every input report, compare and advise take is named
        for (String command : new String[] {"advise", "report", "compare"}) {
            Result missing = Cli.run(command, "no-such-runs");
            assertThat(missing.code()).as(command).isEqualTo(ExitCode.BAD_INPUT);
            assertThat(missing.err())
                    .as(command)
                    .isEqualTo("gbakprof: no-such-runs: no such file or folder; expected a gbak log, a run record"
                            + " (run.json), a run folder or a folder of them\n");
        }
    }

    /** The runs that did not finish are counted apart: the hints read the median of those that did. */
    @Test
    void theRunsThatDidNotFinishAreSaidApartFromTheOneTheHintsRead() throws Exception {
        String logs = "src/test/resources/logs/";
        Result r = Cli.run("advise", "shop=" + logs + "shop-tdrw.log", "shop=" + logs + "shop-cut.log");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).startsWith("What to try: shop (2 runs, 1 finished: " + logs + "shop-tdrw.log)\n");
        Result three = Cli.run(
                "advise",
                "shop=" + logs + "shop-tdrw.log",
                "shop=" + logs + "shop-cut.log",
                "shop=" + logs + "shop-t.log");
        assertThat(three.out()).startsWith("What to try: shop (3 runs, 2 finished; the median of those: ");
        JsonNode json = JsonMapper.builder()
                .build()
                .readTree(Cli.run("advise", "--json", "shop=" + logs + "shop-tdrw.log", "shop=" + logs + "shop-cut.log")
                        .out());
        JsonNode shop = json.get("configurations").get(0);
        assertThat(shop.get("runs").asInt()).isEqualTo(2);
        assertThat(shop.get("finished").asInt()).isEqualTo(1);
        assertThat(Cli.run("advise", "src/test/resources/old-records/timeout-in-index")
                        .out())
                .startsWith("What to try: shop.fbk, embedded (1 run, not finished)\n");
    }

    @Test
    void nothingToAdviseSaysWhy() {
        // FirebirdSQL/firebird#7992: a Firebird 5 restore without -st that failed on an assertion
        Result r = Cli.run("advise", "src/test/resources/published/fb5-issue7992-assertion.log");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out())
                .contains("  nothing to advise: the restore failed (Assertion (space > 0) failure:")
                .contains(": make it restore first; the log has no times (restore with gbak -v -st tdrw, or gbakprof"
                        + " run)");
        // FirebirdSQL/firebird#7465: a Firebird 3 restore that could not activate an index; in the JSON too
        Result small = Cli.run("advise", "--json", "src/test/resources/published/fb3-issue7465-quoted.log");
        assertThat(small.code()).as(small.err()).isZero();
        // gbak's error, not the line it prints before it (cannot commit index FK_...)
        assertThat(small.out())
                .contains("\"nothingBecause\" : \"the restore failed (ERROR:violation of FOREIGN KEY constraint"
                        + " \\\"FK_NAGL_NAGL_ID_B_NAGL_BL\\\" on table \\\"NAGL\\\": Foreign key reference target does"
                        + " not exist: Problematic key value is (\\\"ID_NAGL\\\" = 278228)): make it restore first;");
    }

    /**
     * {@code experiments/warm}: {@code matrix --vary 'gbak:-bu 100,8000' --repeat 3} and one warm-up, made with the
     * real gbak (scripts/make-experiments.sh): -bu 8000 1.14× faster, 95% CI 0.93–1.40, 3 of 3 rounds.
     */
    private static final String WARM = "src/test/resources/experiments/warm";

    @Test
    void aSwitchTheRunsCannotTellApartIsNotShownToPayWithTheRoundsThatWouldTell() {
        Result r = Cli.run("advise", WARM);
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out())
                .contains("What the comparison settled:\n  [not-shown] -bu 8000 against -bu 100: cannot tell;")
                .contains("about 5 rounds would tell. Nothing shows yet that this change pays; until those rounds"
                        + " tell, keep the baseline (-bu 100).\n")
                .doesNotContain("Stop tuning", "simpler"); // neither -bu 100 nor -bu 8000 is simpler: the baseline is
        // in every language, naming the baseline
        Analysis warm = Analysis.of(RunInputs.load(Path.of(WARM), null), null);
        for (Lang lang : Lang.values()) {
            assertThat(Settled.of(warm, Texts.of(lang)).get(0).sentence())
                    .as(lang.tag())
                    .contains(" (-bu 100)");
        }
        // the warm-up is set aside here as by compare: 3 counted runs a side
        assertThat(r.out()).contains("What to try: -bu 100 (3 runs,").contains("What to try: -bu 8000 (3 runs,");
    }

    @Test
    void aSwitchWhoseWholeIntervalLiesWithinTheMarginIsOneToStopTuning() throws Exception {
        Result r = Cli.run("advise", "--json", "--margin", "50", WARM);
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode settled = JsonMapper.builder().build().readTree(r.out()).get("settled");
        assertThat(settled).hasSize(1);
        assertThat(settled.get(0).get("baseline").asText()).isEqualTo("-bu 100");
        assertThat(settled.get(0).get("candidate").asText()).isEqualTo("-bu 8000");
        assertThat(settled.get(0).get("verdict").asText()).isEqualTo("same");
        assertThat(settled.get(0).get("advice").asText()).isEqualTo("stop-tuning");
        assertThat(settled.get(0).get("sentence").asText())
                .startsWith("-bu 8000 against -bu 100: the same within ±50%: 1.14× faster, and the whole 95% CI"
                        + " 0.93–1.40 lies within ±50%")
                .endsWith("Stop tuning this: the restore takes the same time either way; spend the effort elsewhere.");
    }

    @Test
    void aChangeThatIsFasterBeyondTheSpreadIsAdoptedAndASingleConfigurationSettlesNothing() throws Exception {
        // experiments/cold: -bu 8000 1.13× faster, 95% CI 1.01–1.27, nothing else differs: it pays
        Result cold = Cli.run("advise", "--json", "src/test/resources/experiments/cold");
        JsonNode settled = JsonMapper.builder().build().readTree(cold.out()).get("settled");
        assertThat(settled).hasSize(1);
        assertThat(settled.get(0).get("verdict").asText()).isEqualTo("faster");
        assertThat(settled.get(0).get("advice").asText()).isEqualTo("adopt");
        assertThat(settled.get(0).get("sentence").asText())
                .isEqualTo("-bu 8000 is 1.13× faster than -bu 100, more than the run-to-run spread explains (95% CI"
                        + " 1.01–1.27, faster in 3 of 3 rounds: paired t-test by round). Adopt it: these runs show it"
                        + " pays.");
        Result one = Cli.run("advise", "--json", "samples/shop-tdrw.log");
        assertThat(JsonMapper.builder().build().readTree(one.out()).get("settled"))
                .isEmpty();
        assertThat(Cli.run("advise", "--margin", "0", WARM).code()).isEqualTo(ExitCode.BAD_INPUT);
    }
}
