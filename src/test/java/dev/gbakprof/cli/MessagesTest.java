package dev.gbakprof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.store.RunJson;
import dev.gbakprof.testutil.Cli;
import dev.gbakprof.testutil.Firebird;
import dev.gbakprof.testutil.FirebirdServer;
import dev.gbakprof.testutil.FirebirdTest;
import dev.gbakprof.testutil.Jvm;
import dev.gbakprof.testutil.Restores;
import dev.gbakprof.testutil.Restores.Route;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.RandomAccessFile;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** gbakprof's limits and messages: each refusal says what is really wrong, in one line. */
class MessagesTest {

    @Test
    void aHugePasswordFileIsReadOnlyToItsFirstLine(@TempDir Path dir) throws Exception {
        Path pw = dir.resolve("pw.txt");
        try (RandomAccessFile f = new RandomAccessFile(pw.toFile(), "rw")) {
            f.write("s3cret\n".getBytes(StandardCharsets.UTF_8));
            f.setLength(3L << 30); // 3 GB (sparse): read whole, it was an OutOfMemoryError
        }
        Files.setPosixFilePermissions(pw, PosixFilePermissions.fromString("rw-------"));
        long t0 = System.nanoTime();
        assertThat(Passwords.read(pw, w -> {
                    throw new AssertionError(w);
                }))
                .isEqualTo("s3cret");
        assertThat((System.nanoTime() - t0) / 1e9).isLessThan(2.0);
        // a first line without end: refused after 4 KB, without reading on
        Path noLine = dir.resolve("zeros.bin");
        try (RandomAccessFile f = new RandomAccessFile(noLine.toFile(), "rw")) {
            f.setLength(3L << 30);
        }
        Cli.Result r = FirebirdServer.inspect("/nowhere/x.fdb", "--password-file", noLine.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err())
                .isEqualTo("gbakprof: " + noLine + ": the first line is longer than 4096 bytes: not a "
                        + "password file? Expected the password on its first line\n");
    }

    @FirebirdTest
    @Test
    void aPasswordFileThatIsADirectoryOrAFifoIsCalledSoAndOneOthersCanReadIsWarnedAbout(@TempDir Path dir)
            throws Exception {
        Path fifo = dir.resolve("fifo");
        Firebird.run(List.of("mkfifo", fifo.toString())); // nobody writes it: reading it would hang
        Cli.Result d = FirebirdServer.inspect("/nowhere/x.fdb", "--password-file", dir.toString());
        Cli.Result f = FirebirdServer.inspect("/nowhere/x.fdb", "--password-file", fifo.toString());
        assertThat(d.code()).isEqualTo(2);
        assertThat(d.err())
                .isEqualTo("gbakprof: " + dir + ": a directory, not a password file; expected a file with "
                        + "the password on its first line\n");
        assertThat(f.code()).isEqualTo(2);
        assertThat(f.err())
                .isEqualTo("gbakprof: " + fifo + ": not a regular file (a FIFO or a device); expected a "
                        + "file with the password on its first line (or set ISC_PASSWORD)\n");
        Path open = Files.writeString(dir.resolve("pw.txt"), "s3cret\n");
        Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rw-r--r--"));
        List<String> warnings = new ArrayList<>();
        assertThat(Passwords.read(open, warnings::add)).isEqualTo("s3cret");
        assertThat(warnings)
                .containsExactly("password file " + open + " can be read by every user (rw-r--r--); make "
                        + "it yours alone: chmod 600 " + open);
        Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rw-------"));
        warnings.clear();
        Passwords.read(open, warnings::add);
        assertThat(warnings).isEmpty();
    }

