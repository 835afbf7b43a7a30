package dev.gbakprof.forecast;

import dev.gbakprof.model.Rounding;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A forecast restore time ({@code "schema": "gbakprof.estimate/1"}): the total with its range, each phase,
 * each object (table load, index build) and everything it assumed. Field names are a contract.
 *
 * @param target      where the target's sizes came from, its tables and rows
 * @param calibration the runs the model was fitted from
 * @param total       forecast seconds and the range around them
 * @param measured    how much of the forecast the calibration measured and how much was estimated from other objects
 * @param range       how the range was computed
 * @param phases      the five phases, in gbak's order
 * @param objects     every table load and index build, slowest first
 * @param rto         the verdict against a recovery-time objective, {@code null} without {@code --rto}
 * @param dominates   the phase and the object that take the largest share
 * @param assumptions what the forecast takes for granted, one sentence each
 * @param caveats     what the forecast cannot vouch for, said before it (also the first assumptions): a target that
 *                    shares no table with the calibration, calibration restores of another Firebird version
 *                    ({@code --across-versions}); empty when none
 */
public record Estimate(
        String schema,
        TargetInfo target,
        List<CalibrationRun> calibration,
        Total total,
        Measured measured,
        Range range,
        List<PhaseForecast> phases,
        List<ObjectForecast> objects,
        Rto rto,
        Dominant dominates,
        List<String> assumptions,
        List<String> caveats) {
    public static final String SCHEMA = "gbakprof.estimate/1";

    public Estimate {
        calibration = List.copyOf(calibration);
        phases = List.copyOf(phases);
        objects = List.copyOf(objects);
        assumptions = List.copyOf(assumptions);
        caveats = List.copyOf(caveats);
    }

    /**
     * This forecast with {@code caveat} before its other caveats and assumptions (what the command knows beyond the
     * model).
     */
    public Estimate withCaveat(String caveat) {
        List<String> all = new ArrayList<>();
        all.add(caveat);
        all.addAll(assumptions);
        List<String> said = new ArrayList<>();
        said.add(caveat);
        said.addAll(caveats);
        return new Estimate(
                schema, target, calibration, total, measured, range, phases, objects, rto, dominates, all, said);
    }

    /** This forecast with {@code assumption} after its other assumptions (what the command knows beyond the model). */
    public Estimate withAssumption(String assumption) {
        List<String> all = new ArrayList<>(assumptions);
        all.add(assumption);
        return new Estimate(
                schema, target, calibration, total, measured, range, phases, objects, rto, dominates, all, caveats);
    }

    /** @param scale the target's rows against the largest calibration run's */
    public record TargetInfo(String source, int tables, long rows, double scale) {}

    /** A calibration run as the model used it. */
    public record CalibrationRun(String label, String source, String via, long rows, double totalSeconds) {}

    /** Forecast seconds with the low and high end of the range. */
    public record Total(double seconds, double low, double high) {}

    /**
     * The objects (table loads, index builds) of the forecast: those the calibration measured (their own law) and
     * those estimated from another object ({@code fitted} {@code nearest}), with the estimated ones' seconds and
     * share of the total.
     */
    public record Measured(int objects, int estimatedObjects, double estimatedSeconds, double estimatedShare) {}

    /**
     * How wide the range is and why: {@code low = seconds × e^-combined}, {@code high = seconds × e^combined}.
     *
     * @param runToRun         σ·√(1 + 1/m): one restore's noise and the forecast level's, m the restores of the
     *                         calibration size nearest the target (a fraction of ln seconds, 0.05 = 5 %)
     * @param runToRunBasis    where it comes from
     * @param extrapolation    the extrapolation error at this target's distance from the calibration
     * @param perLnScale       extrapolation error per unit of ln(scale), measured or assumed
     * @param extrapolationBasis where that rate comes from
     * @param distance         |ln(target rows / nearest calibration rows)|
     * @param combined         √((quantile · runToRun)² + extrapolation² + estimated²)
     * @param noise            σ, one restore's run-to-run noise (sd of ln seconds), measured or assumed
     * @param degreesOfFreedom σ's degrees of freedom (0: assumed)
     * @param level            how likely one restore of the target falls inside the range (0.80)
     * @param quantile         Student's t quantile of that level at those degrees of freedom (normal when assumed)
     * @param floorPerLnScale  the least {@code perLnScale} can be: the exponents' remaining uncertainty, and never
     *                         below the error measured between runs that one calibration's restores cannot show
     * @param floorBasis       which of the two it is and where it comes from
     * @param lowPercent       the low end against the forecast, in percent ({@code (e^-combined − 1) × 100}: −60.4
     *                         for a combined 0.9255); {@code combined} is a half-width in ln seconds, not a percentage
     * @param highPercent      the high end against the forecast, in percent ({@code (e^combined − 1) × 100}: +152.3)
     * @param coverageMeasuredUpTo how far from the nearest calibration size (× its rows) the range's {@code level} was
     *                         measured on real restores (4.0)
     * @param beyondMeasured   the target is farther than that: its range is a guess, its {@code level} not measured
     * @param estimated        the part of {@code combined} for the objects estimated from others: {@code ln(1 +
     *                         Σ share·(e^(z·c) − 1))} over tables and indexes, c how far such an estimate missed on real
     *                         restores (sd of ln seconds), z the normal quantile of {@code level}
     * @param estimatedBasis   where it comes from
     * @param guesses          why the range is a guess, each in words: its {@code level} was never measured for such a
     *                         forecast (a target beyond {@code coverageMeasuredUpTo}, a run-to-run noise assumed, a target
     *                         that shares no table with the calibration); empty when it was
     */
    public record Range(
            double runToRun,
            String runToRunBasis,
            double extrapolation,
            double perLnScale,
            String extrapolationBasis,
            double distance,
            double combined,
            double noise,
            int degreesOfFreedom,
            double level,
            double quantile,
            double floorPerLnScale,
            String floorBasis,
            double lowPercent,
            double highPercent,
            double coverageMeasuredUpTo,
            boolean beyondMeasured,
            double estimated,
            String estimatedBasis,
            List<String> guesses) {
        public Range {
            guesses = List.copyOf(guesses);
        }

        /** This range with one more reason it is a guess. */
        Range withGuess(String why) {
            List<String> all = new ArrayList<>(guesses);
            all.add(why);
            return new Range(
                    runToRun,
                    runToRunBasis,
                    extrapolation,
                    perLnScale,
                    extrapolationBasis,
                    distance,
                    combined,
                    noise,
                    degreesOfFreedom,
                    level,
                    quantile,
                    floorPerLnScale,
                    floorBasis,
                    lowPercent,
                    highPercent,
                    coverageMeasuredUpTo,
                    beyondMeasured,
                    estimated,
                    estimatedBasis,
                    all);
        }
    }

    /** @param share fraction of the total */
    public record PhaseForecast(String name, double seconds, double share, String basis) {}

    /**
     * One table load or index build.
     *
     * @param kind     {@code table} or {@code index}
     * @param table    the index's table ({@code null} for a table, or when unknown)
     * @param rows     the target's rows of the table (an index: of its table)
     * @param exponent the exponent of the power law used (of rows for a table, of n·ln n for an index)
     * @param basis    how the time was found, in words
     * @param fitted   {@code fitted} (this object, several sizes), {@code pooled} (its own coefficient, the exponent
     *                 of all objects of its kind), {@code nearest} (never calibrated: from the nearest kind)
     */
    public record ObjectForecast(
            String kind,
            String name,
            String table,
            long rows,
            double seconds,
            double exponent,
            String fitted,
            String basis) {}

    /**
     * @param verdict {@code fits with margin}, {@code at risk} or {@code does not fit}
     * @param how     how sure, in words
     */
    public record Rto(double seconds, String verdict, String how) {
        /** Margin below the window that "fits with margin" asks of the high end of the range. */
        static final double MARGIN = 0.10;

        /** The verdict of the window {@code rto} (seconds), {@code guess} when no table is shared (said after it). */
        static Rto of(Total total, double rto, boolean guess) {
            Rto verdict = of(total, rto);
            return guess
                    ? new Rto(
                            verdict.seconds(),
                            verdict.verdict(),
                            verdict.how() + "; a guess: the target shares no table with the calibration")
                    : verdict;
        }

        /** The verdict of the window {@code rto} (seconds) on the forecast {@code total} and its range. */
        static Rto of(Total total, double rto) {
            if (total.seconds() > rto) {
                return new Rto(
                        rto,
                        "does not fit",
                        total.low() > rto
                                ? "even the low end of the range is over the window"
                                : "the forecast is over the window; only the low end of the range fits");
            }
            if (total.high() <= rto * (1 - MARGIN)) {
                return new Rto(
                        rto,
                        "fits with margin",
                        String.format(
                                Locale.ROOT,
                                "even the high end of the range leaves %.0f %% of the window",
                                Rounding.percent(1 - total.high() / rto, 0)));
            }
            return new Rto(
                    rto,
                    "at risk",
                    total.high() > rto
                            ? "the forecast fits, the high end of the range does not"
                            : String.format(
                                    Locale.ROOT,
                                    "the high end of the range leaves under %.0f %% of the window",
                                    Rounding.percent(MARGIN, 0)));
        }
    }

    /** @param phaseShare and objectShare: fractions of the total */
    public record Dominant(String phase, double phaseShare, String object, double objectShare) {}
}
