package dev.gbakprof.history;

import dev.gbakprof.model.DatabaseNames;
import dev.gbakprof.model.RestoreRun;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Whether the runs of one label ({@code check --label L}, {@code history --label L}) are one job's. Two restores are of
 * one job when they restore the same backup file (its path as recorded) or into the same database, or back up the same
 * database (a drill): a nightly backup whose file name carries its date ({@code erp-20261201.fbk} …) restored into one
 * test database is one job, and so is one whose test database moved. Restores of other backups into other databases
 * under the same label are several jobs ({@code big.fbk} into {@code big-test.fdb} and {@code erp.fbk} into {@code
 * erp-test.fdb}, each cron line labelled {@code nightly}): neither's restores are the other's baseline, nor its night
 * the other's. Records only: a run folder without one (killed, refused) is the night of the job {@link History#owner}
 * gives it, never a job of its own.
 */
final class LabelJobs {
    private LabelJobs() {}

    /** The runs of one job: its backups' file names, the newest database restored into, the newest file name. */
    private record Job(TreeSet<String> names, String database, String newestName) {}

    /**
     * Why {@code check} does not judge the runs of {@code trend} (grouped by label) as one job's, naming each job (its
     * backup file names and the database it restores into) and the {@code check} that judges it; {@code null} when
     * they are one job's.
     */
    static String forCheck(Trend trend) {
        List<Job> jobs = jobs(trend);
        return jobs.size() < 2
                ? null
                : why(trend, jobs) + ": check each with " + options(trend, jobs, ", ")
                        + " (check --discovery lists them), or give each job a label of its own";
    }

    /** The same for a note under {@code history}'s table, whose bands mix the jobs; {@code null} for one job. */
    static String forHistory(Trend trend) {
        List<Job> jobs = jobs(trend);
        return jobs.size() < 2
                ? null
                : why(trend, jobs) + "; the baseline bands of " + trend.backup() + " mix them: history "
                        + options(trend, jobs, " or ") + " gives one job its own";
    }

    private static String why(Trend trend, List<Job> jobs) {
        TreeSet<String> described = new TreeSet<>();
        for (Job j : jobs) {
            String names = j.names().size() == 1
                    ? j.names().first()
                    : j.names().first() + " to " + j.names().last() + " ("
                            + j.names().size() + " backup files)";
            described.add(names + (j.database() == null ? "" : " into " + j.database()));
        }
        return "the runs labelled " + trend.backup() + " are " + jobs.size() + " jobs': " + String.join(", ", described)
                + "; they are not one baseline, nor is one's night another's";
    }

    /** {@code --backup big.fbk --label nightly, --backup erp.fbk --label nightly}: each job by its newest file name. */
    private static String options(Trend trend, List<Job> jobs, String between) {
        TreeSet<String> each = new TreeSet<>();
        jobs.forEach(j -> each.add("--backup " + j.newestName() + " --label " + trend.backup()));
        return String.join(between, each);
    }

    /** The jobs of the restores of {@code trend}: those that share a backup file or a database are one job's. */
    private static List<Job> jobs(Trend trend) {
        List<Trend.Point> points = trend.points();
        int[] parent = new int[points.size()];
        Map<String, Integer> firstWith = new HashMap<>();
        for (int i = 0; i < points.size(); i++) {
            parent[i] = i;
            for (String key : keys(points.get(i))) {
                Integer j = firstWith.putIfAbsent(key, i);
                if (j != null) {
                    parent[root(parent, i)] = root(parent, j);
                }
            }
        }
        Map<Integer, Job> jobs = new LinkedHashMap<>();
        for (int i = 0; i < points.size(); i++) { // oldest first: the newest name and database last
            if (keys(points.get(i)).isEmpty()) {
                continue; // a record that names neither backup nor database: no job's
            }
            RestoreRun r = points.get(i).run();
            String name = Trend.backupName(r);
            Job before = jobs.get(root(parent, i));
            TreeSet<String> names = before == null ? new TreeSet<>() : before.names();
            names.add(name);
            String database = points.get(i).restored() && r.database() != null
                    ? DatabaseNames.unstaged(r.database())
                    : before == null ? null : before.database();
            jobs.put(root(parent, i), new Job(names, database, name));
        }
        return new ArrayList<>(jobs.values());
    }

    /**
     * What makes two restores one job's: the backup file (as recorded) and the database restored into; a drill's
     * database backed up (its backup file is new each night, in its run folder).
     */
    private static List<String> keys(Trend.Point p) {
        RestoreRun r = p.run();
        List<String> keys = new ArrayList<>();
        if (r.backupFile() != null) {
            keys.add("backup:" + r.backupFile());
        }
        if (!p.restored()) { // a drill stopped at its backup: its record's database is the one backed up
            if (r.database() != null) {
                keys.add("from:" + r.database());
            }
            return keys;
        }
        if (r.backupFrom() != null) {
            keys.add("from:" + r.backupFrom());
        }
        if (r.database() != null) { // a --replace restore not moved over the database names the file beside it
            keys.add("database:" + DatabaseNames.unstaged(r.database()));
        }
        return keys;
    }

    private static int root(int[] parent, int i) {
        while (parent[i] != i) {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        return i;
    }
}
