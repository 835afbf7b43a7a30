package dev.gbakprof.testutil;

import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * The tests' server ({@link FirebirdServer}, 127.0.0.1/PORT) at an address that is not this machine's, so that gbakprof
 * takes it for a server on another machine, without a change to the server or its configuration: a network namespace
 * joined to this one by a veth pair ({@code 10.213.N.1} here, {@code 10.213.N.2} in the namespace), and two socat
 * forwarders: in the namespace {@code 10.213.N.2:PORT -> 10.213.N.1:PORT}, here {@code 10.213.N.1:PORT ->
 * 127.0.0.1:PORT}. {@code 10.213.N.2} is then on no interface of this machine, yet answers as the server.
 *
 * <p>Needs root, {@code ip} (iproute2) and {@code socat}; scripts/test installs both. Where it cannot be set up the
 * test is skipped, with the reason, except under {@code CI=true}, where it fails. {@link #close()} removes it all (the
 * forwarders by their pids, the namespace, the veth pair), also after a setup that failed half way.
 */
public final class RemoteServer implements AutoCloseable {
    private final int subnet;
    private final List<Process> forwarders = new ArrayList<>();
    /** Removes it all when the test JVM is stopped (Ctrl-C, a surefire timeout) before {@link #close()}. */
    private final Thread onExit = new Thread(this::removeAll, "gbakprof-remote-server-cleanup");

    private RemoteServer(int subnet) {
        this.subnet = subnet;
    }

    /** The address the server answers at, on no interface of this machine: {@code 10.213.N.2}. */
    public String host() {
        return "10.213." + subnet + ".2";
    }

    /** This machine's end of the veth pair, {@code 10.213.N.1}: an address of this machine. */
    public String hostSide() {
        return "10.213." + subnet + ".1";
    }

    private String namespace() {
        return "gbakprof-remote-" + subnet;
    }

    private String vethHere() {
        return "gbpr" + subnet + "h";
    }

    private String vethThere() {
        return "gbpr" + subnet + "n";
    }

    /** Sets it up; skipped (an assumption) where it cannot be, a failure under {@code CI=true}. */
    public static RemoteServer start() {
        return start(System.getenv());
    }

    /** As {@link #start()} with {@code env} as the environment (its {@code CI} and {@code PATH}). */
    static RemoteServer start(java.util.Map<String, String> env) {
        String missing = missing(env.getOrDefault("PATH", ""));
        int subnet = missing == null ? freeSubnet() : -1;
        if (missing == null && subnet < 0) {
            missing = "every 10.213.N.1 is taken on this machine";
        }
        if (missing == null) {
            RemoteServer r = new RemoteServer(subnet);
            try {
                Runtime.getRuntime().addShutdownHook(r.onExit);
                r.setUp();
                return r;
            } catch (IOException | RuntimeException ex) {
                r.close();
                missing = "cannot give the test server an address of another machine: " + ex.getMessage();
            } catch (InterruptedException ex) {
                r.close();
                Thread.currentThread().interrupt();
                missing = "interrupted while setting up the namespace";
            }
        }
        if ("true".equalsIgnoreCase(env.get("CI"))) {
            Assertions.fail(missing + " in CI: scripts/test installs iproute2 and socat, and CI runs as root");
        }
        Assumptions.abort(missing + " (scripts/test installs iproute2 and socat; root is needed)");
        throw new AssertionError("unreachable");
    }

    /** What this machine lacks for it, or {@code null}. */
    private static String missing(String path) {
        if (!Firebird.root()) {
            return "a network namespace needs root";
        }
        for (String tool : List.of("ip", "socat")) {
            if (!onPath(path, tool)) {
                return "no " + tool + " on PATH";
            }
        }
        return null;
    }

    private static boolean onPath(String path, String tool) {
        for (String dir : path.split(":")) {
            if (java.nio.file.Files.isExecutable(java.nio.file.Path.of(dir, tool))) {
                return true;
            }
        }
        return false;
    }

