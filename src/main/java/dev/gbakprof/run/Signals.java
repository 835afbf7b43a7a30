package dev.gbakprof.run;

import dev.gbakprof.model.Interruption;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Ctrl-C ({@code SIGINT}) and a stop ({@code SIGTERM}, {@code SIGHUP}) while a command restores, taken by gbakprof's
 * own handler instead of the JVM's. The JVM's handler starts the shutdown at once: the rest of the command (the
 * summary, the report of what completed) would run during the shutdown, where nothing may register a shutdown hook
 * (ImageIO's cache, {@code File.deleteOnExit}: "Shutdown in progress") and the JVM halts as soon as its hooks end,
 * whatever is half-written. Here the handler only records the signal ({@link Interruption}) and stops what runs
 * (gbak, gfix, the rest between two restores); the command goes on on its own thread, says what completed and what
 * was stopped, writes its report and returns, and {@code Main} exits with the signal's status (130, 143, 129). The
 * stop is bounded: {@value #BOUND_SECONDS} s after the signal the process exits with that status, whatever it is
 * still doing. A second signal changes nothing.
 *
 * <p>The handlers are in place while a command holds them ({@link #hold}); the first hold installs them and the last
 * one to end puts the JVM's back, so that a command that does not restore ends on Ctrl-C as any program does. They
 * are installed through {@code sun.misc.Signal} (in every JDK, module {@code jdk.unsupported}), reached by reflection
 * because javac warns of any direct use, and {@code -Werror} refuses warnings; where they cannot be installed (a JVM started with
 * {@code -Xrs}, a signal the system does not have: {@code HUP} on Windows, or ignored at start: a background job of a
 * non-interactive shell) that signal is left as it was. A SIGINT ignored at start ({@link #ctrlCIgnored}) still reaches
 * gbak, which handles it: gbak stopped so is taken as a Ctrl-C ({@link #reachedGbakOnly}), not recorded as a failure.
 */
public final class Signals {
    /** How long after the signal the process may take to say what it did and write its report. */
    static final long BOUND_SECONDS = 60;

    private static final List<String> NAMES = List.of("INT", "TERM", "HUP");
    private static final Object LOCK = new Object();
    private static final List<Runnable> STOPS = new CopyOnWriteArrayList<>();
    private static final CountDownLatch RECEIVED = new CountDownLatch(1);
    /** Guarded by {@link #LOCK}: the commands holding the handlers, and the JVM's handlers they replaced. */
    private static int holds;

    private static final Map<String, Object> PREVIOUS = new LinkedHashMap<>();
    /** SIGINT was ignored when gbakprof started: seen when the first hold installed the handlers. */
    private static volatile boolean ctrlCIgnored;

    private Signals() {}

    /** A command's hold of the handlers; {@link #close()} gives it back. */
    public static final class Hold implements AutoCloseable {
        private final Runnable onStop;
        private boolean closed;

        private Hold(Runnable onStop) {
            this.onStop = onStop;
        }

        /** Whether a signal came (while this or another hold was held). */
        public boolean pressed() {
            return received();
        }

        @Override
        public void close() {
            synchronized (LOCK) {
                if (closed) {
                    return;
                }
                closed = true;
                if (onStop != null) {
                    STOPS.remove(onStop);
                }
                if (--holds == 0) {
                    PREVIOUS.forEach(Signals::install);
                    PREVIOUS.clear();
                }
            }
        }
    }

    /** Holds the handlers for a command that says what it did after a signal (the summary, the report). */
    public static Hold hold() {
        return hold(null);
    }

    /**
     * Holds the handlers, with {@code onStop} run on the signal (at once when one came already): what stops the work
     * of the holder (a restore's gbak, a validation's gfix). It runs on the thread of the signal, and may wait there.
     */
    static Hold hold(Runnable onStop) {
        Hold hold = new Hold(onStop);
        synchronized (LOCK) {
            if (holds++ == 0) {
                for (String name : NAMES) {
                    Object previous = install(name, null);
                    if (previous != null) {
                        PREVIOUS.put(name, previous);
                    }
                    ctrlCIgnored |= name.equals("INT") && ignored(previous);
                }
            }
            if (onStop != null) {
                STOPS.add(onStop);
            }
        }
        if (onStop != null && received()) {
            onStop.run();
        }
        return hold;
    }

    /** Whether a stop signal came while the handlers were held. */
    public static boolean received() {
        return RECEIVED.getCount() == 0;
    }

    /**
     * gbakprof was started with SIGINT ignored (a background job of a non-interactive shell: {@code cmd &} in a script),
     * which the JVM keeps: a Ctrl-C to the process group does not reach gbakprof, only gbak, which handles SIGINT itself.
     * Known once a hold installed the handlers.
     */
    public static boolean ctrlCIgnored() {
        return ctrlCIgnored;
    }

    /**
     * gbak was stopped by the signal {@code name} that gbakprof did not get ({@code model/GbakExit#bySigint}): taken as
     * gbakprof's own, so that the command stops as on it (the rest of a series, its exit status).
     */
    static void reachedGbakOnly(String name) {
        received(name);
    }

    /** Rests {@code d}, or less when a signal comes; {@code true} when one came. */
    static boolean rest(Duration d) throws InterruptedException {
        return RECEIVED.await(d.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** The signal {@code name} came: recorded, the bound started, the holders' work stopped. Once. */
    private static void received(String name) {
        synchronized (LOCK) {
            if (received()) {
                return;
            }
            Interruption.received(name);
            RECEIVED.countDown();
        }
        Thread bound = new Thread(
                () -> {
                    try {
                        Thread.sleep(TimeUnit.SECONDS.toMillis(BOUND_SECONDS));
                    } catch (InterruptedException ex) {
                        return;
                    }
                    System.err.println("gbakprof: not done " + BOUND_SECONDS + " s after " + Interruption.word()
                            + "; exiting now, what was not said or written yet is lost");
                    System.err.flush();
                    System.exit(Interruption.exitCode());
                },
                "gbakprof-stop-bound");
        bound.setDaemon(true);
        bound.start();
        for (Runnable stop : STOPS) {
            stop.run();
        }
    }

    /** {@code handler} is the JVM's {@code SIG_IGN}: the signal is ignored (and stays so: the JVM installs nothing). */
    private static boolean ignored(Object handler) {
        try {
            return handler != null
                    && handler
                            == Class.forName("sun.misc.SignalHandler")
                                    .getField("SIG_IGN")
                                    .get(null);
        } catch (ReflectiveOperationException | RuntimeException | LinkageError ex) {
            return false;
        }
    }

    /**
     * Puts {@code handler} ({@code null}: gbakprof's) on the signal {@code name}; returns the handler it replaced, or
     * {@code null} when the signal cannot be handled here.
     */
    private static Object install(String name, Object handler) {
        try {
            Class<?> signal = Class.forName("sun.misc.Signal");
            Class<?> handlerType = Class.forName("sun.misc.SignalHandler");
            Object sig = signal.getConstructor(String.class).newInstance(name);
            Object h = handler != null
                    ? handler
                    : Proxy.newProxyInstance(
                            Signals.class.getClassLoader(), new Class<?>[] {handlerType}, (proxy, method, args) -> {
                                switch (method.getName()) {
                                    case "handle" -> received(name);
                                    case "equals" -> {
                                        return proxy == args[0];
                                    }
                                    case "hashCode" -> {
                                        return System.identityHashCode(proxy);
                                    }
                                    case "toString" -> {
                                        return "gbakprof's SIG" + name + " handler";
                                    }
                                    default -> {
                                        // SignalHandler has no other method
                                    }
                                }
                                return null;
                            });
            Method handle = signal.getMethod("handle", signal, handlerType);
            return handle.invoke(null, sig, h);
        } catch (InvocationTargetException ex) {
            return null; // IllegalArgumentException: a signal this system has not (HUP on Windows), or -Xrs
        } catch (ReflectiveOperationException | RuntimeException | LinkageError ex) {
            return null; // a Java without jdk.unsupported: the JVM's own handling, as before
        }
    }
}
