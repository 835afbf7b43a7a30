package dev.gbakprof.forecast;

import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.store.RunJson;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What {@code run}'s status line really showed during live restores ({@code bench/eta-live}): each restore ran in a
 * pseudo-terminal under {@code script -T}, which keeps every byte gbakprof wrote and when. Each redraw of the status
 * line is one reading (its elapsed time and {@code ETA 12 s (9–16)} as shown, rounded as shown); the restore's end is
 * when the display cleared the line (gbak had ended), on the display's clock (the readings' elapsed against the
 * time they were written). Did the real end fall inside {@code elapsed + [low, high]} as shown?
 *
 * <p>{@code main WORKDIR}: the typescripts {@code ROUTE-ROUND.ts} (timing {@code .tm}) and the run records in
 * {@code runs-ROUTE}.
 */
final class EtaLive {
    private EtaLive() {}

    private static final Pattern STATUS =
            Pattern.compile("^gbakprof: (\\S+)\\s.*\\| elapsed ([0-9.]+ s|\\d+ min \\d+ s)"
                    + " \\| ETA (\\d+) (s|min) \\((\\d+)–(\\d+)\\)( by rows)?\\s*$");

    /** One redraw: when it was written (seconds since the typescript began), and what it showed. */
    record Shown(double at, String phase, double elapsed, double left, double low, double high, boolean byRows) {}

    /**
     * The range the fixed rule before 2026-12-02 ({@code left × e^±(0.25 + 0.25 × the share done)}, {@link
     * LiveEta#BASE_SPREAD}) would have put around the ETA shown, rounded as the display rounds ({@code [low, high]});
     * the ETA itself is the same under both rules.
     */
    static double[] fixedRule(Shown s) {
        LiveEta.Reading fixed = LiveEta.reading(s.left(), s.elapsed(), "", null, null); // no spread measured: r0 alone
        double unit = fixed.high() < 300 ? 1 : 60; // ProgressDisplay.range: seconds under 5 minutes
        return new double[] {Math.floor(fixed.low() / unit) * unit, Math.ceil(fixed.high() / unit) * unit};
    }

    /** A restore as the terminal showed it. */
    record Restore(String name, List<Shown> shown, double clearedAt) {
        /** The display clock's zero on the typescript's clock: the median of (written − elapsed shown). */
        double zero() {
            double[] d = shown.stream()
                    .mapToDouble(s -> s.at() - s.elapsed())
                    .sorted()
                    .toArray();
            return d[d.length / 2];
        }

        /** The restore's end on the display's clock. */
        double end() {
            return clearedAt - zero();
        }

        /** The first reading at or after {@code share} of the way (by the real end), {@code null} when none. */
        Shown at(double share) {
            for (Shown s : shown) {
                if (s.elapsed() >= share * end()) {
                    return s;
                }
            }
            return null;
        }

        boolean holds(Shown s) {
            return holds(s, s.low(), s.high());
        }

        boolean holds(Shown s, double low, double high) {
            return end() >= s.elapsed() + low - 0.05 && end() <= s.elapsed() + high + 0.05;
        }

        /** (real time left − ETA) / real time left. */
        double error(Shown s) {
            double left = end() - s.elapsed();
            return left > 0 ? (left - s.left()) / left : 0;
        }
    }

