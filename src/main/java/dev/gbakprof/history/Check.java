package dev.gbakprof.history;

import dev.gbakprof.model.ExitCode;
import dev.gbakprof.model.FailureReason;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.Rounding;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.model.UtcMinute;
import dev.gbakprof.model.Validation;
import dev.gbakprof.store.RunFolders;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.DoubleFunction;
import java.util.regex.Pattern;

/**
 * {@code check}: the state of a backup's restore tests for a monitoring system (Nagios, Icinga, Zabbix, Windows Task
 * Scheduler), as one line and a monitoring plugin's exit code.
 *
 * <ul>
 * <li>CRITICAL: the newest restore did not complete (failed, stopped), or its verification or validation failed
 * (those fail the run), or it took longer than the RTO, or no restore is newer than the maximum age, or it restored
 * the same backup file as the restores since longer ago than the maximum age (the backup job stopped);</li>
 * <li>WARNING: the newest restore is slower than its baseline band (or, with {@code slowerPct}, more than that much
 * above the band's median), or within 20% of the RTO, or restored far fewer rows than before, or gfix's validation
 * reported warnings;</li>
 * <li>OK otherwise.</li>
 * </ul>
 * Durations in the line are written by the caller's formatter ({@code model.Durations}, as everywhere else).
 */
public final class Check {
    private Check() {}

    /** A monitoring plugin's states, with their exit codes (Nagios plugin guidelines). */
    public enum State {
        OK(ExitCode.CHECK_OK),
        WARNING(ExitCode.CHECK_WARNING),
        CRITICAL(ExitCode.CHECK_CRITICAL),
        UNKNOWN(ExitCode.CHECK_UNKNOWN);

        private final int exitCode;

        State(int exitCode) {
            this.exitCode = exitCode;
        }

        public int exitCode() {
            return exitCode;
        }
    }

    /** The verdict: a state and the one line that says it with its numbers. */
    public record Result(State state, String line) {}

    /**
     * @param name      what the line calls the restores: the backup's short name ({@link Trend#shortName}), or a label
     * @param rto       the recovery time objective, or {@code null}
     * @param maxAge    the oldest the newest restore may be, or {@code null}
     * @param slowerPct warn when the total exceeds the baseline median by more than this many percent; {@code null}:
     *                  when it is above the band
     */
    public static Result of(
            Trend trend,
            String name,
            Duration rto,
            Duration maxAge,
            Double slowerPct,
            Instant now,
            DoubleFunction<String> durations) {
        return of(trend, name, rto, maxAge, slowerPct, now, durations, LoginNights.of(trend, List.of()));
    }

