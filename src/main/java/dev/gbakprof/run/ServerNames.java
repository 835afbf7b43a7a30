package dev.gbakprof.run;

import dev.gbakprof.firebird.ServerAddress;
import dev.gbakprof.monitor.FirebirdConfReader;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The names a Firebird server is sent, as it must get them ({@link RunOptions#withServerPaths}): a path it opens,
 * absolute (made so here for a server on this machine, refused relative for a server elsewhere), an alias of this
 * machine's databases.conf, and the server of gbak's {@code -se} value ({@link ServerAddress#sameServer} tells whether
 * two addresses name one server).
 */
final class ServerNames {
    private static final Pattern SERVICE_URL =
            Pattern.compile("(?i)(inet[46]?|wnet|xnet)://(?:([^/:\\[\\]]+|\\[[^]]+])(?::(\\d+))?/)?service_mgr");

    private ServerNames() {}

    /**
     * A path {@code on} opens, as it must be sent: as given when absolute (on this machine, or on any system for a
     * server elsewhere: {@code /x}, {@code C:\x}, {@code \\host\share}), made absolute here for a server on this
     * machine; a relative path for a server elsewhere is refused. {@code null} stays {@code null}.
     */
    static String serverFile(String option, String path, ServerAddress on) {
        if (path == null || RunOptions.isRemote(path) || Path.of(path).isAbsolute()) {
            return path; // host:path through the services API is refused with its own words (RestoreSeries, Drill)
        }
        if (on.onThisMachine()) {
            return Path.of(path).toAbsolutePath().normalize().toString();
        }
        if (path.startsWith("/") || path.startsWith("\\") || path.matches("(?s)[A-Za-z]:[\\\\/].*")) {
            return path; // absolute on the server's system (a Windows server seen from Linux, or the reverse)
        }
        throw new RunRefusedException(option + " " + path + ": a relative path, which the server " + on
                + " would look for in its own working folder; give its absolute path on that server"
                + (!option.equals("--backup") ? " (for an alias of its databases.conf, the path it names)" : ""));
    }

    /**
     * A database name {@code on} opens: as {@link #serverFile}, but an alias of this machine's databases.conf
     * ({@code employee}, no folder in it) for a server on this machine is sent as given: the server opens what the
     * alias names.
     */
    static String serverDatabase(String option, String name, ServerAddress on) {
        if (name != null
                && !name.contains("/")
                && !name.contains("\\")
                && on.onThisMachine()
                && FirebirdConfReader.isDatabaseAlias(name)) {
            return name;
        }
        return serverFile(option, name, on);
    }

    /**
     * The server of a {@code -se} value: {@code host[/port]:service_mgr}, or the URL forms
     * {@code inet://host[:port]/service_mgr}, {@code wnet://host/service_mgr}; {@code null} for this machine's
     * server ({@code service_mgr}, {@code xnet://service_mgr}, {@code inet://service_mgr}) or a form not known here.
     */
    static ServerAddress serviceManager(String value) {
        Matcher url = SERVICE_URL.matcher(value.strip());
        if (url.matches()) {
            String host = url.group(2);
            if (host == null || url.group(1).equalsIgnoreCase("xnet")) {
                return null;
            }
            host = host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
            return new ServerAddress(
                    host, url.group(3) != null ? Integer.parseInt(url.group(3)) : ServerAddress.DEFAULT_PORT);
        }
        if (value.contains("://")) {
            return null;
        }
        ServerAddress.Remote r = ServerAddress.remote(value);
        return r != null ? r.server() : null;
    }
}
