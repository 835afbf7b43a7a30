package dev.gbakprof.history;

import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.store.RunFolders;
import dev.gbakprof.store.RunStore;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

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
     * and, when it is the only trend, those that name neither backup nor label (an older gbakprof's folder).
     */
    public List<RunFolders.Folder> of(Trend trend) {
        return unjudged.stream()
                .filter(f -> trend.backup().equals(owners.get(f.folder()))
                        || trends.size() == 1 && f.backup() == null && f.label() == null)
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
     * the label of t's runs ({@code 20261206-031500-nightly} for runs labelled nightly).
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
        String name = f.nameLabel();
        return name != null
                && t.points().stream()
                        .map(p -> p.run().label())
                        .filter(l -> l != null)
                        .map(RunStore::fileSafe)
                        .anyMatch(l -> name.equals(l) || name.startsWith(l + "-"));
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
     * @param label  only the runs with this label, grouped by label, or {@code null}
     */
    public static History load(List<Path> dirs, String backup, String label, Trend.By by) {
        if (backup != null && label != null) {
            throw new HistoryRefusedException(
                    "--backup and --label: give one (--backup NAME picks a backup file's restores, "
                            + "--label L the runs labelled L)");
        }
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
                    e.folder().resolve(RunStore.RUN_JSON) + ": a record that cannot be true: " + impossible);
            unjudged.add(f);
            notes.add(f.note());
        }
        long undated = runs.stream().filter(r -> r.startedAt() == null).count();
        if (undated > 0) {
            notes.add(undated + " record(s) without a start time (parsed logs, not run folders) left out");
        }
        Trend.By grouping = label != null ? Trend.By.LABEL : by;
        List<Trend> all = Trend.of(folders, runs, grouping);
        List<Trend> trends = all;
        Map<Path, String> owners = new HashMap<>();
        for (RunFolders.Folder f : unjudged) {
            Trend t = owner(f, all);
            if (t != null) {
                owners.put(f.folder(), t.backup());
            }
        }
        String name = label != null ? label : backup;
        if (name != null) {
            trends = all.stream().filter(t -> t.named(name)).toList();
            List<RunFolders.Folder> named = unjudged.stream()
                    .filter(f -> belongs(f, new Trend(name, List.of(), grouping))
                            || all.isEmpty() && f.backup() == null && f.label() == null)
                    .toList();
            if (trends.isEmpty() && !named.isEmpty()) {
                return new History(trends, notes, named, owners);
            }
            if (trends.isEmpty()) {
                throw new HistoryRefusedException((label != null
                                ? "no run labelled " + label + " under " + given + " (labels there: "
                                : "no restore of a backup named " + backup + " under " + given + " (backups there: ")
                        + String.join(", ", all.stream().map(Trend::backup).toList()) + ")");
            }
        }
        if (trends.isEmpty() && unjudged.isEmpty()) {
            throw new HistoryRefusedException(
                    "no restore recorded under " + given + "; expected run folders of gbakprof run (run.json)");
        }
        return new History(trends, notes, unjudged, owners);
    }

    /**
     * The backups the folders hold, by file name, each with its newest run's label ({@code null}: none): the trends',
     * and those of run folders without a usable record that belong to none of them.
     */
    public SortedMap<String, String> backups() {
        SortedMap<String, String> backups = new TreeMap<>();
        for (Trend t : trends) {
            backups.put(t.backup(), t.newest().run().label());
        }
        for (RunFolders.Folder f : unjudged) {
            if (!owners.containsKey(f.folder()) && f.backup() != null) {
                backups.putIfAbsent(String.valueOf(Path.of(f.backup()).getFileName()), f.label());
            }
        }
        return backups;
    }
}
