package dev.gbakprof.forecast;

import dev.gbakprof.model.TableLoad;
import dev.gbakprof.stats.Spread;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The cost model of one object (a table load or an index build): {@code seconds = a · x^β}, where x is the
 * table's rows for a load and {@code n·ln n} of its rows for an index build (a sort). Fitted on log-log
 * axes from the calibration runs' measurements; an index build can have two regimes (below and above a step
 * in its cost per key: the sort no longer fits in memory, Firebird's {@code TempCacheLimit}).
 */
final class PowerLaw {
    /** Shortest time a measurement is fitted from (gbak's clock ticks in ms, each line truncates). */
    static final double FIT_MIN_SECONDS = 0.2;
    /**
     * An object fits its own exponent only when the longest of its sizes' median times is at least this long (a
     * median: one slow restore of a short object does not make it long).
     */
    static final double OWN_EXPONENT_MIN_SECONDS = 1.0;
    /** A jump in cost per key of at least this factor between two neighbouring sizes is a step. */
    static final double STEP_RATIO = 1.5;
    /** Exponents outside these are noise (a load under a busy machine), not a law a restore follows: clamped. */
    static final double MIN_EXPONENT = 0.8;

    static final double MAX_EXPONENT = 1.6;

    /** One measurement: rows n, the model's x of them, seconds t. */
    record Point(long n, double x, double t) {}

    /**
     * A step in an index build's cost per key.
     *
     * @param belowKeys the largest size measured below it, {@code aboveKeys} the smallest above
     * @param ratio     how much more a key costs above it
     * @param sortFiles seen in the sort files (the builds above it spilled, those below did not), else found in the
     *                  cost alone (a jump of {@link #STEP_RATIO} or more)
     */
    record Step(long belowKeys, long aboveKeys, double ratio, boolean sortFiles) {}

    /** The model's x of n rows: n for a load, n·ln n for a sort. */
    static double x(boolean sort, long n) {
        return sort ? n * Math.log(Math.max(n, 2)) : n;
    }

    /** The points above and below a step, or all points in one regime. */
    static List<List<Point>> regimes(List<Point> points, Step step) {
        if (step == null) {
            return List.of(points);
        }
        return List.of(
                points.stream().filter(p -> p.n() <= step.belowKeys()).toList(),
                points.stream().filter(p -> p.n() >= step.aboveKeys()).toList());
    }

    /**
     * A step between two neighbouring sizes where the cost per x of every larger measurement is at least
     * {@link #STEP_RATIO} times that of every smaller one; needs three sizes or more (with two, a step and a
     * steeper exponent look alike) and measurable times.
     */
    static Step findStep(List<Point> points) {
        List<Point> timed = points.stream()
                .filter(p -> p.t() >= FIT_MIN_SECONDS && p.n() > 0)
                .toList();
        List<Long> sizes = timed.stream().map(Point::n).distinct().sorted().toList();
        if (sizes.size() < 3) {
            return null;
        }
        Step best = null;
        for (int k = 0; k + 1 < sizes.size(); k++) {
            long below = sizes.get(k);
            double maxBelow = timed.stream()
                    .filter(p -> p.n() <= below)
                    .mapToDouble(p -> p.t() / p.x())
                    .max()
                    .orElseThrow();
            double minAbove = timed.stream()
                    .filter(p -> p.n() > below)
                    .mapToDouble(p -> p.t() / p.x())
                    .min()
                    .orElseThrow();
            double ratio = minAbove / maxBelow;
            if (ratio >= STEP_RATIO && (best == null || ratio > best.ratio())) {
                best = new Step(below, sizes.get(k + 1), ratio, false);
            }
        }
        return best;
    }

    /**
     * The step the calibration's sort files show: the index's sort spilled to files ({@code fb_sort_*}) at some
     * sizes and not at every smaller one; {@code null} unless both were seen and every size without a spill is below
     * every size with one. Its ratio is what was measured (the median cost per x above over that below), whatever
     * it is: where spill files stay in the page cache it is near 1, and the forecast above it still uses what the
     * spilled builds cost.
     */
    static Step spillStep(List<Point> points, Map<Long, Boolean> spilled) {
        long below = spilled.entrySet().stream()
                .filter(e -> !e.getValue() && e.getKey() > 0)
                .mapToLong(Map.Entry::getKey)
                .max()
                .orElse(-1);
        long above = spilled.entrySet().stream()
                .filter(Map.Entry::getValue)
                .mapToLong(Map.Entry::getKey)
                .min()
                .orElse(-1);
        if (below <= 0 || above <= below) {
            return null;
        }
        Double lo = medianCost(
                points.stream().filter(p -> p.n() > 0 && p.n() <= below).toList());
        Double hi = medianCost(points.stream().filter(p -> p.n() >= above).toList());
        return lo == null || hi == null || lo <= 0 ? null : new Step(below, above, hi / lo, true);
    }

    private static Double medianCost(List<Point> points) {
        return Spread.of(points.stream()
                        .filter(p -> p.x() > 0 && p.t() > 0)
                        .map(p -> p.t() / p.x())
                        .toList())
                .median();
    }

