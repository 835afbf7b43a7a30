package dev.gbakprof.output;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.stats.Analysis;
import dev.gbakprof.stats.Comparison;
import dev.gbakprof.stats.Measure;
import dev.gbakprof.stats.Verdict;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The headline's direction is the verdict's. Twenty alternating rounds whose load drifts: in the 8 light rounds (1.0 s)
 * X takes 10 % longer than Y, in the 12 heavy ones (2.0 s) 1 % less. Paired by round X is slower (1.03×, the interval
 * above 1); X's median (1.98 s) is below Y's (2.00 s). The headline read the medians alone ("X restored in 1.98 s, 1%
 * less time than Y"), beside a verdict "X is 1.03× slower than Y".
 */
class HeadlineDirectionTest {
    private static final Instant T0 = Instant.parse("2026-12-07T23:00:00Z");

    private static RestoreRun run(String label, int second, double total) {
        return RestoreRun.builder()
                .label(label)
                .startedAt(T0.plusSeconds(second).toString())
                .status(RunStatus.COMPLETED)
                .totalSeconds(total)
                .build();
    }

    private static List<RestoreRun> drifting(String third) {
        List<RestoreRun> runs = new ArrayList<>();
        for (int round = 0; round < 20; round++) {
            double y = round < 8 ? 1.0 : 2.0;
            double x = round < 8 ? 1.1 : 1.98;
            runs.add(run("Y", 10 * round, y));
            runs.add(run("X", 10 * round + 3, x));
            if (third != null) {
                runs.add(run(third, 10 * round + 6, y * 2));
            }
        }
        return runs;
    }

    @Test
    void aPairedVerdictAgainstTheMediansLeadsTheHeadline() {
        Analysis a = Analysis.of(drifting(null), "Y");
        Comparison c = a.comparison(1, Measure.TOTAL);
        assertThat(c.method()).isEqualTo(Comparison.Method.PAIRED);
        assertThat(c.verdict()).isEqualTo(Verdict.SLOWER);
        assertThat(a.headline().faster().label()).isEqualTo("Y");
        assertThat(HeadlineText.of(Grouped.of(a), Texts.of(Lang.EN)).headline())
                .isEqualTo("Y is 1.03× faster than X by the test, though the medians do not show it (2.00 s against"
                        + " 1.98 s), 20 runs each.");
        assertThat(HeadlineText.of(Grouped.of(a), Texts.of(Lang.ES)).headline())
                .isEqualTo("Y es 1,03× más rápido que X según la prueba, aunque las medianas no lo muestran (2,00 s"
                        + " frente a 1,98 s), 20 ejecuciones cada una.");
    }

    @Test
    void aRankedConfigurationSaysItsVerdictNotTheMediansShare() {
        Analysis a = Analysis.of(drifting("Z"), "Y");
        assertThat(HeadlineText.of(Grouped.of(a), Texts.of(Lang.EN)).headline())
                .startsWith("Against Y (2.00 s, median of 20 runs): X 1.98 s (1.03× slower by the test, not by the"
                        + " medians); Z");
    }
}
