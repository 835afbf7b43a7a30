package dev.gbakprof.testutil;

import dev.gbakprof.firebird.ServerAddress;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * Firebird 4.0 for the tests tagged {@code firebird4} ({@link Firebird4Test}): its gbak, gfix and isql (the launchers of
 * scripts/firebird4, the engine embedded) and the tests' own Firebird 4 server (scripts/firebird-server --version 4.0).
 * scripts/test prepares both and names them: {@value #GBAK_VARIABLE} (the launcher of gbak; gfix and isql are beside
 * it), {@value #SERVER_VARIABLE} ({@code HOST/PORT}) and {@value #PASSWORD_VARIABLE} (its SYSDBA password, which
 * differs from the 3.0 server's ISC_PASSWORD). Without them a developer's run uses an engine scripts/firebird4 built in
 * the user's cache, or skips with the reason; under {@code CI=true} a test that misses them fails, never skips.
 */
public final class Firebird4 {
    public static final String GBAK_VARIABLE = "GBAKPROF_TEST_FIREBIRD4_GBAK";
    public static final String SERVER_VARIABLE = "GBAKPROF_TEST_FIREBIRD4";
    public static final String PASSWORD_VARIABLE = "GBAKPROF_TEST_FIREBIRD4_PASSWORD";

    private Firebird4() {}

    /** Firebird 4.0's gbak (a launcher of scripts/firebird4); Firebird 3.0 is needed too (its backups). */
    public static Path gbak() {
        Firebird.require();
        Path gbak = configuredGbak(System.getenv());
        String missing = gbak == null
                ? GBAK_VARIABLE + " is not set and scripts/firebird4 has built no engine in the user's cache"
                : !Files.isExecutable(gbak) ? gbak + " is not executable" : null;
        need(missing);
        return gbak;
    }

    /** A tool beside Firebird 4.0's gbak: {@code gfix}, {@code isql}. */
    public static Path tool(String name) {
        return gbak().resolveSibling(name);
    }

    /** The tests' Firebird 4 server, {@code HOST/PORT}, once it answers. */
    public static ServerAddress server() {
        gbak();
        String spec = System.getenv(SERVER_VARIABLE);
        need(spec == null || spec.isBlank() ? SERVER_VARIABLE + " does not name the tests' Firebird 4 server" : null);
        ServerAddress address = ServerAddress.parse(spec.strip());
        need(answers(address) ? null : "no Firebird server answers on " + address);
        String password = System.getenv(PASSWORD_VARIABLE);
        need(password == null || password.isEmpty() ? PASSWORD_VARIABLE + " is not set" : null);
        return address;
    }

    /**
     * The Firebird 4 server's SYSDBA password in a file of {@code dir} (mode 0600), for {@code --password-file}: the
     * tests run gbakprof in this JVM, whose ISC_PASSWORD is the 3.0 server's.
     */
    public static Path passwordFile(Path dir) throws IOException {
        server();
        Path file = dir.resolve("fb4.password");
        Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        Files.writeString(file, System.getenv(PASSWORD_VARIABLE) + "\n", StandardCharsets.UTF_8);
        return file;
    }

    /** The configured gbak, else the one scripts/firebird4 built in the user's cache; {@code null} when neither. */
    static Path configuredGbak(Map<String, String> env) {
        String given = env.get(GBAK_VARIABLE);
        if (given != null && !given.isBlank()) {
            return Path.of(given.strip());
        }
        String cache = env.get("XDG_CACHE_HOME");
        Path base =
                cache != null && !cache.isBlank() ? Path.of(cache) : Path.of(System.getProperty("user.home"), ".cache");
        Path built = base.resolve("gbakprof/firebird4/bin/gbak");
        return Files.isExecutable(built) ? built : null;
    }

    /** Skips with {@code missing} as the reason, or fails under {@code CI=true}; nothing when it is {@code null}. */
    private static void need(String missing) {
        if (missing != null && "true".equalsIgnoreCase(System.getenv("CI"))) {
            Assertions.fail(missing + " in CI: scripts/test must build Firebird 4 (scripts/firebird4) and start its"
                    + " server (scripts/firebird-server --version 4.0 start)");
        }
        Assumptions.assumeTrue(missing == null, missing + " (scripts/test prepares Firebird 4)");
    }

    private static boolean answers(ServerAddress address) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(address.host(), address.port()), 2000);
            return true;
        } catch (IOException ex) {
            return false;
        }
    }
}
