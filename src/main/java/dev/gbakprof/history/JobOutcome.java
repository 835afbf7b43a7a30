package dev.gbakprof.history;

import dev.gbakprof.model.ExitCode;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.DoubleFunction;

/**
 * What one job of {@code run --jobs} came to, judged: its exit code (a restore that completed over the job's RTO
 * fails it, {@link ExitCode#FAILED}), its record (none when it was refused or never started), and its status word.
 *
 * @param label   the job's label
 * @param rtoText the job's {@code rto} as its jobs file writes it ({@code 4h}), or {@code null}
 * @param rto     that objective, or {@code null}
 * @param code    the job's exit code, judged
 * @param run     the record of its last restore, {@code null} when none was made
 * @param runDir  that record's run folder, {@code null} when none was made
 * @param why     why no restore was made, {@code null} when one was
 */
public record JobOutcome(
        String label, String rtoText, Duration rto, int code, RestoreRun run, Path runDir, String why) {

    /**
     * A job that made a restore: its run's exit code, made {@link ExitCode#FAILED} when the restore worked but took
     * longer than the job's RTO.
     */
    public static JobOutcome ran(String label, String rtoText, Duration rto, int runCode, RestoreRun run, Path runDir) {
        Rto objective = Rto.of(rto);
        int judged = runCode == ExitCode.OK && objective != null && objective.exceededBy(run.totalSeconds())
                ? ExitCode.FAILED // the restore worked, too slowly for its objective
                : runCode;
        return new JobOutcome(label, rtoText, rto, judged, run, runDir, null);
    }

    /** A job that made no restore (refused, or not started after a Ctrl-C): its exit code and why. */
    public static JobOutcome none(String label, String rtoText, Duration rto, int code, String why) {
        return new JobOutcome(label, rtoText, rto, code, null, null, why);
    }

    /**
     * {@code completed}, {@code failed}, {@code over its RTO}, {@code incomplete (Ctrl-C)}, {@code refused}, {@code not
     * started}.
     */
    public String status() {
        if (run == null) {
            return code == ExitCode.INTERRUPTED ? "not started" : "refused";
        }
        if (code == ExitCode.INTERRUPTED) {
            return run.status() + " (Ctrl-C)";
        }
        return code == ExitCode.FAILED && run.status() == RunStatus.COMPLETED
                ? "over its RTO"
                : run.status().toString();
    }

    /** How the total stands against the RTO ({@link Rto#standing}); {@code -} without an RTO. */
    public String standing(DoubleFunction<String> durations) {
        Rto objective = Rto.of(rto);
        return objective == null ? "-" : objective.standing(run == null ? null : run.totalSeconds(), durations);
    }

    /** The worst exit code of the jobs: what {@code run --jobs} exits with. */
    public static int worst(List<JobOutcome> jobs) {
        return jobs.stream().mapToInt(JobOutcome::code).max().orElse(ExitCode.OK);
    }

    /** {@code 2 jobs: 1 completed, 1 refused}: the jobs counted by status, in the statuses' alphabetical order. */
    public static String counts(List<JobOutcome> jobs) {
        Map<String, Integer> n = new TreeMap<>();
        for (JobOutcome j : jobs) {
            n.merge(j.status(), 1, Integer::sum);
        }
        List<String> parts = new ArrayList<>();
        n.forEach((k, v) -> parts.add(v + " " + k));
        return jobs.size() + (jobs.size() == 1 ? " job: " : " jobs: ") + String.join(", ", parts);
    }
}
