package dev.gbakprof.run;

import dev.gbakprof.exec.GbakInvocation;
import dev.gbakprof.exec.GbakSwitchCheck;
import dev.gbakprof.exec.GbakVersion;
import dev.gbakprof.firebird.FirebirdAccessException;
import dev.gbakprof.firebird.Ods;
import dev.gbakprof.firebird.Server;
import dev.gbakprof.firebird.ServerFileAccess;
import dev.gbakprof.firebird.ServiceRestore;
import dev.gbakprof.model.Environment;
import dev.gbakprof.model.FailureReason;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.model.Via;
import dev.gbakprof.model.WarningCode;
import dev.gbakprof.store.Outputs;
import dev.gbakprof.store.RunStore;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * {@code gbakprof run}: one restore, or {@code --repeat N} restores to fresh database names with a rest
 * between them (the SQL Server power-plan test rested 2 s to let the CPU clock fall). Refuses to touch
 * a database that exists unless {@code --replace}; never touches the backup.
 */
public final class RestoreSeries {
    private final RunOptions options;
    private final Path gbak;
    private final Supplier<Environment> environment;
    private final PrintStream out;
    private final boolean terminal;
    private final RestoreRoute.Factory routes;
    private final RestoreLoop.Pause pause;
    private String serverVersion;
    /** What the gbak that restores said it is ({@code gbak -z}), once {@link #check()} asked it. */
    private String gbakVersion;
    /** {@link #check()} passed: {@link #run} does not start gbak and log in to the server for it again. */
    private boolean checked;

    public RestoreSeries(
            RunOptions options, Path gbak, Environment environment, PrintStream progressOut, boolean terminal) {
        this(options, gbak, () -> environment, progressOut, terminal);
    }

    public RestoreSeries(
            RunOptions options,
            Path gbak,
            Supplier<Environment> environment,
            PrintStream progressOut,
            boolean terminal) {
        this(options, gbak, environment, progressOut, terminal, null, null);
    }

    /** With a test's routes and rests ({@code null}: the real ones). */
    RestoreSeries(
            RunOptions options,
            Path gbak,
            Supplier<Environment> environment,
            PrintStream progressOut,
            boolean terminal,
            RestoreRoute.Factory routes,
            RestoreLoop.Pause pause) {
        this.options = options;
        this.gbak = gbak;
        this.environment = environment;
        this.out = progressOut;
        this.terminal = terminal;
        this.routes = routes;
        this.pause = pause;
    }

    /**
     * The database names the restores will create: the given one, or for a series (repeats, warm-ups)
     * name-warmup1.fdb …, then name-run1.fdb ….
     */
    public List<String> targets() {
        List<String> names = new ArrayList<>();
        if (!series()) {
            names.add(options.database());
            return names;
        }
        for (int i = 1; i <= options.warmup(); i++) {
            names.add(RunOptions.sibling(options.database(), "-warmup" + i));
        }
        for (int i = 1; i <= options.repeat(); i++) {
            names.add(RunOptions.sibling(options.database(), "-run" + i));
        }
        return names;
    }

    /** More than one restore: repeats, or a restore after warm-ups. */
    private boolean series() {
        return options.repeat() > 1 || options.warmup() > 0;
    }