    /**
     * A 10.213.N.0/30 on no interface of this machine (another test's, or one left by a killed run, is skipped), or -1.
     */
    private static int freeSubnet() {
        int start = (int) (ProcessHandle.current().pid() % 250);
        for (int i = 0; i < 250; i++) {
            int n = 1 + (start + i) % 250;
            if (!onAnInterface("10.213." + n + ".1") && !onAnInterface("10.213." + n + ".2")) {
                return n;
            }
        }
        return -1;
    }

    private static boolean onAnInterface(String address) {
        try {
            return NetworkInterface.getByInetAddress(InetAddress.getByName(address)) != null;
        } catch (IOException ex) {
            return false;
        }
    }

    private void setUp() throws IOException, InterruptedException {
        ip("netns", "add", namespace());
        ip("link", "add", vethHere(), "type", "veth", "peer", "name", vethThere());
        ip("link", "set", vethThere(), "netns", namespace());
        ip("addr", "add", hostSide() + "/30", "dev", vethHere());
        ip("link", "set", vethHere(), "up");
        ip("-n", namespace(), "addr", "add", host() + "/30", "dev", vethThere());
        ip("-n", namespace(), "link", "set", vethThere(), "up");
        ip("-n", namespace(), "link", "set", "lo", "up");
        forward(List.of(), hostSide(), "127.0.0.1");
        forward(List.of("ip", "netns", "exec", namespace()), host(), hostSide());
        waitUntilAnswers(host());
    }

    /** A socat (in the namespace when {@code prefix} says so) that forwards {@code from}:PORT to {@code to}:PORT. */
    private void forward(List<String> prefix, String from, String to) throws IOException {
        List<String> cmd = new ArrayList<>(prefix);
        cmd.addAll(List.of(
                "socat",
                "TCP-LISTEN:" + FirebirdServer.ADDRESS.port() + ",bind=" + from + ",reuseaddr,fork",
                "TCP:" + to + ":" + FirebirdServer.ADDRESS.port()));
        forwarders.add(new ProcessBuilder(cmd)
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start());
    }

    private void waitUntilAnswers(String address) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        IOException last = null;
        while (System.nanoTime() < deadline) {
            for (Process p : forwarders) {
                if (!p.isAlive()) {
                    throw new IOException("socat exited with code " + p.exitValue() + " ("
                            + p.info().commandLine().orElse("socat") + ")");
                }
            }
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress(Inet4Address.getByName(address), FirebirdServer.ADDRESS.port()), 500);
                return;
            } catch (IOException ex) {
                last = ex;
                Thread.sleep(100);
            }
        }
        throw new IOException(address + ":" + FirebirdServer.ADDRESS.port() + " does not answer within 10 s ("
                + (last == null ? "" : last.getMessage()) + ")");
    }

    private static void ip(String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("ip"));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException(String.join(" ", cmd) + ": no end within 30 s");
        }
        if (p.exitValue() != 0) {
            throw new IOException(String.join(" ", cmd) + ": " + out);
        }
    }

    /** Stops the forwarders (by their pids) and removes the namespace and the veth pair; what is not there is skipped. */
    @Override
    public void close() {
        try {
            Runtime.getRuntime().removeShutdownHook(onExit);
        } catch (IllegalStateException ex) {
            // the JVM is stopping: the hook does it
        }
        removeAll();
    }

    private synchronized void removeAll() {
        for (Process p : forwarders) {
            p.descendants().forEach(ProcessHandle::destroy);
            p.destroy();
            try {
                if (!p.waitFor(5, TimeUnit.SECONDS)) {
                    p.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
                }
            } catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
            }
        }
        forwarders.clear();
        quietly("netns", "del", namespace()); // takes its end of the pair, and with it this one
        quietly("link", "del", vethHere());
    }

    private static void quietly(String... args) {
        try {
            ip(args);
        } catch (IOException ex) {
            // not there (never made, or gone with the namespace)
        } catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
        }
    }
}
