package dev.gbakprof.cli;

import dev.gbakprof.exec.GbakInvocation;
import dev.gbakprof.firebird.Credentials;
import dev.gbakprof.firebird.DatabaseInspector;
import dev.gbakprof.firebird.FirebirdAccessException;
import dev.gbakprof.firebird.RunVerifier;
import dev.gbakprof.firebird.Server;
import dev.gbakprof.firebird.ServerAddress;
import dev.gbakprof.firebird.ServerFileAccess;
import dev.gbakprof.model.ExitCode;
import dev.gbakprof.model.Inspection;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.Via;
import dev.gbakprof.monitor.FileKind;
import dev.gbakprof.output.TextSummary;
import dev.gbakprof.store.RunInputs;
import dev.gbakprof.store.RunStore;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code gbakprof inspect DATABASE}: what a (restored) database says, read through the server. */
@Command(
        name = "inspect",
        header = "Show what a restored database holds, through the server (Jaybird).",
        footer = "  gbakprof inspect /srv/db/erp.fdb --host db1 --run runs/20261129-225421-svc-shop",
        sortOptions = false,
        description = {
            "It shows the engine version, ODS, page size, page buffers, file size, sweep interval, forced writes,"
                    + " each index",
            "(table, columns or expression, unique, descending, active, selectivity) and each",
            "table's rows.",
            "With --run, verify it against that restore's log: each table's rows must equal",
            "its last \"records restored\", and no index gbak activated may be inactive.",
            "Without --run, any inactive index is a problem.",
            "Exits 0 when no problem was found, 1 when one was, 2 when the server or the",
            "database cannot be opened."
        })
final class InspectCommand implements Callable<Integer> {

    @Parameters(
            arity = "0..1",
            paramLabel = "DATABASE",
            description = "The database as the server sees it: a path, or host[/port]:path (default with --run: the"
                    + " database that restore made, as its record names it, on the server it was restored on).")
    String database;

    @Mixin
    ServerOptions server = new ServerOptions();

    @Option(
            names = "--run",
            paramLabel = "RUN",
            description = "The restore's run.json (or its folder) or raw gbak log to verify against.")
    Path run;