    static Restore read(Path typescript, Path timing) throws IOException {
        byte[] all = Files.readAllBytes(typescript);
        int start = 0;
        while (start < all.length && all[start] != '\n') {
            start++;
        }
        start++; // script's header line
        List<double[]> chunks = new ArrayList<>(); // [time, end byte]
        double t = 0;
        long bytes = start;
        for (String line : Files.readAllLines(timing)) {
            String[] f = line.strip().split("\\s+");
            if (f.length < 2) {
                continue;
            }
            t += Double.parseDouble(f[0]);
            bytes += Long.parseLong(f[1]);
            chunks.add(new double[] {t, bytes});
        }
        List<Shown> shown = new ArrayList<>();
        double cleared = Double.NaN;
        int segStart = start;
        for (int i = start; i < all.length; i++) {
            if (all[i] != '\r' && all[i] != '\n') {
                continue;
            }
            String seg = new String(all, segStart, i - segStart, StandardCharsets.UTF_8);
            double when = timeOf(chunks, i);
            Matcher m = STATUS.matcher(seg);
            if (m.matches()) {
                double unit = m.group(4).equals("min") ? 60 : 1;
                shown.add(new Shown(
                        when,
                        m.group(1),
                        seconds(m.group(2)),
                        Double.parseDouble(m.group(3)) * unit,
                        Double.parseDouble(m.group(5)) * unit,
                        Double.parseDouble(m.group(6)) * unit,
                        m.group(7) != null));
            } else if (all[i] == '\r' && !seg.isEmpty() && seg.isBlank() && !shown.isEmpty()) {
                cleared = when; // the line wiped: at a note, and when the display closes (the last one)
            }
            segStart = i + 1;
        }
        String name = typescript.getFileName().toString().replaceFirst("\\.ts$", "");
        return new Restore(name, shown, cleared);
    }

    private static double timeOf(List<double[]> chunks, long offset) {
        for (double[] c : chunks) {
            if (offset < c[1]) {
                return c[0];
            }
        }
        return chunks.isEmpty() ? 0 : chunks.get(chunks.size() - 1)[0];
    }

    private static double seconds(String human) {
        if (human.endsWith(" s") && !human.contains("min")) {
            return Double.parseDouble(human.substring(0, human.length() - 2));
        }
        String[] f = human.split(" ");
        return Long.parseLong(f[0]) * 60 + Long.parseLong(f[2]);
    }

    private static RestoreRun record(Path runs, String label) throws IOException {
        try (var dirs = Files.list(runs)) {
            for (Path d : dirs.sorted().toList()) {
                Path json = d.resolve("run.json");
                if (Files.isRegularFile(json)) {
                    RestoreRun r = RunJson.read(json).get(0);
                    if (label.equals(r.label())) {
                        return r;
                    }
                }
            }
        }
        return null;
    }

