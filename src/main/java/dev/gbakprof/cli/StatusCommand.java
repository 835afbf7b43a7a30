package dev.gbakprof.cli;

import dev.gbakprof.model.Durations;
import dev.gbakprof.model.ExitCode;
import dev.gbakprof.output.StatusJson;
import dev.gbakprof.output.StatusText;
import dev.gbakprof.store.LiveRuns;
import dev.gbakprof.store.RunStore;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code gbakprof status}: the restores running now (and those killed), read from their run folders. */
@Command(
        name = "status",
        header = "Which restores are running now, how far, and when they end: read from their run folders.",
        footer = "  gbakprof status runs",
        sortOptions = false,
        description = {
            "The restores running now under RUNS_DIR, read from outside (another terminal, a scheduled task's",
            "watcher): each run folder whose gbakprof still holds its marker, and each whose gbakprof is gone",
            "without leaving a record (killed). For each: its label, backup, database, its route (embedded,",
            "remote TCP, services manager) and working folder (unknown when its marker does not say them), the phase",
            "its gbak.log says,",
            "the share done and the ETA (the run's own, when it has a baseline; else unknown), the elapsed time, how",
            "long since gbak's last line, and the gbakprof process. A killed run whose label has run since is history",
            "(history notes it): counted in one line, not listed.",
            "Exits " + ExitCode.OK + " whether restores are running or not (\"no restore is running\"), "
                    + ExitCode.BAD_INPUT + " when RUNS_DIR cannot be read."
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            ExitCode.OK + ":the restores running (and killed) are listed, or none is",
            ExitCode.BAD_INPUT + ":RUNS_DIR is missing or cannot be read"
        })
final class StatusCommand implements Callable<Integer> {

    @Parameters(
            arity = "0..1",
            paramLabel = "RUNS_DIR",
            description = "The folder of run folders (default: runs, as run --runs-dir).")
    Path runsDir;

    @Option(
            names = "--json",
            description = "Print one JSON object (\"schema\": \"" + StatusJson.SCHEMA + "\"): the restores with their"
                    + " state, route, working folder, phase, share done, ETA, elapsed time, last line and pid; the killed"
                    + " runs whose label has run"
                    + " since, in killedEarlier.")
    boolean json;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        Path dir = runsDir != null ? runsDir : Path.of("runs");
        if (!Files.isDirectory(dir)) {
            throw new UsageException(dir + ": " + (Files.exists(dir) ? "not a folder" : "no such folder") + "; "
                    + RunStore.RUNS_DIR_EXPECTED);
        }
        Instant now = Instant.now();
        LiveRuns.Listing lives;
        try {
            lives = LiveRuns.in(dir, now);
        } catch (AccessDeniedException ex) {
            throw new UsageException(dir + ": cannot read (permission denied)");
        } catch (IOException ex) {
            throw new UsageException(dir + ": cannot read (" + ex.getMessage() + ")");
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            Stdout.json(out, StatusJson.of(dir, lives, now));
            out.flush();
            return ExitCode.OK;
        }
        out.print(StatusText.of(dir, lives, now, Durations::human));
        out.flush();
        return ExitCode.OK;
    }
}
