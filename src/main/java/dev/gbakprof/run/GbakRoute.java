package dev.gbakprof.run;

import dev.gbakprof.exec.GbakInvocation;
import dev.gbakprof.exec.GbakRunner;
import dev.gbakprof.model.GbakExit;
import dev.gbakprof.model.Via;
import dev.gbakprof.model.WarningCode;
import java.io.OutputStream;
import java.time.Duration;
import java.util.function.Consumer;

/** The restore run by the gbak tool, embedded or through a server, killed at the timeout or on Ctrl-C. */
final class GbakRoute implements RestoreRoute {
    private final GbakInvocation invocation;
    private final GbakRunner runner = new GbakRunner();

    GbakRoute(GbakInvocation invocation) {
        this.invocation = invocation;
    }

    @Override
    public Via via() {
        return Via.GBAK;
    }

    @Override
    public String command() {
        return invocation.redacted();
    }

    @Override
    public Ending run(OutputStream raw, Consumer<CharSequence> lines, Duration timeout) {
        GbakRunner.Result r = runner.run(invocation, raw, lines, timeout);
        return new Ending(
                r.exitCode(),
                r.timedOut(),
                r.interrupted(),
                r.launchError() == null ? null : "gbak could not be started: " + r.launchError(),
                null,
                "gbakprof stopped "
                        + (r.stopped() == null ? "gbak" : r.stopped())
                        + " ("
                        + GbakExit.words(r.exitCode(), r.timedOut() ? WarningCode.TIMEOUT : WarningCode.INTERRUPTED)
                        + ")",
                null,
                r.wentOnAt(),
                r.stoppedAt());
    }

    @Override
    public Long ownWorkerPid() {
        return runner.pid();
    }

    @Override
    public void interrupt() {
        runner.interrupt();
    }
}