    @FirebirdTest
    @Test
    void anotherServiceOnThePortIsNotAWrongPassword(@TempDir Path dir) throws Exception {
        Path pw = Files.writeString(dir.resolve("pw.txt"), "s3cret\n");
        Files.setPosixFilePermissions(pw, PosixFilePermissions.fromString("rw-------"));
        try (ServerSocket web = new ServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
            Thread answer = new Thread(
                    () -> { // a web server: it reads a little, answers HTTP and hangs up
                        while (!web.isClosed()) {
                            try (Socket s = web.accept()) {
                                s.getInputStream().read(new byte[512]);
                                s.getOutputStream()
                                        .write("HTTP/1.0 400 Bad Request\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                            } catch (IOException ex) {
                                // closed
                            }
                        }
                    });
            answer.setDaemon(true);
            answer.start();
            Cli.Result r = Restores.run(
                    Route.SERVICE,
                    Path.of("/nowhere/x.fbk"),
                    Path.of("/nowhere/x.fdb"),
                    dir.resolve("runs"),
                    "--host",
                    "127.0.0.1/" + web.getLocalPort(),
                    "--password-file",
                    pw.toString());
            assertThat(r.code()).isEqualTo(2);
            assertThat(r.err())
                    .isEqualTo("gbakprof: 127.0.0.1/" + web.getLocalPort() + ": not a Firebird server: "
                            + "something answers on port " + web.getLocalPort()
                            + ", but not Firebird's protocol (another "
                            + "service on that port?); give the server with --host HOST[/PORT]\n");
        }
        assertThat(dir.resolve("runs")).doesNotExist();
    }

    @FirebirdTest
    @Test
    void aServicesConnectionCutDuringTheRestoreIsSaidSoWithoutJaybirdsTrace() throws Exception {
        FirebirdServer.require();
        try (FirebirdServer.Folder f = FirebirdServer.folder();
                Proxy proxy = new Proxy(3_000)) {
            Path runs = f.resolve("runs");
            Process p = Jvm.start(
                    f.resolve("out.txt").toFile(),
                    f.resolve("err.txt").toFile(),
                    "run",
                    "--via",
                    "service",
                    "--host",
                    "127.0.0.1/" + proxy.port(),
                    "--backup",
                    f.backup("small").toString(),
                    "--database",
                    f.resolve("cut.fdb").toString(),
                    "--runs-dir",
                    runs.toString(),
                    "--label",
                    "cut");
            assertThat(p.waitFor(2, TimeUnit.MINUTES)).isTrue();
            String err = Files.readString(f.resolve("err.txt"));
            assertThat(p.exitValue()).as(err).isEqualTo(1);
            assertThat(err).doesNotContain("SEVERE", "\tat ", "Exception");
            RestoreRun run;
            try (Stream<Path> s = Files.list(runs)) {
                run = RunJson.read(s.findFirst().orElseThrow().resolve("run.json"))
                        .get(0);
            }
            assertThat(run.status()).isEqualTo(RunStatus.FAILED);
            // gbakprof's words on the failure, not one of gbak's lines
            assertThat(run.failure())
                    .startsWith("127.0.0.1/" + proxy.port() + ": the connection to the " + "server was lost");
            assertThat(run.errors()).isEmpty();
        }
    }

    @FirebirdTest
    @Test
    void aGbakLogIsABaselineAsItsRefusalSays(@TempDir Path dir) throws Exception {
        Path fbk = Firebird.backup("small");
        Cli.Result r = Restores.run(
                fbk, dir.resolve("b.fdb"), dir.resolve("runs"), "--baseline", "samples/shop-tdrw.log", "--label", "b");
        assertThat(r.code()).as(r.err()).isZero();
    }

    /** A TCP relay to the local server that cuts both sides after {@code limit} bytes from the server. */
    static final class Proxy implements AutoCloseable {
        private final ServerSocket socket = new ServerSocket(0, 5, InetAddress.getLoopbackAddress());
        private final List<Socket> open = new ArrayList<>();

        Proxy(long limit) throws IOException {
            Thread accept = new Thread(() -> {
                while (!socket.isClosed()) {
                    try {
                        Socket client = socket.accept();
                        Socket server = new Socket("127.0.0.1", FirebirdServer.ADDRESS.port());
                        synchronized (open) {
                            open.add(client);
                            open.add(server);
                        }
                        AtomicLong fromServer = new AtomicLong();
                        relay(client.getInputStream(), server.getOutputStream(), null, 0, client, server);
                        relay(server.getInputStream(), client.getOutputStream(), fromServer, limit, client, server);
                    } catch (IOException ex) {
                        // closed
                    }
                }
            });
            accept.setDaemon(true);
            accept.start();
        }

        int port() {
            return socket.getLocalPort();
        }

        private static void relay(InputStream in, OutputStream out, AtomicLong count, long limit, Socket a, Socket b) {
            Thread t = new Thread(() -> {
                byte[] buf = new byte[512];
                try {
                    for (int n; (n = in.read(buf)) > 0; ) {
                        out.write(buf, 0, n);
                        out.flush();
                        if (count != null && count.addAndGet(n) > limit) {
                            break; // the cable is pulled
                        }
                    }
                } catch (IOException ex) {
                    // the other side went away
                }
                closeQuietly(a);
                closeQuietly(b);
            });
            t.setDaemon(true);
            t.start();
        }

        private static void closeQuietly(Socket s) {
            try {
                s.setSoLinger(true, 0); // a reset, as a cut connection gives
                s.close();
            } catch (IOException ex) {
                // already closed
            }
        }

        @Override
        public void close() throws IOException {
            socket.close();
            synchronized (open) {
                open.forEach(Proxy::closeQuietly);
            }
        }
    }
}
