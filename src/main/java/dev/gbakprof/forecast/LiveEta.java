package dev.gbakprof.forecast;

import dev.gbakprof.model.Phase;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.Rounding;
import dev.gbakprof.model.TableLoad;
import dev.gbakprof.stats.Spread;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The time left of a running restore, from how far it is against a baseline of the same backup on the same route:
 * one restore, or the median of the newest several (each phase, each table's load, the total; each build by the
 * {@link Model} fitted on them all). Data phase: the fraction of the backup file read (or, when the read position cannot be seen, the
 * rows restored per table against the baseline's rows, weighted by the baseline's load times); this run's speed against the baseline at that point scales what
 * is left. Index phase: the builds still to do, each forecast by the {@link Model} fitted on the baseline (at
 * this run's rows of its table), scaled by how fast this run's data went against the baseline's.
 *
 * <p>A baseline of a backup of another size (a test restore of a smaller copy, given with {@code --baseline}) is
 * first brought to this run's size, once: its data and index phases each times the model's table loads (index builds)
 * at this run's rows over the same at its own rows; in the data phase this run's rows are the baseline's times this
 * backup's bytes over the baseline's (when both are known), in the index phase the rows this run restored. The speed is
 * then this run's against the baseline at this run's size, so the size is not counted again in it.
 */
public final class LiveEta {
    /** Before this fraction of the data, the speed against the baseline is not told yet (taken as 1). */
    static final double EARLY = 0.05;
    /**
     * The range of the time left, {@code left × e^±r}, an 80 % range, from three parts that add as independent errors
     * ({@code r² = r0² + Z² × (σ_baselines² + σ_run beyond STEADY²)}):
     *
     * <ul>
     *   <li>{@code r0 = BASE_SPREAD + DONE_SPREAD × the share done} ({@code elapsed / (elapsed + left)}): the model's
     *       own error on a steady machine. Measured by replaying 129 recorded restores (each with the one before it of
     *       the same backup as its baseline, by rows, gbak's CPU clock; docs/dev/FORECAST.md, 'The live ETA's range'):
     *       the 80 % quantile of |ln(real time left / ETA)| was 0.28, 0.27, 0.31 and 0.42 at 10, 25, 50 and 75 % of
     *       the way. The time left grows less certain as it shrinks: late in the index phase it is a few builds and
     *       the finish, each as noisy as a whole restore;
     *   <li>{@code σ_baselines}: how much the baselines' totals spread (the standard deviation of their logarithms,
     *       2 or more): how much whole restores of this backup on this route varied from one to the next, the
     *       machine's speed between restores;
     *   <li>{@code σ_run}: how much this run's own speed against the baseline has moved, stretch by stretch
     *       ({@link #runSpread()}), beyond {@link #STEADY}, what the stretches of a steady restore spread already (the
     *       model's error per stretch, which r0 holds): the machine's speed during this restore.
     * </ul>
     *
     * Both spreads are measured, not assumed: unknown (one baseline, too few stretches yet) they add nothing.
     */
    static final double BASE_SPREAD = 0.25;

    static final double DONE_SPREAD = 0.25;

    /** The normal distribution's 90 % quantile: ±Z standard deviations hold 80 %. */
    static final double Z = 1.2816;
    /** The stretches this run's speed is measured over, against the baseline's total. */
    static final double STRETCH = 0.05;
    /** This run's spread is told from at least this many stretches. */
    static final int MIN_STRETCHES = 3;
    /**
     * How much the stretches of a restore on a steady machine spread against its baseline: replayed on gbak's CPU
     * clock (26 restores of 25,000-400,000 rows, 2026-12-02), σ_run's median was 0.14 and 0.17 in its two series:
     * that much is the model's error per stretch (a table or a build faster or slower than its share), not the
     * machine's, and is in r0 already.
     */
    static final double STEADY = 0.20;

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

    /** This run's backup over the newest baseline's, in bytes; {@code null} when either is unknown. */
    private final Double size;
    /** The baseline's data and index phases and total at this run's size ({@link #atRows}), as far as it is known. */
    private double[] sized;

    private Double indexSpeed;
    private Double finishStart;

    /**
     * This run against its baseline so far: the last point (seconds since the start, the baseline's seconds to the
     * same point), the origin first. In the data phase each reading is one (by the rows restored per table, with or
     * without the position); in the index phase each build's end (the next one's start), the baseline's time to it
     * being the model's.
     */
    private double[] last = {0, 0};
    /** Where the stretch being measured began. */
    private double[] stretchFrom = last;
    /** The stretches measured: {ln(this run's seconds / the baseline's), the baseline's seconds}. */
    private final List<double[]> stretches = new ArrayList<>();
    /** Index builds seen started: a new one marks the end of the one before. */
    private int buildsSeen;
    /** The spread of the baselines' totals: the standard deviation of their logarithms; {@code null} for one. */
    private final Double baselineSpread;

    /**
     * Seconds left and their range, and what they were computed from.
     *
     * @param spread how the range was computed (its r and where its parts came from)
     */
    public record Reading(double left, double low, double high, String basis, String spread) {}

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
        this(baselines, chosen, null);
    }

    /**
     * @param backupBytes this run's backup's size, {@code null} when unknown: against the newest baseline's (its
     *     record's {@code backupBytes}) it tells this run's size in the data phase
     */
    public LiveEta(List<RestoreRun> baselines, String chosen, Long backupBytes) {
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
        baselineSpread = spreadOfTotals(this.baselines);
        for (TableLoad t : baseline.tables()) {
            double[] was = baselineTables.get(t.name());
            if (t.records() != null && (was == null || t.records() > was[0])) {
                baselineTables.put(t.name(), new double[] {t.records(), loadSeconds(t.name(), t.records())});
            }
        }
        Long own = baseline.backupBytes();
        size = backupBytes == null || own == null || own <= 0 || backupBytes <= 0 ? null : backupBytes / (double) own;
        Map<String, Long> grown = new LinkedHashMap<>();
        Model.rowsOf(baseline).forEach((t, n) -> grown.put(t, Math.round(n * (size == null ? 1 : size))));
        sized = atRows(grown);
    }

    /**
     * The baseline's data phase, index phase and total at {@code rows} per table: each phase times the model's table
     * loads (index builds) at those rows over the same at the baseline's own rows (at its own rows, its own phases).
     */
    private double[] atRows(Map<String, Long> rows) {
        double[] own = sums(Model.rowsOf(baseline));
        double[] at = sums(rows);
        double d = own[0] > 0 ? data * at[0] / own[0] : data;
        double i = own[1] > 0 ? indexes * at[1] / own[1] : indexes;
        return new double[] {d, i, total - data - indexes + d + i};
    }

    /** The model's table loads and index builds at {@code rows} per table (the baseline's other tables as its own). */
    private double[] sums(Map<String, Long> rows) {
        Map<String, Long> sizes = new LinkedHashMap<>(Model.rowsOf(baseline));
        sizes.putAll(rows);
        double[] s = new double[2];
        for (Estimate.ObjectForecast p : model.predict(new Target("this run", sizes, null, null, true))) {
            s[p.kind().equals("index") ? 1 : 0] += p.seconds();
        }
        return s;
    }

    /** This run's rows against the baseline's, in words, when they differ by 1 % or more; else empty. */
    private String grownBy(double rows) {
        return Math.abs(rows - 1) < 0.01
                ? ""
                : String.format(
                        Locale.ROOT, " at this run's size (×%.2f its %s)", rows, indexSpeed == null ? "bytes" : "rows");
    }

    /** The median over the baselines ({@code 0} when none knows it: a phase gbak did not print). */
    private double median(Function<RestoreRun, Double> f) {
        Double m = Spread.of(baselines.stream().map(f).collect(Collectors.toList()))
                .median();
        return m == null ? 0 : m;
    }

    /** The median load time of a table at {@code records} rows over the baselines; {@code -1} when one does not know it. */
    private double loadSeconds(String table, long records) {
        List<Double> seconds = new ArrayList<>();
        for (RestoreRun b : baselines) {
            Double s = b.tables().stream()
                    .filter(t -> t.name().equals(table) && t.records() != null && t.records() == records)
                    .map(TableLoad::seconds)
                    .findFirst()
                    .orElse(null);
            if (s == null) {
                return -1;
            }
            seconds.add(s);
        }
        return Spread.of(seconds).median();
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
                double expected = baselineRows * (size == null ? 1 : size);
                return expected > 0 ? soFar / expected : 0;
            }
            weight += b[1];
            long r = rows.getOrDefault(e.getKey(), 0L);
            double expected = b[0] * (size == null ? 1 : size); // this run's rows of it, as far as they are known
            done += b[1] * (expected > 0 ? Math.min(1, r / expected) : 1);
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
                + baselines.stream().map(Target::name).collect(Collectors.joining(", ")) + ")";
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
            Map<String, Long> sizes = new LinkedHashMap<>(Model.rowsOf(baseline));
            sizes.putAll(rows);
            if (indexSpeed == null) {
                // the data restored: this run's rows are known, the baseline is brought to them (once: the speed is
                // this run's against the baseline at this run's size)
                sized = atRows(sizes);
                indexSpeed = ratio(elapsed, before + sized[0]);
                mark(elapsed, before + sized[0]);
            }
            double s = indexSpeed;
            double sizedData = sized[0];
            double builds = 0;
            double all = 0;
            double done = 0;
            int total = 0;
            int notStarted = 0;
            String current = started.isEmpty()
                    ? null
                    : started.stream().reduce((a, b) -> b).orElseThrow();
            for (Estimate.ObjectForecast p : model.predict(new Target("this run", sizes, null, null, true))) {
                if (!p.kind().equals("index")) {
                    continue;
                }
                total++;
                all += p.seconds();
                if (p.name().equals(current)) {
                    builds += Math.max(0, p.seconds() * s - currentFor) / s;
                } else if (!started.contains(p.name())) {
                    builds += p.seconds();
                    notStarted++;
                } else {
                    done += p.seconds();
                }
            }
            double between = total == 0 ? 0 : model.indexesBetween / total; // the commits between them
            builds += between * notStarted;
            if (current != null && started.size() > buildsSeen) {
                // the build before the one just started ended when it started
                buildsSeen = started.size();
                mark(elapsed - currentFor, before + sizedData + done + between * (started.size() - 1));
            }
            double left;
            if (phase == Phase.FINISH) {
                if (finishStart == null) {
                    finishStart = elapsed;
                    mark(elapsed, before + sizedData + all + between * total);
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
                            "index builds still to do, forecast from baseline %s%s "
                                    + "and scaled by this run's data speed ×%.2f",
                            baselineName(),
                            grownBy(sizes.values().stream()
                                            .mapToLong(Long::longValue)
                                            .sum()
                                    / (double) Math.max(1, baselineRows)),
                            s));
        }
        double sizedData = sized[0];
        if (!dataStarted) {
            double left = Math.max(0, sized[2] - elapsed);
            return reading(
                    left,
                    elapsed,
                    "baseline " + baselineName() + "'s total" + grownBy(size == null ? 1 : size)
                            + " (no data restored yet)");
        }
        boolean byPosition = readFraction != null;
        double f = byPosition ? readFraction : rowsFraction(rows);
        f = Math.max(0, Math.min(1, f));
        double s = f < EARLY ? 1 : ratio(elapsed, before + f * sizedData);
        // this run's stretches by the rows, as the baseline's load times weigh them, even with the position: a byte
        // of one table is not a second of another, and the baseline's time at a byte position is not known
        double byRows = Math.max(0, Math.min(1, rowsFraction(rows)));
        if (byRows > 0) {
            mark(elapsed, before + byRows * sizedData);
        }
        // the baseline's index phase at this run's size (at its own size: its own)
        double left = s * ((1 - f) * sizedData + sized[1] + finish);
        return reading(
                left,
                elapsed,
                String.format(
                        Locale.ROOT,
                        "data %.0f %% by %s; speed ×%.2f of baseline %s%s%s",
                        Rounding.percent(f, 0),
                        byPosition
                                ? "the backup's read position"
                                : "rows restored per table against the baseline's (weighted by its load times)",
                        s,
                        baselineName(),
                        grownBy(size == null ? 1 : size),
                        f < EARLY ? " (too early to tell: taken as 1)" : ""));
    }

    private static double ratio(double elapsed, double baselineAt) {
        return baselineAt > 0 && elapsed > 0 ? elapsed / baselineAt : 1;
    }

    /**
     * A point of this run against the baseline, when both clocks went on since the last; one that ends a stretch of at
     * least {@link #STRETCH} of the baseline's total since the last stretch's end adds that stretch's speed.
     */
    private void mark(double elapsed, double baselineAt) {
        if (elapsed > last[0] && baselineAt > last[1]) {
            last = new double[] {elapsed, baselineAt};
            double db = baselineAt - stretchFrom[1];
            if (db >= STRETCH * sized[2]) {
                stretches.add(new double[] {Math.log((elapsed - stretchFrom[0]) / db), db});
                stretchFrom = last;
            }
        }
    }

    /**
     * How much this run's speed against the baseline has moved so far: the standard deviation of the logarithms of
     * its stretches' speeds ({@code a stretch's seconds / the baseline's seconds for it}, stretches of at least
     * {@link #STRETCH} of the baseline's total, weighted by the baseline's seconds); {@code null} before
     * {@link #MIN_STRETCHES} stretches. A steady machine gives them all one speed, up to the model's error per
     * stretch ({@link #STEADY}).
     */
    synchronized Double runSpread() {
        return stretches.size() < MIN_STRETCHES ? null : deviation(stretches);
    }

    /** The baselines' totals' spread: the standard deviation of their logarithms, {@code null} under two totals. */
    private static Double spreadOfTotals(List<RestoreRun> runs) {
        List<double[]> lns = new ArrayList<>();
        for (RestoreRun r : runs) {
            if (r.totalSeconds() != null && r.totalSeconds() > 0) {
                lns.add(new double[] {Math.log(r.totalSeconds()), 1});
            }
        }
        return lns.size() < 2 ? null : deviation(lns);
    }

    /** The weighted standard deviation of {value, weight} pairs. */
    private static double deviation(List<double[]> xs) {
        double w = 0;
        double mean = 0;
        for (double[] x : xs) {
            w += x[1];
            mean += x[0] * x[1];
        }
        mean /= w;
        double var = 0;
        for (double[] x : xs) {
            var += x[1] * (x[0] - mean) * (x[0] - mean);
        }
        return Math.sqrt(var / w * xs.size() / (xs.size() - 1));
    }

    Double baselineSpread() {
        return baselineSpread;
    }

    private Reading reading(double left, double elapsed, String basis) {
        return reading(left, elapsed, basis, runSpread(), baselineSpread, stretches.size(), baselines.size());
    }

    /**
     * The reading with its range (the rule: {@link #BASE_SPREAD}).
     *
     * @param run       this run's spread, {@code null} when not told yet
     * @param baselines the baselines' spread, {@code null} for one baseline
     */
    static Reading reading(double left, double elapsed, String basis, Double run, Double baselines) {
        return reading(left, elapsed, basis, run, baselines, 0, 0);
    }

    private static Reading reading(
            double left, double elapsed, String basis, Double run, Double baselines, int stretches, int restores) {
        double done = elapsed + left > 0 ? elapsed / (elapsed + left) : 0;
        double r0 = BASE_SPREAD + DONE_SPREAD * done;
        double beyond = run == null ? 0 : Math.sqrt(Math.max(0, run * run - STEADY * STEADY));
        double b = baselines == null ? 0 : baselines;
        double r = Math.sqrt(r0 * r0 + Z * Z * (b * b + beyond * beyond));
        String spread = String.format(
                Locale.ROOT,
                "80 %% range of the time left ×e^±%.2f: %.2f for %.0f %% done; %s; %s",
                r,
                r0,
                Rounding.percent(done, 0),
                run == null
                        ? "this run's speed against the baseline not told yet (under " + MIN_STRETCHES + " stretches)"
                        : String.format(
                                Locale.ROOT,
                                "this run's speed against the baseline moved σ %.2f over %d stretches "
                                        + "(%.2f beyond a steady run's %.2f)",
                                run,
                                stretches,
                                beyond,
                                STEADY),
                baselines == null
                        ? "one baseline (no spread of restores)"
                        : String.format(Locale.ROOT, "the %d baselines' totals spread σ %.2f", restores, b));
        return new Reading(left, left * Math.exp(-r), left * Math.exp(r), basis, spread);
    }
}
