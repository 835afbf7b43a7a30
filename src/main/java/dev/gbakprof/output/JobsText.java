package dev.gbakprof.output;

import dev.gbakprof.history.JobOutcome;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/** {@code run --jobs}' summary: one line per job, as {@link TextTable} writes it. */
public final class JobsText {
    private JobsText() {}

    /**
     * The table: each job's label, status, total, RTO, how the total stands against it, and its run folder or why.
     *
     * @param durations how a number of seconds is written, {@code null} too (the report's formatter)
     */
    public static String summary(List<JobOutcome> done, Function<Double, String> durations) {
        List<List<String>> rows = new ArrayList<>();
        for (JobOutcome d : done) {
            String rto = d.rtoText() == null ? "-" : d.rtoText();
            if (d.run() == null) {
                rows.add(List.of(d.label(), d.status(), "-", rto, "-", d.why()));
                continue;
            }
            Double total = d.run().totalSeconds();
            rows.add(List.of(
                    d.label(),
                    d.status(),
                    durations.apply(total),
                    rto,
                    d.standing(durations::apply),
                    d.runDir().toString()));
        }
        return TextTable.of(List.of("LABEL", "STATUS", "TOTAL", "RTO", "VS RTO", "RUN FOLDER OR WHY"), rows);
    }
}
