package dev.gbakprof.history;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.model.ExitCode;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.store.RunJson;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The one RTO rule, as {@code check}, {@code history} and {@code run --jobs} apply it, on real records of restores of
 * the small fixture (src/test/resources/output/runs: 0.135 s, and one of 2.0 s).
 */
class RtoTest {
    static final Path RUNS = Path.of("src/test/resources/output/runs");

    /** The record of a run folder of {@link #RUNS}. */
    static RestoreRun record(String folder) {
        return RunJson.read(RUNS.resolve(folder).resolve("run.json")).get(0);
    }

    @Test
    void aTotalEqualToTheObjectiveIsWithinItAndAMillisecondMoreIsOver() {
        Rto rto = new Rto(Duration.ofMillis(2000));
        assertThat(rto.seconds()).isEqualTo(2.0);
        assertThat(rto.exceededBy(2.0)).isFalse();
        assertThat(rto.exceededBy(2.001)).isTrue();
        assertThat(rto.exceededBy(null)).isFalse(); // unknown is not over
        assertThat(rto.warningSeconds()).isEqualTo(1.6);
        assertThat(rto.nearlyExceededBy(1.6)).isFalse();
        assertThat(rto.nearlyExceededBy(1.601)).isTrue();
        assertThat(Rto.of(null)).isNull();
    }

    @Test
    void theStandingSaysTheShareOrByHowMuchItIsOver() {
        Rto rto = new Rto(Duration.ofSeconds(4));
        assertThat(rto.standing(2.5, s -> s + " s")).isEqualTo("62 % of it"); // 62.5, half to even (Rounding)
        assertThat(rto.standing(0.01, s -> s + " s")).isEqualTo("under 1 % of it"); // 0.25 %: not "0 % of it"
        assertThat(rto.standing(0.02, s -> s + " s")).isEqualTo("under 1 % of it"); // 0.5 %: 0, half to even
        assertThat(rto.standing(0.06, s -> s + " s")).isEqualTo("2 % of it"); // 1.5 %
        assertThat(rto.standing(5.25, s -> s + " s")).isEqualTo("over by 1.25 s");
        assertThat(rto.standing(null, s -> s + " s")).isEqualTo("unknown");
    }

    @Test
    void historyAndJobsJudgeTheSameRecordAlike() {
        RestoreRun slow = record("20260101-080000-small.fbk-embedded"); // completed in 2.0 s
        assertThat(slow.totalSeconds()).isEqualTo(2.0);
        Trend.Point p = new Trend.Point(RUNS, slow, java.time.Instant.EPOCH, null, null);
        for (long ms : List.of(1999L, 2000L, 2001L)) {
            Duration d = Duration.ofMillis(ms);
            boolean over = new Rto(d).exceededBy(slow.totalSeconds());
            assertThat(p.withinRto(d)).as("%d ms", ms).isEqualTo(!over);
            JobOutcome job = JobOutcome.ran("nightly", ms + "ms", d, ExitCode.OK, slow, RUNS);
            assertThat(job.code()).as("%d ms", ms).isEqualTo(over ? ExitCode.FAILED : ExitCode.OK);
            assertThat(job.status()).isEqualTo(over ? "over its RTO" : "completed");
        }
        assertThat(p.withinRto(null)).isNull();
    }
}
