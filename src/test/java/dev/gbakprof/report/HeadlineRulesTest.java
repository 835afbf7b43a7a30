package dev.gbakprof.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.Samples;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.stats.Analysis;
import dev.gbakprof.stats.NoteCode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The headline's rules (README "How a comparison is judged") on the real samples. */
class HeadlineRulesTest {
    private static final ReportSettings EN = ReportSettings.defaults(Lang.EN);

    @TempDir
    Path tmp;

    private static String headline(List<RestoreRun> runs) {
        return new ReportPage().drawing(Analysis.of(runs, null), EN).headline();
    }

    private static List<RestoreRun> labelled(List<RestoreRun> runs, String label) {
        return runs.stream().map(r -> r.withLabel(label)).toList();
    }

    @Test
    void restoresThatDidNotFinishLeadTheHeadlineAndNoComparisonIsClaimedFromTheOthers() throws Exception {
        List<RestoreRun> runs = new ArrayList<>(labelled(Samples.fullCpu(), "A"));
        runs.add(Samples.log("shop-cut.log", "B"));
        runs.add(Samples.log("dupfail-tdrw.log", "B"));
        runs.add(Samples.log("shop-tdrw.log", "B"));
        String h = headline(runs);
        assertThat(h)
                .isEqualTo("A: 13.0 s (median of 3 runs). B: 2 of 3 restores did not finish; the one that did "
                        + "took 11.6 s.");
        assertThat(h).doesNotContain("less time");
        assertThat(Analysis.of(runs, null).noteCodes())
                .startsWith(NoteCode.RUNS_FAILED, NoteCode.INDEX_FAILED, NoteCode.RUNS_INCOMPLETE);
    }

    @Test
    void aConfigurationWhoseRestoreFailedAtGbaksStartLeadsAndTheOthersKeepTheirTime() {
        // a real gbak 3.0.11 log of a restore from a backup file that does not exist: no timed line at all
        List<RestoreRun> runs = List.of(
                Samples.log("shop-tdrw.log", "A"),
                dev.gbakprof.store.RunInputs.load(Path.of("src/test/resources/more-logs/small-missing.log"), "B")
                        .get(0));
        assertThat(headline(runs)).isEqualTo("A: 11.6 s (1 run). B: 1 of 1 restore did not finish.");
    }

    @Test
    void moreThanTwoConfigurationsAreEachRankedAgainstTheBaseline() {
        List<RestoreRun> runs = new ArrayList<>(labelled(Samples.fullCpu(), "full"));
        runs.addAll(labelled(Samples.quota(), "quota"));
        runs.add(Samples.log("shop-tdrw.log", "one"));
        assertThat(headline(runs))
                .isEqualTo("Against full (13.0 s, median of 3 runs): one 11.6 s (11% less time, "
                        + "spread unknown); quota 26.4 s (104% more time).");
    }

    @Test
    void identicalInputsUnderTwoLabelsStayWithinNoise() {
        List<RestoreRun> runs = new ArrayList<>(labelled(Samples.fullCpu(), "A"));
        runs.addAll(labelled(Samples.fullCpu(), "B"));
        Analysis a = Analysis.of(runs, null);
        assertThat(a.comparison(1, dev.gbakprof.stats.Measure.TOTAL).verdict())
                .isEqualTo(dev.gbakprof.stats.Verdict.WITHIN_NOISE);
        assertThat(headline(runs)).startsWith("A and B restored in about the same time");
    }
}
