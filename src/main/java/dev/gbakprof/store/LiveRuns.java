package dev.gbakprof.store;

import dev.gbakprof.log.LogFormatException;
import dev.gbakprof.timeline.Progress;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * The restores under way in a runs folder, read from outside ({@code status}): each run folder whose
 * {@link RunMarker} is locked by a living process, and each whose marker names a process that is gone (a killed run:
 * it left no record). What each is doing comes from its partial log, read through the one pipeline
 * ({@link LogReader#progress}); its ETA is the one the run itself last wrote into its marker.
 */
public final class LiveRuns {
    private LiveRuns() {}

    /** What a run folder with a marker is. */
    public enum State {
        /** Its marker is locked by a living gbakprof: the restore is going. */
        RUNNING,
        /** Its gbakprof is gone and it left no record: killed or crashed. */
        KILLED;

        @Override
        public String toString() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * One restore under way, or killed.
     *
     * @param pid            the gbakprof process that runs (or ran) it, or {@code null} when its marker does not say
     * @param startedAt      when it started, or {@code null}
     * @param elapsedSeconds since it started (a killed run: {@code null}, it no longer runs)
     * @param phase          where its log says it is ({@code setup} … {@code finish}, {@code backup} for a drill's
     *                       backup), or {@code null} when no log can be read
     * @param table          the table whose rows it restores, or {@code null}
     * @param eta            the run's own last ETA, or {@code null} when it has none (no baseline, a killed run)
     * @param log            the log read ({@code gbak.log}, or a drill's {@code backup.log}), or {@code null}
     * @param lastLineAt     the log's last modification (gbak's last line), or {@code null}
     * @param why            for a killed run, what its folder says; a log that cannot be read, why
     * @param route          how it reaches the database ({@code embedded}, {@code remote TCP (localhost)}, {@code
     *                       services manager}), or {@code null} when its marker does not say (an older marker)
     * @param workingFolder  the run's working folder (where its relative paths lie), or {@code null} when its marker
     *                       does not say
     */
    public record Live(
            Path folder,
            State state,
            String label,
            String backup,
            String database,
            Long pid,
            Instant startedAt,
            Double elapsedSeconds,
            String phase,
            String table,
            RunMarker.Eta eta,
            Path log,
            Instant lastLineAt,
            String why,
            String route,
            String workingFolder) {

        /** The share of the forecast total done at {@code now}, 0 to 1, or {@code null} when the run has no ETA. */
        public Double done(Instant now) {
            return eta == null ? null : eta.doneAt(now);
        }

        /** Seconds left at {@code now}, or {@code null}. */
        public Double leftSeconds(Instant now) {
            return eta == null ? null : eta.leftAt(now);
        }

        /** Seconds since the log's last line at {@code now}, or {@code null}. */
        public Double sinceLastLine(Instant now) {
            return lastLineAt == null
                    ? null
                    : Math.max(0, Duration.between(lastLineAt, now).toMillis() / 1000.0);
        }
    }

    /**
     * What {@code status} lists: the restores running and those killed, and the killed ones it leaves out.
     *
     * @param lives          the restores running, then those killed, each group in the order they started
     * @param killedEarlier  the folders of killed runs whose label has run since (a later run folder of the same
     *                       label), in the order they started: history, not what is going on
     */
    public record Listing(List<Live> lives, List<Path> killedEarlier) {}

    /**
     * The restores running, then those killed, under {@code runsDir}, each group in the order they started; a killed run
     * whose label has run since is left out, named in {@link Listing#killedEarlier}.
     *
     * @throws IOException when the folder cannot be listed (missing, unreadable)
     */
    public static Listing in(Path runsDir, Instant now) throws IOException {
        List<Live> running = new ArrayList<>();
        List<Live> killed = new ArrayList<>();
        List<Path> earlier = new ArrayList<>();
        List<Path> folders; // the records of the finished runs are not read, but to tell a killed run's label ran since
        try (Stream<Path> s = Files.list(runsDir)) {
            folders = s.filter(Files::isDirectory).sorted().toList();
        }
        for (int i = 0; i < folders.size(); i++) {
            Path folder = folders.get(i);
            if (!Files.isRegularFile(folder.resolve(RunMarker.FILE))) {
                continue;
            }
            RunFolders.Folder f = RunFolders.unrecorded(folder);
            if (f == null || f.state() == RunFolders.State.DAMAGED || f.state() == RunFolders.State.REFUSED) {
                continue; // a marker left beside a record (the record is what counts), or a run that never started
            }
            RunMarker.State marker = RunMarker.read(folder);
            if (marker == null) {
                continue; // gone since the listing: the run ended
            }
            Live live = of(f, marker, now);
            if (live.state() == State.RUNNING) {
                running.add(live);
            } else if (ranSince(live.label(), folders.subList(i + 1, folders.size()))) {
                earlier.add(folder);
            } else {
                killed.add(live);
            }
        }
        running.addAll(killed);
        return new Listing(running, earlier);
    }

    /**
     * Whether a run of {@code label} started in one of {@code later} (folders that sort after, so started after):
     * those whose name carries the label ({@code LABEL}, {@code LABEL-r2}, {@code LABEL-2}…) are read, marker or
     * record, until one has that label.
     */
    private static boolean ranSince(String label, List<Path> later) {
        if (label == null) {
            return false;
        }
        Predicate<Path> named = RunStore.namedFor(label);
        for (Path folder : later) {
            if (!named.test(folder)) {
                continue;
            }
            RunMarker.State marker = RunMarker.read(folder);
            if (marker != null && label.equals(marker.label())) {
                return true;
            }
            Path record = folder.resolve(RunStore.RUN_JSON);
            try {
                if (Files.isRegularFile(record)
                        && RunJson.read(record).stream().anyMatch(r -> label.equals(r.label()))) {
                    return true;
                }
            } catch (RuntimeException damaged) {
                // a record that cannot be read tells no label: the next folder may
            }
        }
        return false;
    }

    private static Live of(RunFolders.Folder f, RunMarker.State marker, Instant now) {
        boolean alive = f.state() == RunFolders.State.RUNNING;
        Path gbakLog = f.folder().resolve(RunStore.GBAK_LOG);
        Path backupLog = f.folder().resolve(RunStore.BACKUP_LOG);
        Path log = Files.isRegularFile(gbakLog) ? gbakLog : Files.isRegularFile(backupLog) ? backupLog : null;
        String phase = null;
        String table = null;
        String why = alive ? null : f.why();
        Instant lastLine = null;
        if (log != null) {
            try {
                if (Files.size(log) == 0) {
                    // gbak has printed nothing yet (connecting, waiting for a lock), or nothing before it was killed
                    why = and(why, log + ": gbak has printed nothing" + (alive ? " yet" : ""));
                } else {
                    lastLine = Files.getLastModifiedTime(log).toInstant();
                    Progress p = LogReader.progress(log);
                    phase = log == backupLog ? "backup" : p.phase().label();
                    table = p.table();
                }
            } catch (IOException ex) {
                why = and(why, log + ": cannot read (" + ex.getMessage() + ")");
            } catch (LogFormatException ex) {
                why = and(why, ex.oneLine());
            }
        }
        Instant started = marker.startedAt() != null ? marker.startedAt() : f.startedAt();
        Double elapsed = alive && started != null
                ? Math.max(0, Duration.between(started, now).toMillis() / 1000.0)
                : null;
        return new Live(
                f.folder(),
                alive ? State.RUNNING : State.KILLED,
                marker.label() != null ? marker.label() : f.nameLabel(),
                marker.backup(),
                marker.database(),
                marker.pid(),
                started,
                elapsed,
                phase,
                table,
                alive ? marker.eta() : null,
                log,
                lastLine,
                why,
                marker.route(),
                marker.workingFolder());
    }

    /** A killed run's why, then what its log says. */
    private static String and(String why, String more) {
        return why == null ? more : why + "; " + more;
    }
}
