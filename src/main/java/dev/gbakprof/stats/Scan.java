package dev.gbakprof.stats;

import dev.gbakprof.model.RestoreRun;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A scan of one gbak switch over numbers, as {@code matrix --vary 'gbak:-par 1,2,4,8'} labels its arms ("-par 4"):
 * each value's speed-up of the total against the baseline (the comparison's own, with its interval and verdict), the
 * best one, and where the gain stops: the first value, in order, within {@link #ENOUGH} of the best.
 *
 * <p>For {@code -par} a value is placed at the parallel workers the engine used ({@link RestoreRun#parallelWorkersUsed()},
 * the top of the range when gbak's "Wrong parallel workers value" warning reduced it), not at the number asked for:
 * {@code -par 8} on a server with {@code MaxParallelWorkers = 1} is a point at 1 worker.
 *
 * @param option   the switch, as the labels write it ({@code -par})
 * @param workers  whether the values are parallel workers (placed at the workers used)
 * @param baseline the point every speed-up is against (speed-up 1)
 * @param points   every value, by where it is placed (workers used, or the value), then by the value asked for
 * @param best     the point with the highest known speed-up, {@code null} when none is known
 * @param enough   the first point within {@link #ENOUGH} of the best's speed-up, {@code null} when none is known
 */
public record Scan(String option, boolean workers, Point baseline, List<Point> points, Point best, Point enough) {

    /** A speed-up at least this share of the best one is "enough": more workers or buffers gain under 5 %. */
    public static final double ENOUGH = 0.95;

    /**
     * One value of the switch.
     *
     * @param label      the configuration ({@code -par 8})
     * @param value      the value asked for (8)
     * @param used       parallel workers the engine used (median of the runs that say; {@code null} unknown or not
     *                   {@code -par})
     * @param x          where the point lies: {@code used} when known, else {@code value}
     * @param speedup    baseline median total ÷ this one's ({@code null} unknown; 1 for the baseline)
     * @param interval   the speed-up's 95 % interval, {@code null} without a test
     * @param verdict    the comparison's verdict, {@code null} for the baseline
     */
    public record Point(
            String label, long value, Integer used, double x, Double speedup, Interval interval, Verdict verdict) {

        /** Whether the engine ran fewer workers than this value asked for. */
        public boolean reduced() {
            return used != null && used < value;
        }
    }

    private static final Pattern LABEL = Pattern.compile("(-[A-Za-z_]+) (\\d{1,9})");

    /** Whether these configuration labels are values of one gbak switch ("-par 1", "-par 4"), at least two. */
    public static boolean labelled(List<String> labels) {
        if (labels.size() < 2) {
            return false;
        }
        String option = null;
        for (String l : labels) {
            Matcher m = LABEL.matcher(l.strip());
            if (!m.matches() || (option != null && !option.equalsIgnoreCase(m.group(1)))) {
                return false;
            }
            option = m.group(1);
        }
        return true;
    }

    /**
     * The scan of the configurations, or {@code null} unless every configuration's label is one switch and a number
     * ({@code -par 4}), the same switch for all, and there are at least two of them.
     */
    static Scan of(List<RunGroup> groups, int baseline, List<java.util.Map<Measure, Comparison>> comparisons) {
        if (!labelled(groups.stream().map(RunGroup::label).toList())) {
            return null;
        }
        String option = null;
        List<Point> points = new ArrayList<>();
        Point base = null;
        for (int g = 0; g < groups.size(); g++) {
            Matcher m = LABEL.matcher(groups.get(g).label().strip());
            if (!m.matches()) {
                return null;
            }
            option = option == null ? m.group(1) : option;
            long value = Long.parseLong(m.group(2));
            boolean par = parallel(option);
            Integer used = par ? workersUsed(groups.get(g).runs()) : null;
            Comparison c = g == baseline ? null : comparisons.get(g).get(Measure.TOTAL);
            Double speedup = g == baseline
                    ? (groups.get(g).spread(Measure.TOTAL).known() ? 1.0 : null)
                    : c == null ? null : c.speedup();
            Point p = new Point(
                    groups.get(g).label(),
                    value,
                    used,
                    used != null ? used.doubleValue() : (double) value,
                    speedup,
                    c == null ? null : c.interval(),
                    c == null ? null : c.verdict());
            points.add(p);
            if (g == baseline) {
                base = p;
            }
        }
        points.sort(Comparator.comparingDouble(Point::x).thenComparingLong(Point::value));
        Point best = points.stream()
                .filter(p -> p.speedup() != null)
                .max(Comparator.comparingDouble(Point::speedup))
                .orElse(null);
        Point enough = best == null
                ? null
                : points.stream()
                        .filter(p -> p.speedup() != null && p.speedup() >= ENOUGH * best.speedup())
                        .findFirst()
                        .orElse(null);
        return new Scan(option, parallel(option), Objects.requireNonNull(base), List.copyOf(points), best, enough);
    }

    /** gbak's parallel switch, as it takes it: {@code -par}, {@code -parallel} (any case, any abbreviation). */
    static boolean parallel(String option) {
        String o = option.toLowerCase(Locale.ROOT);
        return o.length() >= 4 && "-parallel".startsWith(o);
    }

    /** The median of the workers the runs used, where they say (Firebird 5+); {@code null} when none does. */
    private static Integer workersUsed(List<RestoreRun> runs) {
        int[] used = runs.stream()
                .map(RestoreRun::parallelWorkersUsed)
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
