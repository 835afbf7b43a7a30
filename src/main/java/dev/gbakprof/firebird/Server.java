package dev.gbakprof.firebird;

import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import org.firebirdsql.ds.FBSimpleDataSource;
import org.firebirdsql.gds.ISCConstants;
import org.firebirdsql.gds.ng.FbAttachment;
import org.firebirdsql.gds.ng.FbService;
import org.firebirdsql.management.FBManager;
import org.firebirdsql.management.FBServiceManager;

/**
 * A Firebird server reached with Jaybird's pure Java wire protocol: the service manager and databases
 * by the server's own paths. Every failure becomes a {@link FirebirdAccessException} with one line.
 *
 * @param address     where the server listens
 * @param credentials who attaches (its {@link Credentials#toString()}, and so this record's, shows no password)
 */
public record Server(ServerAddress address, Credentials credentials) {
    /** Seconds to wait for the server to answer a connection. */
    private static final int CONNECT_TIMEOUT = 10;
    /** How long a port that refused the login may take to show it speaks Firebird. */
    private static final int PROBE_MILLIS = 3000;

    /**
     * Attaches to the service manager and asks the server's version, e.g. {@code LI-V3.0.11.33637 Firebird 3.0}:
     * proves that the server answers and accepts the user and password.
     */
    public String version() {
        FBServiceManager manager = configure(new FBServiceManager());
        try (FbService service = manager.attachServiceManager()) {
            return version(service);
        } catch (SQLException ex) {
            throw explain("cannot attach to the service manager", ex);
        }
    }

    /** The first version string an attachment reports is the server's own, as gbak -z prints it: {@code LI-V3.0.11.33637 Firebird 3.0}. */
    static String version(FbAttachment attachment) {
        List<String> versions = attachment.getServerVersion().getRawVersions();
        return versions.isEmpty() ? attachment.getServerVersion().toString() : versions.get(0);
    }

    /** A JDBC connection to a database on this server ({@code path} as the server sees it). */
    public Connection open(String path) {
        try {
            return dataSource(path).getConnection();
        } catch (SQLException ex) {
            throw explain("cannot open " + path, ex);
        }
    }

    /**
     * Whether the server finds a file at {@code path}. A database it opens exists; so does a file it
     * cannot read as a database, or a database that is shut down. Only "cannot open the file" (an I/O
     * error) counts as absent: if that was wrong, the restore (which creates, never overwrites, without
     * --replace) stops at it.
     */
    public boolean fileExists(String path) {
        return fileState(path) != FileState.ABSENT;
    }

    /** What the server finds at a path: {@link #fileExists(String)}, told apart. */
    public enum FileState {
        /** "cannot open the file": nothing there (as far as the server can tell). */
        ABSENT,
        /** a database it opens. */
        DATABASE,
        /** a database that is shut down: a restore in progress (gbak and the services restore keep it so), or a DBA's gfix -shut. */
        SHUT_DOWN,
        /** a file that is not a database of this server's ODS. */
        OTHER
    }

    /** What the server finds at {@code path}; see {@link #fileExists(String)}. */
    @SuppressWarnings("try") // the attachment itself is the check: it is opened and closed, never used
    public FileState fileState(String path) {
        try (Connection c = dataSource(path).getConnection()) {
            return FileState.DATABASE;
        } catch (SQLException ex) {
            int code = ex.getErrorCode();
            if (code == ISCConstants.isc_io_error) {
                return FileState.ABSENT;
            }
            if (code == ISCConstants.isc_shutdown) {
                return FileState.SHUT_DOWN;
            }
            if (code == ISCConstants.isc_bad_db_format || code == ISCConstants.isc_wrong_ods) {
                return FileState.OTHER;
            }
            throw explain("cannot check whether " + path + " exists", ex);
        }
    }

