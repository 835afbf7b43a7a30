package dev.gbakprof.output;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.testutil.Cli;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One rounding of an interval: a 95 % CI was once printed 1.28–1.38 in the headline and 1.29–1.38 in the table. The verdict
 * sentence and the table cell of one comparison show the same interval, whichever side is the baseline.
 */
class OneRoundingTest {
    private static final Pattern CI = Pattern.compile("95% CI (\\d+\\.\\d+–\\d+\\.\\d+)");

    @Test
    void theHeadlineAndTheTableShowOneInterval(@TempDir Path dir) {
        for (String baseline : List.of("cpu-quota-50", "full-cpu")) {
            Cli.Result r = Cli.run(
                    "compare",
                    "--label-from",
                    "dir",
                    "--baseline",
                    baseline,
                    "--out",
                    dir.resolve(baseline).toString(),
                    "samples/ab/cpu-quota-50/run1.log",
                    "samples/ab/cpu-quota-50/run2.log",
                    "samples/ab/cpu-quota-50/run3.log",
                    "samples/ab/full-cpu/run1.log",
                    "samples/ab/full-cpu/run2.log",
                    "samples/ab/full-cpu/run3.log");
            assertThat(r.code()).as(r.err()).isZero();
            Matcher m = CI.matcher(r.out());
            List<String> intervals = m.results().map(x -> x.group(1)).toList();
            assertThat(intervals).as(r.out()).hasSizeGreaterThanOrEqualTo(2).containsOnly(intervals.get(0));
        }
    }
}
