package dev.gbakprof.history;

import dev.gbakprof.model.UtcMinute;
import dev.gbakprof.store.RunFolders;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleFunction;

/**
 * What {@code check} says of a backup's restores: which run folder it judges, its verdict and the facts the verdict was
 * drawn from ({@code null}: nothing was judged).
 */
public record Verdict(Check.Result result, CheckFacts facts) {

    /**
     * The states of several jobs, least severe first: a job that could not be judged hides a night that may have
     * failed, so it weighs more than a slow restore; a failed one weighs most.
     */
    public static final List<Check.State> SEVERITY =
            List.of(Check.State.OK, Check.State.WARNING, Check.State.UNKNOWN, Check.State.CRITICAL);

    /** The worse of two states ({@link #SEVERITY}). */
    public static Check.State worse(Check.State a, Check.State b) {
        return SEVERITY.indexOf(b) > SEVERITY.indexOf(a) ? b : a;
    }

    /**
     * The folder started after the point's run: in one runs folder by name (folder names sort in start order, also
     * within a second), else by start time to the second (a folder's name gives no more).
     */
    private static boolean newer(RunFolders.Folder f, Trend.Point p) {
        Path a = f.folder().toAbsolutePath().normalize();
        Path b = p.folder().toAbsolutePath().normalize();
        Path parent = a.getParent();
        if (parent != null && parent.equals(b.getParent())) {
            return String.valueOf(a.getFileName()).compareTo(String.valueOf(b.getFileName())) > 0;
        }
        return f.startedAt() == null || !f.startedAt().isBefore(p.startedAt().truncatedTo(ChronoUnit.SECONDS));
    }

    /** The files of the judged run folder checked against its SHA256SUMS: run.json always, others up to this size. */
    public static final long CHECKSUM_MAX_BYTES = 64L << 20;

    /**
     * The verdict on the newest run folder of the restores read: the newest record's, or, when a folder without a
     * usable record is newer (running, killed, damaged) or the newest record no longer matches its checksums, that
     * folder's.
     *
     * @param backup    {@code --backup}, or {@code null}
     * @param label     {@code --label}, or {@code null}
     * @param slower    {@code --slower}, or {@code null}
     * @param durations how a number of seconds is written in the line (the report's formatter)
     */
    public static Verdict of(
            History loaded,
            String backup,
            String label,
            Duration objective,
            Duration age,
            Double slower,
            Instant now,
            DoubleFunction<String> durations) {
        List<Trend> trends = loaded.trends();
        if (trends.size() > 1) {
            List<String> names =
                    new ArrayList<>(trends.stream().map(Trend::backup).toList());
            throw new HistoryRefusedException("restores of " + trends.size() + " backups (" + String.join(", ", names)
                    + "): name one with --backup NAME");
        }
        Trend trend = trends.isEmpty() ? null : trends.get(0);
        List<RunFolders.Folder> unjudged = trend == null ? loaded.unjudged() : loaded.of(trend);
        if (trend != null && trend.by() == Trend.By.BACKUP) {
            // as for records, so for folders without one: another job's killed or refused night is not this one's
            String shared = SharedName.of(trend, unjudged);
            if (shared != null) {
                throw new HistoryRefusedException(shared);
            }
        }
        if (trend != null && trend.by() == Trend.By.LABEL) {
            // one label on several jobs' cron lines: the newest night of either is not the other's
            String mixed = LabelJobs.forCheck(trend);
            if (mixed != null) {
                throw new HistoryRefusedException(mixed);
            }
        }
        RunFolders.Folder lastFolder = unjudged.isEmpty() ? null : unjudged.get(unjudged.size() - 1);
        // a job's name is its label (a backup's runs under one label), else its backup's
        String name = label != null && !label.isEmpty()
                ? label
                : trend != null
                        ? trend.shortName()
                        : backup != null ? backup : lastFolder == null ? "restore" : shortName(lastFolder);
        // the newest run folder is judged, whatever state it is in: one without a usable record newer than the newest
        // record is tonight's
        boolean folderNewest = lastFolder != null && (trend == null || newer(lastFolder, trend.newest()));
        Verdict back = folderNewest
                ? clockWentBack(
                        name, lastFolder.folder(), lastFolder.startedAt(), trend, unjudged, objective, age, slower, now)
                : clockWentBack(
                        name,
                        trend.newest().folder(),
                        trend.newest().startedAt(),
                        trend,
                        unjudged,
                        objective,
                        age,
                        slower,
                        now);
        if (back != null) {
            return back;
        }
        if (folderNewest) {
            // the same backup the good nights' verdicts name (grouped by label: the file, not the label), so that a
            // monitoring system's series keeps its labels on the bad night, also when the night named another file
            // (a job's backup path changed or mistyped: History.owner); its own file is in its reason
            String backupName = trend != null
                    ? (trend.by() == Trend.By.BACKUP
                            ? trend.backup()
                            : Trend.backupName(trend.newest().run()))
                    : lastFolder.backup() != null
                            ? String.valueOf(Path.of(lastFolder.backup()).getFileName())
                            : name;
            String runLabel = lastFolder.label() != null
                    ? lastFolder.label()
                    : trend != null ? trend.newest().run().label() : null;
            return unjudged(
                    name,
                    lastFolder,
                    folderFacts(lastFolder, backupName, runLabel, objective, age, slower, now),
                    durations,
                    LoginNights.of(trend, unjudged));
        }
        Trend.Point newest = trend.newest();
        String changed = RunFolders.checksums(newest.folder(), CHECKSUM_MAX_BYTES);
        if (changed == null && now != null && newest.startedAt().isAfter(now.plus(RunFolders.CLOCK_SLACK))) {
            // a record of a clock set ahead stays the newest, and OK, until that date, whatever the nights after it do
            changed = newest.folder() + ": its start time is later than this machine's clock ("
                    + UtcMinute.of(now) + " UTC"
                    + "): the clock of the machine that ran it was wrong, and restores after it would be judged before"
                    + " it; move that run folder out of the runs folder";
        }
        if (changed != null) { // a record that no longer matches its checksums, or cannot be true
            RunFolders.Folder f = new RunFolders.Folder(
                    newest.folder(),
                    RunFolders.State.DAMAGED,
                    newest.startedAt(),
                    newest.run().backupFile(),
                    newest.run().label(),
                    changed,
                    newest.run().followsInstant());
            return unjudged(
                    name,
                    f,
                    folderFacts(f, trend.backup(), newest.run().label(), objective, age, slower, now),
                    durations,
                    LoginNights.of(trend, unjudged));
        }
        return new Verdict(
                Check.of(trend, name, objective, age, slower, now, durations, LoginNights.of(trend, unjudged)),
                CheckFacts.of(trend, newest, objective, age, slower, now));
    }

