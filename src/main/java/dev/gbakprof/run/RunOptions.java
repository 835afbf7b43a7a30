package dev.gbakprof.run;

import dev.gbakprof.exec.GbakInvocation;
import dev.gbakprof.firebird.Credentials;
import dev.gbakprof.firebird.ServerAddress;
import dev.gbakprof.model.DatabaseNames;
import dev.gbakprof.model.PlanSource;
import dev.gbakprof.model.PowerPlan;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.Via;
import dev.gbakprof.stats.Confounder;
import dev.gbakprof.store.LogReader;
import dev.gbakprof.store.RunStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * What the DBA asked {@code gbakprof run} to do.
 *
 * @param backup          the backup file (as gbak, or the server with {@code -se}, sees it)
 * @param database        the database to create: a local path (embedded) or {@code host[/port]:path}
 * @param label           the run's label; {@code null} = the detected power plan's name
 * @param gbak            gbak to run; {@code null} = search the PATH and the usual places
 * @param password        {@code null} = gbak reads {@code ISC_PASSWORD} from the environment itself
 * @param replace         replace an existing database: restore beside it, move the complete restore over it
 * @param repeat          restores in a row, each to a fresh database name
 * @param cooldown        rest between repeated restores
 * @param keep            keep the databases of repeated restores
 * @param keepPartial     keep a partial database after a timeout or Ctrl-C
 * @param timeout         {@code null} = none
 * @param runsDir         where run folders go
 * @param baseline        a run (run.json or its folder) whose total gives the ETA; {@code null} = newest
 *                        completed run of the same backup in {@code runsDir}
 * @param extraArgs       gbak switches passed through unchanged
 * @param sampleInterval  CPU sampling interval
 * @param via             {@code gbak} (run the gbak tool) or {@code service} (the server restores through the
 *                        services API; backup and database are the server's paths)
 * @param server          the server for {@code service} and {@code --inspect}; {@code null} = localhost/3050
 * @param inspect         after a completed restore, open the database through the server, record what it
 *                        says and verify it against the log
 * @param validate        after a completed restore, validate the database with {@code gfix -v -full -n}
 * @param backupFrom      {@code run --backup-from}: the database a drill backs up into a new backup file in the run
 *                        folder before restoring that file ({@code backup} is then {@code null} until the drill gives
 *                        the new file's path, {@link #withBackup}); {@code null} for a restore of an existing backup
 * @param warmup          restores made before the counted ones ({@code --warmup}): recorded with {@code warmup: true},
 *                        set aside by every comparison
 * @param backupChoice    {@code run --backup-dir}: which file of the folder was chosen and why ({@link NewestBackup}),
 *                        said in the record; {@code null} for a backup given by name
 */
public record RunOptions(
        String backup,
        String database,
        String label,
        Path gbak,
        String user,
        String password,
        boolean replace,
        int repeat,
        Duration cooldown,
        boolean keep,
        boolean keepPartial,
        Duration timeout,
        Path runsDir,
        Path baseline,
        List<String> extraArgs,
        Duration sampleInterval,
        Via via,
        ServerAddress server,
        boolean inspect,
        boolean validate,
        String backupFrom,
        int warmup,
        String backupChoice) {

    public RunOptions {
        if (warmup < 0) {
            throw new IllegalArgumentException("--warmup must be 0 or more, not " + warmup);
        }
        extraArgs = List.copyOf(extraArgs);
        via = via == null ? Via.GBAK : via;
        if (via == Via.LOG) {
            throw new IllegalArgumentException("--via log: expected gbak or service");
        }
        server = server == null ? ServerAddress.LOCALHOST : server;
    }

    /**
     * Refuses what the option values alone make wrong, whatever tonight's files and servers are (bad usage: no run
     * folder is left for it, as a night refused by what it found is); throws {@link RunRefusedException}. {@link
     * RestoreSeries#check} and {@code run} before anything is looked at call it.
     */
    public void refuseBadUsage() {
        if (repeat < 1) {
            throw new RunRefusedException("--repeat must be 1 or more");
        }
        if (viaService()) {
            if (!extraArgs.isEmpty()) {
                throw new RunRefusedException("gbak switches after -- (" + String.join(" ", extraArgs)
                        + ") are for --via gbak; the services restore takes none");
            }
            if (ServerAddress.remote(database) != null) {
                throw new RunRefusedException(database + ": with --via service give the database as the "
                        + "server's path and the server with --host HOST[/PORT]");
            }
            if (database.equals(backup)) {
                throw new RunRefusedException(database + ": the database would overwrite the backup file");
            }
        }
        try {
            GbakInvocation.refusePasswordSwitch(extraArgs);
        } catch (IllegalArgumentException ex) {
            throw new RunRefusedException(ex.getMessage());
        }
    }

    /** The same options restoring {@code newBackup}: the drill's restore of the backup it just made. */
    public RunOptions withBackup(String newBackup) {
        return copy(gbak, newBackup, database, label, repeat, extraArgs, backupFrom, via);
    }

    /** These options with another gbak, backup, database, label, repeat count, gbak switches, drill source and route. */
    private RunOptions copy(
            Path newGbak,
            String newBackup,
            String newDatabase,
            String newLabel,
            int newRepeat,
            List<String> newExtraArgs,
            String newBackupFrom,
            Via newVia) {
        return new RunOptions(
                newBackup,
                newDatabase,
                newLabel,
                newGbak,
                user,
                password,
                replace,
                newRepeat,
                cooldown,
                keep,
                keepPartial,
                timeout,
                runsDir,
                baseline,
                newExtraArgs,
                sampleInterval,
                newVia,
                server,
                inspect,
                validate,
                newBackupFrom,
                warmup,
                backupChoice);
    }

    /**
     * These options with every name a server is sent made definite before it is sent, as {@code run} and
     * {@code matrix} take them (one place for both):
     *
     * <ul>
     *   <li>{@code --host} given on the gbak route with a local {@code --database}: the restore goes through that
     *       server, gbak being given {@code host/port:path} (remote TCP; gbak reads the backup here); a
     *       {@code host:path} or {@code -se} naming another server is refused (two servers);
     *   <li>a relative path the server opens ({@code --via service}: the backup, the database, the drill's source;
     *       {@code -se}: the backup and the database; {@code --host}: the database) is made absolute for a server on
     *       this machine, which would otherwise resolve it in its own working folder, and refused for a server on
     *       another machine.
     * </ul>
     *
     * A {@code host:path} the DBA typed is gbak's own syntax and goes to gbak as typed (an alias of the server's
     * databases.conf, or a path relative to the server's folder, as gbak would take it).
     *
     * @param hostGiven whether {@code --host} was given ({@link #server()} is then that server, not the default)
     * @throws RunRefusedException one line, naming the option and what to give instead
     */
    public RunOptions withServerPaths(boolean hostGiven) {
        String newBackup = backup;
        String newDatabase = database;
        String newFrom = backupFrom;
        if (viaService()) {
            newBackup = ServerNames.serverFile("--backup", backup, server);
            newDatabase = ServerNames.serverDatabase("--database", database, server);
            newFrom = ServerNames.serverDatabase("--backup-from", backupFrom, server);
        } else if (extraArgs.stream().anyMatch(GbakInvocation::isServiceSwitch) && !isRemote(database)) {
            ServerAddress manager = serverFor(database); // -se's, else --host's (localhost: -se service_mgr)
            if (hostGiven && !manager.sameServer(server)) {
                throw new RunRefusedException("--host " + server + " and gbak's -se " + manager
                        + " name two servers; give the server once (-se alone, or --host with --via service)");
            }
            newBackup = ServerNames.serverFile("--backup", backup, manager);
            newDatabase = ServerNames.serverDatabase("--database", database, manager);
        } else if (hostGiven) {
            newDatabase = throughHost("--database", database);
            newFrom = throughHost("--backup-from", backupFrom);
        }
        return copy(gbak, newBackup, newDatabase, label, repeat, extraArgs, newFrom, via);
    }

    /** {@code name} through the {@code --host} server: {@code host/port:path}, or {@code host:path} as given. */
    private String throughHost(String option, String name) {
        if (name == null) {
            return null;
        }
        ServerAddress.Remote r = ServerAddress.remote(name);
        if (r == null) {
            return server + ":" + ServerNames.serverDatabase(option, name, server);
        }
        if (!r.server().sameServer(server)) {
            throw new RunRefusedException(option + " " + name + " names the server " + r.server() + ", and --host "
                    + server + " another; give the server once");
        }
        return name;
    }

    /** A drill ({@code --backup-from}): a backup made into the run folder, then restored. */
    public boolean drill() {
        return backupFrom != null;
    }

    /**
     * Whether the drill's backup is made through a server: the services API, or gbak given {@code host:path}; its user
     * is then the one gbak logs in with through a server.
     */
    public boolean backupThroughServer() {
        return viaService() || ServerAddress.remote(backupFrom) != null;
    }

    /** The user the drill's backup logs in as: {@code user}; through a server ISC_USER, else SYSDBA; embedded none. */
    public String backupUser() {
        return user == null && backupThroughServer() ? Credentials.userOnServer(null) : user;
    }

    /**
     * A database name beside {@code db} with {@code suffix} before its extension:
     * {@code /data/shop.fdb} + {@code -run2} → {@code /data/shop-run2.fdb}.
     */
    public static String sibling(String db, String suffix) {
        return DatabaseNames.sibling(db, suffix);
    }

    /**
     * The label of a run given no {@code --label}: the backup's file name (the drill's: its database's) and the route
     * ({@link Confounder#route}: embedded, remote TCP (host), services manager, gbak -se), then the power plan when it is
     * known: {@code shop.fbk, embedded, High performance}. The plan alone labelled every run on a virtual machine
     * "unknown", and compare took runs of different backups and routes for one configuration. Each part is one a
     * comparison would otherwise name as a difference, so the labels name it. A gbak given ({@code --gbak}) is named by
     * its Firebird version after the route ({@code prod.fbk, embedded, Firebird 4.0}): a migration's restore by the new
     * version's gbak and the machine's own restore of the same backup are two configurations, not repeats of one.
     *
     * @param gbakVersion what the gbak given said it is ({@code gbak -z}), {@code null} when none was given
     */
    public String defaultLabel(PowerPlan plan, String gbakVersion) {
        return defaultLabel(
                backup != null ? backup : backupFrom,
                Confounder.route(via, "gbak " + String.join(" ", extraArgs), database),
                gbakVersion,
                plan);
    }

    /**
     * The label a record without one (none, or an empty one: a record from elsewhere) is read under: the one {@code
     * run} gives a run without {@code --label} ({@link #defaultLabel(PowerPlan, String)}: its backup's file name, its route and
     * power plan; a record does not say whether its gbak was given, so no version), and for a parsed log's record the one {@code parse} gives, its log's file name without extension.
     */
    public static String unlabelledName(RestoreRun run) {
        String source = run.backupFrom() != null ? run.backupFrom() : run.backupFile();
        if (run.via() == Via.LOG || run.via() == null || source == null) {
            String log = run.source() == null ? "" : LogReader.defaultLabel(Path.of(RunStore.fileName(run.source())));
            return log.isBlank() ? "run" : log;
        }
        return defaultLabel(
                source,
                Confounder.route(run),
                null,
                run.environment() == null ? null : run.environment().powerPlan());
    }

    private static String defaultLabel(String source, String route, String gbakVersion, PowerPlan plan) {
        List<String> parts = new ArrayList<>();
        parts.add(RunStore.fileName(source));
        if (route != null) {
            parts.add(route);
        }
        if (gbakVersion != null) {
            String v = RestoreRun.majorMinor(gbakVersion);
            parts.add(v != null ? "Firebird " + v : gbakVersion);
        }
        if (plan != null && plan.name() != null && plan.from() != PlanSource.UNKNOWN) {
            parts.add(plan.name());
        }
        return String.join(", ", parts);
    }

    /** A label as a file name part: {@code High performance} → {@code High-performance}, {@code -bu 100} → {@code bu-100}. */
    public static String fileSafe(String label) {
        return RunStore.fileSafe(label);
    }

    /** The same options for one arm of an experiment: one restore with more gbak switches. */
    public RunOptions forArm(List<String> moreArgs, String armLabel) {
        List<String> args = new ArrayList<>(extraArgs);
        args.addAll(moreArgs);
        return copy(gbak, backup, database, armLabel, 1, args, backupFrom, via);
    }

    /**
     * These options on one route of {@code matrix --vary 'route:…'}, every name made definite for it as
     * {@link #withServerPaths} makes it: embedded (the local database, no server), through the server of
     * {@link #server()} over TCP ({@code HOST/PORT:path}), or its services manager. Refused when a name given already
     * chooses a route: a {@code host:path} database, or gbak's {@code -se}.
     */
    public RunOptions onRoute(MatrixPlan.Route route) {
        if (extraArgs.stream().anyMatch(GbakInvocation::isServiceSwitch)) {
            throw new RunRefusedException("--vary 'route:…' sets how each restore reaches the server; leave gbak's -se"
                    + " out of the switches after --");
        }
        if (isRemote(database) || viaService()) {
            throw new RunRefusedException("--vary 'route:…': give --database as a path on this machine, without a"
                    + " server or --via (each arm reaches it embedded, through --host " + server + ", or through its"
                    + " services manager)");
        }
        RunOptions on = copy(
                gbak,
                backup,
                database,
                label,
                repeat,
                extraArgs,
                backupFrom,
                route == MatrixPlan.Route.SERVICE ? Via.SERVICE : Via.GBAK);
        return on.withServerPaths(route == MatrixPlan.Route.LOCALHOST);
    }

    /** These options restoring with another gbak (matrix's arm of another Firebird version). */
    public RunOptions withGbak(Path otherGbak) {
        return copy(otherGbak, backup, database, label, repeat, extraArgs, backupFrom, via);
    }

    public boolean viaService() {
        return via == Via.SERVICE;
    }

    /**
     * True when the paths are the server's: the services API, {@code host:path}, or gbak with
     * {@code -se host:service_mgr}.
     */
    public boolean throughServer() {
        return serverReadsBackup() || isRemote(database);
    }

    /**
     * The server that does the work of a restore into {@code db} when it runs on another machine; {@code null} when
     * the work runs on this one (gbak embedded, or a server at one of this machine's addresses, whose process the
     * sampler reads). What gbakprof reads of this machine as the worker's (the power plan, the idle probe, the
     * firebird.conf beside gbak) describes the worker only then.
     */
    public ServerAddress workerElsewhere(String db) {
        if (!throughServer()) {
            return null;
        }
        ServerAddress on = serverFor(db);
        return on.onThisMachine() ? null : on;
    }

    /** Whether the server reads the backup (the services API, gbak {@code -se}), not gbak on this machine. */
    public boolean serverReadsBackup() {
        return viaService() || extraArgs.stream().anyMatch(GbakInvocation::isServiceSwitch);
    }

    /**
     * The backup as a file of this machine, or {@code null} where it is not one: gbak reads it here (embedded, and
     * also through a server over TCP, {@code host:path} or {@code --host}, which gets only the records); a server
     * reads it (the services API, {@code -se}) here only when it runs on this machine and the path is absolute.
     */
    public Path backupHere() {
        Path b = backupPath();
        return b != null && Files.isRegularFile(b) ? b : null;
    }

    /**
     * The backup's path on this machine, whether a file is there or not, where {@link #backupHere()} would look for
     * it; {@code null} where it names no file of this machine (a server elsewhere reads it), or for a drill's.
     */
    Path backupPath() {
        if (backup == null) {
            return null;
        }
        Path b = Path.of(backup);
        return !serverReadsBackup() || (b.isAbsolute() && serverFor(database).onThisMachine()) ? b : null;
    }

    /**
     * Who gbakprof, and gbak through a server, attach to the server as (services restore, gbak over TCP or
     * {@code -se}, inspection): {@code user} or SYSDBA, with the password from the password file or, like gbak, from
     * {@code ISC_PASSWORD}; without a password a refusal that says how to give it.
     */
    public Credentials credentials() {
        Credentials c = Credentials.resolve(user, password);
        if (c == null) {
            throw new RunRefusedException((viaService()
                            ? "--via service attaches to the server " + server
                            : throughServer()
                                    ? "gbak restores through the server " + serverFor(database)
                                            + ", which needs a login"
                                    : "--inspect attaches to the server " + server)
                    + ": " + Credentials.howToGive(serverFor(database)));
        }
        return c;
    }

    /**
     * The user gbak logs in as: {@code user}; through a server, as {@link #credentials()}, ISC_USER else
     * SYSDBA (gbak itself would take the operating system's user name, which the server does not know);
     * {@code null} for embedded gbak, which needs none as root.
     */
    public String gbakUser() {
        return user == null && throughServer() ? Credentials.userOnServer(null) : user;
    }

    /**
     * The server that opens {@code db}: the one in {@code host[/port]:path} (gbak route), else the one of gbak's
     * {@code -se host[/port]:service_mgr} among the extra arguments, else {@link #server()}.
     */
    public ServerAddress serverFor(String db) {
        if (viaService()) {
            return server;
        }
        ServerAddress.Remote r = ServerAddress.remote(db);
        if (r != null) {
            return r.server();
        }
        for (int i = 0; i + 1 < extraArgs.size(); i++) {
            if (GbakInvocation.isServiceSwitch(extraArgs.get(i))) {
                ServerAddress manager = ServerNames.serviceManager(extraArgs.get(i + 1));
                return manager != null ? manager : server;
            }
        }
        return server;
    }

    /**
     * {@code db} as gfix opens it: the name gbak was given when gbak opened it itself (a local file, embedded, or
     * {@code host:path}), else {@code host/port:path} of the server that restored it.
     */
    public String gfixName(String db) {
        if (!throughServer() || ServerAddress.remote(db) != null && !viaService()) {
            return db;
        }
        return serverFor(db) + ":" + serverPath(db);
    }

    /** {@code db} as the server sees it: the path of {@code host:path}, a local path made absolute. */
    public String serverPath(String db) {
        ServerAddress.Remote r = viaService() ? null : ServerAddress.remote(db);
        if (r != null) {
            return r.path();
        }
        return throughServer() ? db : Path.of(db).toAbsolutePath().normalize().toString();
    }

    /** {@code host:path} or {@code host/3050:path}, but not a Windows drive ({@code C:\db.fdb}). */
    static boolean isRemote(String db) {
        return ServerAddress.remote(db) != null;
    }
}