    /** As above, with the runs since the last completed restore, run folders without a record among them. */
    static Result of(
            Trend trend,
            String name,
            Duration rto,
            Duration maxAge,
            Double slowerPct,
            Instant now,
            DoubleFunction<String> durations,
            LoginNights nights) {
        DoubleFunction<String> human = wholeHours(durations);
        Trend.Point newest = trend.newest();
        RestoreRun run = newest.run();
        Rto objective = Rto.of(rto);
        List<String> context = new ArrayList<>();
        if (objective != null) {
            context.add("RTO " + human.apply(objective.seconds()));
        }
        Band band = newest.band();
        // the count is the band's: the runs it was made of, not every run of the backup
        List<Trend.Point> before = trend.points().subList(0, trend.points().size() - 1).stream()
                .filter(Trend.Point::done)
                .toList();
        // the band is of this route's restores by this Firebird version (of all, where the record does not say): the
        // others' are said
        List<Trend.Point> apart =
                before.stream().filter(p -> !Trend.sameBaseline(run, p.run())).toList();
        long completedBefore = before.size() - apart.size();
        String others = apart.isEmpty() ? "" : apart(run, apart);
        context.add(
                band == null
                        ? completedBefore == 0
                                ? "no baseline yet: no completed run before it" + others
                                : "no baseline yet: " + runs(completedBefore) + " completed before it, " + Band.MIN_RUNS
                                        + " needed" + others
                        : "baseline band " + human.apply(band.low()) + " to " + human.apply(band.high()) + " = median "
                                + switch (band.width()) {
                                    case MAD -> "± 3 MAD";
                                    case SHARE ->
                                        String.format(
                                                Locale.ROOT, "± %.0f%%, its least width", Band.MIN_HALF_WIDTH * 100);
                                    case SECONDS ->
                                        String.format(
                                                Locale.ROOT, "± %.0f s, its least width", Band.MIN_HALF_WIDTH_SECONDS);
                                }
                                + ", from " + runs(band.runs()) + others);
        String tail = " (" + String.join(", ", context) + ")";
        // the start and the age in every line: a result from a night long ago is not read as last night's
        String when = " on " + UtcMinute.of(newest.startedAt()) + " UTC" + ago(newest.startedAt(), now, durations);
        Double total = run.totalSeconds();

        if (maxAge != null && newest.startedAt().plus(maxAge).isBefore(now)) {
            return new Result(
                    State.CRITICAL,
                    "CRITICAL: " + name + ": no restore newer than " + human.apply(maxAge.toMillis() / 1000.0)
                            + " (the newest started" + when + ")" + tail);
        }
        String login = refusedLogin(run);
        Result stale = login == null ? null : nights.stale(name, login, maxAge, now, durations);
        if (stale != null) { // refused night after night: no restore was tested within the maximum age
            return new Result(stale.state(), stale.line() + tail);
        }
        if (login != null) {
            return new Result(
                    State.UNKNOWN,
                    "UNKNOWN: " + name + ": the newest restore" + when
                            + " could not log in, a configuration problem, not a failed restore: " + login + tail);
        }
        if (!newest.restored() && run.status() == RunStatus.COMPLETED) { // its total is the backup's, not a restore's
            return new Result(
                    State.CRITICAL,
                    "CRITICAL: " + name + " backup (of the drill) completed" + when
                            + ", but no restore followed: nothing was restored" + tail);
        }
        if (run.validationStopped() && total != null) { // a stop of gfix: no validation, and no failed one either
            return new Result(
                    State.CRITICAL,
                    "CRITICAL: " + name + " restored in " + human.apply(total) + when + ", but "
                            + why(run).replaceFirst("^the restore completed( in [^;]*)?; ", "")
                            + tail);
        }
        if (run.status() != RunStatus.COMPLETED || total == null) {
            return new Result(
                    State.CRITICAL,
                    "CRITICAL: " + name + (newest.restored() ? " restore " : " backup (of the drill) ") + what(run)
                            + when + ": " + why(run) + tail);
        }
        String restored = name + " restored in " + human.apply(total) + when;
        Trend.Point first = sameBackupSince(trend);
        if (maxAge != null && first != null && first.startedAt().plus(maxAge).isBefore(now)) {
            // the backup job stopped and its old file stayed: a restore test of it is not of last night's backup
            return new Result(
                    State.CRITICAL,
                    "CRITICAL: " + restored + ", but the same backup as the restores since "
                            + UtcMinute.of(first.startedAt())
                            + " UTC" + ago(first.startedAt(), now, durations)
                            + " (its SHA-256 and size): no backup newer"
                            + " than " + human.apply(maxAge.toMillis() / 1000.0) + " was restored; is "
                            + run.backupFile() + " still made?" + tail);
        }
        if (objective != null && objective.exceededBy(total)) {
            return new Result(State.CRITICAL, "CRITICAL: " + restored + ", over the RTO" + tail);
        }
        if (run.validation() != null && run.validation().result() == Validation.Result.WARNINGS) {
            // a database just restored has nothing for gfix to warn of: what it says is the backup's or the restore's
            return new Result(
                    State.WARNING,
                    "WARNING: " + restored + ", but gfix's validation of the restored database reported warnings"
                            + warnings(run.validation()) + " (gfix.log in " + newest.folder() + ")" + tail);
        }
        String fewer = fewerRows(trend);
        if (fewer != null) {
            return new Result(State.WARNING, "WARNING: " + restored + fewer + tail);
        }
        if (band != null) {
            boolean slower = slowerPct == null ? total > band.high() : total > band.median() * (1 + slowerPct / 100);
            if (slower) {
                double pct = 100 * (total / band.median() - 1);
                return new Result(
                        State.WARNING,
                        "WARNING: " + restored
                                + ", " + Rounding.whole(pct) + "% slower than the baseline median "
                                + human.apply(band.median())
                                + (slowerPct == null
                                        ? ", above the band"
                                        : " (more than "
                                                + BigDecimal.valueOf(slowerPct)
                                                        .stripTrailingZeros()
                                                        .toPlainString()
                                                + "%)")
                                + tail);
            }
        }
        if (objective != null && objective.nearlyExceededBy(total)) {
            return new Result(State.WARNING, "WARNING: " + restored + ", within 20% of the RTO" + tail);
        }
        return new Result(State.OK, "OK: " + restored + tail);
    }

