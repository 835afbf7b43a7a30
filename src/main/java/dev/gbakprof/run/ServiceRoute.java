package dev.gbakprof.run;

import dev.gbakprof.firebird.ServiceRestore;
import dev.gbakprof.model.Via;
import java.io.OutputStream;
import java.time.Duration;
import java.util.function.Consumer;

/** The restore done by the server through the services API (Jaybird), fetched line by line. */
final class ServiceRoute implements RestoreRoute {
    private final ServiceRestore restore;

    ServiceRoute(ServiceRestore restore) {
        this.restore = restore;
    }

    @Override
    public Via via() {
        return Via.SERVICE;
    }

    @Override
    public String command() {
        return restore.describe();
    }

    @Override
    public Ending run(OutputStream raw, Consumer<CharSequence> lines, Duration timeout) {
        ServiceRestore.Result r = restore.run(raw, lines, timeout);
        return new Ending(
                null,
                r.timedOut(),
                r.interrupted(),
                null,
                r.error(),
                "gbakprof stopped reading the services output and detached. " + restore.leftBehind(),
                r.brokenReply(),
                null, // the server restores: no gbak here to go on after a stop
                r.stoppedAt());
    }

    @Override
    public void interrupt() {
        restore.interrupt();
    }
}
