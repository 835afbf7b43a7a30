package dev.gbakprof.forecast;

import dev.gbakprof.log.Event;
import dev.gbakprof.log.EventListener;
import dev.gbakprof.log.LinePipeline;
import dev.gbakprof.model.Phase;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.store.LogReader;
import dev.gbakprof.timeline.Progress;
import dev.gbakprof.timeline.RestoreTimeline;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What {@code run}'s status line would have shown as ETA during a recorded restore: its gbak log pushed line by line
 * through the pipeline a live run uses (the same {@link RestoreTimeline} and its {@link Progress}), the clock being
 * gbak's own time column, and {@link LiveEta} asked at every line as the display asks at every event, with the rows
 * restored per table (a log has no read position of the backup: the ETA by rows, as on Windows or a remote server).
 * The readings at given shares of the restore's real total say whether the final total fell inside the range shown.
 *
 * <p>{@code main}: the coverage over folders of repeated restores ({@code bench/eta-coverage}).
 */
final class EtaReplay {
    private EtaReplay() {}

    /**
     * One reading of the display.
     *
     * @param share   the share of the restore's real total at which it was shown
     * @param elapsed seconds since the start
     * @param total   the restore's real total
     */
    record Shown(
            double share, double elapsed, Phase phase, LiveEta.Reading reading, double total, Double run, Double base) {
        /** Whether the real total fell inside the range shown. */
        boolean holds() {
            return total >= elapsed + reading.low() - 1e-9 && total <= elapsed + reading.high() + 1e-9;
        }

        /** The range's width against the ETA: (high − low) / ETA ({@code NaN} for an ETA of 0). */
        double width() {
            return reading.left() > 0 ? (reading.high() - reading.low()) / reading.left() : Double.NaN;
        }

        /** How far off the ETA was: (real time left − ETA) / real time left. */
        double error() {
            double left = total - elapsed;
            return left > 0 ? (left - reading.left()) / left : 0;
        }

        @Override
        public String toString() {
            return String.format(
                    Locale.ROOT,
                    "%3.0f %% (%s, %.2f s): ETA %.2f s (%.2f-%.2f), left %.2f s: %s",
                    share * 100,
                    phase.label(),
                    elapsed,
                    reading.left(),
                    reading.low(),
                    reading.high(),
                    total - elapsed,
                    holds() ? "inside" : "OUTSIDE");
        }
    }

    /** The display's state after one line: what {@code ProgressDisplay} tracks. */
    private record State(
            double at, Phase phase, boolean dataStarted, Map<String, Long> rows, Set<String> started, double since) {}

    /** The ETA that {@code run} with {@code baseline} would have shown at each of {@code shares} of {@code log}'s total. */
    static List<Shown> replay(RestoreRun baseline, Path log, double... shares) throws IOException {
        return replay(List.of(baseline), log, shares);
    }

    /** {@link #replay(RestoreRun, Path, double...)} with a baseline of several restores (their medians). */
    static List<Shown> replay(List<RestoreRun> baselines, Path log, double... shares) throws IOException {
        return replay(baselines, null, log, shares);
    }

    /**
     * {@link #replay(List, Path, double...)} of a restore of a backup of {@code backupBytes} (as {@code run} knows it;
     * {@code null}: unknown), against baselines whose records say their backup's size.
     */
    static List<Shown> replay(List<RestoreRun> baselines, Long backupBytes, Path log, double... shares)
            throws IOException {
        RestoreRun run = LogReader.read(log, null);
        double total = run.totalSeconds();
        RestoreTimeline timeline = new RestoreTimeline();
        List<State> states = new ArrayList<>();
        Map<String, Long> rows = new LinkedHashMap<>();
        Set<String> started = new LinkedHashSet<>();
        double[] since = {0};
        LinePipeline pipeline = new LinePipeline(timeline, new EventListener() {
            @Override
            public void onEvent(Event event) {
                Progress p = timeline.progress();
                if (p.elapsedSeconds() == null) {
                    return;
                }
                double at = p.elapsedSeconds();
                if (p.table() != null) {
                    rows.put(p.table(), p.records());
                }
                if (p.currentIndex() != null && started.add(p.currentIndex())) {
                    since[0] = at;
                }
                states.add(new State(
                        at, p.phase(), p.tablesLoaded() > 0, Map.copyOf(rows), new LinkedHashSet<>(started), since[0]));
            }
        });
        for (String line : Files.readAllLines(log, StandardCharsets.ISO_8859_1)) {
            pipeline.push(line);
        }
        LiveEta eta = new LiveEta(baselines, "replayed", backupBytes);
        List<Shown> out = new ArrayList<>();
        int next = 0;
        for (int i = 0; i < states.size() && next < shares.length; i++) {
            State s = states.get(i);
            // the display between this line and the next: asked at the times wanted, in order (LiveEta keeps the speed
            // it found when the index phase began)
            double until = i + 1 < states.size() ? states.get(i + 1).at() : total;
            while (next < shares.length && shares[next] * total < until) {
                double t = Math.max(s.at(), shares[next] * total);
                LiveEta.Reading r = read(eta, s, t);
                out.add(new Shown(shares[next], t, s.phase(), r, total, eta.runSpread(), eta.baselineSpread()));
                next++;
            }
            read(eta, s, s.at());
        }
        return out;
    }

    private static LiveEta.Reading read(LiveEta eta, State s, double t) {
        return eta.at(s.phase(), t, s.dataStarted(), null, s.rows(), s.started(), Math.max(0, t - s.since()));
    }