    /**
     * The first of the restores, up to the newest, that restored the same backup file content as the newest (its
     * SHA-256 and size, one after another: a restore of other content ends them); {@code null} when the newest's is not
     * known (a backup on another machine's server) or it is a drill's (a new backup each night).
     */
    static Trend.Point sameBackupSince(Trend trend) {
        List<Trend.Point> points = trend.points();
        RestoreRun newest = trend.newest().run();
        if (newest.backupSha256() == null
                || newest.backupFrom() != null
                || !trend.newest().restored()) {
            return null;
        }
        Trend.Point first = trend.newest();
        for (int i = points.size() - 2; i >= 0; i--) {
            RestoreRun r = points.get(i).run();
            if (r.backupSha256() == null || !points.get(i).restored()) {
                continue; // not known: neither the same nor another
            }
            if (!r.backupSha256().equalsIgnoreCase(newest.backupSha256())
                    || !Objects.equals(r.backupBytes(), newest.backupBytes())) {
                break;
            }
            first = points.get(i);
        }
        return first;
    }

    /** Fewer rows than this share of the baseline runs' median make a restore suspect, however fast. */
    public static final double FEWER_ROWS_SHARE = 0.5;

    /**
     * What to say when the newest restore restored fewer than {@link #FEWER_ROWS_SHARE} of the rows of the completed
     * restores before it (their median, of the same ones the band is made of, at least {@link Band#MIN_RUNS} whose
     * rows the log shows): a backup of the wrong database, or of one emptied, restores fast and completes. {@code null}
     * when it restored as many, or a count is unknown.
     */
    static String fewerRows(Trend trend) {
        List<Trend.Point> points = trend.points();
        Trend.Point newest = points.get(points.size() - 1);
        Long rows = newest.run().rows();
        List<Trend.Point> done = points.subList(0, points.size() - 1).stream()
                .filter(Trend.Point::done)
                .toList();
        List<Long> before = done.subList(Math.max(0, done.size() - Trend.WINDOW), done.size()).stream()
                .map(p -> p.run().rows())
                .toList();
        if (rows == null || before.size() < Band.MIN_RUNS || before.contains(null)) {
            return null;
        }
        double median =
                Trend.median(before.stream().mapToDouble(Long::doubleValue).toArray());
        if (!(rows < FEWER_ROWS_SHARE * median)) {
            return null;
        }
        return String.format(
                Locale.ROOT,
                ", but only %,d rows, under half those of the %d restores before it (median %,.0f rows): was tonight's"
                        + " backup made of this database, and is it whole? Look at its size and at the database gbak -b"
                        + " read",
                rows,
                before.size(),
                median);
    }

