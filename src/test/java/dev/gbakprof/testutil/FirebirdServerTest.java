package dev.gbakprof.testutil;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.gbakprof.firebird.Credentials;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;

/**
 * The server fixture on a machine without the server's password: a developer's run skips the server tests with the
 * reason (it reported them as errors: the assumption failed while JUnit resolved a parameter), CI fails them.
 */
@FirebirdTest
class FirebirdServerTest {

    /** A server test, run only by the test kit below (surefire does not run nested classes). */
    @ExtendWith(FirebirdServer.Fixture.class)
    static class NeedsTheServer {
        @Test
        void restores(Credentials sysdba, FirebirdServer.Folder folder) {
            assertThat(folder.dir()).isDirectory();
            assertThat(sysdba.user()).isEqualTo("SYSDBA");
        }

        @Test
        void needsNothing() {
            assertThat(1 + 1).isEqualTo(2);
        }
    }

    private static EngineExecutionResults runWith(String env) {
        return EngineTestKit.engine("junit-jupiter")
                .configurationParameter(FirebirdServer.Fixture.ENV, env)
                .selectors(selectClass(NeedsTheServer.class))
                .execute();
    }

    @Test
    void withoutThePasswordADevelopersRunSkipsTheServerTestWithTheReason() {
        // the fixture's other needs (the tools, root, the server) are there: only the password is missing
        FirebirdServer.require();
        EngineExecutionResults r = runWith("ISC_PASSWORD=,CI=");
        r.testEvents()
                .assertStatistics(s -> s.skipped(1).started(1).succeeded(1).failed(0));
        Event skipped = r.testEvents().skipped().list().get(0);
        assertThat(skipped.getTestDescriptor().getDisplayName()).startsWith("restores");
        assertThat(skipped.getPayload(String.class))
                .hasValue("ISC_PASSWORD is not set (scripts/test starts the server and sets it)");
    }

    @Test
    void withoutThePasswordInCiTheServerTestFailsSayingWhatIsMissing() {
        FirebirdServer.require();
        EngineExecutionResults r = runWith("ISC_PASSWORD=,CI=true");
        r.testEvents()
                .assertStatistics(s -> s.skipped(0).started(2).succeeded(1).failed(1));
        Throwable failure = r.testEvents()
                .failed()
                .list()
                .get(0)
                .getPayload(org.junit.platform.engine.TestExecutionResult.class)
                .flatMap(org.junit.platform.engine.TestExecutionResult::getThrowable)
                .orElseThrow();
        assertThat(failure).hasStackTraceContaining("ISC_PASSWORD is not set in CI");
    }
}
