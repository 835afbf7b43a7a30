package dev.gbakprof.output;

import dev.gbakprof.history.Band;
import dev.gbakprof.history.Check;
import dev.gbakprof.history.CheckFacts;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code check --json} ({@value #SCHEMA}): the state, its exit code and line, the judged run, its band, the thresholds
 * and the reasons. What is not known is {@code null}, never 0.
 *
 * @param run     the judged run, {@code null} when nothing was judged
 * @param reasons the line without its state: one reason
 */
public record CheckJson(
        String schema,
        String status,
        int code,
        String text,
        String backup,
        String label,
        Run run,
        Band band,
        Thresholds thresholds,
        List<String> reasons) {
    /** The schema. */
    public static final String SCHEMA = "gbakprof.check/1";

    /**
     * The judged run folder.
     *
     * @param status {@code completed}, {@code failed}, {@code incomplete}, {@code running}, {@code no record}, {@code refused},
     *               {@code damaged}
     * @param phases     the phases of a completed restore, {@code null} otherwise
     * @param validation gfix's validation of the restored database ({@code run --validate}): {@code passed},
     *                   {@code warnings} or {@code failed}; {@code null} when none ran
     */
    public record Run(
            String folder,
            String startedAt,
            Double ageSeconds,
            String status,
            Double totalSeconds,
            Map<String, Double> phases,
            Long rows,
            String validation) {}

    /** The totals and age {@code check} judges by: {@code null} when not given. */
    public record Thresholds(
            Double warningSeconds,
            Double criticalSeconds,
            Double rtoSeconds,
            Double maxAgeSeconds,
            Double slowerPercent) {}

    /** The verdict and its facts ({@code null}: nothing was judged) as {@code check --json} writes them. */
    public static CheckJson of(Check.Result result, CheckFacts f) {
        Run run = null;
        if (f != null && f.status() != null) {
            Map<String, Double> phases = new LinkedHashMap<>();
            f.phases().forEach((ph, s) -> phases.put(ph.label(), s));
            run = new Run(
                    f.folder() == null ? null : f.folder().toString(),
                    f.startedAt() == null ? null : f.startedAt().toString(),
                    f.ageSeconds(),
                    f.status(),
                    f.total(),
                    phases.isEmpty() ? null : phases,
                    f.total() == null ? null : f.run().rows(),
                    f.run() == null || f.run().validation() == null
                            ? null
                            : f.run().validation().result().toString());
        }
        Thresholds thresholds = f == null
                ? new Thresholds(null, null, null, null, null)
                : new Thresholds(
                        f.warningSeconds(),
                        f.criticalSeconds(),
                        f.criticalSeconds(),
                        f.maxAge() == null ? null : f.maxAge().toMillis() / 1000.0,
                        f.slowerPct());
        return new CheckJson(
                SCHEMA,
                result.state().toString(),
                result.state().exitCode(),
                result.line(),
                f == null ? null : f.backup(),
                f == null ? null : f.label(),
                run,
                f == null ? null : f.band(),
                thresholds,
                List.of(result.line().replaceFirst("^[A-Z]+: ", "")));
    }
}
