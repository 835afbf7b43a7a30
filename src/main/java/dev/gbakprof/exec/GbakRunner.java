package dev.gbakprof.exec;

import java.io.IOException;
import java.io.OutputStream;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.apache.commons.exec.CommandLine;
import org.apache.commons.exec.DefaultExecutor;
import org.apache.commons.exec.ExecuteWatchdog;
import org.apache.commons.exec.ProcessDestroyer;
import org.apache.commons.exec.PumpStreamHandler;
import org.apache.commons.exec.environment.EnvironmentUtils;

/**
 * Runs one gbak process with commons-exec and streams its output as it arrives: raw bytes to a sink,
 * decoded lines to a consumer. gbak gets no standard input (commons-exec closes it), so a prompt for
 * the next backup volume ends with an error instead of hanging. A timeout or {@link #interrupt()} kills
 * gbak and waits for it: no gbak outlives the run.
 */
public final class GbakRunner {
    private static final Duration GRACE = Duration.ofSeconds(10);

    private volatile Process process;
    private volatile boolean interrupted;

    /**
     * How gbak ended.
     *
     * @param exitCode    gbak's exit code ({@code null} when it could not be started)
     * @param timedOut    the watchdog killed gbak at the timeout
     * @param interrupted gbakprof was interrupted (Ctrl-C) and killed gbak
     * @param launchError why gbak could not be started, or {@code null}
     * @param pid         gbak's process id
     */
    public record Result(Integer exitCode, boolean timedOut, boolean interrupted, String launchError, Long pid) {}

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
        LineTee out = new LineTee(raw, lock, lines);
        LineTee err = new LineTee(raw, lock, lines);
        ExecuteWatchdog watchdog = ExecuteWatchdog.builder()
                .setTimeout(timeout == null ? ExecuteWatchdog.INFINITE_TIMEOUT_DURATION : timeout)
                .get();
        DefaultExecutor executor = DefaultExecutor.builder()
                .setExecuteStreamHandler(new PumpStreamHandler(out, err))
                .get();
        executor.setExitValues(null); // gbak's exit code is data, not an exception
        executor.setWatchdog(watchdog);
        executor.setProcessDestroyer(new Capture());
        Integer code = null;
        String launchError = null;
        try {
            Map<String, String> env = EnvironmentUtils.getProcEnvironment();
            env.putAll(inv.environment());
            code = executor.execute(cl, env);
        } catch (IOException ex) {
            launchError = ex.getMessage();
        } finally {
            try {
                out.close();
                err.close();
            } catch (IOException ex) {
                launchError = launchError == null ? "cannot write gbak's output: " + ex.getMessage() : launchError;
            }
            reap();
        }
        Process p = process;
        return new Result(code, watchdog.killedProcess(), interrupted, launchError, p == null ? null : p.pid());
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

    private void reap() {
        Process p = process;
        if (p == null || !p.isAlive()) {
            return;
        }
        p.destroy();
        try {
            if (!p.waitFor(GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
                p.destroyForcibly().waitFor(GRACE.toMillis(), TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException ex) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    /** commons-exec hands every process it starts to the destroyer: that is where gbak's handle is kept. */
    private final class Capture implements ProcessDestroyer {
        @Override
        public boolean add(Process p) {
            process = p;
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
