import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.StringTokenizer;

/**
 * bench/parse-throughput's awk one-liner (the index durations of a gbak log) as a plain Java program: lines read with a
 * BufferedReader, split into fields on blanks as awk splits them. Not gbakprof's code and not tuned: the same job on
 * the same JVM, so that its CPU seconds show what the machine's state does to a JVM (its start-up, JIT compilers and
 * collector), which the ratio against mawk does not (docs/dev/BENCHMARKS.md).
 */
public final class AwkJob {
    public static void main(String[] args) throws IOException {
        try (BufferedReader in = Files.newBufferedReader(Path.of(args[0]), StandardCharsets.ISO_8859_1);
                PrintWriter out = new PrintWriter(
                        new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.ISO_8859_1), 1 << 16))) {
            String index = null;
            double t0 = 0;
            List<String> f = new ArrayList<>();
            String line;
            while ((line = in.readLine()) != null) {
                f.clear();
                for (StringTokenizer t = new StringTokenizer(line, " \t"); t.hasMoreTokens(); ) {
                    f.add(t.nextToken()); // awk's $1..$NF
                }
                if (f.size() < 2 || !seconds(f.get(1))) {
                    continue; // $NF != "" && $2 ~ /^[0-9]+\.[0-9]+$/
                }
                double t = Double.parseDouble(f.get(1));
                if (index != null) {
                    out.println(index + " " + (t - t0));
                }
                index = null;
                if (line.contains("activating and creating deferred index")) {
                    index = f.get(f.size() - 1);
                    t0 = t;
                }
            }
        }
    }

    /** Digits, a point, digits. */
    private static boolean seconds(String s) {
        int dot = s.indexOf('.');
        if (dot <= 0 || dot == s.length() - 1) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (i != dot && (c < '0' || c > '9')) {
                return false;
            }
        }
        return true;
    }
}