    /**
     * The coverage over folders of repeated restores: each restore with the one before it of the same backup as its
     * baseline (as {@code run} chose it until it took the median of the newest 5: {@code ETA_BASELINES}).
     *
     * @param args {@code SUFFIX FOLDER...}, SUFFIX {@code .log} (the wall clock) or {@code .cpu.log}; a folder holds
     *     {@code [PREFIX]ROWS-ROUND SUFFIX} logs, round 0 the warm-up. Environment: {@code ETA_BASELINES=K} takes as
     *     baseline the up to K restores before (default 1, as {@code run} did before), {@code ETA_PICK=median} (per
     *     object, default) or {@code total} (the one of them with the median total); {@code ETA_FULL=1} replays only
     *     the restores with K before them.
     */
    public static void main(String[] args) throws IOException {
        String suffix = args[0];
        double[] shares = {0.10, 0.25, 0.50, 0.75};
        int[] inside = new int[shares.length];
        int[] count = new int[shares.length];
        List<List<Double>> errors = new ArrayList<>();
        List<List<Double>> widths = new ArrayList<>();
        for (int k = 0; k < shares.length; k++) {
            errors.add(new ArrayList<>());
            widths.add(new ArrayList<>());
        }
        for (int a = 1; a < args.length; a++) {
            Path dir = Path.of(args[a]);
            Map<String, Map<Integer, Path>> series = new LinkedHashMap<>();
            try (var files = Files.list(dir)) {
                for (Path f : files.sorted().toList()) {
                    Path file = f.getFileName();
                    String name = file == null ? "" : file.toString();
                    if (!name.endsWith(suffix) || (suffix.equals(".log") && name.endsWith(".cpu.log"))) {
                        continue;
                    }
                    String stem = name.substring(0, name.length() - suffix.length());
                    int dash = stem.lastIndexOf('-');
                    if (dash < 0 || !stem.substring(dash + 1).matches("[0-9]+")) {
                        continue; // not ROWS-ROUND: a backup's log
                    }
                    series.computeIfAbsent(stem.substring(0, dash), x -> new java.util.TreeMap<>())
                            .put(Integer.parseInt(stem.substring(dash + 1)), f);
                }
            }
            int depth = Integer.parseInt(System.getenv().getOrDefault("ETA_BASELINES", "1"));
            boolean byTotal = "total".equals(System.getenv("ETA_PICK"));
            boolean full = System.getenv("ETA_FULL") != null;
            for (Map.Entry<String, Map<Integer, Path>> e : series.entrySet()) {
                List<RestoreRun> before = new ArrayList<>();
                for (Path log : e.getValue().values()) {
                    if (!before.isEmpty() && (!full || before.size() >= depth)) {
                        List<RestoreRun> last = before.subList(Math.max(0, before.size() - depth), before.size());
                        List<RestoreRun> baselines = last;
                        if (byTotal) {
                            List<RestoreRun> sorted = new ArrayList<>(last);
                            sorted.sort(java.util.Comparator.comparingDouble(RestoreRun::totalSeconds));
                            baselines = List.of(sorted.get((sorted.size() - 1) / 2));
                        }
                        RestoreRun baseline = baselines.get(baselines.size() - 1);
                        List<Shown> shown = replay(baselines, log, shares);
                        StringBuilder line = new StringBuilder(dir.getFileName() + "/" + log.getFileName() + ":");
                        for (int k = 0; k < shown.size(); k++) {
                            Shown s = shown.get(k);
                            count[k]++;
                            inside[k] += s.holds() ? 1 : 0;
                            errors.get(k).add(s.error());
                            if (!Double.isNaN(s.width())) {
                                widths.get(k).add(s.width());
                            }
                            if (System.getenv("ETA_CSV") != null) {
                                System.err.printf(
                                        Locale.ROOT,
                                        "csv,%s,%s,%.2f,%s,%.4f,%.4f,%.4f,%.4f,%b,%.4f,%.4f,%s,%s%n",
                                        dir.getFileName(),
                                        log.getFileName(),
                                        s.share(),
                                        s.phase().label(),
                                        s.total(),
                                        s.elapsed(),
                                        s.reading().left(),
                                        baseline.totalSeconds(),
                                        s.holds(),
                                        s.reading().low(),
                                        s.reading().high(),
                                        s.run(),
                                        s.base());
                            }
                            line.append(String.format(
                                    Locale.ROOT,
                                    " %.0f%% %s %+.0f%% of %s",
                                    s.share() * 100,
                                    s.holds() ? "in" : "OUT",
                                    s.error() * 100,
                                    s.phase().label()));
                        }
                        System.out.println(line);
                    }
                    before.add(LogReader.read(log, null));
                }
            }
        }
        for (int k = 0; k < shares.length; k++) {
            List<Double> err = errors.get(k);
            double rms =
                    Math.sqrt(err.stream().mapToDouble(x -> x * x).average().orElse(0));
            Double width = dev.gbakprof.stats.Spread.of(widths.get(k)).median();
            System.out.printf(
                    Locale.ROOT,
                    "at %2.0f %% of the way: the final total inside the range shown in %d of %d (%.0f %%); error of the "
                            + "time left, rms %.1f %%; the range's width, median %s of the ETA%n",
                    shares[k] * 100,
                    inside[k],
                    count[k],
                    count[k] > 0 ? 100.0 * inside[k] / count[k] : 0,
                    rms * 100,
                    width == null ? "unknown" : String.format(Locale.ROOT, "%.0f %%", width * 100));
        }
    }
}
