package dev.gbakprof.history;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.model.ExitCode;
import dev.gbakprof.model.RestoreRun;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code run --jobs}' judging of each job, on real records (src/test/resources/output/runs). */
class JobOutcomeTest {
    private static final Path RUNS = RtoTest.RUNS;

    private static RestoreRun record(String folder) {
        return RtoTest.record(folder);
    }

    @Test
    void eachJobGetsItsCodeAndStatusAndTheWorstCodeIsTheExitCode() {
        RestoreRun fast = record("20260101-000000-small.fbk-embedded"); // 0.135 s
        RestoreRun failed = record("20260101-040000-small.fbk-embedded");
        RestoreRun slow = record("20260101-080000-small.fbk-embedded"); // 2.0 s
        Duration oneSecond = Duration.ofSeconds(1);
        List<JobOutcome> jobs = List.of(
                JobOutcome.ran("a", "1s", oneSecond, ExitCode.OK, fast, RUNS),
                JobOutcome.ran("b", "1s", oneSecond, ExitCode.OK, slow, RUNS),
                JobOutcome.ran("c", null, null, ExitCode.FAILED, failed, RUNS),
                JobOutcome.ran("d", "1s", oneSecond, ExitCode.INTERRUPTED, slow, RUNS),
                JobOutcome.none("e", null, null, ExitCode.BAD_INPUT, "--backup x.fbk: no such file"),
                JobOutcome.none("f", "1s", oneSecond, ExitCode.INTERRUPTED, "not started (Ctrl-C)"));
        assertThat(jobs)
                .extracting(JobOutcome::code)
                .containsExactly(
                        ExitCode.OK,
                        ExitCode.FAILED,
                        ExitCode.FAILED,
                        ExitCode.INTERRUPTED,
                        ExitCode.BAD_INPUT,
                        ExitCode.INTERRUPTED);
        assertThat(jobs)
                .extracting(JobOutcome::status)
                .containsExactly("completed", "over its RTO", "failed", "completed (Ctrl-C)", "refused", "not started");
        assertThat(jobs)
                .extracting(j -> j.standing(s -> String.format(java.util.Locale.ROOT, "%.3f s", s)))
                .containsExactly("14 % of it", "over by 1.000 s", "-", "over by 1.000 s", "-", "unknown");
        assertThat(JobOutcome.worst(jobs)).isEqualTo(ExitCode.INTERRUPTED);
        assertThat(JobOutcome.counts(jobs))
                .isEqualTo("6 jobs: 1 completed, 1 completed (Ctrl-C), 1 failed, 1 not started, 1 over its RTO,"
                        + " 1 refused");
        assertThat(JobOutcome.worst(List.of())).isEqualTo(ExitCode.OK);
    }
}
