package dev.gbakprof.run;

import dev.gbakprof.exec.GbakInvocation;
import dev.gbakprof.firebird.Server;
import dev.gbakprof.firebird.ServerAddress;
import dev.gbakprof.firebird.ServiceRestore;
import dev.gbakprof.model.Environment;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunKind;
import dev.gbakprof.model.Warning;
import dev.gbakprof.model.WarningCode;
import dev.gbakprof.store.RunStore;
import dev.gbakprof.timeline.RestoreTimeline;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;

/** A drill's backup ({@link Drill}), run through a route and recorded as a restore is ({@link RouteRun}). */
final class DrillBackup {

    private final RunOptions options;
    private final Path gbak;
    private final RouteRun runs;

    DrillBackup(
            RunOptions options,
            Path gbak,
            Supplier<Environment> environment,
            PrintStream progressOut,
            boolean terminal) {
        this.options = options;
        this.gbak = gbak;
        this.runs = new RouteRun(options, gbak, environment, progressOut, terminal, ProgressDisplay.EXIT_WAIT);
    }

    /**
     * The first stage of a drill ({@code run --backup-from}): {@code gbak -b -v -st tdrw} of the database (or the
     * services backup) into {@code file}, a new file in the run folder, its output in {@value RunStore#BACKUP_LOG}
     * as it arrives and through the same pipeline as every restore: a record of kind backup, timed as a restore is.
     */
    RestoreRun backUp(Path file, Path runDir, String label) throws IOException {
        Path rawLog = runDir.resolve(RunStore.BACKUP_LOG);
        RestoreRoute route = options.viaService()
                ? new ServiceRoute(ServiceRestore.backup(
                        new Server(options.server(), options.credentials()), options.backupFrom(), file.toString()))
                : new GbakRoute(GbakInvocation.backup(
                        gbak, options.backupFrom(), file.toString(), options.backupUser(), options.password()));
        RawLog raw;
        try {
            raw = RawLog.create(rawLog, route::interrupt);
        } catch (IOException ex) {
            throw new RunRefusedException(rawLog + ": cannot write the backup's log (" + RestoreSession.reason(ex)
                    + "); nothing was backed up or restored. Choose a --runs-dir you can write");
        }
        RestoreTimeline timeline = new RestoreTimeline();
        Signals.Hold stopping = Signals.hold(route::interrupt);
        BackupGrowth growth = BackupGrowth.of(file);
        try {
            ServerAddress server = options.viaService()
                    ? options.server()
                    : options.backupThroughServer()
                            ? ServerAddress.remote(options.backupFrom()).server()
                            : null;
            RouteRun.Worker worker = RouteRun.Worker.of(route, server);
            RouteRun.Streamed streamed =
                    runs.stream(route, timeline, raw, rawLog, ProgressDisplay.Eta.NONE, worker, null, null);
            Long bytes = Files.isRegularFile(file) ? Files.size(file) : null;
            RestoreRun run = runs.finish(
                    timeline, streamed, route, worker, label, rawLog, bytes, raw.failure(), file.toString());
            // gbak that failed before its first line does not say it was backing up: here it was
            List<Warning> warnings = run.warnings().stream()
                    .filter(w -> !w.is(WarningCode.KIND_UNKNOWN))
                    .toList();
            // a file gbak could not write on: the disk was full, or another limit
            return growth.said(
                    run.toBuilder().kind(RunKind.BACKUP).warnings(warnings).build());
        } finally {
            growth.close();
            stopping.close();
        }
    }
}