    /**
     * UNKNOWN when another run of the job may have begun after the one its start time makes the newest ({@code
     * judged}): its record or marker says that, as it began, the runs folder held a run started later than it, at or
     * after the judged one's start (this machine's clock went back: {@code RunStore.laterStart}), so the judged one
     * may have been there already. Which night is the newest is then not known: a failed night written two days back
     * would leave the good night before it judged. {@code null} when no run says so; a run started with the clock
     * right again begins after every run there, is the newest by its start and is judged.
     */
    private static Verdict clockWentBack(
            String name,
            Path judged,
            Instant judgedStart,
            Trend trend,
            List<RunFolders.Folder> unjudged,
            Duration objective,
            Duration age,
            Double slower,
            Instant now) {
        if (judgedStart == null) {
            return null;
        }
        Instant from = judgedStart.truncatedTo(ChronoUnit.SECONDS);
        CheckFacts after = null; // the facts of the run that came after, without a start (no age of it is true)
        Instant afterStart = null;
        Instant seen = null; // the start of the later run it saw
        List<Trend.Point> points = trend == null ? List.of() : trend.points();
        for (int i = points.size() - 1; i >= 0 && after == null; i--) { // a restore's record first, the newest
            Trend.Point p = points.get(i);
            Instant follows = p.run().followsInstant();
            if (follows != null && !follows.isBefore(from) && !p.folder().equals(judged)) {
                after = CheckFacts.of(trend, p, objective, age, slower, now).withoutStart();
                afterStart = p.startedAt();
                seen = follows;
            }
        }
        for (int i = unjudged.size() - 1; i >= 0 && after == null; i--) {
            RunFolders.Folder f = unjudged.get(i);
            if (f.follows() != null
                    && !f.follows().isBefore(from)
                    && !f.folder().equals(judged)) {
                String backupName = trend != null ? trend.backup() : f.backup();
                after = folderFacts(f, backupName, f.label(), objective, age, slower, now)
                        .withoutStart();
                afterStart = f.startedAt();
                seen = f.follows();
            }
        }
        if (after == null) {
            return null;
        }
        // true whichever began first: it began while a run started no earlier than the judged one was there
        String line = "UNKNOWN: " + name + ": this machine's clock went back: " + after.folder() + " (" + after.status()
                + (afterStart == null ? "" : ", its start reads " + UtcMinute.of(afterStart) + " UTC")
                + ") began while the runs folder held a run started at " + UtcMinute.of(seen)
                + " UTC, not before the newest by start time, " + judged + " (started " + UtcMinute.of(judgedStart)
                + " UTC); which night is the newest is not known until a run starts with the clock right, or the run"
                + " folders whose start is wrong are moved out of the runs folder";
        return new Verdict(new Check.Result(Check.State.UNKNOWN, line), after);
    }

    /** A folder's backup without its extension ({@code erp}), else the label in its name. */
    private static String shortName(RunFolders.Folder f) {
        if (f.backup() != null) {
            String file = String.valueOf(Path.of(f.backup()).getFileName());
            int dot = file.lastIndexOf('.');
            return dot > 0 ? file.substring(0, dot) : file;
        }
        return f.nameLabel() != null ? f.nameLabel() : "restore";
    }

    /** The verdict on a folder without a record that can be judged, with its facts ({@link #folderFacts}). */
    private static Verdict unjudged(
            String name, RunFolders.Folder f, CheckFacts facts, DoubleFunction<String> durations, LoginNights nights) {
        return new Verdict(
                Check.unjudged(
                        name,
                        f.state(),
                        f.startedAt(),
                        f.why(),
                        facts.rto(),
                        facts.maxAge(),
                        facts.now(),
                        durations,
                        nights),
                facts);
    }

    /** The facts of a folder without a usable record: no total, no phases. */
    private static CheckFacts folderFacts(
            RunFolders.Folder f,
            String backupName,
            String runLabel,
            Duration objective,
            Duration age,
            Double slower,
            Instant now) {
        return new CheckFacts(
                backupName,
                runLabel,
                f.folder(),
                f.startedAt(),
                status(f.state()),
                null,
                null,
                objective,
                age,
                slower,
                now);
    }

    /** The facts' status of a folder without a usable record. */
    private static String status(RunFolders.State state) {
        return switch (state) {
            case RUNNING -> "running";
            case NO_RECORD -> "no record";
            case DAMAGED -> "damaged";
            case REFUSED -> "refused";
        };
    }
}
