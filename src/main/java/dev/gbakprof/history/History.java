package dev.gbakprof.history;

import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.store.RunFolders;
import dev.gbakprof.store.RunStore;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The restores recorded under folders of run folders, as trends, the chosen backup's only; what was left out, in
 * notes: what {@code history} shows and {@code check} judges. Which folder is a run of which backup is decided here.
 *
 * @param unjudged the run folders without a usable record (running, killed, damaged, impossible), of the chosen
 *                 backup when one was named
 * @param owners   the folders of {@code unjudged} that are runs of a trend ({@link #owner}, among every trend of the
 *                 runs folders, also those a named backup left out), by folder: the trend's {@link Trend#backup}
 */
public record History(
        List<Trend> trends, List<String> notes, List<RunFolders.Folder> unjudged, Map<Path, String> owners) {

    public History {
        owners = Map.copyOf(owners);
    }

    /**
     * The folders of {@link #unjudged} that are runs of {@code trend}, oldest first: those {@link #owner} gives it,
     * and, when it is the only trend, those that name neither backup nor label (an older gbakprof's folder) and that
     * no trend owns by their name ({@code nightly-prod}'s folder is not {@code nightly}'s when only it is asked for).
     */
    public List<RunFolders.Folder> of(Trend trend) {
        return unjudged.stream()
                .filter(f -> trend.backup().equals(owners.get(f.folder()))
                        || trends.size() == 1
                                && !owners.containsKey(f.folder())
                                && f.backup() == null
                                && f.label() == null)
                .toList();
    }

    /**
     * Why a trend grouped by backup file name is the runs of several jobs (two paths, or two routes, under their
     * labels: {@link SharedName}), for a note under its table, whose bands mix them; {@code null} when it is one job's.
     */
    public String sharedName(Trend trend) {
        return trend.by() == Trend.By.BACKUP ? SharedName.why(trend, of(trend)) : null;
    }

    /**
     * Why a trend grouped by label is the runs of several jobs (other backups into other databases: {@link
     * LabelJobs}), for a note under its table, whose bands mix them; {@code null} when it is one job's.
     */
    public static String sharedLabel(Trend trend) {
        return trend.by() == Trend.By.LABEL ? LabelJobs.forHistory(trend) : null;
    }

    /**
     * The trend among {@code trends} a folder is a run of, or {@code null} when none tells: the one it {@link
     * #belongs} to; else, for a folder that names a backup no trend has and a label, the only trend with runs of that
     * label: the same job, whose backup path changed or was mistyped (its refused night is that job's night).
     */
    public static Trend owner(RunFolders.Folder f, List<Trend> trends) {
        Trend named = trends.stream().filter(t -> belongs(f, t)).findFirst().orElse(null);
        if (named != null || f.backup() == null || f.label() == null) {
            return named;
        }
        List<Trend> job = trends.stream()
                .filter(t -> t.points().stream()
                        .anyMatch(p -> f.label().equals(p.run().label())))
                .toList();
        return job.size() == 1 ? job.get(0) : null;
    }

    /**
     * A folder is a run of {@code t}: its marker or record names t's backup (or label; a label without a backup, as a
     * refused {@code --backup-dir} night's: one of t's runs' labels), or, for a folder that names neither, its name has
     * the label of t's runs as {@link RunStore#namedFor} tells it ({@code 20261206-031500-nightly}, {@code -r2} of a
     * repeat, for runs labelled nightly; not {@code nightly-prod}'s).
     */
    public static boolean belongs(RunFolders.Folder f, Trend t) {
        if (f.backup() != null || f.label() != null) {
            String key = t.by() == Trend.By.LABEL && f.label() != null ? f.label() : fileName(f.backup());
            if (key == null) { // a label alone (a refused --backup-dir night: no file chosen): t's runs' labels
                return t.points().stream()
                        .anyMatch(p -> f.label().equals(p.run().label()));
            }
            return t.named(key);
        }
        return t.points().stream()
                .map(p -> p.run().label())
                .filter(l -> l != null)
                .anyMatch(l -> RunStore.namedFor(l).test(f.folder()));
    }

    /**
     * A job: the runs of one backup file name under one label ({@code ""}: the runs without one). What {@code check
     * --discovery} lists, and {@code check --backup NAME --label L} judges.
     */
    public record Job(String backup, String label) {
        @Override
        public String toString() {
            return backup + (label.isEmpty() ? " without a label" : " labelled \"" + label + "\"");
        }
    }

    /** A run's label as its job names it: {@code ""} for none. */
    private static String jobLabel(String label) {
        return label == null ? "" : label;
    }

    /**
     * The label of a folder's run as its job names it: its marker's or record's; for a folder that names neither
     * backup nor label, the longest of {@code labels} its name has ({@link #belongs}); else {@code ""}.
     */
    private static String jobLabel(RunFolders.Folder f, Set<String> labels) {
        String name = f.nameLabel();
        if (f.backup() != null || f.label() != null || name == null) {
            return jobLabel(f.label());
        }
        return labels.stream()
                .filter(l -> RunStore.namedFor(l).test(f.folder()))
                .max(Comparator.comparingInt(l -> RunStore.fileSafe(l).length()))
                .orElse("");
    }

    private static String fileName(String path) {
        if (path == null) {
            return null;
        }
        String f = path.replace('\\', '/');
        return f.substring(f.lastIndexOf('/') + 1);
    }

    /**
     * Reads the run folders (default {@code runs}); a folder that cannot be read or holds no restore is a usage error.
     *
     * @param backup only the restores of this backup file name, or {@code null}
     * @param label  only the runs with this label, grouped by label, or {@code null}; with {@code backup}, that backup's
     *               runs with this label, grouped by backup (one {@link Job}); {@code ""}: the runs without a label
     */
    public static History load(List<Path> dirs, String backup, String label, Trend.By by) {
        List<Path> given = dirs.isEmpty() ? List.of(Path.of("runs")) : dirs;
        RunStore.Listing listing;
        try {
            listing = RunStore.read(given);
        } catch (IOException ex) {
            throw new HistoryRefusedException((ex instanceof NoSuchFileException
                            ? ex.getMessage() + ": no such runs folder"
                            : "cannot read a runs folder: " + ex.getMessage())
                    + "; " + RunStore.RUNS_DIR_EXPECTED);
        }
        List<String> notes = new ArrayList<>(listing.skipped());
        List<RunFolders.Folder> unjudged = new ArrayList<>();
        try {
            Set<Path> read = new HashSet<>(); // their records are read: not again (RunFolders.unrecorded)
            listing.entries().forEach(e -> read.add(e.folder()));
            for (RunFolders.Folder f : RunFolders.unrecorded(given, read)) {
                unjudged.add(f);
                if (f.state() != RunFolders.State.DAMAGED) { // an unreadable record is among the skipped already
                    notes.add(f.note());
                }
            }
        } catch (IOException ex) {
            throw new HistoryRefusedException("cannot read a runs folder: " + ex.getMessage());
        }
        List<Path> folders = new ArrayList<>();
        List<RestoreRun> runs = new ArrayList<>();
        for (RunStore.Entry e : listing.entries()) {
            String impossible = RunFolders.implausible(e.run());
            if (impossible == null) {
                folders.add(e.folder());
                runs.add(e.run());
                continue;
            }
            RunFolders.Folder f = new RunFolders.Folder(
                    e.folder(),
                    RunFolders.State.DAMAGED,
                    Trend.startedAt(e.run()),
                    e.run().backupFile(),
                    e.run().label(),
                    e.folder().resolve(RunStore.RUN_JSON) + ": a record that cannot be true: " + impossible,
                    e.run().followsInstant());
            unjudged.add(f);
            notes.add(f.note());
        }
        long undated = runs.stream().filter(r -> r.startedAt() == null).count();
        if (undated > 0) {
            notes.add(undated + " record(s) without a start time (parsed logs, not run folders) left out");
        }
        // one job: a backup's runs under one label, or the runs without a label (--label "")
        boolean job = label != null && (backup != null || label.isEmpty());
        if (job) {
            Set<String> labels = new HashSet<>();
            runs.stream().map(RestoreRun::label).filter(l -> l != null).forEach(labels::add);
            for (int i = runs.size() - 1; i >= 0; i--) {
                if (!jobLabel(runs.get(i).label()).equals(label)) {
                    runs.remove(i);
                    folders.remove(i);
                }
            }
            unjudged.removeIf(f -> !jobLabel(f, labels).equals(label));
        }
        Trend.By grouping = job ? Trend.By.BACKUP : label != null ? Trend.By.LABEL : by;
        List<Trend> all = Trend.of(folders, runs, grouping);
        List<Trend> trends = all;
        Map<Path, String> owners = new HashMap<>();
        for (RunFolders.Folder f : unjudged) {
            Trend t = owner(f, all);
            if (t != null) {
                owners.put(f.folder(), t.backup());
            }
        }
        String name = label != null && !job ? label : backup;
        if (name != null) {
            trends = all.stream().filter(t -> t.named(name)).toList();
            List<RunFolders.Folder> named = unjudged.stream()
                    .filter(f -> belongs(f, new Trend(name, List.of(), grouping))
                            || all.isEmpty() && f.backup() == null && f.label() == null)
                    .toList();
            if (trends.isEmpty() && !named.isEmpty()) {
                return new History(trends, notes, named, owners);
            }
            if (trends.isEmpty() && job) {
                throw noJob(given, "no run of " + new Job(backup, label));
            }
            if (trends.isEmpty()) {
                // what is there, or that no restore has been recorded there (a first night refused before its run)
                String there = all.isEmpty()
                        ? "no restore has been recorded there"
                        : (label != null ? "labels there: " : "backups there: ")
                                + String.join(
                                        ", ", all.stream().map(Trend::backup).toList());
                throw new HistoryRefusedException(
                        (label != null ? "no run labelled " + label : "no restore of a backup named " + backup)
                                + " under " + given + " (" + there + ")");
            }
        }
        if (trends.isEmpty() && unjudged.isEmpty() && job) {
            throw noJob(given, "no run without a label");
        }
        if (trends.isEmpty() && unjudged.isEmpty()) {
            throw new HistoryRefusedException(
                    "no restore recorded under " + given + "; expected run folders of gbakprof run (run.json)");
        }
        return new History(trends, notes, unjudged, owners);
    }

    /** {@code none} (no run of the job asked for) under {@code given}, and the jobs there are. */
    private static HistoryRefusedException noJob(List<Path> given, String none) {
        List<String> there = load(given, null, null, Trend.By.BACKUP).jobs().stream()
                .map(Job::toString)
                .toList();
        return new HistoryRefusedException(none + " under " + given + " ("
                + (there.isEmpty() ? "no restore has been recorded there" : "jobs there: " + String.join("; ", there))
                + ")");
    }

    /**
     * The jobs the folders hold, by backup file name, then label: each trend's runs' labels, and those of run folders
     * without a usable record, under the backup whose run they are ({@link #owner}), else their own backup's name. A
     * folder that names neither backup nor label counts with the runs of the label its name has; one that names a
     * label alone and is no trend's run is no job. Of a history grouped by backup.
     */
    public List<Job> jobs() {
        Set<Job> jobs = new TreeSet<>(Comparator.comparing(Job::backup).thenComparing(Job::label));
        for (Trend t : trends) {
            t.points()
                    .forEach(p -> jobs.add(new Job(t.backup(), jobLabel(p.run().label()))));
        }
        for (RunFolders.Folder f : unjudged) {
            String backup = owners.getOrDefault(f.folder(), fileName(f.backup()));
            if (backup != null && (f.backup() != null || f.label() != null)) {
                jobs.add(new Job(backup, jobLabel(f.label())));
            }
        }
        return List.copyOf(jobs);
    }
}
