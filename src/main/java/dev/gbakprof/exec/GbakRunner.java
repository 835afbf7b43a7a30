package dev.gbakprof.exec;

import dev.gbakprof.model.GbakExit;
import java.io.IOException;
import java.io.OutputStream;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.apache.commons.exec.CommandLine;
import org.apache.commons.exec.DefaultExecutor;
import org.apache.commons.exec.ProcessDestroyer;
import org.apache.commons.exec.PumpStreamHandler;
import org.apache.commons.exec.environment.EnvironmentUtils;

/**
 * Runs one gbak process with commons-exec and streams its output as it arrives: raw bytes to a sink,
 * decoded lines to a consumer. gbak gets no standard input (commons-exec closes it), so a prompt for
 * the next backup volume ends with an error instead of hanging. A timeout or {@link #interrupt()} ends gbak and
 * every process it started ({@link ProcessTree}: behind a wrapper script too) and waits for them: no gbak outlives
 * the run. A process gbak started that keeps the output open after gbak exited is read for
 * {@link #OUTPUT_AFTER_EXIT} more, then ended.
 */
public final class GbakRunner {
    private static final Duration GRACE = GbakExit.STOP_GRACE;
    /** How often the processes gbak started are looked at (to end them with it). */
    private static final Duration WATCH_EVERY = Duration.ofMillis(500);

    private volatile Process process;
    private volatile boolean interrupted;
    /** {@link System#nanoTime()} when gbak started, when the stop was first sent, and of gbak's latest line. */
    private volatile long startedNanos;

    private volatile long stopNanos;
    private volatile long lastLineNanos;

    /**
     * How gbak ended.
     *
     * @param exitCode    gbak's exit code ({@code null} when it could not be started)
     * @param timedOut    the watchdog killed gbak at the timeout
     * @param interrupted gbakprof was interrupted (Ctrl-C) and killed gbak
     * @param launchError why gbak could not be started, or {@code null}
     * @param pid         gbak's process id
     * @param stopped     what the stop ended, in words, or {@code null}
     * @param wentOnAt    seconds after gbak started at which the stop was sent, when gbak printed more after it (it went
     *                    on: embedded gbak does not always answer a SIGTERM at once); {@code null} otherwise
     * @param stoppedAt   seconds after gbak started at which the stop (timeout, Ctrl-C) was sent; {@code null} when
     *                    there was none, or gbak had already exited
     */
    public record Result(
            Integer exitCode,
            boolean timedOut,
            boolean interrupted,
            String launchError,
            Long pid,
            String stopped,
            Double wentOnAt,
            Double stoppedAt) {
        public Result(Integer exitCode, boolean timedOut, boolean interrupted, String launchError, Long pid) {
            this(exitCode, timedOut, interrupted, launchError, pid, null, null, null);
        }
    }

    /** How long the output of processes gbak started is read once gbak has exited. */
    static final Duration OUTPUT_AFTER_EXIT = Duration.ofSeconds(5);

    private volatile ProcessTree.Watch watch;
    private volatile boolean timedOut;
    private final List<Long> ended = new CopyOnWriteArrayList<>();