    /** gbak's or the server's words when the run failed at its login (a wrong password, an unknown user), else null. */
    static String refusedLogin(RestoreRun run) {
        if (run.status() == RunStatus.COMPLETED) {
            return null;
        }
        List<String> said = new ArrayList<>(run.errors());
        if (run.failure() != null) {
            said.add(0, run.failure());
        }
        return said.stream().filter(e -> LOGIN.matcher(e).find()).findFirst().orElse(null);
    }

    /** {@code words} say a login was refused (the server's words, or gbakprof's refusal of a run given no password). */
    static boolean login(String words) {
        return words != null && LOGIN.matcher(words).find();
    }

    private static final Pattern LOGIN = Pattern.compile(
            // the server's words, or gbakprof's refusal of a run given no password (Credentials.howToGive)
            "user name and password are not defined|wrong user name or password|refused the login"
                    + "|give the password with",
            Pattern.CASE_INSENSITIVE);

    private static String runs(long n) {
        return n + (n == 1 ? " run" : " runs");
    }

    /**
     * What {@code run}'s band leaves out: {@code " through remote TCP (vm); 4 runs through other routes, not its
     * baseline"}, {@code " through embedded by Firebird 4.0; 3 runs by other Firebird versions, not its baseline"}.
     */
    private static String apart(RestoreRun run, List<Trend.Point> apart) {
        String route = Trend.route(run);
        String version = Trend.version(run);
        boolean routes = !route.isEmpty() && apart.stream().anyMatch(p -> !route.equals(Trend.route(p.run())));
        boolean versions = !version.isEmpty() && apart.stream().anyMatch(p -> !version.equals(Trend.version(p.run())));
        return (route.isEmpty() ? "" : " through " + route) + (versions ? " by Firebird " + version : "") + "; "
                + runs(apart.size()) + " "
                + (routes && versions
                        ? "through other routes or by other Firebird versions"
                        : routes ? "through other routes" : "by other Firebird versions")
                + ", not its baseline";
    }

    /**
     * The verdict on a newest run folder whose record cannot be judged: CRITICAL when its run left no record (killed,
     * crashed) or was refused before it started, UNKNOWN while it is still running, when its record is damaged or
     * impossible, or when it was refused at its login (as a failed login of gbak's is); a damaged or refused one that
     * started longer ago than the maximum age is CRITICAL whatever it was: no restore is newer.
     *
     * @param name      the backup's short name
     * @param startedAt when that run started, or {@code null}
     * @param why       what is wrong, naming the folder or file
     */
    static Result unjudged(
            String name,
            RunFolders.State state,
            Instant startedAt,
            String why,
            Duration rto,
            Duration maxAge,
            Instant now,
            DoubleFunction<String> durations,
            LoginNights nights) {
        String when = startedAt == null
                ? ""
                : " (" + (state == RunFolders.State.REFUSED ? "at " : "started ") + UtcMinute.of(startedAt) + " UTC"
                        + ago(startedAt, now, durations) + ")";
        boolean stale = maxAge != null
                && startedAt != null
                && now != null
                && startedAt.plus(maxAge).isBefore(now);
        if (stale && (state == RunFolders.State.DAMAGED || state == RunFolders.State.REFUSED)) {
            // whatever that night was, none is newer: the job stopped running (a refused login, as every other)
            return new Result(
                    State.CRITICAL,
                    "CRITICAL: " + name + ": no restore newer than "
                            + wholeHours(durations).apply(maxAge.toMillis() / 1000.0) + when + ": " + why);
        }
        return switch (state) {
            case NO_RECORD ->
                new Result(
                        State.CRITICAL,
                        "CRITICAL: " + name + ": tonight's restore left no record (killed or crashed?)" + when + ": "
                                + why);
            case RUNNING -> running(name, startedAt, when, why, rto, maxAge, now, durations);
            case DAMAGED ->
                new Result(
                        State.UNKNOWN,
                        "UNKNOWN: " + name + ": the newest restore's record cannot be judged" + when + ": " + why);
            case REFUSED ->
                login(why)
                        ? Objects.requireNonNullElse(
                                nights.stale(name, why, maxAge, now, durations),
                                new Result(
                                        State.UNKNOWN,
                                        "UNKNOWN: " + name + ": the newest restore" + when
                                                + " was refused at its login, a configuration problem, not a failed restore: "
                                                + why))
                        : new Result(
                                State.CRITICAL,
                                "CRITICAL: " + name + ": tonight's restore was refused before it started" + when + ": "
                                        + why);
        };
    }