    /** Drops a database on this server. */
    @SuppressWarnings("try") // FBManager.close() declares Exception; it stops the manager, no interrupt reaches it
    public void dropDatabase(String path) {
        // FBManager attaches without a JDBC connection, whose close after the drop would log a warning
        try (FBManager manager = new FBManager()) {
            manager.setServerName(address.host());
            manager.setPortNumber(address.port());
            manager.start();
            manager.dropDatabase(path, credentials.user(), credentials.password());
        } catch (SQLException ex) {
            throw explain("cannot drop " + path, ex);
        } catch (Exception ex) {
            throw new FirebirdAccessException(
                    address + ": cannot drop " + path + ": " + firstLine(ex.getMessage()), ex);
        }
    }

    <T extends FBServiceManager> T configure(T manager) {
        manager.setServerName(address.host());
        manager.setPortNumber(address.port());
        manager.setUser(credentials.user());
        manager.setPassword(credentials.password());
        manager.setConnectTimeout(CONNECT_TIMEOUT);
        return manager;
    }

    private FBSimpleDataSource dataSource(String path) {
        FBSimpleDataSource ds = new FBSimpleDataSource();
        ds.setServerName(address.host());
        ds.setPortNumber(address.port());
        ds.setDatabaseName(path);
        ds.setUser(credentials.user());
        ds.setPassword(credentials.password());
        ds.setEncoding("UTF8");
        ds.setConnectTimeout(CONNECT_TIMEOUT);
        return ds;
    }

    /** One line for a failed attach: who, where, and what the server (or the network) said. */
    FirebirdAccessException explain(String what, SQLException ex) {
        String where = address + ": ";
        int code = ex.getErrorCode();
        if (ex.getMessage() != null && ex.getMessage().contains("no permission for read-write access")) {
            // Firebird 3 says so with SQLSTATE 28000 for a database file its account may read but not write
            return new FirebirdAccessException(
                    where + what + ": the server may not write the database file (" + firstLine(ex.getMessage())
                            + "); give the file to the server's account (on Linux: chown firebird:firebird FILE)",
                    ex);
        }
        if (code == ISCConstants.isc_login || "28000".equals(ex.getSQLState())) {
            if (!WireProbe.speaksFirebird(address, PROBE_MILLIS)) {
                // Jaybird reports any other service on the port (a web server, ssh) as a refused login
                return new FirebirdAccessException(
                        where + "not a Firebird server: something answers on port "
                                + address.port()
                                + ", but not Firebird's protocol (another service on that port?); give the "
                                + "server with --host HOST[/PORT]",
                        ex);
            }
            return new FirebirdAccessException(
                    where + "wrong user name or password for " + credentials.user() + " (the server refused the login)",
                    ex);
        }
        for (Throwable t = ex; t != null; t = t.getCause()) {
            if (t instanceof UnknownHostException) {
                return new FirebirdAccessException(where + "unknown host " + address.host(), ex);
            }
            if (t instanceof ConnectException || t instanceof SocketTimeoutException) {
                return new FirebirdAccessException(
                        where + "no Firebird server answers (" + firstLine(t.getMessage())
                                + "); is it running, and is this its address?",
                        ex);
            }
        }
        if (code == ISCConstants.isc_wrong_ods) {
            // a database of another Firebird version (a 3.0 server on a 4.0 restore's ODS 13, or the reverse)
            return new FirebirdAccessException(
                    where + what + ": " + firstLine(ex.getMessage()) + ": a database of another Firebird version;"
                            + " open it through a server of the version that restored it",
                    ex);
        }
        if (code == ISCConstants.isc_net_read_err || code == ISCConstants.isc_net_write_err) {
            return new FirebirdAccessException(
                    where + "the connection to the server was lost (" + firstLine(ex.getMessage()) + ")", ex);
        }
        if (code == ISCConstants.isc_network_error) {
            return new FirebirdAccessException(where + "no Firebird server answers: " + firstLine(ex.getMessage()), ex);
        }
        return new FirebirdAccessException(where + what + ": " + firstLine(ex.getMessage()), ex);
    }

    /** A driver message without its {@code [SQLState:…, ISCCode:…]} tail, on one line. */
    static String firstLine(String message) {
        if (message == null) {
            return "no message";
        }
        String s = message.replaceAll("\\s*\\[SQLState:[^]]*]", "").strip();
        return s.replaceAll("\\s*\\R\\s*", "; ");
    }
}
