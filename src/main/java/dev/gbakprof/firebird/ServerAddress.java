package dev.gbakprof.firebird;

import java.io.IOException;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A Firebird server: host and port, written {@code HOST[/PORT]} as Firebird's own tools write it
 * ({@code localhost/3050:service_mgr}).
 */
public record ServerAddress(String host, int port) {
    public static final int DEFAULT_PORT = 3050;
    public static final ServerAddress LOCALHOST = new ServerAddress("localhost", DEFAULT_PORT);

    public ServerAddress {
        if (host == null || host.isBlank()) {
            throw new IllegalArgumentException("empty host name");
        }
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("port " + port + " is not between 1 and 65535");
        }
    }

    /** Reads {@code HOST} or {@code HOST/PORT}; {@code null} or empty means localhost. */
    public static ServerAddress parse(String spec) {
        if (spec == null || spec.isBlank()) {
            return LOCALHOST;
        }
        int slash = spec.lastIndexOf('/');
        if (slash < 0) {
            return new ServerAddress(spec.strip(), DEFAULT_PORT);
        }
        String port = spec.substring(slash + 1).strip();
        if (!port.matches("\\d{1,5}")) {
            throw new IllegalArgumentException("'" + spec + "': expected HOST or HOST/PORT (e.g. localhost/3050)");
        }
        return new ServerAddress(spec.substring(0, slash).strip(), Integer.parseInt(port));
    }

    /**
     * Splits a database written the way gbak takes it through a server, {@code host[/port]:path}, into the
     * server and the server's path; {@code null} for a local path (also a Windows drive, {@code C:\db.fdb}).
     */
    public static Remote remote(String database) {
        int colon = database.indexOf(':');
        if (colon <= 0 || (colon == 1 && Character.isLetter(database.charAt(0)))) {
            return null;
        }
        String host = database.substring(0, colon);
        if (host.contains("\\") || (host.contains("/") && !host.matches("[^/]+/\\d+"))) {
            return null;
        }
        return new Remote(parse(host), database.substring(colon + 1));
    }

    /** A database on a server: the server and the path as the server sees it. */
    public record Remote(ServerAddress server, String path) {}

    /**
     * Whether this server runs on this machine (a loopback address, or one of this machine's own addresses), so
     * that its database paths are this machine's paths too. {@code false} when the host cannot be resolved.
     */
    public boolean onThisMachine() {
        return ON_THIS_MACHINE.computeIfAbsent(host, ServerAddress::resolvesHere);
    }

    /**
     * {@link #onThisMachine()} per host, asked once per process: a run checks each path it sends and each server it
     * names (the backup, the database, the drill's source, the runs folder), and a name lookup can take seconds.
     */
    private static final ConcurrentHashMap<String, Boolean> ON_THIS_MACHINE = new ConcurrentHashMap<>();

    /** How many hosts {@link #onThisMachine()} has looked up in this process (one each). */
    static int lookedUp() {
        return ON_THIS_MACHINE.size();
    }

    private static boolean resolvesHere(String host) {
        try {
            InetAddress a = InetAddress.getByName(host);
            return a.isLoopbackAddress() || a.isAnyLocalAddress() || NetworkInterface.getByInetAddress(a) != null;
        } catch (IOException ex) {
            return false;
        }
    }

    /** The same server: the same address, or both on this machine at the same port (localhost and 127.0.0.1). */
    public boolean sameServer(ServerAddress other) {
        return equals(other) || (port == other.port && onThisMachine() && other.onThisMachine());
    }

    /** {@code host/port}, as Firebird's tools print it. */
    @Override
    public String toString() {
        return host + "/" + port;
    }
}
