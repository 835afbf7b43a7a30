package dev.gbakprof.history;

import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunKind;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.model.Via;
import dev.gbakprof.stats.Confounder;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The restores of one backup over time, oldest first, each with the baseline band of the completed restores before
 * it: what {@code history} shows and {@code check} judges.
 *
 * @param backup the backup's file name ({@code erp.fbk}): what was restored; the label when grouped by label
 * @param points the restores, in start-time order
 * @param by     what the restores were grouped by
 */
public record Trend(String backup, List<Point> points, By by) {
    /** The restores of one backup file name. */
    public Trend(String backup, List<Point> points) {
        this(backup, points, By.BACKUP);
    }

    /** The same trend with other points (the newest N of them). */
    public Trend withPoints(List<Point> newPoints) {
        return new Trend(backup, newPoints, by);
    }

    /** Completed runs a band is made of: the most recent ones before the run. */
    public static final int WINDOW = 10;

    /**
     * One restore, or one drill ({@code run --backup-from}) that stopped at its backup.
     *
     * @param folder the run folder it was read from
     * @param run    the restore's record; the backup's (kind backup) when the drill stopped at it and nothing was restored
     * @param band   the baseline of the completed restores before it; {@code null} with fewer than {@link Band#MIN_RUNS}
     * @param backup a drill's backup record (the first of its run folder), {@code null} for a restore of a backup file
     */
    public record Point(Path folder, RestoreRun run, Instant startedAt, Band band, RestoreRun backup) {
        /** Something was restored (a drill that stopped at its backup restored nothing). */
        public boolean restored() {
            return run.kind() == RunKind.RESTORE;
        }

        /**
         * A finished restore: completed, with its total. What has phases, a band position and an RTO verdict, and
         * what the bands of the later restores are made of.
         */
        public boolean done() {
            return restored() && run.restoreSeconds() != null;
        }

        /** Where a {@link #done} restore's total lies against its band: {@code null} when not done or without a band. */
        public Standing standing() {
            if (band == null || !done()) {
                return null;
            }
            double total = run.restoreSeconds();
            return total > band.high() ? Standing.ABOVE : total < band.low() ? Standing.BELOW : Standing.WITHIN;
        }

        /** Above its baseline band: {@code null} when it is not {@link #done} or has no band. */
        public Boolean aboveBand() {
            Standing s = standing();
            return s == null ? null : s == Standing.ABOVE;
        }

        /** Within the recovery time objective: {@code null} when it is not {@link #done} or there is no RTO. */
        public Boolean withinRto(Duration rto) {
            return rto == null || !done() ? null : !Rto.of(rto).exceededBy(run.restoreSeconds());
        }

        /** {@code passed}/{@code failed} when {@code --inspect} verified the restore, else {@code null}. */
        public String verification() {
            return run.inspection() == null || run.inspection().verifiedAgainst() == null
                    ? null
                    : run.inspection().problems().isEmpty() ? "passed" : "failed";
        }

        /** {@code --validate}'s result ({@code passed}, {@code warnings}, {@code failed}), else {@code null}. */
        public String validation() {
            return run.validation() == null ? null : run.validation().result().toString();
        }
    }

    /** Where a total lies against its baseline band. */
    public enum Standing {
        BELOW,
        WITHIN,
        ABOVE
    }

    /** What the restores are grouped by: the backup file's name ({@code erp.fbk}), or the run's label ({@code run --label}). */
    public enum By {
        BACKUP,
        LABEL;

        String key(RestoreRun r) {
            return this == LABEL && r.label() != null ? r.label() : backupName(r);
        }
    }

    /** {@link #of(List, List, By)} by backup file name. */
    public static List<Trend> of(List<Path> folders, List<RestoreRun> runs) {
        return of(folders, runs, By.BACKUP);
    }

    /**
     * The trends of the restores among {@code runs} (records without a start time are left out: {@code history} says
     * how many), one per backup file name or label, in name order. A drill's backup record joins the restore of its run
     * folder; one whose folder holds no restore (the drill stopped at its backup) is a point of its own.
     */
    public static List<Trend> of(List<Path> folders, List<RestoreRun> runs, By by) {
        Map<Path, RestoreRun> backups = new HashMap<>();
        Set<Path> restoredIn = new HashSet<>();
        for (int i = 0; i < runs.size(); i++) {
            if (runs.get(i).kind() == RunKind.BACKUP) {
                backups.putIfAbsent(folders.get(i), runs.get(i));
            } else {
                restoredIn.add(folders.get(i));
            }
        }
        Map<String, List<Point>> byBackup = new LinkedHashMap<>();
        for (int i = 0; i < runs.size(); i++) {
            RestoreRun r = runs.get(i);
            Path folder = folders.get(i);
            Instant at = startedAt(r);
            boolean backup = r.kind() == RunKind.BACKUP;
            if (at == null || backup && (restoredIn.contains(folder) || backups.get(folder) != r)) {
                continue;
            }
            byBackup.computeIfAbsent(by.key(r), k -> new ArrayList<>())
                    .add(new Point(folder, r, at, null, backups.get(folder)));
        }
        List<Trend> trends = new ArrayList<>();
        byBackup.keySet().stream().sorted().forEach(name -> {
            List<Point> sorted = byBackup.get(name).stream()
                    .sorted(Comparator.comparing(Point::startedAt))
                    .toList();
            List<Point> banded = new ArrayList<>();
            // a band is made of one route's restores by one Firebird version; a record that does not say its route
            // or its version (a parsed log, a drill's failed backup) is judged against every one's
            List<Double> done = new ArrayList<>();
            List<List<String>> doneKeys = new ArrayList<>();
            for (Point p : sorted) {
                List<String> key = baselineKey(p.run());
                List<Double> same = new ArrayList<>();
                for (int i = done.size() - 1; i >= 0 && same.size() < WINDOW; i--) {
                    if (sameBaseline(key, doneKeys.get(i))) {
                        same.add(0, done.get(i));
                    }
                }
                banded.add(new Point(p.folder(), p.run(), p.startedAt(), band(same), p.backup()));
                if (p.done()) {
                    done.add(p.run().restoreSeconds());
                    doneKeys.add(key);
                }
            }
            trends.add(new Trend(name, banded, by));
        });
        return trends;
    }

