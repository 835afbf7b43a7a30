package dev.gbakprof.monitor;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import oshi.SystemInfo;
import oshi.software.os.InternetProtocolStats;
import oshi.software.os.InternetProtocolStats.IPConnection;
import oshi.software.os.OSProcess;
import oshi.software.os.OperatingSystem;

/**
 * Which process does a restore's work. gbak restoring a local file embedded does it itself; through a server
 * (services API, {@code -se}, a {@code host:path} database) the server does, and gbak only carries lines. The
 * server's process can be read only when it runs on this machine; it serves every attachment, so other work
 * on it counts too.
 */
public final class WorkerProcess {
    /** Firebird's server executables: SuperServer/SuperClassic 3+ ({@code firebird}), and 2.5's names. */
    private static final Set<String> SERVER_NAMES = Set.of("firebird", "fbserver", "fb_smp_server", "fb_inet_server");

    private static final Set<String> LOCAL_HOSTS = Set.of("localhost", "127.0.0.1", "::1", "[::1]");

    private WorkerProcess() {}

    /** True when {@code host} is this machine (a server there can be sampled). */
    public static boolean isLocal(String host) {
        return host == null || LOCAL_HOSTS.contains(host.toLowerCase(Locale.ROOT));
    }

    /**
     * The pid of the Firebird server on this machine that listens on {@code port}, or {@code null}. A machine may run
     * several servers (Debian's on 3050 beside another version, or a test server, on ports of their own): the one
     * a restore talks to is the one that owns the listening socket. Where the sockets' owners cannot be read (not
     * root on Linux) or the port's owner is no Firebird server (a forwarder), the busiest server process; {@code null}
     * when none runs.
     */
    public static Long localServer(int port) {
        OperatingSystem os = new SystemInfo().getOperatingSystem();
        try {
            for (IPConnection c : os.getInternetProtocolStats().getConnections()) {
                if (c.getState() == InternetProtocolStats.TcpState.LISTEN
                        && c.getLocalPort() == port
                        && c.getowningProcessId() > 0) {
                    OSProcess owner = os.getProcess(c.getowningProcessId());
                    if (owner != null && isServer(owner)) {
                        return (long) owner.getProcessID();
                    }
                }
            }
        } catch (RuntimeException unreadable) {
            // the socket table could not be read here: fall back to the process list
        }
        List<OSProcess> found = os.getProcesses(
                WorkerProcess::isServer, Comparator.comparingLong(p -> -(p.getUserTime() + p.getKernelTime())), 0);
        return found.isEmpty() ? null : (long) found.get(0).getProcessID();
    }

    private static boolean isServer(OSProcess p) {
        return SERVER_NAMES.contains(p.getName().toLowerCase(Locale.ROOT).replaceFirst("\\.exe$", ""));
    }
}