    /**
     * {@code , 3 h 12 min ago}: how long before {@code now} a run started ({@code 12 s}, {@code 4 min 05 s}, {@code
     * 3 h 12 min}, from two days on {@code 375 days}); empty when that is not known, or when the start lies ahead of
     * the clock by more than two machines' clocks differ (no age is true).
     */
    static String ago(Instant startedAt, Instant now, DoubleFunction<String> durations) {
        if (startedAt == null || now == null || startedAt.isAfter(now.plus(RunFolders.CLOCK_SLACK))) {
            return "";
        }
        double s = Math.floor(Math.max(0, Duration.between(startedAt, now).toMillis() / 1000.0)); // as the perfdata
        String age = s < 60
                ? (long) s + " s"
                : s < 2 * DAY_SECONDS ? durations.apply(s) : (long) (s / DAY_SECONDS) + " days";
        return ", " + age + " ago";
    }

    private static final double DAY_SECONDS = 24 * 3600.0;

    /** {@code durations}, but a whole number of hours as {@code 4 h}, as an RTO or a maximum age is given. */
    static DoubleFunction<String> wholeHours(DoubleFunction<String> durations) {
        return s -> s >= 3600 && Math.round(s) % 3600 == 0 ? Math.round(s) / 3600 + " h" : durations.apply(s);
    }

    /**
     * A restore still running: UNKNOWN, its outcome not known yet, unless it has already run longer than the RTO, or
     * started longer ago than the maximum age (a hung gbak): that is CRITICAL now, whatever it becomes.
     */
    private static Result running(
            String name,
            Instant startedAt,
            String when,
            String why,
            Duration rto,
            Duration maxAge,
            Instant now,
            DoubleFunction<String> durations) {
        DoubleFunction<String> human = wholeHours(durations);
        Duration elapsed = startedAt == null || now == null ? null : Duration.between(startedAt, now);
        Rto objective = Rto.of(rto);
        if (elapsed != null && objective != null && objective.exceededBy(elapsed.toMillis() / 1000.0)) {
            return new Result(
                    State.CRITICAL,
                    "CRITICAL: " + name + ": the newest restore is still running after "
                            + durations.apply(elapsed.toMillis() / 1000.0) + ", over the RTO "
                            + human.apply(objective.seconds()) + when + ": " + why);
        }
        if (elapsed != null && maxAge != null && elapsed.compareTo(maxAge) > 0) {
            return new Result(
                    State.CRITICAL,
                    "CRITICAL: " + name + ": no restore newer than " + human.apply(maxAge.toMillis() / 1000.0)
                            + " finished: the newest is still running" + when + ": " + why);
        }
        return new Result(
                State.UNKNOWN, "UNKNOWN: " + name + ": the newest restore is still running" + when + ": " + why);
    }

    /** gfix's first warning line, as {@code : "…"}; empty when it printed none. */
    private static String warnings(Validation v) {
        return v.output().stream()
                .map(String::strip)
                .filter(l -> !l.isEmpty())
                .findFirst()
                .map(l -> ": \"" + l + "\"")
                .orElse("");
    }

    private static String what(RestoreRun run) {
        return run.status() == RunStatus.INCOMPLETE ? "did not finish" : "failed";
    }

    /** Why it failed or stopped ({@link FailureReason}), else its status. */
    private static String why(RestoreRun run) {
        String why = FailureReason.of(run);
        return why != null ? why : "status " + run.status();
    }
}