    /**
     * How a restore reached the database ({@link Confounder#route}: embedded, remote TCP (host), services manager), as
     * a key: a band is made of restores of one route, whose times are of one kind (a remote TCP restore of the same
     * backup took 7 times an embedded one's); {@code ""} when the record does not say (a parsed log).
     */
    static String route(RestoreRun r) {
        String route = Confounder.route(r);
        return route == null ? "" : route;
    }

    /**
     * The Firebird version that restored, as a key ({@link Confounder#family}: {@code 4.0}): gbak's, through the
     * services API the server's; a band is made of one version's restores (a migration's first restore by 4.0 is not
     * judged against 3.0's); {@code ""} when the record does not say.
     */
    static String version(RestoreRun r) {
        String v = Confounder.GBAK_VERSION.family(r);
        if (v == null && r.via() == Via.SERVICE) {
            v = Confounder.ENGINE_VERSION.family(r);
        }
        return v == null ? "" : v;
    }

    /**
     * Whether {@code earlier}'s total belongs to {@code run}'s band: the same route and version, where {@code run}'s
     * record says them ({@link #route}, {@link #version}).
     */
    static boolean sameBaseline(RestoreRun run, RestoreRun earlier) {
        return sameBaseline(baselineKey(run), baselineKey(earlier));
    }

    /** {@link #route} and {@link #version} of a record. */
    private static List<String> baselineKey(RestoreRun r) {
        return List.of(route(r), version(r));
    }

    /** Each part {@code run}'s key says ({@code ""}: not) is {@code earlier}'s. */
    private static boolean sameBaseline(List<String> run, List<String> earlier) {
        for (int i = 0; i < run.size(); i++) {
            if (!run.get(i).isEmpty() && !run.get(i).equals(earlier.get(i))) {
                return false;
            }
        }
        return true;
    }

    /** What was restored: the backup file's name, {@code erp.fbk} for {@code /backups/erp.fbk}. */
    public static String backupName(RestoreRun r) {
        if (r.backupFile() == null || r.backupFile().isBlank()) {
            return r.label();
        }
        String f = r.backupFile().replace('\\', '/');
        return f.substring(f.lastIndexOf('/') + 1);
    }

    /** The backup's name without its extension, for a sentence: {@code erp}. */
    public String shortName() {
        if (by == By.LABEL) {
            return backup;
        }
        int dot = backup.lastIndexOf('.');
        return dot > 0 ? backup.substring(0, dot) : backup;
    }

    /** {@code NAME} names this trend: the backup file's name, with or without its extension (case ignored). */
    public boolean named(String name) {
        if (by == By.LABEL) {
            return backup.equals(name);
        }
        return backup.equalsIgnoreCase(name) || shortName().equalsIgnoreCase(name);
    }

    /** The newest restore. */
    public Point newest() {
        return points.get(points.size() - 1);
    }

    /** Completed restores. */
    public long completed() {
        return points.stream()
                .filter(p -> p.restored() && p.run().status() == RunStatus.COMPLETED)
                .count();
    }

    /** Some of the points are drills ({@code run --backup-from}): the history shows their backups. */
    public boolean drills() {
        return points.stream().anyMatch(p -> p.backup() != null);
    }

    public static Instant startedAt(RestoreRun r) {
        return r.startInstant();
    }

    /** The band of the last {@link #WINDOW} totals, or {@code null} with too few. */
    static Band band(List<Double> totals) {
        if (totals.size() < Band.MIN_RUNS) {
            return null;
        }
        double[] w = totals.subList(Math.max(0, totals.size() - WINDOW), totals.size()).stream()
                .mapToDouble(Double::doubleValue)
                .toArray();
        double median = median(w);
        double[] dev = Arrays.stream(w).map(x -> Math.abs(x - median)).toArray();
        double half =
                Math.max(Math.max(3 * 1.4826 * median(dev), Band.MIN_HALF_WIDTH * median), Band.MIN_HALF_WIDTH_SECONDS);
        return new Band(round(median), round(Math.max(0, median - half)), round(median + half), w.length);
    }

    /** The median of {@code v} (left unchanged). */
    static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }

    private static double round(double s) {
        return Math.round(s * 1000) / 1000.0;
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%s (%d restores)", backup, points.size());
    }
}