    /**
     * Runs gbak to the end.
     *
     * @param timeout {@code null} for none
     */
    public Result run(GbakInvocation inv, OutputStream raw, Consumer<CharSequence> lines, Duration timeout) {
        CommandLine cl = new CommandLine(inv.gbak().toString());
        for (String a : inv.arguments()) {
            cl.addArgument(a, false);
        }
        Object lock = new Object();
        Consumer<CharSequence> noted = line -> {
            lastLineNanos = System.nanoTime();
            lines.accept(line);
        };
        LineTee out = new LineTee(raw, lock, noted);
        LineTee err = new LineTee(raw, lock, noted);
        PumpStreamHandler pumps = new PumpStreamHandler(out, err);
        // a process gbak started that keeps the output open (gbak has exited) is read no longer than this
        pumps.setStopTimeout(OUTPUT_AFTER_EXIT);
        DefaultExecutor executor =
                DefaultExecutor.builder().setExecuteStreamHandler(pumps).get();
        executor.setExitValues(null); // gbak's exit code is data, not an exception
        executor.setProcessDestroyer(new Capture());
        CountDownLatch finished = new CountDownLatch(1);
        Thread timer = timeout == null
                ? null
                : new Thread(
                        () -> {
                            try {
                                if (!finished.await(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                                    timedOut = true;
                                    reap();
                                }
                            } catch (InterruptedException ex) {
                                // the run ended first
                            }
                        },
                        "gbakprof-timeout");
        if (timer != null) {
            timer.setDaemon(true);
            timer.start();
        }
        Integer code = null;
        String launchError = null;
        try {
            Map<String, String> env = EnvironmentUtils.getProcEnvironment();
            env.putAll(inv.environment());
            code = executor.execute(cl, env);
        } catch (IOException ex) {
            Process p = process;
            if (p != null && !p.isAlive()) {
                code = p.exitValue(); // gbak exited; what it left holding the output was not waited for
            } else {
                launchError = ex.getMessage();
            }
        } finally {
            finished.countDown();
            try {
                out.close();
                err.close();
            } catch (IOException ex) {
                launchError = launchError == null ? "cannot write gbak's output: " + ex.getMessage() : launchError;
            }
            reap();
            ProcessTree.Watch w = watch;
            if (w != null) {
                w.close();
            }
        }
        Process p = process;
        long stop = stopNanos;
        Double stoppedAt = stop != 0 ? (stop - startedNanos) / 1e9 : null;
        Double wentOnAt = stop != 0 && lastLineNanos - stop > 0 ? stoppedAt : null;
        return new Result(
                code, timedOut, interrupted, launchError, p == null ? null : p.pid(), stopped(p), wentOnAt, stoppedAt);
    }

    /** What the stop ended, for the record: {@code gbak (pid 41) and 2 processes it started (pids 42, 43)}, or null. */
    private String stopped(Process p) {
        if (ended.isEmpty()) {
            return null;
        }
        List<Long> others = ended.stream()
                .filter(pid -> p == null || pid != p.pid())
                .distinct()
                .toList();
        boolean gbak = p != null && ended.contains(p.pid());
        String them = others.isEmpty()
                ? ""
                : (gbak ? " and " : "") + others.size() + (others.size() == 1 ? " process" : " processes")
                        + " it started (" + (others.size() == 1 ? "pid " : "pids ")
                        + String.join(", ", others.stream().map(String::valueOf).toList()) + ")";
        return (gbak ? "gbak (pid " + p.pid() + ")" : "") + them;
    }

    /** Kills a running gbak (Ctrl-C) and waits until it is gone. Safe to call from a shutdown hook. */
    public void interrupt() {
        interrupted = true;
        reap();
    }

    /** Process id of the running gbak, or {@code null} before it started. */
    public Long pid() {
        Process p = process;
        return p == null ? null : p.pid();
    }

    /** Ends gbak and every process it started (also those left running after it exited). */
    private synchronized void reap() {
        Process p = process;
        if (p == null) {
            return;
        }
        ProcessTree.Watch w = watch;
        List<ProcessHandle> left = w == null ? List.of() : w.alive();
        if (!p.isAlive() && left.isEmpty()) {
            return;
        }
        if (stopNanos == 0 && p.isAlive()) {
            stopNanos = System.nanoTime();
        }
        ended.addAll(ProcessTree.end(p.isAlive() ? p.toHandle() : null, left, GRACE));
    }

    /** commons-exec hands every process it starts to the destroyer: that is where gbak's handle is kept. */
    private final class Capture implements ProcessDestroyer {
        @Override
        public boolean add(Process p) {
            startedNanos = System.nanoTime();
            process = p;
            watch = new ProcessTree.Watch(p.toHandle(), WATCH_EVERY);
            if (interrupted) {
                p.destroy();
            }
            return true;
        }

        @Override
        public boolean remove(Process p) {
            return true;
        }

        @Override
        public int size() {
            return process == null ? 0 : 1;
        }
    }
}
