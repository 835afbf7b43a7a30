package dev.gbakprof.history;

import dev.gbakprof.model.RunStatus;
import dev.gbakprof.model.UtcMinute;
import dev.gbakprof.store.RunFolders;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.DoubleFunction;

/**
 * The runs of a job since its last completed restore, for a refused login: one night's refused login is a
 * configuration problem (UNKNOWN), but a login refused night after night leaves the backup untested, and once the last
 * completed restore started longer ago than {@code --max-age} that is CRITICAL, as any job that stopped restoring is.
 *
 * @param lastCompleted when the last completed restore started, or {@code null} when none completed
 * @param firstRun      when the first run of the job started (of records and run folders), or {@code null}
 * @param runs          the runs since the last completed restore (all of them when none completed)
 * @param logins        of those, the runs refused at their login
 */
record LoginNights(Instant lastCompleted, Instant firstRun, int runs, int logins) {

    /** The runs of {@code trend} (may be {@code null}) and of the run folders without a usable record, {@code unjudged}. */
    static LoginNights of(Trend trend, List<RunFolders.Folder> unjudged) {
        List<Trend.Point> points = trend == null ? List.of() : trend.points();
        Instant last = null;
        Instant first = null;
        for (Trend.Point p : points) {
            first = first == null || p.startedAt().isBefore(first) ? p.startedAt() : first;
            if (p.restored() && p.run().status() == RunStatus.COMPLETED) {
                last = last == null || p.startedAt().isAfter(last) ? p.startedAt() : last;
            }
        }
        for (RunFolders.Folder f : unjudged) {
            if (f.startedAt() != null && (first == null || f.startedAt().isBefore(first))) {
                first = f.startedAt();
            }
        }
        int runs = 0;
        int logins = 0;
        for (Trend.Point p : points) {
            if (last == null || p.startedAt().isAfter(last)) {
                runs++;
                logins += Check.refusedLogin(p.run()) != null ? 1 : 0;
            }
        }
        for (RunFolders.Folder f : unjudged) {
            if (last == null || f.startedAt() == null || f.startedAt().isAfter(last)) {
                runs++;
                logins += f.state() == RunFolders.State.REFUSED && Check.login(f.why()) ? 1 : 0;
            }
        }
        return new LoginNights(last, first, runs, logins);
    }

    /**
     * CRITICAL when no restore completed within {@code maxAge} (the last completed one started longer ago, or none
     * completed and the first run did): the newest run's refused login ({@code login}, its words) is then no longer
     * one night's configuration problem. {@code null} otherwise, or without a maximum age.
     */
    Check.Result stale(String name, String login, Duration maxAge, Instant now, DoubleFunction<String> durations) {
        Instant since = lastCompleted != null ? lastCompleted : firstRun;
        if (maxAge == null
                || now == null
                || since == null
                || !since.plus(maxAge).isBefore(now)) {
            return null;
        }
        long hours = Duration.between(since, now).toHours();
        String refused = logins == runs
                ? runs == 1
                        ? "the run since was refused at its login"
                        : "the " + runs + " runs since were refused at" + " their login"
                : "of the " + runs + " runs since, " + logins + (logins == 1 ? " was" : " were")
                        + " refused at their login";
        return new Check.Result(
                Check.State.CRITICAL,
                "CRITICAL: " + name + ": no successful restore test for " + hours + " h (more than --max-age "
                        + Check.wholeHours(durations).apply(maxAge.toMillis() / 1000.0) + "): "
                        + (lastCompleted != null
                                ? "the last completed restore started on " + UtcMinute.of(lastCompleted) + " UTC"
                                : "none completed since the first run, on " + UtcMinute.of(firstRun) + " UTC")
                        + "; " + refused + ", a configuration problem: " + login);
    }
}
