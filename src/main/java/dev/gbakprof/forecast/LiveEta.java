package dev.gbakprof.forecast;

import dev.gbakprof.model.Phase;
import dev.gbakprof.model.RestoreRun;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The time left of a running restore, from how far it is against a baseline of the same backup on the same route:
 * one restore, or the median of the newest several (each phase, each table's load, the total; each build by the
 * {@link Model} fitted on them all). Data phase: the fraction of the backup file read (or, when the read position cannot be seen, the
 * rows restored per table against the baseline's rows, weighted by the baseline's load times); this run's speed against the baseline at that point scales what
 * is left. Index phase: the builds still to do, each forecast by the {@link Model} fitted on the baseline (at
 * this run's rows of its table), scaled by how fast this run's data went against the baseline's.
 */
public final class LiveEta {
    /** Before this fraction of the data, the speed against the baseline is not told yet (taken as 1). */
    static final double EARLY = 0.05;
    /**
     * The range of the time left: {@code left × e^±r}, {@code r = BASE_SPREAD + DONE_SPREAD × the share done}
     * ({@code elapsed / (elapsed + left)}), an 80 % range. Measured by replaying 129 recorded restores (each with the one
     * before it of the same backup as its baseline, by rows, gbak's CPU clock; docs/FORECAST.md, 'The live ETA's
     * range'): the 80 % quantile of |ln(real time left / ETA)| was 0.28, 0.27, 0.31 and 0.42 at 10, 25, 50 and 75 %
     * of the way. The time left grows less certain as it shrinks: late in the index phase it is a few builds and
     * the finish, each as noisy as a whole restore. The rule before, ±(5 % + 15 % of the share still to come), held
     * the final total in 59, 60, 44 and 19 % of them.
     */
    static final double BASE_SPREAD = 0.25;

    static final double DONE_SPREAD = 0.25;

    /** The newest of the baselines: its rows per table (the same backup: the same rows in each). */
    private final RestoreRun baseline;
    /** Every baseline, oldest first. */
    private final List<RestoreRun> baselines;

    private final double total;
    private final Model model;
    private final double setup;
    private final double metadata;
    private final double data;
    private final double finish;
    private final double indexes;
    private final long baselineRows;
    /** The baseline's rows and load seconds per table (a table printed twice: its largest count). */
    private final Map<String, double[]> baselineTables = new LinkedHashMap<>();

    private Double indexSpeed;
    private Double finishStart;

    /** Seconds left and their range, and what they were computed from. */
    public record Reading(double left, double low, double high, String basis) {}

    /** How the baseline was chosen, in words (the run record's etaBasis says it). */
    private final String chosen;

    /** @param baseline a completed restore of the same backup on the same route, chosen so */
    public LiveEta(RestoreRun baseline) {
        this(baseline, "same backup and route");
    }

    /**
     * @param baseline a completed restore: its log starts at gbak's start, so it knows every phase
     * @param chosen   how it was chosen, e.g. {@code same backup and route}, or given and on another route
     */
    public LiveEta(RestoreRun baseline, String chosen) {
        this(List.of(baseline), chosen);
    }

    /**
     * A baseline of several completed restores of the same backup on the same route: each phase's time, each table's
     * load time and the total are their medians, each index build the {@link Model} fitted on them all (restores of
     * one size: the geometric mean of its builds); one restore is that restore.
     *
     * @param baselines completed restores, oldest first (the newest gives the rows per table)
     * @param chosen    how they were chosen
     */
    public LiveEta(List<RestoreRun> baselines, String chosen) {
        this.chosen = chosen;
        if (baselines.isEmpty()) {
            throw new IllegalArgumentException("no baseline");
        }
        for (RestoreRun b : baselines) {
            if (b.restoreSeconds() == null) {
                throw new IllegalArgumentException("not a completed restore: " + b.source());
            }
        }
        this.baselines = List.copyOf(baselines);
        this.baseline = baselines.get(baselines.size() - 1);
        this.model = new Model(this.baselines);
        total = median(r -> r.totalSeconds());
        setup = median(r -> r.phaseSeconds(Phase.SETUP));
        metadata = median(r -> r.phaseSeconds(Phase.METADATA));
        data = median(r -> r.phaseSeconds(Phase.DATA));
        finish = median(r -> r.phaseSeconds(Phase.FINISH));
        indexes = median(r -> r.phaseSeconds(Phase.INDEXES));
        baselineRows = Model.totalRows(baseline);
        for (dev.gbakprof.model.TableLoad t : baseline.tables()) {
            double[] was = baselineTables.get(t.name());
            if (was == null || t.records() > was[0]) {
                baselineTables.put(t.name(), new double[] {t.records(), loadSeconds(t.name(), t.records())});
            }
        }
    }

    /** The median over the baselines ({@code 0} when none knows it: a phase gbak did not print). */
    private double median(java.util.function.Function<RestoreRun, Double> f) {
        Double m = dev.gbakprof.stats.Spread.of(baselines.stream().map(f).collect(java.util.stream.Collectors.toList()))
                .median();
        return m == null ? 0 : m;
    }

    /** The median load time of a table at {@code records} rows over the baselines; {@code -1} when one does not know it. */
    private double loadSeconds(String table, long records) {
        List<Double> seconds = new java.util.ArrayList<>();
        for (RestoreRun b : baselines) {
            Double s = b.tables().stream()
                    .filter(t -> t.name().equals(table) && t.records() == records)
                    .map(dev.gbakprof.model.TableLoad::seconds)
                    .findFirst()
                    .orElse(null);
            if (s == null) {
                return -1;
            }
            seconds.add(s);
        }
        return dev.gbakprof.stats.Spread.of(seconds).median();
    }

    /**
     * How far the data phase is by rows: per table, its rows restored against the baseline's (at most all of
     * them), weighted by the baseline's load time of the table (a row of a wide table costs more than one of a
     * narrow one); by all rows together when a load time of the baseline is unknown.
     */
    double rowsFraction(Map<String, Long> rows) {
        double weight = 0;
        double done = 0;
        for (Map.Entry<String, double[]> e : baselineTables.entrySet()) {
            double[] b = e.getValue();
            if (b[1] < 0) {
                long soFar = rows.values().stream().mapToLong(Long::longValue).sum();
                return baselineRows > 0 ? soFar / (double) baselineRows : 0;
            }
            weight += b[1];
            long r = rows.getOrDefault(e.getKey(), 0L);
            done += b[1] * (b[0] > 0 ? Math.min(1, r / b[0]) : 1);
        }
        return weight > 0 ? done / weight : 0;
    }

    /** How the baseline was chosen. */
    public String chosen() {
        return chosen;
    }

    /** The baseline's name as the basis gives it: a restore's label, or which restores the medians are of. */
    public String baselineName() {
        if (baselines.size() == 1) {
            return Target.name(baseline);
        }
        return "median of " + baselines.size() + " restores ("
                + baselines.stream().map(Target::name).collect(java.util.stream.Collectors.joining(", ")) + ")";
    }

    /**
     * @param phase         where the restore is
     * @param elapsed       seconds since it started
     * @param dataStarted   whether a table's data load has started
     * @param readFraction  the fraction of the backup file read, {@code null} when the position cannot be read
     * @param rows          rows restored so far per table
     * @param started       the index builds started so far (the last one is running)
     * @param currentFor    seconds the running build has taken so far
     */
    public synchronized Reading at(
            Phase phase,
            double elapsed,
            boolean dataStarted,
            Double readFraction,
            Map<String, Long> rows,
            Set<String> started,
            double currentFor) {
        double before = setup + metadata;
        if (phase == Phase.INDEXES || phase == Phase.FINISH) {
            if (indexSpeed == null) {
                indexSpeed = ratio(elapsed, before + data);
            }
            double s = indexSpeed;
            double builds = 0;
            int total = 0;
            int notStarted = 0;
            String current = started.isEmpty()
                    ? null
                    : started.stream().reduce((a, b) -> b).orElseThrow();
            Map<String, Long> sizes = new LinkedHashMap<>(Model.rowsOf(baseline));
            sizes.putAll(rows);
            for (Model.Prediction p : model.predict(new Target("this run", sizes, null, null, true))) {
                if (!p.kind().equals("index")) {
                    continue;
                }
                total++;
                if (p.name().equals(current)) {
                    builds += Math.max(0, p.seconds() * s - currentFor) / s;
                } else if (!started.contains(p.name())) {
                    builds += p.seconds();
                    notStarted++;
                }
            }
            builds += total == 0 ? 0 : model.indexesBetween * notStarted / total; // the commits between them
            double left;
            if (phase == Phase.FINISH) {
                if (finishStart == null) {
                    finishStart = elapsed;
                }
                left = Math.max(0, finish * s - (elapsed - finishStart));
            } else {
                left = s * (builds + finish);
            }
            return reading(
                    left,
                    elapsed,
                    String.format(
                            Locale.ROOT,
                            "index builds still to do, forecast from baseline %s "
                                    + "and scaled by this run's data speed ×%.2f",
                            baselineName(),
                            s));
        }
        if (!dataStarted) {
            double left = Math.max(0, total - elapsed);
            return reading(left, elapsed, "baseline " + baselineName() + "'s total (no data restored yet)");
        }
        boolean byPosition = readFraction != null;
        double f = byPosition ? readFraction : rowsFraction(rows);
        f = Math.max(0, Math.min(1, f));
        double s = f < EARLY ? 1 : ratio(elapsed, before + f * data);
        // the model at the baseline's own sizes gives back the baseline's index phase
        double left = s * ((1 - f) * data + indexes + finish);
        return reading(
                left,
                elapsed,
                String.format(
                        Locale.ROOT,
                        "data %.0f %% by %s; speed ×%.2f of baseline %s%s",
                        f * 100,
                        byPosition
                                ? "the backup's read position"
                                : "rows restored per table against the baseline's (weighted by its load times)",
                        s,
                        baselineName(),
                        f < EARLY ? " (too early to tell: taken as 1)" : ""));
    }

    private static double ratio(double elapsed, double baselineAt) {
        return baselineAt > 0 && elapsed > 0 ? elapsed / baselineAt : 1;
    }

    static Reading reading(double left, double elapsed, String basis) {
        double done = elapsed + left > 0 ? elapsed / (elapsed + left) : 0;
        double r = BASE_SPREAD + DONE_SPREAD * done;
        return new Reading(left, left * Math.exp(-r), left * Math.exp(r), basis);
    }
}
