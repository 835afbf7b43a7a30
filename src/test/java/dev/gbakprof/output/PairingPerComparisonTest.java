package dev.gbakprof.output;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.model.Column;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.stats.Analysis;
import dev.gbakprof.stats.Comparison;
import dev.gbakprof.stats.Measure;
import dev.gbakprof.stats.NoteCode;
import dev.gbakprof.stats.Verdict;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Each comparison is paired on its own. Y and X alternate for 20 rounds whose load drifts (X 10 % slower in 8 light
 * rounds, 1 % faster in 12 heavy ones): paired by round X is 1.03× slower, which Welch's test on the two groups cannot
 * tell. A log without a start time given beside them (a published log: no order to cut) made every comparison Welch,
 * X's too.
 */
class PairingPerComparisonTest {
    private static final Instant T0 = Instant.parse("2026-12-07T23:00:00Z");

    private static RestoreRun run(String label, Instant at, double total) {
        return RestoreRun.builder()
                .label(label)
                .startedAt(at == null ? null : at.toString())
                .status(RunStatus.COMPLETED)
                .totalSeconds(total)
                .columns(List.of(Column.TIME))
                .build();
    }

    /** The drifting rounds of Y and X, then {@code logs} runs of L without a start time. */
    private static List<RestoreRun> runs(int logs) {
        List<RestoreRun> runs = new ArrayList<>();
        for (int round = 0; round < 20; round++) {
            runs.add(run("Y", T0.plusSeconds(10L * round), round < 8 ? 1.0 : 2.0));
            runs.add(run("X", T0.plusSeconds(10L * round + 3), round < 8 ? 1.1 : 1.98));
        }
        for (int i = 0; i < logs; i++) {
            runs.add(run("L", null, 3.0 + i / 10.0));
        }
        return runs;
    }

    @Test
    void aLogWithoutAStartTimeLeavesTheOtherComparisonPaired() {
        Analysis a = Analysis.of(runs(1), "Y");
        assertThat(a.groups().stream().map(g -> g.label())).containsExactly("Y", "X", "L");
        var x = a.comparison(1, Measure.TOTAL);
        assertThat(x.method()).isEqualTo(Comparison.Method.PAIRED);
        assertThat(x.pairs()).isEqualTo(20);
        assertThat(x.verdict()).isEqualTo(Verdict.SLOWER);
        assertThat(a.comparison(2, Measure.TOTAL).method()).isNull(); // one run: no test
        // the JSON's method of each comparison, and the runs of all three together do not cut into rounds
        AnalysisJson json = AnalysisJson.of(a, "en", "", List.of());
        assertThat(json.comparisons().stream()
                        .filter(c -> c.measure().equals("total"))
                        .map(c -> c.label() + " " + c.method() + " " + c.pairs()))
                .containsExactly("X paired 20", "L null null");
        assertThat(json.pairing().reason()).isEqualTo("no-start-times");
        // one run of L: no test of it, so no note on how it was tested, and the one test made is paired
        assertThat(a.notes()).noneMatch(n -> n.code() == NoteCode.UNPAIRED);
        assertThat(VerdictText.footer(a, Texts.of(Lang.EN)))
                .contains("Paired by round")
                .doesNotContain("Welch");
    }

    @Test
    void theNoteNamesTheComparisonThatFellBackToWelchAndWhy() {
        Analysis a = Analysis.of(runs(3), "Y");
        assertThat(a.comparison(1, Measure.TOTAL).verdict()).isEqualTo(Verdict.SLOWER);
        assertThat(a.comparison(2, Measure.TOTAL).method()).isEqualTo(Comparison.Method.WELCH);
        assertThat(VerdictText.footer(a, Texts.of(Lang.EN)))
                .contains("Paired by round")
                .contains("or a comparison's runs cannot be cut into rounds (its note says why), Welch's");
        List<String> unpaired = a.notes().stream()
                .filter(n -> n.code() == NoteCode.UNPAIRED)
                .map(n -> NoteText.of(n, Texts.of(Lang.EN)).message())
                .toList();
        assertThat(unpaired)
                .containsExactly("L against Y: Compared as unpaired groups (Welch): the logs do not say when their"
                        + " restores started, so they cannot be paired by round. Runs made with gbakprof run or matrix"
                        + " can. The other comparisons are paired by round, or say why not.");
        assertThat(a.notes().stream()
                        .filter(n -> n.code() == NoteCode.UNPAIRED)
                        .map(n -> NoteText.of(n, Texts.of(Lang.TR)).message()))
                .singleElement()
                .asString()
                .startsWith("L ile Y: Eşleştirilmemiş gruplar olarak karşılaştırıldı (Welch)")
                .endsWith(
                        "Diğer karşılaştırmalar turlara göre eşleştirildi ya da neden eşleştirilmediklerini söylüyor.");
    }

    @Test
    void everyComparisonUnpairedForOneReasonIsOneNoteAsBefore() {
        List<RestoreRun> runs = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            runs.add(run("Y", null, 1.0 + i / 10.0));
            runs.add(run("X", null, 1.5 + i / 10.0));
        }
        Analysis a = Analysis.of(runs, "Y");
        assertThat(a.notes().stream()
                        .filter(n -> n.code() == NoteCode.UNPAIRED)
                        .map(n -> NoteText.of(n, Texts.of(Lang.EN)).message()))
                .containsExactly("Compared as unpaired groups (Welch): the logs do not say when their restores started,"
                        + " so they cannot be paired by round. Runs made with gbakprof run or matrix can.");
    }
}
