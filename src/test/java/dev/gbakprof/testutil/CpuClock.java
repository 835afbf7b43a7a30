package dev.gbakprof.testutil;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A real restore timed on two clocks: gbak's log as it is (wall clock), and the same lines with gbak's time and
 * delta columns on gbak's own CPU clock. A sampler reads the run time of gbak's threads
 * ({@code /proc/PID/task/TID/schedstat}: ns on a CPU, ns waiting for one) every few ms against the wall clock;
 * each line's CPU time is that curve at the line's own time column. The restore is CPU-bound here (its wall time
 * is its CPU time plus its wait for a CPU, measured), so the CPU-clock log is the log an otherwise idle machine
 * would have written; on a machine shared by other jobs it is the one whose times do not depend on their load.
 */
public final class CpuClock {
    private static final Pattern TIMED = Pattern.compile("^gbak:\\s*(\\d+\\.\\d{3})\\s+\\d+\\.\\d{3}(.*)$");

    private CpuClock() {}

    /**
     * bench/forecast-accuracy's restores: {@code java -cp target/test-classes:target/classes
     * dev.gbakprof.testutil.CpuClock FBK DB LOG} restores FBK into DB (deleted afterwards), writes LOG and its
     * {@code .cpu.log}, and prints {@code wall cpu run-queue} seconds, tab-separated.
     */
    public static void main(String[] args) throws IOException {
        if (args.length != 3) {
            System.err.println("usage: CpuClock FBK DB LOG");
            System.exit(2);
        }
        Restore r = restore(Path.of(args[0]), Path.of(args[1]), Path.of(args[2]));
        System.out.printf(Locale.ROOT, "%.3f\t%.3f\t%.3f%n", r.wall(), r.cpu(), r.runQueue());
    }

    /**
     * A restore's two logs and what it cost.
     *
     * @param runQueue seconds gbak's threads waited for a CPU (the machine's other load)
     */
    public record Restore(Path log, Path cpuLog, double wall, double cpu, double runQueue) {
        /** The share of the wall time gbak waited for a CPU. */
        public double contention() {
            return wall > 0 ? Math.min(1, runQueue / wall) : 0;
        }

        @Override
        public String toString() {
            return String.format(
                    Locale.ROOT,
                    "%s: wall %.2f s, cpu %.2f s, waited for a CPU %.2f s",
                    log.getFileName(),
                    wall,
                    cpu,
                    runQueue);
        }
    }

    /**
     * {@code gbak -c -v -st tdrw -user SYSDBA FBK DB} (embedded, at nice -10 as root), its wall-clock log written to
     * {@code log} and its CPU-clock log beside it ({@code .cpu.log}); the database is deleted afterwards.
     */
    public static Restore restore(Path fbk, Path db, Path log) throws IOException {
        Files.deleteIfExists(db);
        List<String> cmd = List.of(
                "nice",
                "-n",
                "-10",
                Firebird.GBAK.toString(),
                "-c",
                "-v",
                "-st",
                "tdrw",
                "-user",
                "SYSDBA",
                fbk.toString(),
                db.toString());
        long t0 = System.nanoTime();
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        p.getOutputStream().close();
        Map<String, long[]> threads = new ConcurrentHashMap<>();
        List<double[]> curve = java.util.Collections.synchronizedList(new ArrayList<>());
        curve.add(new double[] {0, 0});
        Path tasks = Path.of("/proc", String.valueOf(p.pid()), "task");
        Thread sampler = new Thread(
                () -> {
                    while (p.isAlive()) {
                        sample(tasks, threads);
                        curve.add(new double[] {(System.nanoTime() - t0) / 1e9, sum(threads, 0)});
                        try {
                            Thread.sleep(5);
                        } catch (InterruptedException ex) {
                            return;
                        }
                    }
                },
                "cpu-clock");
        sampler.setDaemon(true);
        sampler.start();
        List<String> lines = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String l; (l = r.readLine()) != null; ) {
                lines.add(l);
            }
        }
        try {
            if (!p.waitFor(10, TimeUnit.MINUTES) || p.exitValue() != 0) {
                throw new IOException(String.join(" ", cmd) + " failed: " + String.join("\n", lines));
            }
            sampler.join();
        } catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            throw new IOException(ex);
        }
        double wall = (System.nanoTime() - t0) / 1e9;
        Files.deleteIfExists(db);
        double[][] points = curve.toArray(double[][]::new);
        List<String> onCpu = new ArrayList<>();
        double last = 0;
        for (String l : lines) {
            Matcher m = TIMED.matcher(l);
            if (m.matches()) {
                double c = Math.max(last, at(points, Double.parseDouble(m.group(1))));
                onCpu.add(String.format(Locale.ROOT, "gbak:%9.3f%7.3f%s", c, c - last, m.group(2)));
                last = c;
            } else {
                onCpu.add(l);
            }
        }
        Files.write(log, lines, StandardCharsets.UTF_8);
        Path cpuLog = log.resolveSibling(log.getFileName().toString().replaceFirst("\\.log$", "") + ".cpu.log");
        Files.write(cpuLog, onCpu, StandardCharsets.UTF_8);
        return new Restore(log, cpuLog, wall, sum(threads, 0), sum(threads, 1));
    }

    private static void sample(Path tasks, Map<String, long[]> threads) {
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(tasks)) {
            for (Path t : ds) {
                try {
                    String[] f =
                            Files.readString(t.resolve("schedstat")).strip().split("\\s+");
                    threads.put(t.getFileName().toString(), new long[] {Long.parseLong(f[0]), Long.parseLong(f[1])});
                } catch (IOException | RuntimeException ex) {
                    // the thread ended while we looked: its last reading stays
                }
            }
        } catch (IOException ex) {
            // the process ended while we looked
        }
    }

    private static double sum(Map<String, long[]> threads, int field) {
        return threads.values().stream().mapToLong(v -> v[field]).sum() / 1e9;
    }

    /** The CPU seconds of the curve at wall second {@code t}, interpolated between the samples around it. */
    private static double at(double[][] curve, double t) {
        for (int i = 1; i < curve.length; i++) {
            if (curve[i][0] >= t) {
                double[] a = curve[i - 1];
                double[] b = curve[i];
                return b[0] > a[0] ? a[1] + (b[1] - a[1]) * (t - a[0]) / (b[0] - a[0]) : b[1];
            }
        }
        return curve[curve.length - 1][1];
    }
}
