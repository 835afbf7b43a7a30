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
import java.util.Comparator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * The Firebird 3 server on 127.0.0.1:3050 that scripts/test starts (scripts/firebird-server) and whose
 * SYSDBA password it passes in ISC_PASSWORD. Tests that need it call {@link #require()}: skipped on a
 * developer machine without it, a failure in CI ({@code CI=true}).
 */
public final class FirebirdServer {
    public static final ServerAddress ADDRESS = ServerAddress.LOCALHOST;

    private FirebirdServer() {}

    /** The SYSDBA credentials, once the server is known to answer. */
    public static Credentials require() {
        Firebird.require(); // the fixtures are built with the local tools
        String password = System.getenv("ISC_PASSWORD");
        boolean answers = answers();
        String missing = !answers
                ? "no Firebird server answers on 127.0.0.1:3050"
                : password == null || password.isEmpty() ? "ISC_PASSWORD is not set" : null;
        if (missing != null && "true".equalsIgnoreCase(System.getenv("CI"))) {
            Assertions.fail(missing + " in CI: scripts/test must start the server (scripts/firebird-server start) "
                    + "and export the SYSDBA password in ISC_PASSWORD");
        }
        Assumptions.assumeTrue(missing == null, missing + " (scripts/test starts the server and sets it)");
        return new Credentials("SYSDBA", password);
    }

    private static boolean answers() {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", ADDRESS.port()), 1000);
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
