package dev.gbakprof.forecast;

import dev.gbakprof.forecast.PowerLaw.Moments;
import dev.gbakprof.forecast.PowerLaw.Point;
import dev.gbakprof.forecast.PowerLaw.Step;
import dev.gbakprof.model.IndexBuild;
import dev.gbakprof.model.Phase;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.TableLoad;
import dev.gbakprof.stats.Spread;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The restore-time model fitted from calibration runs: a power law per table load (of its rows) and per
 * index build (of n·ln n of its table's rows), the exponents fitted when the runs have several sizes and
 * trusted as far as the runs' own noise allows (see {@link #EXPONENT_PRIOR}); setup, metadata and finish, and
 * the time between the loads and builds, as measured (medians).
 */
final class Model {
    /** The exponent of a kind when no object of it was measured at two sizes. */
    static final double ASSUMED_EXPONENT = 1.0;
    /**
     * How far a restore's true exponent is from {@link #ASSUMED_EXPONENT} (a standard deviation): the exponents
     * fitted on gbak's CPU clock over 8x ranges of rows were 1.07-1.09 for table loads and 0.99-1.06 of n·ln n for
     * index builds (docs/dev/FORECAST.md). A fitted exponent is the measured one shrunk towards 1 by how precisely the
     * calibration measured it: {@code 1 + (β − 1)·τ²/(τ² + var β)}, {@code var β} = the run-to-run noise² over
     * the spread of ln(rows) of the runs. Two sizes restored once on a shared machine (noise ±20 %) hardly move
     * it; five restores each of sizes 16x apart fit it.
     */
    static final double EXPONENT_PRIOR = 0.10;
    /** gbak's clock: a time under it is no time. */
    static final double CLOCK_SECONDS = 0.001;
    /**
     * Firebird's generated index names ({@code RDB$PRIMARYn}, {@code RDB$FOREIGNn}, {@code RDB$n}): numbered in the
     * order a database's constraints were made, so another database's {@code RDB$FOREIGN3} is another index.
     */
    private static final Pattern GENERATED = Pattern.compile("RDB\\$(PRIMARY|FOREIGN)?\\d+");

    final List<RestoreRun> runs;
    final Map<String, Fit> tables = new LinkedHashMap<>();
    final Map<String, Fit> indexes = new LinkedHashMap<>();
    // the tables an index whose table the calibration's logs cannot name may belong to (IndexBuild.tableCandidates)
    private final Map<String, List<String>> candidates = new LinkedHashMap<>();
    /** The pooled exponent of each kind, {@code null} when not measurable (then {@link #ASSUMED_EXPONENT}). */
    final Double tableExponent;

    final Double indexExponent;
    /** The pooled exponents as fitted, before {@link #exponentWeight}. */
    final Double tableExponentFitted;

    final Double indexExponentFitted;
    /** The sd of ln(total seconds) of one restore: measured (restores of one size, else the fit's residual) or assumed. */
    final double noise;
    /** The degrees of freedom {@link #noise} was measured with; 0 when it is assumed. */
    final int noiseDof;
    /** How {@link #noise} was found: 1 restores of one size, -1 the scatter around a power law, 0 assumed. */
    final int noiseHow;

    final String noiseBasis;
    /** How much of a fitted exponent's distance from 1 is kept (0: one size; near 1: precisely measured). */
    final double exponentWeight;
    /** The exponent's remaining uncertainty (sd): the extrapolation error per unit of ln(scale) it implies. */
    final double exponentSd;
    /** Per index, whether each calibration run's build of it spilled its sort to files ({@link SortSpills}). */
    final Map<String, Map<Long, Boolean>> spilled;

    final double setup;
    final double metadata;
    final double finish;
    final double dataBetween;
    final double indexesBetween;
    final Double bytesPerRow;
    /** The calibration's builds of an index of an empty table (0 rows): a build's fixed cost. */
    final List<Double> emptyBuilds;

    Model(List<RestoreRun> runs) {
        this.runs = List.copyOf(runs);
        Map<String, List<Point>> tablePoints = new LinkedHashMap<>();
        Map<String, List<Point>> indexPoints = new LinkedHashMap<>();
        Map<String, String> indexTable = new LinkedHashMap<>();
        for (RestoreRun run : runs) {
            Map<String, Long> rows = rowsOf(run);
            long all = rows.values().stream().mapToLong(Long::longValue).sum();
            for (TableLoad t : run.tables()) {
                if (t.seconds() != null && t.records() != null) {
                    tablePoints
                            .computeIfAbsent(t.name(), k -> new ArrayList<>())
                            .add(new Point(t.records(), PowerLaw.x(false, t.records()), t.seconds()));
                }
            }
            for (IndexBuild i : run.indexes()) {
                if (i.seconds() == null || i.failed()) {
                    continue;
                }
                // its table's rows; a table the run restored no data for is empty (gbak prints no records line)
                long n = sortRows(i.table(), i.tableCandidates(), rows, all);
                indexPoints
                        .computeIfAbsent(i.name(), k -> new ArrayList<>())
                        .add(new Point(n, PowerLaw.x(true, n), i.seconds()));
                if (i.table() != null) {
                    indexTable.putIfAbsent(i.name(), i.table());
                } else if (i.tableCandidates() != null && !i.tableCandidates().isEmpty()) {
                    candidates.putIfAbsent(i.name(), i.tableCandidates());
                }
            }
        }
        spilled = SortSpills.of(runs);
        Map<String, Step> steps = new LinkedHashMap<>();
        indexPoints.forEach((name, pts) -> {
            Step seen = PowerLaw.spillStep(pts, spilled.getOrDefault(name, Map.of()));
            steps.put(name, seen != null ? seen : PowerLaw.findStep(pts));
        });
        RunToRunNoise n = RunToRunNoise.of(runs);
        noise = n.sd();
        noiseDof = n.dof();
        noiseHow = n.how();
        noiseBasis = n.basis();
        double sxx = lnRowsSpread(runs);
        double varBeta = sxx > 0 ? noise * noise / sxx : Double.POSITIVE_INFINITY;
        double prior = EXPONENT_PRIOR * EXPONENT_PRIOR;
        exponentWeight = sxx > 0 ? prior / (prior + varBeta) : 0;
        exponentSd = sxx > 0 ? Math.sqrt(prior * varBeta / (prior + varBeta)) : EXPONENT_PRIOR;
        tableExponentFitted = pooled(tablePoints, Map.of());
        indexExponentFitted = pooled(indexPoints, steps);
        tableExponent = shrink(tableExponentFitted);
        indexExponent = shrink(indexExponentFitted);
        emptyBuilds = indexPoints.values().stream()
                .flatMap(List::stream)
                .filter(p -> p.n() == 0)
                .map(p -> (Double) p.t())
                .toList();
        tablePoints.forEach((name, pts) -> tables.put(name, fit(name, null, false, pts, null, tableExponent)));
        indexPoints.forEach((name, pts) ->
                indexes.put(name, fit(name, indexTable.get(name), true, pts, steps.get(name), indexExponent)));

        setup = median(runs, r -> r.phaseSeconds(Phase.SETUP));
        metadata = median(runs, r -> r.phaseSeconds(Phase.METADATA));
        finish = median(runs, r -> r.phaseSeconds(Phase.FINISH));
        dataBetween = between(runs, Phase.DATA, r -> r.tables().stream().map(TableLoad::seconds));
        indexesBetween = between(runs, Phase.INDEXES, r -> r.indexes().stream().map(IndexBuild::seconds));
        bytesPerRow = runs.stream().allMatch(r -> r.backupBytes() != null && totalRows(r) > 0)
                ? median(runs, r -> (double) r.backupBytes() / totalRows(r))
                : null;
    }

    /** A fitted exponent shrunk towards {@link #ASSUMED_EXPONENT} by {@link #exponentWeight}. */
    private Double shrink(Double fitted) {
        return fitted == null ? null : ASSUMED_EXPONENT + (fitted - ASSUMED_EXPONENT) * exponentWeight;
    }

    /** Σ (ln rows − their mean)² over the runs: how far apart their sizes are, for the exponent's precision. */
    static double lnRowsSpread(List<RestoreRun> runs) {
        double[] x = runs.stream()
                .mapToLong(Model::totalRows)
                .filter(v -> v > 0)
                .mapToDouble(Math::log)
                .toArray();
        double mean = Arrays.stream(x).average().orElse(0);
        double s = Arrays.stream(x).map(v -> (v - mean) * (v - mean)).sum();
        return s < 1e-9 ? 0 : s;
    }

    private static Double pooled(Map<String, List<Point>> points, Map<String, Step> steps) {
        Moments m = new Moments(0, 0);
        for (Map.Entry<String, List<Point>> e : points.entrySet()) {
            for (List<Point> regime : PowerLaw.regimes(e.getValue(), steps.get(e.getKey()))) {
                m = m.plus(Moments.of(regime));
            }
        }
        return m.slope();
    }

    private Fit fit(String name, String table, boolean sort, List<Point> points, Step step, Double pooled) {
        List<List<Point>> regimes = PowerLaw.regimes(points, step);
        double[] beta = new double[2];
        double[] lnA = new double[2];
        boolean own = true;
        for (int r = 0; r < regimes.size(); r++) {
            List<Point> g = regimes.get(r);
            // an object's own exponent is shrunk like the pooled one: its times are no less noisy than the total's
            Double slope = PowerLaw.ownExponent(g) ? shrink(Moments.of(g).slope()) : null;
            own &= slope != null;
            beta[r] = slope != null ? slope : pooled != null ? pooled : ASSUMED_EXPONENT;
            lnA[r] = PowerLaw.lnCoefficient(g, beta[r]);
        }
        if (step == null) {
            beta[1] = beta[0];
            lnA[1] = lnA[0];
        }
        Fit law = new Fit(
                name, table, sort, PowerLaw.sorted(points), step, beta, lnA, own ? "fitted" : "pooled", 0, false, "");
        return zeroRows(law);
    }

    /**
     * An object's fit with its cost at 0 rows: a table loads nothing, 0 s; an index sorts nothing and costs its build's
     * fixed part: the median of its own builds at 0 rows, else of the calibration's builds of an empty table's index
     * ({@link #emptyBuilds}), else 0; never more than its build at its smallest measured size (an empty table's index
     * costs no more than one with rows), so the forecast grows with the rows from 0 on.
     */
    private Fit zeroRows(Fit f) {
        Double own = Spread.of(f.points().stream()
                        .filter(p -> p.n() == 0)
                        .map(p -> (Double) p.t())
                        .toList())
                .median();
        double zero;
        String basis;
        if (!f.sort()) {
            zero = own != null ? own : 0;
            basis = own != null ? "as measured at 0 rows" : "no rows to load: 0 s";
        } else if (own != null) {
            zero = own;
            basis = "no rows to sort: its own build at 0 rows, as measured";
        } else {
            Double m = Spread.of(emptyBuilds).median();
            zero = m == null ? 0 : m;
            basis = "no rows to sort; " + emptyBuildsBasis(m);
        }
        if (!f.rowless()) {
            double smallest = f.law(f.minRows());
            if (zero > smallest) {
                zero = smallest;
                basis += String.format(
                        Locale.ROOT,
                        ", no more than its build at its smallest measured size (%s rows): %.3f s",
                        fmt(f.minRows()),
                        smallest);
            }
        }
        return new Fit(
                f.name(),
                f.table(),
                f.sort(),
                f.points(),
                f.step(),
                f.beta(),
                f.lnA(),
                f.how(),
                zero,
                own != null,
                basis);
    }

    /** Where an index build's fixed cost at 0 rows comes from, the median {@code m} of {@link #emptyBuilds}. */
    private String emptyBuildsBasis(Double m) {
        return m == null
                ? "no index the calibration built is known to be of an empty table: 0 s"
                : String.format(
                        Locale.ROOT,
                        "the fixed cost of a build, the median of the calibration's %d build%s of an empty table's"
                                + " index",
                        emptyBuilds.size(),
                        emptyBuilds.size() == 1 ? "" : "s");
    }

    private interface RunValue {
        /** {@code null} when unknown in this run: left out of the median. */
        Double of(RestoreRun run);
    }

    private static double median(List<RestoreRun> runs, RunValue f) {
        Double m = Spread.of(runs.stream().map(f::of).toList()).median();
        return m == null ? 0 : m;
    }

    /**
     * The median over {@code runs} of {@code phase}'s seconds less the times of its {@code objects} (table loads, index
     * builds; an unknown time counts as none), at least 0; a run whose phase time is unknown is left out.
     */
    private static double between(List<RestoreRun> runs, Phase phase, Function<RestoreRun, Stream<Double>> objects) {
        return Math.max(0, median(runs, r -> {
            Double seconds = r.phaseSeconds(phase);
            return seconds == null
                    ? null
                    : seconds
                            - objects.apply(r)
                                    .filter(Objects::nonNull)
                                    .mapToDouble(Double::doubleValue)
                                    .sum();
        }));
    }

    /**
     * Rows per table of a run, a new map in the log's order (a table printed twice counts its largest count; one whose
     * count gbak never printed is left out: its size is not known).
     */
    static Map<String, Long> rowsOf(RestoreRun run) {
        Map<String, Long> rows = new LinkedHashMap<>();
        run.tables().stream()
                .filter(t -> t.records() != null)
                .forEach(t -> rows.merge(t.name(), t.records(), Math::max));
        return rows;
    }

    /**
     * The rows an index build sorts: its table's; when the log cannot name the table but names the tables it may
     * belong to (tables without rows lie between them), the largest of those, the most it can sort; only when it
     * names none, all the rows (a sort of the whole database, the most it can be).
     */
    static long sortRows(String table, List<String> candidates, Map<String, Long> rows, long all) {
        if (table != null) {
            return rows.getOrDefault(table, 0L);
        }
        if (candidates != null && !candidates.isEmpty()) {
            return candidates.stream()
                    .mapToLong(c -> rows.getOrDefault(c, 0L))
                    .max()
                    .orElse(0L);
        }
        return all;
    }

    static long totalRows(RestoreRun run) {
        return rowsOf(run).values().stream().mapToLong(Long::longValue).sum();
    }

    double exponent(boolean sort) {
        Double e = sort ? indexExponent : tableExponent;
        return e == null ? ASSUMED_EXPONENT : e;
    }

    /** The forecast of a target's every table load and index build. */
    List<Estimate.ObjectForecast> predict(Target target) {
        List<Estimate.ObjectForecast> out = new ArrayList<>();
        for (Map.Entry<String, Long> e : target.rows().entrySet()) {
            out.add(predictTable(e.getKey(), e.getValue()));
        }
        for (Target.Index i : targetIndexes(target)) {
            // scaled as the calibration's was: a table the target has no rows of is empty (a restore log lists no
            // records for it)
            // (its candidates as the target names them, else as the calibration did)
            List<String> named = i.candidates() != null && !i.candidates().isEmpty()
                    ? i.candidates()
                    : i.table() == null ? candidates.get(i.name()) : null;
            long n = sortRows(i.table(), named, target.rows(), target.totalRows());
            out.add(predictIndex(i, n));
        }
        return out;
    }

    /** The target's indexes: as it lists them, else the calibration's own (with the tables they may belong to). */
    private List<Target.Index> targetIndexes(Target target) {
        return target.indexes() != null
                ? target.indexes()
                : indexes.values().stream()
                        .map(f -> new Target.Index(
                                f.name(), f.table(), f.table() == null ? candidates.get(f.name()) : null))
                        .toList();
    }

    /** Whether a name is one Firebird generated ({@link #GENERATED}): it names another index in another database. */
    static boolean generated(String name) {
        return GENERATED.matcher(name).matches();
    }

    /**
     * The calibration's measurements of a target's index: the one of its name, when its table is the target index's
     * too (a generated name only when both tables are known and agree; another name unless both are known and
     * differ); {@code null} when none.
     */
    Fit measured(Target.Index i) {
        Fit f = indexes.get(i.name());
        if (f == null) {
            return null;
        }
        List<String> theirs = f.table() != null ? List.of(f.table()) : candidates.get(f.name());
        List<String> ours = i.table() != null ? List.of(i.table()) : i.candidates();
        boolean known = theirs != null && !theirs.isEmpty() && ours != null && !ours.isEmpty();
        boolean agree = known && theirs.stream().anyMatch(ours::contains);
        return agree || !known && !generated(i.name()) ? f : null;
    }

    /** The calibration's indexes a target uses as measured ({@link #measured}). */
    List<String> measuredBy(Target target) {
        return targetIndexes(target).stream()
                .map(this::measured)
                .filter(Objects::nonNull)
                .map(Fit::name)
                .distinct()
                .toList();
    }

    private Estimate.ObjectForecast predictTable(String name, long n) {
        Fit f = tables.get(name);
        Double t = f == null ? null : f.predict(n);
        if (t != null) {
            return new Estimate.ObjectForecast(
                    "table", name, null, n, t, f.beta()[0], f.how(), n == 0 ? f.zeroBasis() : basis(f, n));
        }
        String what = f == null ? "not in the calibration" : "empty in every calibration run";
        if (n == 0) {
            return new Estimate.ObjectForecast(
                    "table", name, null, 0, 0, exponent(false), "nearest", what + ": no rows to load, 0 s");
        }
        Fit near = nearest(tables.values(), n);
        if (near == null) {
            return takenAsZero("table", name, null, n, what + "; ");
        }
        return new Estimate.ObjectForecast(
                "table",
                name,
                null,
                n,
                near.predict(n),
                near.beta()[0],
                "nearest",
                what + ": estimated as table " + near.name() + " (nearest in rows: " + fmt(near.maxRows()) + ")");
    }

    private Estimate.ObjectForecast predictIndex(Target.Index i, long n) {
        String name = i.name();
        String table = i.table();
        Fit f = measured(i);
        Double t = f == null ? null : f.predict(n);
        if (t != null) {
            return new Estimate.ObjectForecast(
                    "index",
                    name,
                    table,
                    n,
                    t,
                    f.beta()[n >= stepAbove(f) ? 1 : 0],
                    f.how(),
                    n == 0 ? f.zeroBasis() : basis(f, n));
        }
        Fit other = indexes.get(name);
        String what = f != null
                ? "its table was empty in every calibration run"
                : other == null
                        ? "not in the calibration"
                        : "not in the calibration (its " + name + " is of "
                                + (other.table() != null
                                        ? other.table()
                                        : candidates.get(name) == null
                                                ? "a table its log does not name"
                                                : String.join(" or ", candidates.get(name)))
                                + ": Firebird's generated names differ between databases)";
        if (n == 0) {
            return emptyIndex(name, table, what);
        }
        Fit same = generated(name) && table != null ? sameConstraint(name, table) : null;
        if (same != null) {
            return new Estimate.ObjectForecast(
                    "index",
                    name,
                    table,
                    n,
                    same.predict(n),
                    same.beta()[n >= stepAbove(same) ? 1 : 0],
                    same.how(),
                    "as " + same.name() + ", the calibration's " + constraint(name) + " of " + table + ": "
                            + basis(same, n));
        }
        List<Fit> sameTable = table == null
                ? List.of()
                : indexes.values().stream()
                        .filter(x -> table.equals(x.table()) && x.timed())
                        .toList();
        Fit near;
        String why;
        if (!sameTable.isEmpty()) {
            // the median-cost index of the same table
            List<Fit> byCost = new ArrayList<>(sameTable);
            byCost.sort(Comparator.comparingDouble(x -> x.predict(n)));
            near = byCost.get(byCost.size() / 2);
            why = "estimated as index " + near.name() + " of the same table (its median-cost index)";
        } else {
            near = nearest(indexes.values(), n);
            why = near == null
                    ? null
                    : "estimated as index " + near.name() + " (table nearest in rows: " + fmt(near.maxRows()) + ")";
        }
        if (near == null) {
            return takenAsZero("index", name, table, n, what + "; ");
        }
        return new Estimate.ObjectForecast(
                "index", name, table, n, near.predict(n), near.beta()[0], "nearest", what + ": " + why);
    }

    /**
     * An index of an empty table the calibration has no measurement of: nothing to sort, only its build's fixed cost,
     * the median of the calibration's builds at 0 rows; 0 when it has none.
     */
    private Estimate.ObjectForecast emptyIndex(String name, String table, String what) {
        Double m = Spread.of(emptyBuilds).median();
        return new Estimate.ObjectForecast(
                "index",
                name,
                table,
                0,
                m == null ? 0 : m,
                exponent(true),
                "nearest",
                what + ": an empty table, no rows to sort; " + emptyBuildsBasis(m));
    }

    /** PRIMARY, FOREIGN or the plain kind of a generated name: the constraint it was made for. */
    private static String constraint(String generatedName) {
        return generatedName.startsWith("RDB$PRIMARY")
                ? "primary key"
                : generatedName.startsWith("RDB$FOREIGN") ? "foreign key" : "unnamed constraint's index";
    }

    /**
     * The calibration's one index of a generated name of the same kind ({@link #constraint}) on {@code table}, however
     * it was numbered there; {@code null} when it has none or several (a table's second foreign key).
     */
    private Fit sameConstraint(String name, String table) {
        List<Fit> same = indexes.values().stream()
                .filter(x -> generated(x.name())
                        && table.equals(x.table())
                        && constraint(x.name()).equals(constraint(name))
                        && x.points().stream().anyMatch(p -> p.n() > 0))
                .toList();
        return same.size() == 1 ? same.get(0) : null;
    }

    /** An object forecast as 0 s: no {@code kind} (table, index) of the calibration was timed with rows. */
    private Estimate.ObjectForecast takenAsZero(String kind, String name, String table, long n, String why) {
        return new Estimate.ObjectForecast(
                kind,
                name,
                table,
                n,
                0,
                exponent(kind.equals("index")),
                "nearest",
                why + "no " + kind + " of the calibration took time on gbak's clock: taken as 0");
    }

    private static long stepAbove(Fit f) {
        return f.step() == null ? Long.MAX_VALUE : f.step().aboveKeys();
    }

    /**
     * The timed object ({@link Fit#timed}) whose largest calibration size is nearest to n rows on a log scale (the
     * larger of two as near).
     */
    private static Fit nearest(Collection<Fit> fits, long n) {
        return fits.stream()
                .filter(Fit::timed)
                .min(Comparator.comparingDouble(
                                (Fit f) -> Math.abs(Math.log(Math.max(n, 1)) - Math.log(Math.max(f.maxRows(), 1))))
                        .thenComparing(Comparator.comparingLong(Fit::maxRows).reversed()))
                .orElse(null);
    }

    private String basis(Fit f, long n) {
        long sizes = f.points().stream().map(Point::n).distinct().count();
        String law = (f.sort() ? "(n·ln n)^" : "rows^") + String.format(Locale.ROOT, "%.2f", f.beta()[0]);
        String how = switch (f.how()) {
            case "fitted" -> "fitted on " + sizes + " sizes: ∝ " + law;
            default ->
                "∝ " + law + " ("
                        + (sizes < 2
                                ? "one size measured; exponent "
                                        + ((f.sort() ? indexExponent : tableExponent) == null
                                                ? "assumed"
                                                : "of all " + (f.sort() ? "indexes" : "tables"))
                                : "not fitted on its own: that needs median times of 0.2 s or more at two sizes"
                                        + " 1.5× apart, the longest median 1 s or more; exponent "
                                        + ((f.sort() ? indexExponent : tableExponent) == null
                                                ? "assumed"
                                                : "of all " + (f.sort() ? "indexes" : "tables")))
                        + ")";
        };
        if (f.step() != null) {
            how += String.format(
                    Locale.ROOT,
                    "; cost step ×%.2f between %s and %s keys (sort past TempCacheLimit%s)%s",
                    f.step().ratio(),
                    fmt(f.step().belowKeys()),
                    fmt(f.step().aboveKeys()),
                    f.step().sortFiles() ? ": spilled to sort files above it, not below" : "",
                    n > f.step().belowKeys() ? ", above it here" : ", below it here");
        }
        long max = f.maxRows();
        return how
                + (n > max && max > 0
                        ? String.format(Locale.ROOT, "; %.1f× the largest measured (%s)", (double) n / max, fmt(max))
                        : "");
    }

    static String fmt(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }
}
