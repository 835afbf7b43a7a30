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
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The restore-time model fitted from calibration runs: a power law per table load (of its rows) and per
 * index build (of n·ln n of its table's rows), the exponents fitted when the runs have several sizes; setup,
 * metadata and finish, and the time between the loads and builds, as measured (medians).
 */
final class Model {
    /** The exponent of a kind when no object of it was measured at two sizes. */
    static final double ASSUMED_EXPONENT = 1.0;

    final List<RestoreRun> runs;
    final Map<String, Fit> tables = new LinkedHashMap<>();
    final Map<String, Fit> indexes = new LinkedHashMap<>();
    /** The pooled exponent of each kind, {@code null} when not measurable (then {@link #ASSUMED_EXPONENT}). */
    final Double tableExponent;

    final Double indexExponent;
    final double setup;
    final double metadata;
    final double finish;
    final double dataBetween;
    final double indexesBetween;
    final Double bytesPerRow;

    /**
     * One object's fitted law (per regime when it has a step).
     *
     * @param how {@code fitted} or {@code pooled}
     */
    record Fit(
            String name,
            String table,
            boolean sort,
            List<Point> points,
            Step step,
            double[] beta,
            double[] lnA,
            String how) {

        /** Seconds at n rows; {@code null} when the object was never measured with rows (nothing to scale). */
        Double predict(long n) {
            if (n == 0) {
                // an index of an empty table still costs its definition's commit: as measured at 0 rows; an index
                // never measured at 0 rows (its table unknown to the calibration, so scaled with all the rows) no
                // more than its shortest measurement; a table of no rows loads nothing
                Double m = Spread.of(points.stream()
                                .filter(p -> p.n() == 0)
                                .map(p -> (Double) p.t())
                                .toList())
                        .median();
                if (m != null) {
                    return m;
                }
                return sort ? points.stream().mapToDouble(Point::t).min().orElse(0.0) : 0.0;
            }
            if (points.stream().noneMatch(p -> p.n() > 0)) {
                return null;
            }
            int r = step != null && n >= step.aboveKeys() ? 1 : 0;
            if (step != null && n > step.belowKeys() && n < step.aboveKeys()) {
                r = 1; // between the sizes measured: the slower regime, the safer side
            }
            return lnA[r] == Double.NEGATIVE_INFINITY
                    ? 0.0
                    : Math.exp(lnA[r] + beta[r] * Math.log(PowerLaw.x(sort, n)));
        }

        /** Whether any measurement took measurable time (a model worth copying to an object never seen). */
        boolean measurable() {
            return points.stream().anyMatch(p -> p.n() > 0 && p.t() >= TableLoad.MIN_RATE_SECONDS);
        }

        long maxRows() {
            return PowerLaw.maxRows(points);
        }
    }

    Model(List<RestoreRun> runs) {
        this.runs = List.copyOf(runs);
        Map<String, List<Point>> tablePoints = new LinkedHashMap<>();
        Map<String, List<Point>> indexPoints = new LinkedHashMap<>();
        Map<String, String> indexTable = new LinkedHashMap<>();
        for (RestoreRun run : runs) {
            Map<String, Long> rows = rowsOf(run);
            long all = rows.values().stream().mapToLong(Long::longValue).sum();
            for (TableLoad t : run.tables()) {
                if (t.seconds() != null) {
                    tablePoints
                            .computeIfAbsent(t.name(), k -> new ArrayList<>())
                            .add(new Point(t.records(), PowerLaw.x(false, t.records()), t.seconds()));
                }
            }
            for (IndexBuild i : run.indexes()) {
                if (i.seconds() == null || i.failed()) {
                    continue;
                }
                // its table's rows; a table the run restored no data for is empty (gbak prints no records line),
                // and an index whose table is unknown is scaled with all the rows
                long n = i.table() != null ? rows.getOrDefault(i.table(), 0L) : all;
                indexPoints
                        .computeIfAbsent(i.name(), k -> new ArrayList<>())
                        .add(new Point(n, PowerLaw.x(true, n), i.seconds()));
                if (i.table() != null) {
                    indexTable.putIfAbsent(i.name(), i.table());
                }
            }
        }
        Map<String, Step> steps = new LinkedHashMap<>();
        indexPoints.forEach((name, pts) -> steps.put(name, PowerLaw.findStep(pts)));
        tableExponent = pooled(tablePoints, Map.of());
        indexExponent = pooled(indexPoints, steps);
        tablePoints.forEach((name, pts) -> tables.put(name, fit(name, null, false, pts, null, tableExponent)));
        indexPoints.forEach((name, pts) ->
                indexes.put(name, fit(name, indexTable.get(name), true, pts, steps.get(name), indexExponent)));

        setup = median(runs, r -> r.phaseSeconds(Phase.SETUP));
        metadata = median(runs, r -> r.phaseSeconds(Phase.METADATA));
        finish = median(runs, r -> r.phaseSeconds(Phase.FINISH));
        dataBetween = Math.max(
                0,
                median(
                        runs,
                        r -> between(
                                r.phaseSeconds(Phase.DATA),
                                r.tables().stream()
                                        .map(TableLoad::seconds)
                                        .filter(Objects::nonNull)
                                        .mapToDouble(Double::doubleValue)
                                        .sum())));
        indexesBetween = Math.max(
                0,
                median(
                        runs,
                        r -> between(
                                r.phaseSeconds(Phase.INDEXES),
                                r.indexes().stream()
                                        .map(IndexBuild::seconds)
                                        .filter(Objects::nonNull)
                                        .mapToDouble(Double::doubleValue)
                                        .sum())));
        bytesPerRow = runs.stream().allMatch(r -> r.backupBytes() != null && totalRows(r) > 0)
                ? median(runs, r -> (double) r.backupBytes() / totalRows(r))
                : null;
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

    private static Fit fit(String name, String table, boolean sort, List<Point> points, Step step, Double pooled) {
        List<List<Point>> regimes = PowerLaw.regimes(points, step);
        double[] beta = new double[2];
        double[] lnA = new double[2];
        boolean own = true;
        for (int r = 0; r < regimes.size(); r++) {
            List<Point> g = regimes.get(r);
            Double slope = PowerLaw.ownExponent(g) ? Moments.of(g).slope() : null;
            own &= slope != null;
            beta[r] = slope != null ? slope : pooled != null ? pooled : ASSUMED_EXPONENT;
            lnA[r] = PowerLaw.lnCoefficient(g, beta[r]);
        }
        if (step == null) {
            beta[1] = beta[0];
            lnA[1] = lnA[0];
        }
        return new Fit(name, table, sort, PowerLaw.sorted(points), step, beta, lnA, own ? "fitted" : "pooled");
    }

    private interface RunValue {
        /** {@code null} when unknown in this run: left out of the median. */
        Double of(RestoreRun run);
    }

    private static double median(List<RestoreRun> runs, RunValue f) {
        Double m = Spread.of(runs.stream().map(f::of).toList()).median();
        return m == null ? 0 : m;
    }

    /** A phase's seconds less the times of its objects, {@code null} when the phase's time is unknown. */
    private static Double between(Double phase, double objects) {
        return phase == null ? null : phase - objects;
    }

    /** Rows per table of a run (a table printed twice counts its largest count). */
    static Map<String, Long> rowsOf(RestoreRun run) {
        Map<String, Long> rows = new LinkedHashMap<>();
        run.tables().forEach(t -> rows.merge(t.name(), t.records(), Math::max));
        return rows;
    }

    static long totalRows(RestoreRun run) {
        return rowsOf(run).values().stream().mapToLong(Long::longValue).sum();
    }

    double exponent(boolean sort) {
        Double e = sort ? indexExponent : tableExponent;
        return e == null ? ASSUMED_EXPONENT : e;
    }

    /** One object's forecast. */
    record Prediction(
            String kind,
            String name,
            String table,
            long rows,
            double seconds,
            double exponent,
            String how,
            String basis) {}

    /** The forecast of a target's every table load and index build. */
    List<Prediction> predict(Target target) {
        List<Prediction> out = new ArrayList<>();
        for (Map.Entry<String, Long> e : target.rows().entrySet()) {
            out.add(predictTable(e.getKey(), e.getValue()));
        }
        List<Target.Index> targetIndexes = target.indexes() != null
                ? target.indexes()
                : indexes.values().stream()
                        .map(f -> new Target.Index(f.name(), f.table()))
                        .toList();
        for (Target.Index i : targetIndexes) {
            // table unknown: scaled with all the rows, as the calibration's was; a table the target has no rows of
            // is empty (a restore log lists no records for it), as in the calibration
            long n = i.table() != null ? target.rows().getOrDefault(i.table(), 0L) : target.totalRows();
            out.add(predictIndex(i.name(), i.table(), n));
        }
        return out;
    }

    private Prediction predictTable(String name, long n) {
        Fit f = tables.get(name);
        Double t = f == null ? null : f.predict(n);
        if (t != null) {
            return new Prediction("table", name, null, n, t, f.beta()[0], f.how(), basis(f, n));
        }
        Fit near = nearest(tables.values(), n);
        if (near == null) {
            return new Prediction(
                    "table",
                    name,
                    null,
                    n,
                    0,
                    exponent(false),
                    "nearest",
                    "no table of the calibration took measurable time: taken as 0");
        }
        return new Prediction(
                "table",
                name,
                null,
                n,
                near.predict(n),
                near.beta()[0],
                "nearest",
                (f == null ? "not in the calibration" : "empty in every calibration run") + ": estimated as table "
                        + near.name() + " (nearest in rows: " + fmt(near.maxRows()) + ")");
    }

    private Prediction predictIndex(String name, String table, long n) {
        Fit f = indexes.get(name);
        Double t = f == null ? null : f.predict(n);
        if (t != null) {
            return new Prediction(
                    "index", name, table, n, t, f.beta()[n >= stepAbove(f) ? 1 : 0], f.how(), basis(f, n));
        }
        List<Fit> sameTable = table == null
                ? List.of()
                : indexes.values().stream()
                        .filter(x -> table.equals(x.table()) && x.measurable())
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
        String what = f == null ? "not in the calibration" : "its table was empty in every calibration run";
        if (near == null) {
            return new Prediction(
                    "index",
                    name,
                    table,
                    n,
                    0,
                    exponent(true),
                    "nearest",
                    what + "; no index of the calibration took measurable time: taken as 0");
        }
        return new Prediction("index", name, table, n, near.predict(n), near.beta()[0], "nearest", what + ": " + why);
    }

    private static long stepAbove(Fit f) {
        return f.step() == null ? Long.MAX_VALUE : f.step().aboveKeys();
    }

    /** The measurable object whose largest calibration size is nearest (on a log scale) to n rows. */
    private static Fit nearest(java.util.Collection<Fit> fits, long n) {
        return fits.stream()
                .filter(Fit::measurable)
                .min(Comparator.comparingDouble(
                        f -> Math.abs(Math.log(Math.max(n, 1)) - Math.log(Math.max(f.maxRows(), 1)))))
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
                                : "too short to fit its own exponent; exponent of all "
                                        + (f.sort() ? "indexes" : "tables"))
                        + ")";
        };
        if (f.step() != null) {
            how += String.format(
                    Locale.ROOT,
                    "; cost step ×%.1f between %s and %s keys (sort past TempCacheLimit)%s",
                    f.step().ratio(),
                    fmt(f.step().belowKeys()),
                    fmt(f.step().aboveKeys()),
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
