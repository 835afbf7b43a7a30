package dev.gbakprof.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.testutil.FirebirdServer;
import dev.gbakprof.testutil.FirebirdTest;
import java.io.IOException;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;

@FirebirdTest
class WorkerProcessTest {

    /**
     * In CI Debian's own server listens on 3050 beside the tests' server: the server sampled is the one that owns the
     * port the restore talks to, not the busiest firebird process.
     */
    @Test
    void theServerIsTheOneListeningOnThePort() throws IOException {
        FirebirdServer.require();
        assertThat(WorkerProcess.localServer(FirebirdServer.ADDRESS.port())).isEqualTo(FirebirdServer.pid());
    }

    @Test
    void aPortOwnedByAnotherProgramIsNotTakenForTheServer() throws IOException {
        FirebirdServer.require();
        try (ServerSocket mine = new ServerSocket(0)) {
            assertThat(WorkerProcess.localServer(mine.getLocalPort()))
                    .isNotNull()
                    .isNotEqualTo(ProcessHandle.current().pid());
        }
    }
}
