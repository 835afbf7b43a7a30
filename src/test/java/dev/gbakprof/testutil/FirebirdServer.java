package dev.gbakprof.testutil;

import dev.gbakprof.firebird.Credentials;
import dev.gbakprof.firebird.ServerAddress;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * The tests' own Firebird 3 server, which scripts/test starts on a free port of 127.0.0.1
 * (scripts/firebird-server) and names in {@code GBAKPROF_TEST_FIREBIRD} ({@code HOST/PORT}), its SYSDBA
 * password in ISC_PASSWORD. A server the tests did not start (Debian's own on 3050) is never used: without
 * that address the tests that need a server are skipped on a developer's machine and fail in CI
 * ({@code CI=true}). Tests that need it call {@link #require()}.
 */
public final class FirebirdServer {
    /** The system property that names the tests' server, {@code HOST/PORT}, over the environment variable. */
    public static final String PROPERTY = "gbakprof.test.firebird";
    /** The environment variable that names the tests' server, {@code HOST/PORT} (scripts/test sets it). */
    public static final String VARIABLE = "GBAKPROF_TEST_FIREBIRD";
    /**
     * The tests' server, from {@link #PROPERTY} or {@link #VARIABLE}; where neither is set a placeholder that no
     * test reaches ({@link #require()} stops it first).
     */
    public static final ServerAddress ADDRESS = configured(System.getenv()) == null
            ? new ServerAddress("127.0.0.1", 1)
            : ServerAddress.parse(configured(System.getenv()));

    private FirebirdServer() {}

    /** {@code gbakprof inspect} through the tests' server: {@code --host} {@link #ADDRESS}, then {@code args}. */
    public static Cli.Result inspect(String... args) {
        String[] all = new String[args.length + 3];
        all[0] = "inspect";
        all[1] = "--host";
        all[2] = ADDRESS.toString();
        System.arraycopy(args, 0, all, 3, args.length);
        return Cli.run(all);
    }

    /** The SYSDBA credentials, once the server is known to answer. */
    public static Credentials require() {
        return require(System.getenv());
    }

    /**
     * As {@link #require()} with {@code env} as the environment: skipped (an assumption) when the server is missing,
     * a failure under {@code CI=true}.
     */
    static Credentials require(Map<String, String> env) {
        Firebird.notInFastRun();
        String missing = missing(env);
        if (missing != null && ci(env)) {
            Assertions.fail(missing + " in CI: scripts/test must start the server (scripts/firebird-server start) "
                    + "and export the SYSDBA password in ISC_PASSWORD");
        }
        Assumptions.assumeTrue(missing == null, missing + " (scripts/test starts the server and sets it)");
        return new Credentials("SYSDBA", env.get("ISC_PASSWORD"));
    }

    /** The address of the tests' server as configured ({@link #PROPERTY}, else {@link #VARIABLE}), or {@code null}. */
    private static String configured(Map<String, String> env) {
        String spec = System.getProperty(PROPERTY);
        if (spec == null || spec.isBlank()) {
            spec = env.get(VARIABLE);
        }
        return spec == null || spec.isBlank() ? null : spec.strip();
    }

    /** {@code path} through the tests' server, as gbak and isql take it: {@code HOST/PORT:path}. */
    public static String database(Object path) {
        return ADDRESS + ":" + path;
    }

    /** What the server tests miss here (Firebird's tools, root, the server, its password), or {@code null}. */
    static String missing(Map<String, String> env) {
        if (!Files.isExecutable(Firebird.GBAK) || !Files.isExecutable(Firebird.ISQL)) {
            return "Firebird is not installed (gbak, isql-fb)";
        }
        if (!Firebird.root()) {
            return "embedded gbak on local files needs root here";
        }
        if (configured(System.getenv()) == null) {
            return VARIABLE + " does not name the tests' own server";
        }
        if (!answers()) {
            return "no Firebird server answers on " + ADDRESS;
        }
        String password = env.get("ISC_PASSWORD");
        return password == null || password.isEmpty() ? "ISC_PASSWORD is not set" : null;
    }

    private static boolean ci(Map<String, String> env) {
        return "true".equalsIgnoreCase(env.get("CI"));
    }

    /**
     * Fails unless the server's stdin and stdout are no sockets (read from /proc; the server runs on this machine).
     * Firebird 3 closes both at start unless run with {@code -d} (inet_server.cpp), and the sockets it opens next get
     * their numbers; a services restore of a backup file that ends early then writes gbak's prompt for the next
     * volume (burp/mvol.cpp) to stdout: into whichever client's connection holds it, which breaks with Jaybird's
     * "Unsupported or unexpected operation code" (other tests', other people's). scripts/firebird-server starts the
     * server with {@code -d}, stdin /dev/null and stdout in its log; a test that restores such a backup through the
     * services manager calls this first.
     */
    public static void requireStdoutOffTheWire() throws IOException {
        long pid = listener();
        for (int fd = 0; fd <= 1; fd++) {
            String target = Files.readSymbolicLink(Path.of("/proc", Long.toString(pid), "fd", Integer.toString(fd)))
                    .toString();
            Assertions.assertFalse(
                    target.startsWith("socket:"),
                    "the Firebird server (pid " + pid + ") has a socket as its " + (fd == 0 ? "stdin" : "stdout")
                            + " (" + target + "): it was started without -d, by a scripts/firebird-server older than"
                            + " this one, and a services restore of a backup that ends early would write gbak's"
                            + " prompt into a client's connection; restart it: scripts/firebird-server stop, then start");
        }
    }

    /** The pid of the tests' server: the process listening on its port of 127.0.0.1 (/proc/net/tcp, /proc/PID/fd). */
    public static long pid() throws IOException {
        return listener();
    }

    private static long listener() throws IOException {
        String local = String.format("0100007F:%04X", ADDRESS.port());
        String inode = Files.readAllLines(Path.of("/proc/net/tcp")).stream()
                .skip(1)
                .map(l -> l.trim().split("\\s+"))
                .filter(c -> c[1].equals(local) && c[3].equals("0A")) // 0A: LISTEN
                .map(c -> c[9])
                .findFirst()
                .orElseThrow(() -> new IOException("nothing listens on 127.0.0.1:" + ADDRESS.port()));
        String socket = "socket:[" + inode + "]";
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            for (Path proc : (Iterable<Path>) procs::iterator) {
                Path name = proc.getFileName();
                if (name == null || !name.toString().chars().allMatch(Character::isDigit)) {
                    continue;
                }
                try (Stream<Path> fds = Files.list(proc.resolve("fd"))) {
                    if (fds.anyMatch(fd -> socket.equals(link(fd)))) {
                        return Long.parseLong(name.toString());
                    }
                } catch (IOException ex) {
                    // the process ended while we looked
                }
            }
        }
        throw new IOException("no process holds " + socket + " (127.0.0.1:" + ADDRESS.port() + ")");
    }

    private static String link(Path fd) {
        try {
            return Files.readSymbolicLink(fd).toString();
        } catch (IOException ex) {
            return "";
        }
    }

    private static boolean answers() {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(ADDRESS.host(), ADDRESS.port()), 1000);
            return true;
        } catch (IOException ex) {
            return false;
        }
    }

    /**
     * A fresh folder under /tmp owned by the server's user {@code firebird}, so the server can read the
     * backups copied into it and write the databases it restores; removed on close.
     */
    public static Folder folder() throws IOException {
        Path dir = Files.createTempDirectory(Path.of("/tmp"), "gbakprof-test-");
        PosixFileAttributeView view = Files.getFileAttributeView(dir, PosixFileAttributeView.class);
        UserPrincipalLookupService lookup = FileSystems.getDefault().getUserPrincipalLookupService();
        view.setOwner(lookup.lookupPrincipalByName("firebird"));
        view.setGroup(lookup.lookupPrincipalByGroupName("firebird"));
        view.setPermissions(PosixFilePermissions.fromString("rwxrwx---"));
        return new Folder(dir);
    }

    /**
     * The fixture of the real-server tests ({@code @ExtendWith(FirebirdServer.Fixture.class)}): a test method's
     * {@link Folder} parameter is a fresh {@link #folder()} once the server is known to answer ({@link #require()}),
     * removed after the test; a {@link Credentials} parameter is the SYSDBA login.
     *
     * <p>A test method that takes either is skipped, with the reason, where the server is missing (a developer's
     * machine without it or without ISC_PASSWORD): the decision is taken here, before its parameters are resolved,
     * since an assumption that fails while JUnit resolves a parameter is reported as an error. Under {@code CI=true}
     * it is never skipped: the resolution then fails the test, saying what is missing.
     */
    public static final class Fixture implements ParameterResolver, ExecutionCondition {
        /**
         * A configuration parameter, {@code NAME=VALUE,NAME=}, read over the environment (an empty value: unset), for
         * the fixture's own test ({@code FirebirdServerTest}), which cannot change the environment of its JVM.
         */
        public static final String ENV = "gbakprof.test.env";

        @Override
        public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
            boolean needsServer = context.getTestMethod()
                    .map(m -> Arrays.stream(m.getParameterTypes())
                            .anyMatch(t -> t == Folder.class || t == Credentials.class))
                    .orElse(false);
            if (!needsServer) {
                return ConditionEvaluationResult.enabled("takes no server parameter");
            }
            Map<String, String> env = env(context);
            String missing = missing(env);
            if (missing == null || Boolean.getBoolean("gbakprof.test.fast")) { // --fast: resolving it fails it
                return ConditionEvaluationResult.enabled("the Firebird server answers");
            }
            return ci(env)
                    ? ConditionEvaluationResult.enabled(missing + ", in CI: the test fails")
                    : ConditionEvaluationResult.disabled(missing + " (scripts/test starts the server and sets it)");
        }

        @Override
        public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
            Class<?> type = parameter.getParameter().getType();
            return type == Folder.class || type == Credentials.class;
        }

        @Override
        public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
            Credentials sysdba = require(env(context));
            if (parameter.getParameter().getType() == Credentials.class) {
                return sysdba;
            }
            try {
                Folder folder = folder();
                // CloseableResource is deprecated for AutoCloseable, which JUnit 5.14 closes only when configured to
                @SuppressWarnings("deprecation")
                ExtensionContext.Store.CloseableResource close = folder::close;
                context.getStore(ExtensionContext.Namespace.create(Fixture.class, parameter.getIndex()))
                        .put("folder", close);
                return folder;
            } catch (IOException ex) {
                throw new UncheckedIOException(ex);
            }
        }

        /** The environment, with {@link #ENV}'s values over it. */
        private static Map<String, String> env(ExtensionContext context) {
            Map<String, String> env = new HashMap<>(System.getenv());
            context.getConfigurationParameter(ENV).ifPresent(spec -> {
                for (String pair : spec.split(",")) {
                    int eq = pair.indexOf('=');
                    if (eq <= 0) {
                        continue;
                    }
                    String value = pair.substring(eq + 1);
                    if (value.isEmpty()) {
                        env.remove(pair.substring(0, eq));
                    } else {
                        env.put(pair.substring(0, eq), value);
                    }
                }
            });
            return env;
        }
    }

    /** A folder the server can use; {@link #backup(String)} puts a fixture backup into it. */
    public record Folder(Path dir) implements AutoCloseable {

        /** A copy of a fixture backup ({@link Firebird#backup(String)}) in this folder, readable by the server. */
        public Path backup(String name) throws IOException {
            Path copy = dir.resolve(name + ".fbk");
            Files.copy(Firebird.backup(name), copy);
            return copy;
        }

        public Path resolve(String name) {
            return dir.resolve(name);
        }

        @Override
        public void close() {
            try (Stream<Path> s = Files.walk(dir)) {
                s.sorted(Comparator.reverseOrder()).forEach(p -> {
                    try {
                        Files.deleteIfExists(p);
                    } catch (IOException ex) {
                        throw new UncheckedIOException(ex);
                    }
                });
            } catch (IOException ex) {
                throw new UncheckedIOException(ex);
            }
        }
    }
}