    /**
     * Checks what can be checked before the restore starts; throws {@link RunRefusedException}. When the
     * server is involved ({@code --via service}, {@code --inspect}) this attaches to it once: a server
     * that does not answer or refuses the login is refused here, before anything was restored. Once it passed,
     * it is not made again.
     */
    public void check() {
        if (checked) {
            return;
        }
        options.refuseBadUsage();
        if (Files.exists(options.runsDir()) && !Files.isDirectory(options.runsDir())) {
            throw new RunRefusedException(
                    options.runsDir() + ": not a directory; expected the folder for run folders " + "(--runs-dir)");
        }
        Outputs.refuseUnwritableDir(options.runsDir(), "--runs-dir");
        if (!options.viaService()) {
            try {
                GbakInvocation.restore(
                        options.gbak(),
                        Objects.requireNonNullElse(options.backup(), "backup.fbk"), // a drill's is to come
                        options.database(),
                        options.replace(),
                        options.gbakUser(),
                        options.password(),
                        options.extraArgs());
            } catch (IllegalArgumentException ex) {
                throw new RunRefusedException(ex.getMessage());
            }
        }
        // gbak through a server logs in with the same user and password: a missing password or a refused login is
        // refused here, before the restore starts (gbak would fail at its login, and a failed night be recorded)
        if (options.throughServer() || options.inspect()) {
            checkServer();
        }
        TargetChecks checks = new TargetChecks(options);
        if (!options.drill()) {
            checks.checkBackup(); // a drill's backup is made into its run folder
        }
        if (options.throughServer()) {
            // the paths are the server's: gbak or the server will say what else is wrong
            checks.checkServerTargets(targets());
        } else {
            for (String t : targets()) {
                checks.checkLocalTarget(t);
                String unreachable = options.inspect() ? ServerFileAccess.unreachableFolder(Path.of(t)) : null;
                if (unreachable != null) {
                    throw new RunRefusedException("--inspect opens " + t + " through the server, but " + unreachable
                            + "; restore into a folder it can enter");
                }
            }
        }
        if (!options.viaService() && options.gbak() != null) {
            checkGbak();
        }
        checked = true;
    }