    @Option(names = "--json", description = "Print the inspection as JSON.")
    boolean json;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        RestoreRun restore = null;
        if (run != null) {
            Path input = RunStore.record(run);
            if (Files.isDirectory(run) && !Files.exists(input)) { // a runs folder: which restore is not for us to guess
                throw new UsageException(
                        run
                                + ": no run.json in this folder; expected one restore's run folder, its run.json or its gbak log");
            }
            List<RestoreRun> runs = RunInputs.load(input, null);
            restore = runs.get(runs.size() - 1); // several runs in one log: the database is the last one's
        }
        ServerAddress address;
        String path;
        if (database != null) {
            ServerAddress.Remote remote = ServerAddress.remote(database);
            if (remote != null && server.given()) {
                throw new UsageException(
                        "give the server either in DATABASE (" + database + ") or with --host, not both");
            }
            address = remote != null ? remote.server() : server.address();
            path = remote != null ? remote.path() : database;
        } else {
            if (restore == null) {
                throw new UsageException("give DATABASE (a path, or host[/port]:path), or --run RUN to inspect the "
                        + "database that restore made");
            }
            if (restore.database() == null) {
                throw new UsageException(run + " names no database (gbak printed none); give DATABASE");
            }
            ServerAddress.Remote remote = ServerAddress.remote(restore.database());
            path = remote != null ? remote.path() : restore.database();
            address = recordedServer(restore, remote, path);
        }
        Credentials credentials = Credentials.resolve(server.user(), server.password());
        if (credentials == null) {
            throw new UsageException("no password: " + Credentials.howToGive(address));
        }
        Inspection inspection;
        Server server = new Server(address, credentials);
        try {
            inspection = new DatabaseInspector(server).inspect(path);
        } catch (FirebirdAccessException ex) {
            throw withHint(ex, server, path);
        }
        inspection =
                restore != null ? RunVerifier.verify(restore, inspection).inspection() : RunVerifier.check(inspection);
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            Stdout.json(out, inspection);
        } else {
            out.print(TextSummary.inspection(inspection));
            out.flush();
        }
        return inspection.problems().isEmpty() ? ExitCode.OK : ExitCode.FAILED;
    }

    /**
     * The server that restored the database of {@code restore} ({@code path} on it): the one in its {@code host:path},
     * else its record's {@code server}; {@code --host} may name the same one, not another. A restore through a server
     * whose record does not say which (written before the field) needs {@code --host}: the default server on this
     * machine may hold another database at that path. Embedded gbak and a parsed log: {@code --host}, else
     * localhost/3050.
     */
    private ServerAddress recordedServer(RestoreRun restore, ServerAddress.Remote remote, String path) {
        ServerAddress recorded;
        try {
            recorded = remote != null
                    ? remote.server()
                    : restore.server() != null ? ServerAddress.parse(restore.server()) : null;
        } catch (IllegalArgumentException ex) {
            throw new UsageException(run + ": its record's server " + ex.getMessage() + "; give it with --host");
        }
        if (recorded == null) {
            if (!server.given() && throughServer(restore)) {
                throw new UsageException(run + ": its record does not say which server restored " + path
                        + " (written before gbakprof recorded it); give that server with --host HOST[/PORT]");
            }
            return server.address();
        }
        if (server.given() && !server.address().sameServer(recorded)) {
            throw new UsageException("--host " + server.address() + ": " + run + " restored " + path + " on the server "
                    + recorded + "; leave --host out to inspect that database, or give DATABASE to inspect another");
        }
        return recorded;
    }

    /** The restore went through a server: the services API, or gbak's {@code -se} in its command. */
    private static boolean throughServer(RestoreRun restore) {
        return restore.via() == Via.SERVICE
                || (restore.command() != null
                        && Arrays.stream(restore.command().split("\\s+")).anyMatch(GbakInvocation::isServiceSwitch));
    }

    /**
     * Why a file on this machine could not be opened, in the order a DBA asks: does the server answer, and take the
     * login (its own words: nothing listens on the port, a wrong password)? Then the file: its first bytes (a gbak
     * backup, an empty file, no Firebird database); then whether the server's account may open it (embedded gbak run as
     * root leaves its files to root: the server says "Permission denied", or for a file it can only read, a refused
     * login). Otherwise, and for a file elsewhere, the server's own words stand.
     */
    static FirebirdAccessException withHint(FirebirdAccessException ex, Server server, String path) {
        ServerAddress address = server.address();
        Path file;
        try {
            file = Path.of(path);
        } catch (InvalidPathException bad) {
            return ex;
        }
        if (!file.isAbsolute() || !Files.exists(file) || !address.onThisMachine()) {
            return ex;
        }
        try {
            server.version(); // the server answers and takes the login, or says why not
        } catch (FirebirdAccessException serverOrLogin) {
            return serverOrLogin;
        }
        String notDatabase = Files.isDirectory(file)
                ? "a folder, not a database file; expected the database file, e.g. " + file.resolve("erp.fdb")
                : notDatabase(kind(file), path);
        if (notDatabase != null) {
            return new FirebirdAccessException(address + ": cannot open " + path + ": " + notDatabase, ex);
        }
        String folder = ServerFileAccess.unreachableFolder(file);
        if (folder != null) {
            return new FirebirdAccessException(
                    address + ": cannot open " + path + ": " + folder + ". Move the database into a folder the "
                            + "server can enter (or let it enter that one)",
                    ex);
        }
        String why = ServerFileAccess.whyServerCannotOpen(file);
        if (why == null) {
            return ex;
        }
        return new FirebirdAccessException(
                address + ": cannot open " + path + ": " + why + ". Give it to the server: chown "
                        + ServerFileAccess.SERVER_USER + ":" + ServerFileAccess.SERVER_USER + " " + path
                        + " (gbakprof run --inspect does this for the databases it restores)",
                ex);
    }

    /** What the file's first bytes say it is; {@code null} when it cannot be read here. */
    private static FileKind kind(Path file) {
        try {
            return FileKind.of(file);
        } catch (IOException | RuntimeException unreadable) {
            return null;
        }
    }

    /** What a file that is not a Firebird database is, by its first bytes; {@code null} for a database or unknown. */
    private static String notDatabase(FileKind kind, String path) {
        if (kind == null) {
            return null;
        }
        return switch (kind) {
            case BACKUP ->
                "a gbak backup, not a database: restore it first (gbakprof run --backup " + path
                        + " --database NEW.fdb --inspect)";
            case EMPTY -> "an empty file, not a Firebird database; expected a database file (gbak -c's output)";
            case PNG, TEXT, OTHER ->
                kind.words() + ", not a Firebird database (its first bytes are not a database's header page, nor a"
                        + " gbak backup's); expected a database file (gbak -c's output)";
            case DATABASE -> null;
        };
    }
}
