package dev.gbakprof.run;

import dev.gbakprof.firebird.ServerAddress;
import dev.gbakprof.forecast.LiveEta;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.Via;
import dev.gbakprof.monitor.WorkerProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The ETA of one restore: the baseline it is computed from (found in the runs folder or given with --baseline), and
 * the backup's read position when it can be had.
 */
final class RestoreEta {

    private final RunOptions options;

    RestoreEta(RunOptions options) {
        this.options = options;
    }

    /** The ETA of a restore of {@code backupBytes} into {@code database} through {@code route} ({@code way}: its kind). */
    ProgressDisplay.Eta of(RestoreRoute route, String way, Long backupBytes, String database) throws IOException {
        return eta(
                options.drill()
                        ? Baselines.findDrill(
                                options.baseline(), options.runsDir(), options.backupFrom(), route.via(), way)
                        : Baselines.find(
                                options.baseline(), options.runsDir(), options.backup(), backupBytes, route.via(), way),
                route,
                way,
                backupBytes,
                database);
    }

    /**
     * What the ETA is computed from: the baseline's model, and the backup's read position when it can be had (gbak's
     * descriptor of it; with the services API or gbak -se, a local server's).
     */
    private ProgressDisplay.Eta eta(
            List<RestoreRun> baselines, RestoreRoute route, String way, Long backupBytes, String database) {
        RestoreRun baseline = baselines.isEmpty() ? null : baselines.get(baselines.size() - 1);
        if (baseline == null || baseline.restoreSeconds() == null) {
            // a --baseline that failed, stopped or is an excerpt has no total and no time for the phases it misses
            return new ProgressDisplay.Eta(
                    null,
                    null,
                    null,
                    baseline == null
                            ? "no completed restore of this backup on the " + route.via() + " route"
                                    + (way == null || route.via() != Via.GBAK ? "" : " (" + way + ")")
                                    + " in " + options.runsDir() + " (or give --baseline)"
                            : "the baseline " + baseline.source() + " is not a completed restore (status "
                                    + baseline.status() + "): it has no total to forecast from");
        }
        boolean serverReads = options.serverReadsBackup();
        ServerAddress reader = serverReads ? options.serverFor(database) : null;
        boolean remote = reader != null && !reader.onThisMachine();
        Long bytes = backupBytes;
        if (bytes == null && !remote) {
            try {
                bytes = Files.size(Path.of(options.backup()));
            } catch (IOException | RuntimeException ex) {
                bytes = null;
            }
        }
        // this backup's size against the baseline's brings a baseline of another size to this run's
        LiveEta model = new LiveEta(baselines, chosen(baseline, route), bytes);
        if (remote) {
            // its own address, not only localhost: a server on this machine has its descriptors in /proc here too
            return new ProgressDisplay.Eta(
                    model,
                    null,
                    null,
                    "the backup is read by the server on " + reader.host()
                            + ", a remote server: its descriptors are not seen from here");
        }
        if (bytes == null) {
            return new ProgressDisplay.Eta(model, null, null, "the backup's size cannot be read here");
        }
        Long server = reader != null ? WorkerProcess.localServer(reader.port()) : null;
        BackupPosition position = !serverReads
                ? BackupPosition.of(options.backup(), route::ownWorkerPid, "gbak")
                : server != null
                        ? BackupPosition.of(options.backup(), () -> server, "server")
                        : BackupPosition.of(options.backup(), null, "server");
        return new ProgressDisplay.Eta(model, position, bytes, null);
    }

    /**
     * How the ETA's baseline was chosen, for the record's etaBasis: found in the runs folder, of the same backup (a
     * drill: of the same database) on the same route; given with --baseline, and then what differs from this run.
     */
    private String chosen(RestoreRun baseline, RestoreRoute route) {
        if (options.baseline() == null) {
            // several: the baseline's name says which (LiveEta#baselineName)
            return options.drill() ? "an earlier drill of the same database, same route" : "same backup and route";
        }
        List<String> differs = new ArrayList<>();
        if (baseline.via() == Via.LOG) {
            differs.add("a gbak log, its route unknown");
        } else if (baseline.via() != null && baseline.via() != route.via()) {
            differs.add("restored through " + baseline.via() + ", this run through " + route.via()
                    + ": the routes restore at different speeds");
        }
        if (!options.drill()
                && baseline.backupFile() != null
                && !baseline.backupFile().equals(options.backup())) {
            differs.add("of another backup file, " + baseline.backupFile());
        }
        return "given with --baseline" + (differs.isEmpty() ? "" : "; " + String.join("; ", differs));
    }
}
