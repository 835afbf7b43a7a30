package dev.gbakprof.exec;

import java.io.File;
import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A process and every process it started: what a stop must end. {@link Process#destroy()} ends one process; behind a
 * wrapper script ({@code --gbak wrapper.sh}) the real gbak runs on, and a child that keeps the output pipe open keeps
 * a reader waiting for ever. A {@link Watch} remembers the descendants it has seen (a child whose parent has exited
 * is no descendant any more, yet still holds the pipe); {@link #end} ends them all: a polite request (SIGTERM), then,
 * after a grace, a kill. {@link #run} runs a short probe ({@code gbak -z}) with a bound on its wait.
 *
 * <p>A launcher that {@code exec}s its program (as a Firebird 4 wrapper does) needs nothing special: the program is
 * the process itself.
 */
public final class ProcessTree {
    private ProcessTree() {}

    /**
     * Ends {@code root} and {@code known} (descendants seen earlier) and every descendant alive now: all are asked to
     * end at once, and those still alive after {@code grace} are killed.
     *
     * @return the process ids that were alive and were ended, {@code root} first
     */
    public static List<Long> end(ProcessHandle root, Collection<ProcessHandle> known, Duration grace) {
        Map<Long, ProcessHandle> all = new LinkedHashMap<>();
        if (root != null) {
            all.put(root.pid(), root);
            root.descendants().forEach(p -> all.putIfAbsent(p.pid(), p));
        }
        for (ProcessHandle p : known) {
            all.putIfAbsent(p.pid(), p);
            p.descendants().forEach(d -> all.putIfAbsent(d.pid(), d));
        }
        List<ProcessHandle> alive =
                all.values().stream().filter(ProcessHandle::isAlive).toList();
        alive.forEach(ProcessHandle::destroy);
        long deadline = System.nanoTime() + grace.toNanos();
        for (ProcessHandle p : alive) {
            long left = Math.max(0, deadline - System.nanoTime());
            try {
                p.onExit().get(left, TimeUnit.NANOSECONDS);
            } catch (Exception notYet) {
                p.destroyForcibly();
            }
        }
        for (ProcessHandle p : alive) {
            try {
                p.onExit().get(grace.toMillis(), TimeUnit.MILLISECONDS);
            } catch (Exception ex) {
                // a process that survives a kill (in uninterruptible sleep) is the kernel's
            }
        }
        return alive.stream().map(ProcessHandle::pid).toList();
    }

    /**
     * Remembers the descendants of a running process, so that those left when it exits can be ended too. A look lists
     * every process of the machine (the JDK's {@link ProcessHandle#descendants()}: about 10 µs of CPU each, 1 ms at 90
     * processes): it looks every {@code every} at first, when a wrapper starts its children, then each time after twice
     * the last wait, at most {@link #MAX_WAIT}, so that an hour's restore does not spend seconds of CPU on it.
     */
    public static final class Watch implements AutoCloseable {
        /** The longest wait between two looks. */
        static final Duration MAX_WAIT = Duration.ofSeconds(8);

        private final ProcessHandle root;
        private final Map<Long, ProcessHandle> seen = new LinkedHashMap<>();
        private final Thread thread;
        private volatile boolean closed;

        /** Starts looking at the descendants of {@code root}: now, after {@code every}, then less often. */
        public Watch(ProcessHandle root, Duration every) {
            this.root = root;
            this.thread = new Thread(
                    () -> {
                        long wait = every.toMillis();
                        while (!closed && root.isAlive()) {
                            look();
                            try {
                                Thread.sleep(wait);
                            } catch (InterruptedException ex) {
                                return;
                            }
                            wait = Math.min(2 * wait, MAX_WAIT.toMillis());
                        }
                    },
                    "gbakprof-process-tree");
            thread.setDaemon(true);
            look();
            thread.start();
        }

        private void look() {
            List<ProcessHandle> now = root.descendants().toList();
            synchronized (seen) {
                now.forEach(p -> seen.putIfAbsent(p.pid(), p));
            }
        }

        /** The descendants seen so far that are still alive. */
        public List<ProcessHandle> alive() {
            look();
            synchronized (seen) {
                return seen.values().stream().filter(ProcessHandle::isAlive).toList();
            }
        }

        /** Ends the root and every descendant seen; the pids ended. */
        public List<Long> end(Duration grace) {
            return ProcessTree.end(root, alive(), grace);
        }

        @Override
        public void close() {
            closed = true;
            thread.interrupt();
        }
    }

    /**
     * What a short program printed (standard output and error together, at most {@code maxBytes}), with a bound on the
     * wait: a program that has not exited after {@code limit} is ended with all it started.
     *
     * @param exitCode {@code null} when it was stopped at the limit
     */
    public record Output(String text, Integer exitCode, boolean timedOut) {}

    /** Runs {@code pb} (its output goes to a temporary file: no pipe a child could keep open) for at most {@code limit}. */
    public static Output run(ProcessBuilder pb, Duration limit, int maxBytes, Charset charset) throws IOException {
        Path out = Files.createTempFile("gbakprof-probe", ".txt");
        try {
            pb.redirectErrorStream(true)
                    .redirectOutput(out.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(nullDevice()));
            Process p = pb.start();
            List<ProcessHandle> children = new ArrayList<>();
            boolean done;
            try {
                done = p.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
                done = false;
            }
            if (!done) {
                children.addAll(p.descendants().toList());
                end(p.toHandle(), children, Duration.ofSeconds(2));
            }
            byte[] bytes;
            try (var in = Files.newInputStream(out)) {
                bytes = in.readNBytes(maxBytes);
            }
            return new Output(new String(bytes, charset), done ? p.exitValue() : null, !done);
        } finally {
            Files.deleteIfExists(out);
        }
    }

    /** The null device, for a program's standard input. */
    public static File nullDevice() {
        return new File(System.getProperty("os.name", "").startsWith("Windows") ? "NUL" : "/dev/null");
    }
}
