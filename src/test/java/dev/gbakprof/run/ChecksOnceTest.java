package dev.gbakprof.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.model.ExitCode;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.testutil.Cli;
import dev.gbakprof.testutil.FirebirdServer;
import dev.gbakprof.testutil.FirebirdTest;
import dev.gbakprof.testutil.Restores;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The checks before a restore are made once: {@code run --via service} through a plain TCP forwarder in front of the
 * tests' real Firebird 3 server, which counts the connections made to it. The checks attach twice (the service
 * manager, asked the server's version; the target database, to learn that it is absent), the restore once (the
 * services manager); the server's configuration is not asked of Firebird 3.0. Checked once more before the restore,
 * as {@code run} did, the count was 5.
 */
@ExtendWith(FirebirdServer.Fixture.class)
@FirebirdTest
class ChecksOnceTest {

    @Test
    void aServicesRestoreConnectsForItsChecksOnceThenForTheRestore(FirebirdServer.Folder f) throws Exception {
        try (Forwarder forwarder = new Forwarder(FirebirdServer.ADDRESS.host(), FirebirdServer.ADDRESS.port())) {
            Path runs = f.resolve("runs");
            Cli.Result r = Cli.run(
                    "run",
                    "--via",
                    "service",
                    "--host",
                    "127.0.0.1/" + forwarder.port(),
                    "--backup",
                    f.backup("small").toString(),
                    "--database",
                    f.resolve("once.fdb").toString(),
                    "--runs-dir",
                    runs.toString());

            assertThat(r.code()).as(r.err()).isEqualTo(ExitCode.OK);
            RestoreRun run = Restores.firstRun(runs);
            assertThat(run.status()).isEqualTo(RunStatus.COMPLETED);
            assertThat(forwarder.connections())
                    .as("the checks' 2, the restore's 1")
                    .isEqualTo(3);
        }
    }

    /** Forwards each connection to the server byte for byte, and counts them. */
    private static final class Forwarder implements AutoCloseable {
        private final ServerSocket socket;
        private final AtomicInteger accepted = new AtomicInteger();

        Forwarder(String host, int port) throws IOException {
            socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
            Thread loop = new Thread(
                    () -> {
                        while (!socket.isClosed()) {
                            try {
                                Socket client = socket.accept();
                                accepted.incrementAndGet();
                                Socket server = new Socket();
                                server.connect(new InetSocketAddress(host, port), 5000);
                                pump(client, server);
                                pump(server, client);
                            } catch (IOException closed) {
                                return;
                            }
                        }
                    },
                    "forwarder");
            loop.setDaemon(true);
            loop.start();
        }

        int port() {
            return socket.getLocalPort();
        }

        int connections() {
            return accepted.get();
        }

        private static void pump(Socket from, Socket to) {
            Thread t = new Thread(
                    () -> {
                        try (InputStream in = from.getInputStream();
                                OutputStream out = to.getOutputStream()) {
                            in.transferTo(out);
                        } catch (IOException ex) {
                            // the other side closed
                        } finally {
                            try {
                                from.close();
                                to.close();
                            } catch (IOException ex) {
                                // closed already
                            }
                        }
                    },
                    "forwarder-pump");
            t.setDaemon(true);
            t.start();
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }
}
