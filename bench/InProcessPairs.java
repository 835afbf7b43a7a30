import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Two or more builds of gbakprof in one JVM, each in a class loader of its own, parsing one log in turn: what
 * {@code parse --json} does after its start (LogReader.readAll, then RunJson.write to nowhere), timed by the CPU time of
 * this thread, alternately, so that both see the same machine. The first quarter of the repetitions is warm-up and not
 * counted. It measures the steady state of the per-line path and the record (no start-up, no JIT threads once the code
 * is compiled), with a spread of a few per cent where whole processes on a shared VM spread by tens
 * (docs/dev/BENCHMARKS.md).
 *
 * <pre>
 * java -XX:+UseSerialGC -Xmn16m bench/InProcessPairs.java LOG REPETITIONS name=path/to/gbakprof.jar name=other.jar ...
 * </pre>
 *
 * Each build's ratio is the median of its ratios to the first build within a repetition, with their middle half.
 */
public final class InProcessPairs {
    public static void main(String[] args) throws Exception {
        if (args.length < 4) {
            System.err.println("usage: java bench/InProcessPairs.java LOG REPETITIONS name=JAR name=JAR ...");
            System.exit(2);
        }
        Path log = Path.of(args[0]);
        int reps = Integer.parseInt(args[1]);
        List<String> names = new ArrayList<>();
        List<Method[]> builds = new ArrayList<>();
        for (int i = 2; i < args.length; i++) {
            String[] kv = args[i].split("=", 2);
            ClassLoader cl = new URLClassLoader(
                    new URL[] {Path.of(kv[1]).toUri().toURL()}, ClassLoader.getPlatformClassLoader());
            Method read = Class.forName("dev.gbakprof.store.LogReader", true, cl)
                    .getMethod("readAll", Path.class, String.class);
            Method write = Class.forName("dev.gbakprof.store.RunJson", true, cl)
                    .getMethod("write", Object.class, OutputStream.class);
            names.add(kv[0]);
            builds.add(new Method[] {read, write});
        }
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        double[][] seconds = new double[builds.size()][reps];
        for (int r = 0; r < reps; r++) {
            for (int k0 = 0; k0 < builds.size(); k0++) {
                int k = (k0 + r) % builds.size(); // the order rotates: none is always first
                long t0 = threads.getCurrentThreadCpuTime();
                Object runs = builds.get(k)[0].invoke(null, log, "bench");
                builds.get(k)[1].invoke(null, runs, OutputStream.nullOutputStream());
                seconds[k][r] = (threads.getCurrentThreadCpuTime() - t0) / 1e9;
            }
            System.err.printf("repetition %d of %d%n", r + 1, reps);
        }
        int from = reps / 4;
        for (int k = 0; k < builds.size(); k++) {
            double[] own = Arrays.copyOfRange(seconds[k], from, reps);
            double[] ratio = new double[reps - from];
            for (int r = from; r < reps; r++) {
                ratio[r - from] = seconds[k][r] / seconds[0][r];
            }
            Arrays.sort(own);
            Arrays.sort(ratio);
            int n = ratio.length;
            System.out.printf(
                    "%-12s %.3f CPU s (median of %d)  vs %s: %.3fx (middle half %.3f-%.3f)%n",
                    names.get(k), own[n / 2], n, names.get(0), ratio[n / 2], ratio[n / 4], ratio[(3 * n) / 4]);
        }
    }
}
