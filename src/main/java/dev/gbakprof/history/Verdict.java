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

    /** How far a start time may lie ahead of this machine's clock (clocks of two machines apart) before it cannot be. */
    static final Duration CLOCK_SLACK = Duration.ofMinutes(5);

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
        RunFolders.Folder lastFolder = unjudged.isEmpty() ? null : unjudged.get(unjudged.size() - 1);
        // a job's name is its label (a backup's runs under one label), else its backup's
        String name = label != null && !label.isEmpty()
                ? label
                : trend != null
                        ? trend.shortName()
                        : backup != null ? backup : lastFolder == null ? "restore" : shortName(lastFolder);
        // the newest run folder is judged, whatever state it is in: one without a usable record newer than the newest
        // record is tonight's
        if (lastFolder != null && (trend == null || newer(lastFolder, trend.newest()))) {
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
            return unjudged(name, lastFolder, backupName, runLabel, objective, age, slower, now, durations);
        }
        Trend.Point newest = trend.newest();
        String changed = RunFolders.checksums(newest.folder(), CHECKSUM_MAX_BYTES);
        if (changed == null && now != null && newest.startedAt().isAfter(now.plus(CLOCK_SLACK))) {
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
                    changed);
            return unjudged(name, f, trend.backup(), newest.run().label(), objective, age, slower, now, durations);
        }
        return new Verdict(
                Check.of(trend, name, objective, age, slower, now, durations),
                CheckFacts.of(trend, newest, objective, age, slower, now));
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

    /** The verdict on a folder without a record that can be judged, and its facts (no total, no phases). */
    private static Verdict unjudged(
            String name,
            RunFolders.Folder f,
            String backupName,
            String runLabel,
            Duration objective,
            Duration age,
            Double slower,
            Instant now,
            DoubleFunction<String> durations) {
        String status = switch (f.state()) {
            case RUNNING -> "running";
            case NO_RECORD -> "no record";
            case DAMAGED -> "damaged";
            case REFUSED -> "refused";
        };
        CheckFacts facts = new CheckFacts(
                backupName, runLabel, f.folder(), f.startedAt(), status, null, null, objective, age, slower, now);
        return new Verdict(
                Check.unjudged(name, f.state(), f.startedAt(), f.why(), objective, age, now, durations), facts);
    }
}
