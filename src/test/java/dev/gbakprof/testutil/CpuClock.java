package dev.gbakprof.testutil;

import dev.gbakprof.model.CpuSample;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.monitor.SortFiles;
import dev.gbakprof.store.LogReader;
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
 * each line's CPU time is that curve at the line's own time column (gbak's clock starts after its process did, by
 * the earliest delay between a line's time and its arrival here; what it ran before is in neither log). The restore is CPU-bound here (its wall time
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
    public record Restore(
            Path log, Path cpuLog, double wall, double cpu, double runQueue, List<CpuSample> cpuSortSamples) {
        /** The share of the wall time gbak waited for a CPU. */
        public double contention() {
            return wall > 0 ? Math.min(1, runQueue / wall) : 0;
        }

        /**
         * The share of the wall time gbak neither ran nor waited for a CPU: it waited for the disk (a large restore's
         * final flush on a slow disk: 8 of 11.8 s at 400,000 rows on one CI machine, none at 100,000).
         */
        public double diskWait() {
            return wall > 0 ? Math.max(0, Math.min(1, (wall - cpu - runQueue) / wall)) : 0;
        }

        /**
         * The CPU-clock log as a run record with what the sampler saw of gbak's Firebird sort files ({@code
         * fb_sort_*}, {@link SortFiles}): samples at gbak's CPU seconds, as {@code run} records them at wall seconds,
         * so the forecast sees which builds spilled.
         */
        public RestoreRun cpuRecord() {
            return LogReader.read(cpuLog, null).toBuilder()
                    .cpuSamples(cpuSortSamples)
                    .build();
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
        return restore(fbk, db, log, Map.of());
    }

    /**
     * The same with more environment for gbak, e.g. {@code FIREBIRD} set to a private root whose firebird.conf sets
     * {@code TempCacheLimit} (gbak's embedded engine reads the firebird.conf of its root).
     */
    public static Restore restore(Path fbk, Path db, Path log, Map<String, String> env) throws IOException {
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
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().putAll(env);
        Process p = pb.start();
        p.getOutputStream().close();
        Map<String, long[]> threads = new ConcurrentHashMap<>();
        List<double[]> curve = java.util.Collections.synchronizedList(new ArrayList<>());
        curve.add(new double[] {0, 0});
        List<double[]> sorts = java.util.Collections.synchronizedList(new ArrayList<>()); // wall s, sort bytes
        Path tasks = Path.of("/proc", String.valueOf(p.pid()), "task");
        Thread sampler = new Thread(
                () -> {
                    while (p.isAlive()) {
                        sample(tasks, threads);
                        double at = (System.nanoTime() - t0) / 1e9;
                        curve.add(new double[] {at, sum(threads, 0)});
                        Long bytes = SortFiles.bytes(p.pid()); // the sort files gbak has open
                        if (bytes != null) {
                            sorts.add(new double[] {at, bytes});
                        }
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
        double offset = Double.POSITIVE_INFINITY;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String l; (l = r.readLine()) != null; ) {
                lines.add(l);
                // gbak's clock starts after its process did (loading the engine): the earliest arrival of a line
                // after the time it says it was written is that offset (a line can only arrive later)
                Matcher m = TIMED.matcher(l);
                if (m.matches()) {
                    offset = Math.min(offset, (System.nanoTime() - t0) / 1e9 - Double.parseDouble(m.group(1)));
                }
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
        double shift = Double.isFinite(offset) ? Math.max(0, offset) : 0;
        double base = at(points, shift); // gbak's CPU before its clock started: not in its log's times either
        List<String> onCpu = new ArrayList<>();
        double last = 0;
        for (String l : lines) {
            Matcher m = TIMED.matcher(l);
            if (m.matches()) {
                double c = Math.max(last, at(points, Double.parseDouble(m.group(1)) + shift) - base);
                onCpu.add(String.format(Locale.ROOT, "gbak:%9.3f%7.3f%s", c, c - last, m.group(2)));
                last = c;
            } else {
                onCpu.add(l);
            }
        }
        Files.write(log, lines, StandardCharsets.UTF_8);
        Path cpuLog = log.resolveSibling(log.getFileName().toString().replaceFirst("\\.log$", "") + ".cpu.log");
        Files.write(cpuLog, onCpu, StandardCharsets.UTF_8);
        List<CpuSample> sortSamples = new ArrayList<>();
        for (double[] sort : sorts.toArray(double[][]::new)) {
            sortSamples.add(Records.sortSample(Math.max(0, at(points, sort[0]) - base), null, Math.round(sort[1])));
        }
        return new Restore(log, cpuLog, wall, sum(threads, 0), sum(threads, 1), List.copyOf(sortSamples));
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
