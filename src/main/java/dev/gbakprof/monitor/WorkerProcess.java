package dev.gbakprof.monitor;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import oshi.SystemInfo;
import oshi.software.os.OSProcess;

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

    /** The pid of the Firebird server running on this machine (the busiest if several), or {@code null}. */
    public static Long localServer() {
        List<OSProcess> found = new SystemInfo()
                .getOperatingSystem()
                .getProcesses(
                        p -> SERVER_NAMES.contains(
                                p.getName().toLowerCase(Locale.ROOT).replaceFirst("\\.exe$", "")),
                        Comparator.comparingLong(p -> -(p.getUserTime() + p.getKernelTime())),
                        0);
        return found.isEmpty() ? null : (long) found.get(0).getProcessID();
    }
}
