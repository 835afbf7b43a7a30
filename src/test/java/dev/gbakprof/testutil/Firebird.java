package dev.gbakprof.testutil;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * The real Firebird tools for tests: Debian's gbak and isql-fb, embedded on local files (as root). Tests
 * that need them call {@link #require()}: skipped on a developer machine without Firebird, but a failure
 * in CI ({@code CI=true}), where .ci/run installs Firebird, so they can never silently not run there.
 */
public final class Firebird {
    public static final Path GBAK = Path.of("/usr/bin/gbak");
    public static final Path GFIX = Path.of("/usr/bin/gfix");
    public static final Path ISQL = Path.of("/usr/bin/isql-fb");
    private static final Path CACHE = Path.of("target", "test-fixtures");

    private Firebird() {}

    public static void require() {
        notInFastRun();
        boolean present = Files.isExecutable(GBAK) && Files.isExecutable(ISQL);
        if (!present && "true".equalsIgnoreCase(System.getenv("CI"))) {
            Assertions.fail("Firebird (gbak, isql-fb) is missing in CI: .ci/run must install firebird3.0-utils "
                    + "and firebird3.0-server-core");
        }
        Assumptions.assumeTrue(present, "Firebird is not installed (scripts/test installs it)");
        boolean root = root();
        if (!root && "true".equalsIgnoreCase(System.getenv("CI"))) {
            Assertions.fail("CI runs the tests as root (embedded gbak on local files needs it); this one is not");
        }
        Assumptions.assumeTrue(root, "embedded gbak on local files needs root here");
    }

    /**
     * Fails a test that needs Firebird but is not tagged so, under {@code scripts/test --fast} (system property
     * {@code gbakprof.test.fast}), which leaves the tagged ones out.
     */
    static void notInFastRun() {
        if (Boolean.getBoolean("gbakprof.test.fast")) {
            Assertions.fail(
                    "this test needs Firebird: annotate it @FirebirdTest, which scripts/test --fast leaves out");
        }
    }

    /** Whether the tests run as root (embedded gbak on local files needs it here). */
    static boolean root() {
        return "root".equals(System.getProperty("user.name")) || isRoot();
    }

    private static boolean isRoot() {
        try {
            return "0".equals(run(List.of("id", "-u")).strip());
        } catch (IOException ex) {
            return false;
        }
    }

    /**
     * A backup of one of the fixture databases of scripts/fixtures (small, dupfail, shop), built once with
     * isql-fb and gbak -b and kept in target/test-fixtures.
     */
    public static synchronized Path backup(String name) throws IOException {
        require();
        Path fbk = CACHE.resolve(name + ".fbk").toAbsolutePath();
        if (Files.isRegularFile(fbk)) {
            return fbk;
        }
        Files.createDirectories(CACHE);
        Path sql = Path.of("scripts", "fixtures", name + ".sql").toAbsolutePath();
        Path fdb = CACHE.resolve(name + ".fdb").toAbsolutePath();
        Files.deleteIfExists(fdb);
        run(
                List.of(ISQL.toString(), "-q", "-user", "SYSDBA"),
                "CREATE DATABASE '" + fdb + "' PAGE_SIZE 8192 DEFAULT CHARACTER SET UTF8;\n");
        run(List.of(ISQL.toString(), "-q", "-b", "-user", "SYSDBA", "-i", sql.toString(), fdb.toString()));
        Path tmp = CACHE.resolve(name + ".fbk.tmp").toAbsolutePath();
        Files.deleteIfExists(tmp);
        run(List.of(GBAK.toString(), "-b", "-user", "SYSDBA", fdb.toString(), tmp.toString()));
        Files.move(tmp, fbk);
        Files.deleteIfExists(fdb);
        return fbk;
    }

    /**
     * The real gbak restores {@code backup} into {@code target} (gbak -c, as a DBA's own restore): a local path
     * embedded (as root), {@code HOST/PORT:PATH} through a server ({@link FirebirdServer#database}); the SYSDBA password
     * from ISC_PASSWORD.
     */
    public static void restore(Path backup, String target) throws IOException {
        run(List.of(GBAK.toString(), "-c", "-user", "SYSDBA", backup.toString(), target));
    }

    /** gbak processes whose command line mentions {@code fragment} (a database path), read from /proc. */
    public static List<Long> gbakProcesses(String fragment) throws IOException {
        return processes(cmd -> cmd.contains("gbak") && cmd.contains(fragment) && !cmd.contains("java"));
    }

    /** The processes whose command line (its arguments joined by NULs), read from /proc, {@code matches}. */
    public static List<Long> processes(java.util.function.Predicate<String> matches) throws IOException {
        List<Long> pids = new ArrayList<>();
        try (var dirs = Files.list(Path.of("/proc"))) {
            for (Path d : (Iterable<Path>) dirs::iterator) {
                String n = d.getFileName().toString();
                if (!n.chars().allMatch(Character::isDigit)) {
                    continue;
                }
                try {
                    String cmd = new String(Files.readAllBytes(d.resolve("cmdline")), StandardCharsets.UTF_8);
                    if (matches.test(cmd)) {
                        pids.add(Long.parseLong(n));
                    }
                } catch (IOException ex) {
                    // the process ended while we looked
                }
            }
        }
        return pids;
    }

    public static String run(List<String> cmd) throws IOException {
        return run(cmd, null);
    }

    public static String run(List<String> cmd, String stdin) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        Process p = pb.start();
        if (stdin != null) {
            p.getOutputStream().write(stdin.getBytes(StandardCharsets.UTF_8));
        }
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            if (!p.waitFor(5, TimeUnit.MINUTES) || p.exitValue() != 0) {
                throw new IOException(String.join(" ", cmd) + " failed: " + out);
            }
        } catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            throw new IOException(ex);
        }
        return out;
    }
}
