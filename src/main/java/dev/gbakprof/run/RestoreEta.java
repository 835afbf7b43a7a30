package dev.gbakprof.run;

import dev.gbakprof.exec.GbakVersion;
import dev.gbakprof.firebird.ServerAddress;
import dev.gbakprof.forecast.LiveEta;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.Via;
import dev.gbakprof.monitor.WorkerProcess;
import dev.gbakprof.stats.Confounder;
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
        String gbak = gbakFamily(route);
        return eta(
                options.drill()
                        ? Baselines.findDrill(
                                options.baseline(), options.runsDir(), options.backupFrom(), route.via(), way, gbak)
                        : Baselines.find(
                                options.baseline(),
                                options.runsDir(),
                                options.backup(),
                                backupBytes,
                                route.via(),
                                way,
                                gbak),
                route,
                way,
                gbak,
                backupBytes,
                database);
    }

    /**
     * The version family ({@link Confounder#versionFamily}: 3.0, 4.0) of the gbak that restores through {@code route}:
     * what it answered to the checks before the restore ({@link GbakVersion} asks a gbak once); {@code null} when
     * unknown, and through the services API, where the server restores.
     */
    private String gbakFamily(RestoreRoute route) {
        if (route.via() != Via.GBAK || options.gbak() == null) {
            return null;
        }
        return Confounder.versionFamily(GbakVersion.ask(options.gbak()).version());
    }

    /**
     * What the ETA is computed from: the baseline's model, and the backup's read position when it can be had (gbak's
     * descriptor of it; with the services API or gbak -se, a local server's).
     */
    private ProgressDisplay.Eta eta(
            List<RestoreRun> baselines,
            RestoreRoute route,
            String way,
            String gbak,
            Long backupBytes,
            String database) {
        RestoreRun baseline = baselines.isEmpty() ? null : baselines.get(baselines.size() - 1);
        boolean byGbak = route.via() == Via.GBAK;
        if (baseline == null || baseline.restoreSeconds() == null) {
            // a --baseline that failed, stopped or is an excerpt has no total and no time for the phases it misses
            return new ProgressDisplay.Eta(
                    null,
                    null,
                    null,
                    baseline == null
                            ? "no completed restore of this backup"
                                    + (byGbak ? " by gbak " + (gbak == null ? "of a version unknown" : gbak) : "")
                                    + " on the " + route.via() + " route"
                                    + (way == null || !byGbak ? "" : " (" + way + ")")
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
        LiveEta model = new LiveEta(baselines, chosen(baseline, route, gbak), bytes);
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
    private String chosen(RestoreRun baseline, RestoreRoute route, String gbak) {
        boolean byGbak = route.via() == Via.GBAK;
        if (options.baseline() == null) {
            // several: the baseline's name says which (LiveEta#baselineName)
            String version = !byGbak ? "" : gbak == null ? ", gbak's version unknown" : ", gbak " + gbak;
            return options.drill()
                    ? "an earlier drill of the same database, same route" + version
                    : "same backup and route" + version;
        }
        List<String> differs = new ArrayList<>();
        if (baseline.via() == Via.LOG) {
            differs.add("a gbak log, its route unknown");
        } else if (baseline.via() != null && baseline.via() != route.via()) {
            differs.add("restored through " + baseline.via() + ", this run through " + route.via()
                    + ": the routes restore at different speeds");
        }
        String theirs = Confounder.GBAK_VERSION.family(baseline);
        if (byGbak && baseline.via() == Via.GBAK && gbak != null && theirs != null && !theirs.equals(gbak)) {
            differs.add("restored by gbak " + theirs + ", this run by gbak " + gbak
                    + ": each version restores at its own speed");
        }
        if (!options.drill()
                && baseline.backupFile() != null
                && !baseline.backupFile().equals(options.backup())) {
            differs.add("of another backup file, " + baseline.backupFile());
        }
        return "given with --baseline" + (differs.isEmpty() ? "" : "; " + String.join("; ", differs));
    }
}