    /**
     * What the gbak that will restore says of itself, asked last (it starts gbak): its version ({@link GbakVersion}: a
     * program that does not start or is no gbak is refused, not recorded as a failed restore), the switches after {@code --} it
     * refuses ({@link GbakSwitchCheck}, as {@code matrix} asks: {@code -par} on Firebird 3.0 and 4.0), and, for an
     * embedded restore with {@code --inspect}, an ODS its version writes that the inspecting server cannot open
     * ({@link Ods}): the restore would be timed and its inspection fail. gbak is asked each once a process (its answers
     * kept by the file, {@link GbakVersion}): the series that restores checks again without starting it again.
     */
    private void checkGbak() {
        GbakVersion asked = GbakVersion.ask(options.gbak());
        if (!asked.answers()) {
            throw new RunRefusedException(asked.refusal("--gbak", options.gbak()));
        }
        gbakVersion = asked.version();
        try {
            if (!options.extraArgs().isEmpty()) {
                Optional<String> problem = GbakSwitchCheck.problem(options.gbak(), options.extraArgs());
                if (problem.isPresent()) {
                    throw new RunRefusedException(problem.get() + "; nothing was restored");
                }
            }
        } catch (IOException ex) {
            throw new RunRefusedException(
                    options.gbak() + ": cannot run it (" + ex.getMessage() + "); nothing was restored");
        } catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            throw new RunRefusedException("stopped while asking gbak about its switches; nothing was restored");
        }
        if (!options.inspect() || options.throughServer() || serverVersion == null) {
            return; // through a server, the server that restores inspects
        }
        String ods = Ods.unopenable(gbakVersion, serverVersion);
        if (ods != null) {
            String wanted = RestoreRun.majorMinor(gbakVersion);
            throw new RunRefusedException("--inspect: gbak " + gbakVersion + " restores embedded, into ODS " + ods
                    + ", which the server that would inspect it, " + options.serverFor(options.database()) + " ("
                    + serverVersion
                    + "), cannot open; nothing was restored. Inspect through a Firebird " + wanted + " server"
                    + " (--inspect-host HOST/PORT of one), or leave out --inspect");
        }
    }

    private void checkServer() {
        Server server = new Server(options.serverFor(options.database()), options.credentials());
        try {
            serverVersion = server.version();
            if (options.viaService() && !options.replace()) {
                for (String t : targets()) {
                    Server.FileState state = server.fileState(t);
                    if (state == Server.FileState.ABSENT) {
                        continue;
                    }
                    String stopped = stoppedEarlier(t);
                    if (stopped == null) {
                        throw new RunRefusedException(t + ": database exists on " + server.address() + "; it was left "
                                + "untouched. "
                                + (state == Server.FileState.SHUT_DOWN
                                        ? "It is shut down: a restore may still be writing it. "
                                        : "")
                                + "Add --replace to overwrite it, or choose another --database");
                    }
                    boolean restoring = state == Server.FileState.SHUT_DOWN;
                    throw new RunRefusedException(ServiceRestore.dropAdvice(
                            server,
                            t,
                            t + ": database exists on " + server.address() + ", left untouched: " + stopped
                                    + " left it, and the server "
                                    + (restoring
                                            ? "is still restoring it (it is shut down)"
                                            : "has restored it to its end since (not timed)"),
                            restoring));
                }
            }
        } catch (FirebirdAccessException ex) {
            throw new RunRefusedException(ex.getMessage());
        }
    }

    /**
     * The services restore recorded under --runs-dir that was stopped (timeout, Ctrl-C) while restoring
     * {@code database}, the newest one, as "the services restore of run FOLDER, stopped by --timeout,";
     * {@code null} when there is none (or the runs folder cannot be read).
     */
    private String stoppedEarlier(String database) {
        try {
            List<RunStore.Entry> stopped = new RunStore(options.runsDir())
                    .newest(
                            r -> r.via() == Via.SERVICE
                                    && r.status() == RunStatus.INCOMPLETE
                                    && database.equals(r.database())
                                    && r.warnings().stream()
                                            .anyMatch(w -> w.code() == WarningCode.TIMEOUT
                                                    || w.code() == WarningCode.INTERRUPTED),
                            1);
            if (stopped.isEmpty()) {
                return null;
            }
            RunStore.Entry last = stopped.get(stopped.size() - 1);
            return "the services restore of run " + last.folder() + ", stopped by " + FailureReason.stopper(last.run())
                    + ",";
        } catch (IOException | RuntimeException ex) {
            return null; // the refusal is said without it
        }
    }

    /**
     * This series checked ({@link #check()}, once), to restore with the environment probed after the checks and the
     * progress shown on {@code progressOut}: its checks and what they asked (gbak, the server) are not made again.
     */
    public RestoreSeries restoring(Supplier<Environment> env, PrintStream progressOut, boolean redraws) {
        check();
        RestoreSeries restoring = new RestoreSeries(options, gbak, env, progressOut, redraws, routes, pause);
        restoring.serverVersion = serverVersion;
        restoring.gbakVersion = gbakVersion;
        restoring.checked = true;
        return restoring;
    }

    /** The server's version, once {@link #check()} attached to it; {@code null} when no server is involved. */
    public String serverVersion() {
        return serverVersion;
    }

    /** What the gbak that restores said it is, once {@link #check()} asked it; {@code null} through the services API. */
    public String gbakVersion() {
        return gbakVersion;
    }

    /** Runs the restores; returns each one's outcome. */
    public List<RestoreSession.Outcome> run(String label) throws IOException, InterruptedException {
        check();
        List<String> targets = targets();
        List<RestoreLoop.Step> steps = new ArrayList<>();
        int warmups = series() ? options.warmup() : 0;
        for (int i = 0; i < targets.size(); i++) {
            boolean many = targets.size() > 1;
            boolean warm = i < warmups;
            // each counted restore is a round of its own: a series of one configuration, in time order
            Placement place =
                    !many ? Placement.NONE : warm ? Placement.warmUp() : Placement.counted(i - warmups + 1, 1);
            steps.add(new RestoreLoop.Step(
                    options,
                    targets.get(i),
                    label,
                    many ? (warm ? "-w" + (i + 1) : "-r" + (i - warmups + 1)) : "",
                    many
                            ? "gbakprof: restore " + (i + 1) + " of " + targets.size() + (warm ? " (warm-up)" : "")
                                    + " into " + targets.get(i)
                            : null,
                    place));
        }
        RestoreLoop loop = new RestoreLoop(gbak, options.cooldown(), dropsRepeats(), out, terminal, routes, pause);
        return loop.run(steps, (i, step) -> environment).outcomes();
    }

    /** Repeated restores remove each database they created, unless {@code --keep}. */
    private boolean dropsRepeats() {
        return series() && !options.keep();
    }
}
