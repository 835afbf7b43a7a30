package dev.gbakprof.stats;

import dev.gbakprof.model.RestoreRun;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A scan of one gbak switch over numbers, as {@code matrix --vary 'gbak:-par 1,2,4,8'} labels its arms ("-par 4"):
 * each value's speed-up of the total against the baseline (the baseline's median total ÷ the value's, the basis of its
 * whisker too; the interval and verdict are the comparison's), the best one, and where the gain stops: the first value,
 * in order, within {@link #ENOUGH} of the best.
 *
 * <p>Crossed with power plans ({@code matrix --plans balanced,high-performance --vary 'gbak:-par 1,2,4'}, arms
 * "balanced -par 1" …) the points fall into one curve per plan, every speed-up against the one baseline (so the
 * plans' curves show the plan's gain too); "enough" is then the first value of the best point's curve within
 * {@link #ENOUGH} of the best.
 *
 * <p>A value gbak may run as another ({@link Used}) is placed where it ran, not at the number asked for: for {@code -par}
 * the parallel workers the engine used ({@link RestoreRun#parallelWorkersUsed()}, the top of the range when gbak's
 * "Wrong parallel workers value" warning reduced it: {@code -par 8} on a server with {@code MaxParallelWorkers = 1} is a
 * point at 1 worker); for {@code -p} the page size of the database gbak created ({@link RestoreRun#pageSize()}: gbak
 * rounds {@code -p 3000} up to 4096, a point at 4096).
 *
 * @param option   the switch, as the labels write it ({@code -par})
 * @param used     what gbak reports it ran for a value of this switch, {@code null} for a switch it runs as given
 * @param baseline the point every speed-up is against (speed-up 1)
 * @param points   every value, by where it is placed (workers used, or the value), then by the value asked for
 * @param best     the point with the highest known speed-up, {@code null} when none is known
 * @param enough   the first point (of the best's curve) within {@link #ENOUGH} of the best's speed-up, {@code null}
 *                 when none is known
 * @param curves   the power plans the values were crossed with, in order (a point's {@link Point#curve}); empty for a
 *                 scan of the switch alone
 */
public record Scan(
        String option, Used used, Point baseline, List<Point> points, Point best, Point enough, List<String> curves) {

    /** What gbak reports it ran for a value of a switch, where that may not be the value asked for. */
    public enum Used {
        /** {@code -par}: the parallel workers the engine used. */
        WORKERS,
        /** {@code -p}: the page size of the database gbak created. */
        PAGE_SIZE;

        /** {@code page-size}: the form texts and JSON carry. */
        public String code() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }

        /** The switch's kind, {@code null} for a switch gbak runs as given (as far as its log says). */
        static Used of(String option) {
            return parallel(option) ? WORKERS : pageSize(option) ? PAGE_SIZE : null;
        }

        /** What one run says it used, {@code null} when it does not say. */
        Integer of(RestoreRun run) {
            return this == WORKERS ? run.parallelWorkersUsed() : run.pageSize();
        }
    }

    /** A speed-up at least this share of the best one is "enough": more workers or buffers gain under 5 %. */
    public static final double ENOUGH = 0.95;

    /**
     * One value of the switch.
     *
     * @param label      the configuration ({@code -par 8})
     * @param value      the value asked for (8)
     * @param used       what gbak ran for it ({@link Scan#used}: workers, page size; the median of the runs that say),
     *                   {@code null} unknown or a switch gbak runs as given
     * @param x          where the point lies: {@code used} when known, else {@code value}
     * @param speedup    the baseline's median total ÷ this one's median total ({@code null} unknown; 1 for the
     *                   baseline): the basis of the whisker too, not the comparison's paired ratio (the geometric mean of
     *                   the rounds' ratios), which may differ a little
     * @param interval   the comparison's 95 % interval of its own speed-up (the verdict's test), {@code null} without a
     *                   test
     * @param verdict    the comparison's verdict, {@code null} for the baseline
     * @param curve      the power plan of the point ("balanced"), {@code null} for a scan of the switch alone
     * @param slowest    the speed-up of its slowest completed run (the baseline's median total ÷ that run's total):
     *                   the bottom of its whisker; {@code null} with fewer than 2 completed runs
     * @param fastest    the speed-up of its fastest completed run: the top of its whisker
     */
    public record Point(
            String label,
            long value,
            Integer used,
            double x,
            Double speedup,
            Interval interval,
            Verdict verdict,
            String curve,
            Double slowest,
            Double fastest) {

        /** Whether gbak ran this value as another: fewer workers, a page size rounded. */
        public boolean changed() {
            return used != null && used != value;
        }
    }

    /** "-par 4", or "balanced -par 4" as matrix labels a plan crossed with a value: plan, switch, value. */
    private static final Pattern LABEL = Pattern.compile("(?:(.+?) )?(-[A-Za-z_]+) (\\d{1,9})");

    /**
     * Whether these configuration labels are values of one gbak switch ("-par 1", "-par 4"), at least two, alone or
     * each after a power plan ("balanced -par 1", "high-performance -par 1"; every label then has one).
     */
    public static boolean labelled(List<String> labels) {
        if (labels.size() < 2) {
            return false;
        }
        String option = null;
        Boolean crossed = null;
        Set<Long> values = new HashSet<>();
        for (String l : labels) {
            Matcher m = LABEL.matcher(l.strip());
            if (!m.matches() || (option != null && !option.equalsIgnoreCase(m.group(2)))) {
                return false;
            }
            if (crossed != null && crossed != (m.group(1) != null)) {
                return false;
            }
            crossed = m.group(1) != null;
            option = m.group(2);
            values.add(Long.parseLong(m.group(3)));
        }
        return values.size() >= 2;
    }

    /**
     * The scan of the configurations, or {@code null} unless every configuration's label is one switch and a number
     * ({@code -par 4}), the same switch for all, and there are at least two of them.
     */
    static Scan of(List<RunGroup> groups, int baseline, List<Map<Measure, Comparison>> comparisons) {
        if (!labelled(groups.stream().map(RunGroup::label).toList())) {
            return null;
        }
        String option = null;
        List<Point> points = new ArrayList<>();
        List<String> curves = new ArrayList<>();
        Point base = null;
        Double baseMedian = groups.get(baseline).spread(Measure.TOTAL).median();
        for (int g = 0; g < groups.size(); g++) {
            Matcher m = LABEL.matcher(groups.get(g).label().strip());
            if (!m.matches()) {
                return null;
            }
            String curve = m.group(1);
            if (curve != null && !curves.contains(curve)) {
                curves.add(curve);
            }
            option = option == null ? m.group(2) : option;
            long value = Long.parseLong(m.group(3));
            Used kind = Used.of(option);
            Integer used = kind == null ? null : used(kind, groups.get(g).runs());
            Comparison c = g == baseline ? null : comparisons.get(g).get(Measure.TOTAL);
            Spread runs = groups.get(g).spread(Measure.TOTAL);
            // the point and its whisker on one basis: the baseline's median total ÷ this value's median, ÷ each run's
            Double speedup = baseMedian != null && baseMedian > 0 && runs.known() && runs.median() > 0
                    ? baseMedian / runs.median()
                    : null;
            boolean whisker = baseMedian != null && runs.n() >= 2 && runs.min() != null && runs.min() > 0;
            Point p = new Point(
                    groups.get(g).label(),
                    value,
                    used,
                    used != null ? used.doubleValue() : (double) value,
                    speedup,
                    c == null ? null : c.interval(),
                    c == null ? null : c.verdict(),
                    curve,
                    whisker ? baseMedian / runs.max() : null,
                    whisker ? baseMedian / runs.min() : null);
            points.add(p);
            if (g == baseline) {
                base = p;
            }
        }
        points.sort(Comparator.comparing((Point p) -> curves.indexOf(p.curve()))
                .thenComparingDouble(Point::x)
                .thenComparingLong(Point::value));
        Point best = points.stream()
                .filter(p -> p.speedup() != null)
                .max(Comparator.comparingDouble(Point::speedup))
                .orElse(null);
        Point enough = best == null
                ? null
                : points.stream()
                        .filter(p -> Objects.equals(p.curve(), best.curve()))
                        .filter(p -> p.speedup() != null && p.speedup() >= ENOUGH * best.speedup())
                        .findFirst()
                        .orElse(null);
        return new Scan(
                option,
                Used.of(option),
                Objects.requireNonNull(base),
                List.copyOf(points),
                best,
                enough,
                List.copyOf(curves));
    }

    /** The points of one curve ({@code null}: a scan of the switch alone), in order of where they lie. */
    public List<Point> curve(String name) {
        return points.stream().filter(p -> Objects.equals(p.curve(), name)).toList();
    }

    /** Whether the values are parallel workers (placed at the workers the engine used). */
    public boolean workers() {
        return used == Used.WORKERS;
    }

    /**
     * What every value ran as, when gbak ran them all the same although asked for different ones ({@code -p 4096} and
     * {@code -p 3000} both restore 4096-byte pages): then the configurations do not differ in this switch at all;
     * {@code null} when a value's runs do not say, or what ran differs.
     */
    public Integer sameUsed() {
        Set<Integer> ran = new HashSet<>();
        for (Point p : points) {
            if (p.used() == null) {
                return null;
            }
            ran.add(p.used());
        }
        return ran.size() == 1 ? ran.iterator().next() : null;
    }

    /** Whether every value lies at one place (gbak ran them all as one: {@link #sameUsed}): a point, not a curve. */
    public boolean flat() {
        return points.stream().map(Point::x).distinct().count() < 2;
    }

    /** gbak's parallel switch, as it takes it: {@code -par}, {@code -parallel} (any case, any abbreviation). */
    static boolean parallel(String option) {
        String o = option.toLowerCase(Locale.ROOT);
        return o.length() >= 4 && "-parallel".startsWith(o);
    }

    /** gbak's page size switch, as it takes it: {@code -p}, {@code -page_size} (any case, any abbreviation). */
    static boolean pageSize(String option) {
        String o = option.toLowerCase(Locale.ROOT);
        return o.length() >= 2 && "-page_size".startsWith(o);
    }

    /** The median of what the runs used, where they say; {@code null} when none does. */
    private static Integer used(Used kind, List<RestoreRun> runs) {
        int[] used = runs.stream()
                .map(kind::of)
                .filter(Objects::nonNull)
                .mapToInt(Integer::intValue)
                .sorted()
                .toArray();
        return used.length == 0 ? null : used[(used.length - 1) / 2];
    }

    /**
     * Whether the best value restores faster than the baseline beyond the run-to-run spread: its verdict is
     * {@link Verdict#FASTER} (a single run on a side has no verdict, and says so).
     */
    public boolean gainShown() {
        return best != null && best != baseline && best.verdict() == Verdict.FASTER;
    }
}
