package dev.gbakprof.testutil;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

/** The remote-server fixture fails in CI where it cannot be set up, and is skipped elsewhere. */
@FirebirdTest
class RemoteServerTest {

    @Test
    void withoutSocatItIsSkippedOnADevelopersMachineAndFailsInCi() {
        Map<String, String> noTools = Map.of("PATH", "/nonexistent");
        TestAbortedException skipped = assertThrows(TestAbortedException.class, () -> RemoteServer.start(noTools));
        assertThat(skipped.getMessage()).contains("scripts/test installs iproute2 and socat");
        AssertionFailedError failed = assertThrows(
                AssertionFailedError.class, () -> RemoteServer.start(Map.of("PATH", "/nonexistent", "CI", "true")));
        assertThat(failed.getMessage()).contains(" in CI: scripts/test installs iproute2 and socat");
        if (Firebird.root()) {
            assertThat(failed.getMessage()).startsWith("no ip on PATH in CI");
        }
    }
}
