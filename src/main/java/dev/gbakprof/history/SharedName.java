package dev.gbakprof.history;

import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.store.RunFolders;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * Whether the runs of one backup file name are one job's: the restores and the run folders without a record (running,
 * killed, refused) of a trend grouped by backup. Each label counts with its newest backup path and route. Labels at
 * two paths are two jobs whose backups share a file name (two servers' {@code erp.fbk}); labels at one path through two
 * routes (embedded and remote TCP, as default labels name them) are two jobs too: neither's restores are the other's
 * baseline, and neither's night is the other's. Labels at one path through one route are one job (a label renamed).
 * A path is the same file written two ways when one is relative: it is resolved against the folder its run was started
 * from, which the record's {@code source} (the gbak log's path as {@code run} wrote it) and its run folder tell, else
 * matched by the backup's SHA-256 and size to a restore of that file at an absolute path.
 */
final class SharedName {
    private SharedName() {}

    private static final Pattern WINDOWS_ABSOLUTE = Pattern.compile("([A-Za-z]:[\\\\/]|\\\\\\\\).*");

    /** One label's run: where its backup was, how it was restored ({@code ""}: not known), when. */
    private record Night(String label, String path, String route, Instant at) {}

    /**
     * Why the runs of {@code trend} and of {@code folders} (its run folders without a record) are not one job's, naming
     * each job's labels and paths once; {@code null} when they are one job's.
     */
    static String of(Trend trend, List<RunFolders.Folder> folders) {
        String why = why(trend, folders);
        return why == null ? null : why + ": " + EACH;
    }

    /** {@link #of}'s sentence without what to run for {@code check}; {@code null} when they are one job's. */
    static String why(Trend trend, List<RunFolders.Folder> folders) {
        Map<String, String> byContent = new HashMap<>(); // SHA-256 and size: a path of that file written absolute
        for (Trend.Point p : trend.points()) {
            String path = absolute(p.run(), p.folder());
            if (path != null && p.run().backupSha256() != null) {
                byContent.putIfAbsent(p.run().backupSha256() + "/" + p.run().backupBytes(), path);
            }
        }
        List<Night> nights = new ArrayList<>();
        for (Trend.Point p : trend.points()) {
            RestoreRun r = p.run();
            if (r.label() != null && r.backupFile() != null) {
                String path = absolute(r, p.folder());
                if (path == null) {
                    path = byContent.getOrDefault(r.backupSha256() + "/" + r.backupBytes(), written(r.backupFile()));
                }
                nights.add(new Night(r.label(), path, Trend.route(r), p.startedAt()));
            }
        }
        for (RunFolders.Folder f : folders) {
            if (f.label() != null && f.backup() != null) {
                String path = absolute(f.backup());
                nights.add(new Night(f.label(), path != null ? path : written(f.backup()), "", f.startedAt()));
            }
        }
        nights.sort(Comparator.comparing(Night::at, Comparator.nullsFirst(Comparator.naturalOrder())));
        Map<String, String> pathOfLabel = new TreeMap<>();
        Map<String, String> routeOfLabel = new TreeMap<>();
        for (Night n : nights) {
            pathOfLabel.put(n.label(), n.path()); // the newest of each label
            if (!n.route().isEmpty()) {
                routeOfLabel.put(n.label(), n.route());
            }
        }
        if (pathOfLabel.size() < 2) {
            return null;
        }
        Map<String, Set<String>> labelsOfPath = group(pathOfLabel);
        if (labelsOfPath.size() > 1) {
            List<String> jobs = new ArrayList<>();
            labelsOfPath.forEach((path, labels) -> jobs.add(path + " (" + labels(labels) + ")"));
            return trend.backup() + " is the file name of the backups at " + jobs.size() + " paths: "
                    + String.join(", ", jobs) + "; they are " + jobs.size() + " jobs, not one baseline";
        }
        Map<String, Set<String>> labelsOfRoute = group(routeOfLabel);
        if (labelsOfRoute.size() > 1) {
            List<String> jobs = new ArrayList<>();
            labelsOfRoute.forEach((route, labels) -> jobs.add(route + " (" + labels(labels) + ")"));
            return trend.backup() + " (" + labelsOfPath.keySet().iterator().next() + ") is restored through "
                    + jobs.size() + " routes under " + pathOfLabel.size() + " labels: " + String.join(", ", jobs)
                    + "; a route's restores are not another's baseline, nor its night another's";
        }
        return null;
    }

    private static final String EACH = "check each with --label L, or all with --jobs FILE";

    private static Map<String, Set<String>> group(Map<String, String> valueOfLabel) {
        Map<String, Set<String>> labelsOf = new TreeMap<>();
        valueOfLabel.forEach((label, value) ->
                labelsOf.computeIfAbsent(value, k -> new TreeSet<>()).add(label));
        return labelsOf;
    }

    /** {@code label "nightly"}, {@code labels "a", "b"}: quoted, as a default label has commas. */
    private static String labels(Set<String> labels) {
        List<String> quoted = labels.stream().map(l -> "\"" + l + "\"").toList();
        return (labels.size() == 1 ? "label " : "labels ") + String.join(", ", quoted);
    }

    /**
     * The absolute path of a restore's backup: as recorded when absolute, else resolved against the folder its run was
     * started from; {@code null} when that is not known.
     */
    private static String absolute(RestoreRun r, Path folder) {
        String path = absolute(r.backupFile());
        if (path != null || r.backupFile() == null || r.source() == null) {
            return path;
        }
        try {
            Path source = Path.of(r.source()).normalize();
            Path log = folder.toAbsolutePath().normalize().resolve(String.valueOf(source.getFileName()));
            Path root = log.getRoot();
            if (source.isAbsolute() || !log.endsWith(source) || root == null) {
                return null; // a runs folder given as an absolute path, or moved since: the run's folder is not known
            }
            int keep = log.getNameCount() - source.getNameCount();
            Path started = keep == 0 ? root : root.resolve(log.subpath(0, keep));
            return started.resolve(r.backupFile()).normalize().toString();
        } catch (InvalidPathException ex) {
            return null;
        }
    }

    /** {@code path} normalized when it is absolute (on this system, or a Windows path), else {@code null}. */
    private static String absolute(String path) {
        if (path == null) {
            return null;
        }
        if (WINDOWS_ABSOLUTE.matcher(path).matches()) {
            return path;
        }
        try {
            Path p = Path.of(path);
            return p.isAbsolute() ? p.normalize().toString() : null;
        } catch (InvalidPathException ex) {
            return null;
        }
    }

    /** A path whose folder is not known, as written ({@code ./erp.fbk} as {@code erp.fbk}). */
    private static String written(String path) {
        try {
            return Objects.toString(Path.of(path).normalize(), path);
        } catch (InvalidPathException ex) {
            return path;
        }
    }
}