    /** @param args {@code WORKDIR}: {@code ROUTE-ROUND.ts} and {@code .tm}, {@code runs-ROUTE/} */
    public static void main(String[] args) throws IOException {
        Path work = Path.of(args[0]);
        double[] shares = {0.10, 0.25, 0.50, 0.75};
        Map<String, int[][]> byRoute = new TreeMap<>(); // route -> [share][inside, count]
        Map<String, int[][]> fixedByRoute = new TreeMap<>(); // the same with the fixed rule's range
        Map<String, List<Double>> errors = new TreeMap<>(); // route/share -> errors
        Map<String, int[]> allReadings = new TreeMap<>(); // route/phase basis -> inside, count
        List<Path> scripts;
        try (var files = Files.list(work)) {
            scripts = files.filter(f -> f.toString().endsWith(".ts")).sorted().toList();
        }
        for (Path ts : scripts) {
            Restore r = read(ts, Path.of(ts.toString().replaceFirst("\\.ts$", ".tm")));
            String route = r.name().substring(0, r.name().lastIndexOf('-'));
            if (r.shown().isEmpty() || Double.isNaN(r.clearedAt())) {
                System.out.println(r.name() + ": no ETA shown (the baseline, or no status line)");
                continue;
            }
            RestoreRun run = record(work.resolve("runs-" + route), r.name());
            StringBuilder line = new StringBuilder(String.format(
                    Locale.ROOT,
                    "%s: end %.1f s on the display's clock (gbak's total %s s), %d readings, %d by rows:",
                    r.name(),
                    r.end(),
                    run == null ? "?" : run.totalSeconds(),
                    r.shown().size(),
                    r.shown().stream().filter(Shown::byRows).count()));
            int[][] cov = byRoute.computeIfAbsent(route, x -> new int[shares.length][2]);
            for (int k = 0; k < shares.length; k++) {
                Shown s = r.at(shares[k]);
                if (s == null) {
                    continue;
                }
                boolean in = r.holds(s);
                double[] fixed = fixedRule(s);
                boolean fixedIn = r.holds(s, fixed[0], fixed[1]);
                cov[k][0] += in ? 1 : 0;
                cov[k][1]++;
                int[][] before = fixedByRoute.computeIfAbsent(route, x -> new int[shares.length][2]);
                before[k][0] += fixedIn ? 1 : 0;
                before[k][1]++;
                errors.computeIfAbsent(route + "/" + k, x -> new ArrayList<>()).add(r.error(s));
                line.append(String.format(
                        Locale.ROOT,
                        " %.0f%% %s %s ETA %.0f (%.0f–%.0f) left %.1f %+.0f%% [fixed rule (%.0f–%.0f) %s]",
                        shares[k] * 100,
                        s.phase(),
                        in ? "in" : "OUT",
                        s.left(),
                        s.low(),
                        s.high(),
                        r.end() - s.elapsed(),
                        r.error(s) * 100,
                        fixed[0],
                        fixed[1],
                        fixedIn ? "in" : "OUT"));
            }
            for (Shown s : r.shown()) {
                String key = route + "/"
                        + (s.phase().equals("data") ? (s.byRows() ? "data by rows" : "data by position") : s.phase());
                int[] c = allReadings.computeIfAbsent(key, x -> new int[2]);
                c[0] += r.holds(s) ? 1 : 0;
                c[1]++;
            }
            System.out.println(line);
            if (run != null) {
                System.out.println("  etaBasis: " + run.etaBasis());
            }
        }
        System.out.println();
        System.out.println("route    | 10 %           | 25 %           | 50 %           | 75 %");
        for (Map.Entry<String, int[][]> e : byRoute.entrySet()) {
            StringBuilder l = new StringBuilder(String.format(Locale.ROOT, "%-8s", e.getKey()));
            for (int k = 0; k < shares.length; k++) {
                int[] c = e.getValue()[k];
                List<Double> err = errors.getOrDefault(e.getKey() + "/" + k, List.of());
                double rms =
                        Math.sqrt(err.stream().mapToDouble(x -> x * x).average().orElse(0));
                l.append(String.format(Locale.ROOT, " | %d of %d, rms %.0f %%", c[0], c[1], rms * 100));
            }
            System.out.println(l);
        }
        for (Map.Entry<String, int[][]> e : fixedByRoute.entrySet()) {
            StringBuilder l = new StringBuilder(String.format(Locale.ROOT, "%-8s", e.getKey()));
            for (int k = 0; k < shares.length; k++) {
                int[] c = e.getValue()[k];
                l.append(String.format(Locale.ROOT, " | %d of %d", c[0], c[1]));
            }
            System.out.println(l + "   (the fixed rule's range around the same ETA)");
        }
        System.out.println();
        System.out.println("every reading, by what it went by: the real end inside the range shown");
        for (Map.Entry<String, int[]> e : allReadings.entrySet()) {
            int[] c = e.getValue();
            System.out.printf(Locale.ROOT, "  %-28s %d of %d (%.0f %%)%n", e.getKey(), c[0], c[1], 100.0 * c[0] / c[1]);
        }
        if (args.length > 1 && args[1].equals("--csv")) {
            for (Path ts : scripts) {
                Restore r = read(ts, Path.of(ts.toString().replaceFirst("\\.ts$", ".tm")));
                for (Shown s : r.shown()) {
                    System.err.println(String.join(
                            ",",
                            Arrays.asList(
                                    r.name(),
                                    s.phase(),
                                    String.valueOf(s.elapsed()),
                                    String.valueOf(s.left()),
                                    String.valueOf(s.low()),
                                    String.valueOf(s.high()),
                                    String.valueOf(s.byRows()),
                                    String.format(Locale.ROOT, "%.2f", r.end()))));
                }
            }
        }
    }
}
