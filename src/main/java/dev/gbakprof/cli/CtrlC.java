package dev.gbakprof.cli;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Ctrl-C (or a kill signal) during a command that restores: the JVM runs its shutdown hooks and halts when
 * they end, exit status 130. This hook holds the JVM until the command has said what completed and what was
 * stopped ({@link #close()}), so that summary is not cut off; {@link #pressed()} tells the command it happened.
 */
final class CtrlC implements AutoCloseable {
    /** How long the JVM waits for the summary before it halts anyway. */
    private static final long WAIT_SECONDS = 30;

    private final CountDownLatch said = new CountDownLatch(1);
    private volatile boolean pressed;
    private final Thread hook = new Thread(
            () -> {
                pressed = true;
                try {
                    said.await(WAIT_SECONDS, TimeUnit.SECONDS);
                } catch (InterruptedException ex) {
                    Thread.currentThread().interrupt();
                }
            },
            "gbakprof-ctrl-c-summary");

    CtrlC() {
        Runtime.getRuntime().addShutdownHook(hook);
    }

    boolean pressed() {
        return pressed;
    }

    /** The command has printed what it did: the JVM may halt now (after Ctrl-C), or the hook is dropped. */
    @Override
    public void close() {
        said.countDown();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException ex) {
            // shutting down (Ctrl-C): the hook runs and has just been released
        }
    }
}