    /**
     * The median seconds of each size of a group: what decides whether a size is long enough to fit from and how much
     * it weighs. Deciding on each measurement's own time instead would keep only the slow restores of a size near the
     * threshold and drop its fast ones (a censored sample): the smaller sizes would read slow and the fitted exponent
     * low (measured: 0.74-0.86 instead of 1.07-1.27 from 25,000-100,000 rows, docs/dev/FORECAST.md).
     */
    static Map<Long, Double> sizeMedians(List<Point> group) {
        Map<Long, List<Double>> bySize = new TreeMap<>();
        group.forEach(p -> bySize.computeIfAbsent(p.n(), k -> new ArrayList<>()).add(p.t()));
        Map<Long, Double> out = new TreeMap<>();
        bySize.forEach((n, ts) -> out.put(n, Spread.of(ts).median()));
        return out;
    }

    /** Sums of the weighted, centred log-log products of one group: its share of a pooled slope. */
    record Moments(double sxy, double sxx) {
        /**
         * The points of the sizes whose median time is at least {@link #FIT_MIN_SECONDS}, each weighted by its size's
         * median (the long sizes count most, a slow restore no more than a fast one of its size).
         */
        static Moments of(List<Point> group) {
            Map<Long, Double> median = sizeMedians(group);
            List<Point> timed = group.stream()
                    .filter(p -> p.x() > 0 && p.t() > 0 && median.get(p.n()) >= FIT_MIN_SECONDS)
                    .toList();
            if (timed.stream().map(Point::n).distinct().count() < 2) {
                return new Moments(0, 0);
            }
            double w = 0;
            double mx = 0;
            double my = 0;
            for (Point p : timed) {
                double wp = median.get(p.n());
                w += wp;
                mx += wp * Math.log(p.x());
                my += wp * Math.log(p.t());
            }
            mx /= w;
            my /= w;
            double sxy = 0;
            double sxx = 0;
            for (Point p : timed) {
                double wp = median.get(p.n());
                double dx = Math.log(p.x()) - mx;
                sxy += wp * dx * (Math.log(p.t()) - my);
                sxx += wp * dx * dx;
            }
            return new Moments(sxy, sxx);
        }

        Moments plus(Moments o) {
            return new Moments(sxy + o.sxy, sxx + o.sxx);
        }

        /** The slope, clamped to a sane exponent; {@code null} when the group has fewer than two sizes. */
        Double slope() {
            return sxx <= 1e-9 ? null : Math.max(MIN_EXPONENT, Math.min(MAX_EXPONENT, sxy / sxx));
        }
    }

    /**
     * Whether a group can fit an exponent of its own: two sizes or more whose median time is long enough to fit
     * from, the longest median at least {@link #OWN_EXPONENT_MIN_SECONDS}, 1.5x apart.
     */
    static boolean ownExponent(List<Point> group) {
        Map<Long, Double> timed = new TreeMap<>(sizeMedians(group));
        timed.values().removeIf(t -> t < FIT_MIN_SECONDS);
        double longest =
                timed.values().stream().mapToDouble(Double::doubleValue).max().orElse(0);
        long minN = timed.keySet().stream().mapToLong(Long::longValue).min().orElse(0);
        long maxN = timed.keySet().stream().mapToLong(Long::longValue).max().orElse(0);
        return timed.size() >= 2 && longest >= OWN_EXPONENT_MIN_SECONDS && maxN >= 1.5 * minN;
    }

    /**
     * ln a for a given exponent: the mean of {@code ln t − β ln x} over the points of the sizes whose median time is
     * measurable, weighted by that median (the long sizes count most; see {@link #sizeMedians}), else the ratio of
     * the sums (every size too short to time, or zero).
     */
    static double lnCoefficient(List<Point> group, double beta) {
        Map<Long, Double> median = sizeMedians(group);
        List<Point> timed = group.stream()
                .filter(p -> p.x() > 0 && p.t() > 0 && median.get(p.n()) >= TableLoad.MIN_RATE_SECONDS)
                .toList();
        if (!timed.isEmpty()) {
            double w = 0;
            double s = 0;
            for (Point p : timed) {
                double wp = median.get(p.n());
                w += wp;
                s += wp * (Math.log(p.t()) - beta * Math.log(p.x()));
            }
            return s / w;
        }
        double st = group.stream().mapToDouble(Point::t).sum();
        double sx = group.stream()
                .filter(p -> p.x() > 0)
                .mapToDouble(p -> Math.pow(p.x(), beta))
                .sum();
        return st <= 0 || sx <= 0 ? Double.NEGATIVE_INFINITY : Math.log(st / sx);
    }

    /** The largest rows an object was measured at. */
    static long maxRows(List<Point> points) {
        return points.stream().map(Point::n).max(Comparator.naturalOrder()).orElse(0L);
    }

    /** Points with rows, in size order. */
    static List<Point> sorted(List<Point> points) {
        List<Point> copy = new ArrayList<>(points);
        copy.sort(Comparator.comparingLong(Point::n));
        return copy;
    }

    private PowerLaw() {}
}
