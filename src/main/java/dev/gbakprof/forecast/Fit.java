package dev.gbakprof.forecast;

import dev.gbakprof.forecast.PowerLaw.Point;
import dev.gbakprof.forecast.PowerLaw.Step;
import java.util.List;

/**
 * One object's fitted law (per regime when it has a step).
 *
 * @param how        {@code fitted} or {@code pooled}
 * @param zero       its seconds at 0 rows ({@link Model#zeroRows})
 * @param zeroOwn    whether {@code zero} is its own measurement at 0 rows (else the calibration's other builds')
 * @param zeroBasis  how {@code zero} was found, in the words {@code estimate} prints
 */
record Fit(
        String name,
        String table,
        boolean sort,
        List<Point> points,
        Step step,
        double[] beta,
        double[] lnA,
        String how,
        double zero,
        boolean zeroOwn,
        String zeroBasis) {

    /**
     * Seconds at n rows; {@code null} when the object was never measured with rows (nothing to scale). At 0 rows
     * {@link #zero}; below its smallest measured size never under it, so that the forecast grows with the rows.
     */
    Double predict(long n) {
        if (n == 0) {
            return zero;
        }
        if (points.stream().noneMatch(p -> p.n() > 0)) {
            return null;
        }
        double t = law(n);
        return n < minRows() ? Math.max(t, zero) : t;
    }

    /**
     * The power law alone at n rows (n above 0). Above a step, never under the lower regime's time at the step's lower
     * size: a step measured with a ratio under 1 (spills that stayed in the page cache, noise) must not make more rows
     * forecast less time.
     */
    double law(long n) {
        if (step == null || n <= step.belowKeys()) {
            return regime(0, n);
        }
        // above the step, and between the sizes measured: the slower regime, the safer side
        return Math.max(regime(1, n), regime(0, step.belowKeys()));
    }

    private double regime(int r, long n) {
        return lnA[r] == Double.NEGATIVE_INFINITY ? 0.0 : Math.exp(lnA[r] + beta[r] * Math.log(PowerLaw.x(sort, n)));
    }

    /** Its smallest size measured with rows; {@link Long#MAX_VALUE} when none. */
    long minRows() {
        return points.stream().mapToLong(Point::n).filter(v -> v > 0).min().orElse(Long.MAX_VALUE);
    }

    /** Whether it was measured at 0 rows only: no law to scale. */
    boolean rowless() {
        return points.stream().noneMatch(p -> p.n() > 0);
    }

    /**
     * Whether it was timed with rows known, a law worth copying to an object never seen: a load, or a build of an
     * index whose table the log names (else its rows are only the most it may have sorted), of rows that gbak's
     * clock (1 ms) saw take time (a time of 0 gives no rate).
     */
    boolean timed() {
        return (!sort || table != null) && points.stream().anyMatch(p -> p.n() > 0 && p.t() >= Model.CLOCK_SECONDS);
    }

    long maxRows() {
        return PowerLaw.maxRows(points);
    }
}
