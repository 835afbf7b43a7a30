package dev.gbakprof.forecast;

import dev.gbakprof.model.Phase;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.Rounding;
import dev.gbakprof.stats.Spread;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * Forecasts a restore from calibration runs ({@link Model}) and says how far to trust it: the range combines
 * the run-to-run spread of the calibration with an extrapolation error that grows with the distance (in
 * ln of total rows) from the nearest calibration size.
 */
public final class Forecaster {
    /** How likely one restore of the target is to fall inside the range: an 80 % prediction interval. */
    static final double LEVEL = 0.80;
    /**
     * How far from the nearest calibration size (× its rows) the range's coverage was measured on real restores: the
     * targets of docs/dev/FORECAST.md's coverage table are 2× and 4× the largest calibration restore. Farther out the
     * range is the same formula, but nobody checked how often a restore falls inside it.
     */
    static final double COVERAGE_MEASURED_UP_TO = 4.0;
    /** A target whose bytes per row differ from the calibration's by more than this has its data phase scaled. */
    static final double WIDTH_TOLERANCE = 0.10;
    /**
     * The extrapolation error per unit of ln(scale) that a calibration cannot see in its own restores (the half-width
     * of an 80 % range): ForecastAccuracyTest's 4x forecast (25,000, 50,000 and 100,000 ORDERS rows, 3-5 restores
     * each, to 400,000, ln(scale) 1.38) in 11 runs with the model of today, on clean clones and in the suite, missed
     * the target's median by -20.2 % to +21.7 % (root mean square 13.3 % of ln seconds); each run's own noise explains
     * 8.4 % of it (√(2σ²/m): the target's median and the forecast's level), which leaves 10.3 % (sd) at ln 3.98, 0.074
     * per ln(scale), × 1.28 for 80 %: 0.095. Within one run the restores of a size agree (σ 4.9 % in the run that
     * missed by +21.7 %, its range ±9.9 %), between runs the sizes grow differently (the target over the 100,000-row
     * restores 3.46x to 4.11x): the held-out size of one calibration measures its own run only (docs/dev/FORECAST.md).
     */
    static final double BETWEEN_RUNS_PER_LN = 0.095;
    /** Where {@link #BETWEEN_RUNS_PER_LN} comes from, in the words {@code estimate} prints. */
    static final String BETWEEN_RUNS_BASIS = "the error between runs that one calibration's restores cannot show: "
            + "ForecastAccuracyTest's 4× forecasts from three sizes in 11 runs missed by −20.2 % to +21.7 %, 0.095 per "
            + "ln(scale) beyond their own noise for 80 % (docs/dev/FORECAST.md)";

    private Forecaster() {}

    /** The completed calibration run with the most rows: what {@code --scale} and {@code --rows} start from. */
    public static RestoreRun reference(List<RestoreRun> calibration) {
        return Calibration.usable(calibration, new ArrayList<>()).stream()
                .max(Comparator.comparingLong(Model::totalRows))
                .orElseThrow();
    }

    /**
     * The forecast of {@code target} from {@code calibration}.
     *
     * @param rtoSeconds the recovery-time objective, {@code null} for none
     */
    public static Estimate forecast(List<RestoreRun> calibration, Target target, Double rtoSeconds) {
        List<String> assumptions = new ArrayList<>();
        List<RestoreRun> runs = Calibration.usable(calibration, assumptions);
        Model model = new Model(runs);
        Outcome o = outcome(model, target);

        long targetRows = target.totalRows();
        long largest = runs.stream().mapToLong(Model::totalRows).max().orElse(0);
        double distance = runs.stream()
                .mapToLong(Model::totalRows)
                .filter(n -> n > 0)
                .mapToDouble(n -> Math.abs(Math.log(Math.max(targetRows, 1) / (double) n)))
                .min()
                .orElse(0);
        double t = o.total();
        Estimate.Range range = range(runs, model, distance, targetRows, o.predictions(), t);
        String unshared = EstimatedShare.sharesNoTable(runs, target);
        if (unshared != null) {
            range = range.withGuess("every table load and index build is estimated from another table's (the target"
                    + " shares no table with the calibration)");
        }
        Estimate.Total total = new Estimate.Total(
                round(t), round(t * Math.exp(-range.combined())), round(t * Math.exp(range.combined())));

        List<Estimate.PhaseForecast> phases = new ArrayList<>();
        o.phases()
                .forEach((name, s) -> phases.add(new Estimate.PhaseForecast(
                        name, round(s), t > 0 ? share(s / t) : 0, o.phaseBasis().get(name))));
        List<Estimate.ObjectForecast> objects = o.predictions().stream()
                .sorted(Comparator.comparingDouble(Estimate.ObjectForecast::seconds)
                        .reversed())
                .map(p -> new Estimate.ObjectForecast(
                        p.kind(),
                        p.name(),
                        p.table(),
                        p.rows(),
                        round(p.seconds()),
                        Math.round(p.exponent() * 1000) / 1000.0,
                        p.fitted(),
                        p.basis()))
                .toList();

        assumptions.addAll(o.notes());
        assumptions.addAll(modelNotes(model, runs, target, o));
        List<String> caveats = unshared == null ? List.of() : List.of(unshared);
        assumptions.addAll(0, caveats);
        Estimate.PhaseForecast top = phases.stream()
                .max(Comparator.comparingDouble(Estimate.PhaseForecast::seconds))
                .orElseThrow();
        // no object when none takes time (a target of empty tables): "the slowest object is X, 0 %" said nothing
        Estimate.ObjectForecast slowest = objects.isEmpty() || objects.get(0).seconds() <= 0 ? null : objects.get(0);
        Estimate.Dominant dominates = new Estimate.Dominant(
                top.name(),
                top.share(),
                slowest == null ? null : slowest.name(),
                slowest == null || t <= 0 ? 0 : share(slowest.seconds() / t));
        Estimate.TargetInfo info = new Estimate.TargetInfo(
                target.source(),
                target.rows().size(),
                targetRows,
                largest > 0 ? scale(targetRows / (double) largest) : 0);
        List<Estimate.CalibrationRun> cal = runs.stream()
                .map(r -> new Estimate.CalibrationRun(
                        r.label(),
                        r.source(),
                        r.via() == null ? null : r.via().toString(),
                        Model.totalRows(r),
                        r.totalSeconds()))
                .toList();
        return new Estimate(
                Estimate.SCHEMA,
                info,
                cal,
                total,
                EstimatedShare.measured(o.predictions(), t),
                range,
                phases,
                objects,
                rtoSeconds == null ? null : Estimate.Rto.of(total, rtoSeconds, unshared != null),
                dominates,
                assumptions,
                caveats);
    }

    /** The forecast total and phases of one target under one model. */
    record Outcome(
            Map<String, Double> phases,
            Map<String, String> phaseBasis,
            List<Estimate.ObjectForecast> predictions,
            List<String> notes) {
        double total() {
            return phases.values().stream().mapToDouble(Double::doubleValue).sum();
        }
    }

    static Outcome outcome(Model model, Target target) {
        List<String> notes = new ArrayList<>();
        List<Estimate.ObjectForecast> predictions = model.predict(target);
        double width = 1;
        if (model.bytesPerRow != null && target.backupBytes() != null && target.totalRows() > 0) {
            double ratio = target.backupBytes() / (double) target.totalRows() / model.bytesPerRow;
            if (Math.abs(ratio - 1) > WIDTH_TOLERANCE) {
                width = ratio;
                notes.add(String.format(
                        Locale.ROOT,
                        "the target's backup holds %.2f× the bytes per row of the calibration's "
                                + "(%.0f against %.0f): its table loads are scaled by %.2f (a load taken as proportional to the bytes it reads)",
                        ratio,
                        target.backupBytes() / (double) target.totalRows(),
                        model.bytesPerRow,
                        ratio));
            }
        }
        double loads = 0;
        double builds = 0;
        for (Estimate.ObjectForecast p : predictions) {
            if (p.kind().equals("table")) {
                loads += p.seconds() * width;
            } else {
                builds += p.seconds();
            }
        }
        if (Double.compare(width, 1.0) != 0) {
            double w = width;
            predictions = predictions.stream()
                    .map(p -> p.kind().equals("table")
                            ? new Estimate.ObjectForecast(
                                    p.kind(),
                                    p.name(),
                                    p.table(),
                                    p.rows(),
                                    p.seconds() * w,
                                    p.exponent(),
                                    p.fitted(),
                                    p.basis() + String.format(Locale.ROOT, "; ×%.2f for the wider rows", w))
                            : p)
                    .toList();
        }
        int n = model.runs.size();
        String measured = "as measured (median of " + n + " run" + (n == 1 ? "" : "s") + ")";
        Map<String, Double> phases = new LinkedHashMap<>();
        Map<String, String> basis = new LinkedHashMap<>();
        phases.put(Phase.SETUP.label(), model.setup);
        basis.put(Phase.SETUP.label(), measured);
        phases.put(Phase.METADATA.label(), model.metadata);
        basis.put(Phase.METADATA.label(), measured);
        phases.put(Phase.DATA.label(), loads + model.dataBetween);
        basis.put(
                Phase.DATA.label(),
                "the table loads forecast, plus " + round(model.dataBetween) + " s between them " + measured);
        phases.put(Phase.INDEXES.label(), builds + model.indexesBetween);
        basis.put(
                Phase.INDEXES.label(),
                "the index builds forecast, plus " + round(model.indexesBetween) + " s of commits between them "
                        + measured);
        phases.put(Phase.FINISH.label(), model.finish);
        basis.put(Phase.FINISH.label(), measured);
        return new Outcome(phases, basis, predictions, notes);
    }

    /**
     * The range, a prediction interval of {@link #LEVEL} for one restore of the target: {@code forecast × e^±r} with
     * {@code r = √((q·σ·√(1 + 1/m))² + e²)}. σ is the run-to-run noise of one restore (sd of ln seconds, pooled over the
     * calibration sizes restored more than once, with its degrees of freedom; {@link Model#noise}); the target's
     * restore varies by σ and the forecast's level, from the m restores of the calibration size nearest the target,
     * by about σ/√m. e, the extrapolation error, is a rate per ln of the scale (measured by forecasting the largest
     * calibration size from the smaller ones, never below the exponents' remaining uncertainty) times the target's
     * distance from the nearest calibration size, added as it is (a measured miss, or the exponents' remaining
     * uncertainty: multiplied by q too, a 90 % range held 96-100 % of the real restores). q is Student's t
     * quantile for {@link #LEVEL} at σ's degrees of freedom (the normal one when σ is assumed).
     */
    static Estimate.Range range(
            List<RestoreRun> runs,
            Model model,
            double distance,
            long targetRows,
            List<Estimate.ObjectForecast> predictions,
            double total) {
        Map<Map<String, Long>, List<Double>> bySize = new LinkedHashMap<>();
        runs.forEach(r ->
                bySize.computeIfAbsent(Model.rowsOf(r), k -> new ArrayList<>()).add(r.totalSeconds()));
        double sigma = model.noise;
        int dof = model.noiseDof;
        double q = dof > 0
                ? new TDistribution(dof).inverseCumulativeProbability(1 - (1 - LEVEL) / 2)
                : new NormalDistribution().inverseCumulativeProbability(1 - (1 - LEVEL) / 2);
        // the restores of the calibration size nearest the target: how well the forecast's level is pinned
        long nearest = runs.stream()
                .mapToLong(Model::totalRows)
                .boxed()
                .min(Comparator.comparingDouble(
                        n -> Math.abs(Math.log(Math.max(targetRows, 1) / (double) Math.max(n, 1)))))
                .orElse(0L);
        int m = (int) Math.max(
                1, runs.stream().filter(r -> Model.totalRows(r) == nearest).count());
        double spread = sigma * Math.sqrt(1 + 1.0 / m);
        long repeated = bySize.values().stream().filter(t -> t.size() >= 2).count();
        String sigmaHow = model.noiseHow > 0
                ? String.format(
                        Locale.ROOT,
                        "measured: one restore's noise σ = %.1f %% (sd of ln seconds, pooled over the %d size%s "
                                + "restored more than once, %s)",
                        Rounding.percent(sigma, 1),
                        repeated,
                        repeated == 1 ? "" : "s",
                        RunToRunNoise.degrees(dof))
                : model.noiseHow < 0
                        ? String.format(
                                Locale.ROOT,
                                "measured: one restore's noise σ = %.1f %% (the scatter of the totals around a power law "
                                        + "of their rows, %s)",
                                Rounding.percent(sigma, 1),
                                RunToRunNoise.degrees(dof))
                        : String.format(
                                Locale.ROOT,
                                "not measured (no size restored twice): one restore's noise σ assumed %.1f %%, typical"
                                        + " of restores on a shared machine (%s; restore a size twice or more to"
                                        + " measure yours)",
                                Rounding.percent(sigma, 1),
                                RunToRunNoise.ASSUMED_NOISE_BASIS);
        String spreadBasis = String.format(
                Locale.ROOT,
                "%s; the forecast's level from the m = %d restore%s of the calibration size nearest the target: "
                        + "σ·√(1 + 1/m) = %.1f %%",
                sigmaHow,
                m,
                m == 1 ? "" : "s",
                Rounding.percent(spread, 1));

        List<Long> sizes = bySize.keySet().stream()
                .map(rows -> rows.values().stream().mapToLong(Long::longValue).sum())
                .distinct()
                .sorted()
                .toList();
        // the floor: the uncertainty left in the exponents (their prior's 0.10 with one size, less the more
        // precisely the calibration's sizes and repeats measured them), an error in β being an error of β per
        // ln(scale);
        // and never below the error between runs that no calibration sees in its own restores
        double exponentFloor = model.exponentSd;
        boolean betweenRuns = BETWEEN_RUNS_PER_LN > exponentFloor;
        double floor = Math.max(exponentFloor, BETWEEN_RUNS_PER_LN);
        // the two candidates in as many digits as tell them apart (0.0953 and 0.0950, not 0.095 and 0.095)
        String digits = String.format(Locale.ROOT, "%.3f", exponentFloor)
                        .equals(String.format(Locale.ROOT, "%.3f", BETWEEN_RUNS_PER_LN))
                ? "%.4f"
                : "%.3f";
        String floorBasis = betweenRuns
                ? String.format(
                        Locale.ROOT,
                        "%s; above the exponents' remaining uncertainty, " + digits,
                        BETWEEN_RUNS_BASIS,
                        exponentFloor)
                : String.format(
                        Locale.ROOT,
                        "the exponents' remaining uncertainty, " + digits + "%s; above the error between runs, "
                                + digits,
                        exponentFloor,
                        sizes.size() < 2 ? " (their prior spread: one calibration size cannot measure it)" : "",
                        BETWEEN_RUNS_PER_LN);
        double perLn = floor;
        String extrapolationBasis = String.format(
                Locale.ROOT,
                "assumed %.3f per unit of ln(scale): how far a restore's exponent is from 1 "
                        + "(one calibration size cannot measure it)",
                floor);
        if (sizes.size() >= 2 && sizes.get(sizes.size() - 1) > 0) {
            long top = sizes.get(sizes.size() - 1);
            long below = sizes.get(sizes.size() - 2);
            List<RestoreRun> smaller =
                    runs.stream().filter(r -> Model.totalRows(r) < top).toList();
            List<RestoreRun> largest =
                    runs.stream().filter(r -> Model.totalRows(r) == top).toList();
            Model held = new Model(smaller);
            double predicted =
                    outcome(held, Target.of(largest.get(0), "largest")).total();
            double actual = Spread.of(
                            largest.stream().map(RestoreRun::totalSeconds).toList())
                    .median();
            double d = Math.log(top / (double) Math.max(below, 1));
            if (predicted > 0 && d > 0) {
                double err = Math.abs(Math.log(actual / predicted));
                // the miss holds the run-to-run noise of the two levels compared (the largest size's restores and the
                // next size's, which sets the held-out forecast's level), already in the range's run-to-run part:
                // only what it leaves is the extrapolation's (counted twice, it made 4x ranges of ±55 %)
                long mTop = largest.size();
                long mBelow = Math.max(
                        1,
                        runs.stream().filter(r -> Model.totalRows(r) == below).count());
                double noiseVar = dof > 0 ? sigma * sigma * (1.0 / mTop + 1.0 / mBelow) : 0;
                double rate = Math.sqrt(Math.max(0, err * err - noiseVar)) / d;
                perLn = Math.max(rate, floor);
                extrapolationBasis = String.format(
                        Locale.ROOT,
                        "measured: the largest calibration size (%s rows, %s s) "
                                + "forecast from the smaller ones: %s s, %+.1f %% at %.2f×%s (%.3f per ln(scale))%s",
                        Model.fmt(top),
                        round(actual),
                        round(predicted),
                        Rounding.percent(predicted / actual - 1, 1),
                        top / (double) below,
                        noiseVar > 0
                                ? String.format(
                                        Locale.ROOT,
                                        ", of which the noise of %d and %d restores explains ±%.1f %%",
                                        mTop,
                                        mBelow,
                                        Rounding.percent(Math.sqrt(noiseVar), 1))
                                : "",
                        rate,
                        rate < floor
                                ? String.format(
                                        Locale.ROOT,
                                        "; the floor %.3f applies (%s)",
                                        floor,
                                        betweenRuns ? "the error between runs" : "the exponents' remaining uncertainty")
                                : "");
            }
        }
        double extrapolation = perLn * distance;
        double estimated = EstimatedShare.widening(predictions, total);
        String estimatedBasis = EstimatedShare.basis(predictions, total);
        double combined =
                share(Math.sqrt(q * q * spread * spread + extrapolation * extrapolation + estimated * estimated));
        boolean beyond = distance > Math.log(COVERAGE_MEASURED_UP_TO) + 1e-9;
        List<String> guesses = new ArrayList<>();
        if (beyond) {
            long largest = runs.stream().mapToLong(Model::totalRows).max().orElse(0);
            guesses.add(String.format(
                    Locale.ROOT,
                    "its %.0f %% was measured only up to %.0f× the nearest calibration run's rows, %s",
                    Rounding.percent(LEVEL, 0),
                    COVERAGE_MEASURED_UP_TO,
                    distance(distance, largest > 0 ? targetRows / (double) largest : 0)));
        }
        if (model.noiseHow == 0) {
            guesses.add(String.format(
                    Locale.ROOT,
                    "one restore's run-to-run noise is not measured (no calibration size restored twice), σ assumed"
                            + " %.0f %%: how often a restore falls inside such a range was never measured",
                    Rounding.percent(sigma, 0)));
        }
        return new Estimate.Range(
                share(spread),
                spreadBasis,
                share(extrapolation),
                Math.round(perLn * 1000) / 1000.0,
                extrapolationBasis,
                Math.round(distance * 1000) / 1000.0,
                combined,
                share(sigma),
                dof,
                LEVEL,
                Math.round(q * 1000) / 1000.0,
                Math.round(floor * 1000) / 1000.0,
                floorBasis,
                Math.round((Math.exp(-combined) - 1) * 1000) / 10.0,
                Math.round((Math.exp(combined) - 1) * 1000) / 10.0,
                COVERAGE_MEASURED_UP_TO,
                beyond,
                share(estimated),
                estimatedBasis,
                guesses);
    }

    /** How far from the nearest calibration run: {@code at 10,000×} (above it, the scale), {@code a factor of 50 away}. */
    private static String distance(double lnDistance, double scale) {
        double times = scale >= 1 ? scale : Math.exp(lnDistance);
        String n = times >= 10 ? String.format(Locale.ROOT, "%,.0f", times) : String.format(Locale.ROOT, "%.1f", times);
        return scale >= 1 ? "at " + n + "×" : "a factor of " + n + " away";
    }

    private static List<String> modelNotes(Model model, List<RestoreRun> runs, Target target, Outcome o) {
        List<String> notes = new ArrayList<>();
        long sizes = runs.stream().map(Model::rowsOf).distinct().count();
        notes.add(String.format(
                Locale.ROOT,
                "calibration: %d restore%s of %d size%s",
                runs.size(),
                runs.size() == 1 ? "" : "s",
                sizes,
                sizes == 1 ? "" : "s"));
        notes.add(exponentNote("table loads", "time ∝ rows^β", model.tableExponent, model.tableExponentFitted, model));
        notes.add(exponentNote(
                "index builds (a sort of their table's n rows)",
                "time ∝ (n·ln n)^β",
                model.indexExponent,
                model.indexExponentFitted,
                model));
        if (sizes == 1 && o.predictions().stream().anyMatch(p -> p.rows() > 0)) {
            notes.add(
                    "one calibration size: its rows/s and sort cost per key carried to the target (β = 1); measured on "
                            + "real restores, such 4× forecasts missed by −11.7 % to +17.1 % (7 pairs, gbak's CPU clock, "
                            + "docs/dev/BENCHMARKS.md), from three sizes −13.0 % to +11.2 % (7 forecasts): calibrate from two sizes or more");
        }
        notes.add("setup, metadata and finish as measured: they do not grow with the rows");
        List<Fit> stepped =
                model.indexes.values().stream().filter(f -> f.step() != null).toList();
        long maxKeys =
                model.indexes.values().stream().mapToLong(Fit::maxRows).max().orElse(0);
        long targetKeys = o.predictions().stream()
                .filter(p -> p.kind().equals("index"))
                .mapToLong(Estimate.ObjectForecast::rows)
                .max()
                .orElse(0);
        List<String> alwaysSpilled = model.spilled.entrySet().stream()
                .filter(e -> !e.getValue().isEmpty()
                        && e.getValue().values().stream().allMatch(b -> b))
                .map(Map.Entry::getKey)
                .toList();
        if (!stepped.isEmpty()) {
            notes.add("a step in the cost per key (the sort no longer fits in memory, TempCacheLimit) seen in: "
                    + stepped.stream()
                            .map(f -> String.format(
                                    Locale.ROOT,
                                    "%s ×%.2f between %s and %s keys%s",
                                    f.name(),
                                    f.step().ratio(),
                                    Model.fmt(f.step().belowKeys()),
                                    Model.fmt(f.step().aboveKeys()),
                                    f.step().sortFiles()
                                            ? " (its sort spilled to files from "
                                                    + Model.fmt(f.step().aboveKeys()) + " keys on, not at "
                                                    + Model.fmt(f.step().belowKeys()) + ")"
                                            : ""))
                            .collect(Collectors.joining(", "))
                    + "; larger sorts are forecast at the cost per key measured above the step");
        }
        if (!alwaysSpilled.isEmpty()) {
            notes.add(
                    "sorts that spilled to files (past TempCacheLimit) in every calibration run that sampled them, so "
                            + "their forecast includes the spill: " + String.join(", ", alwaysSpilled));
        }
        if (stepped.isEmpty() && alwaysSpilled.isEmpty() && targetKeys > maxKeys && maxKeys > 0) {
            notes.add("no step in any index's cost per key up to " + Model.fmt(maxKeys)
                    + " keys; the target's largest sort (" + Model.fmt(targetKeys)
                    + " keys) may outgrow the sort memory (TempCacheLimit) and take longer than forecast");
        }
        long nearest = o.predictions().stream()
                .filter(p -> p.fitted().equals("nearest"))
                .count();
        if (nearest > 0) {
            notes.add(nearest + " object(s) the calibration never measured, estimated from the nearest kind: "
                    + o.predictions().stream()
                            .filter(p -> p.fitted().equals("nearest"))
                            .map(Estimate.ObjectForecast::name)
                            .collect(Collectors.joining(", ")));
        }
        List<String> used = model.measuredBy(target);
        List<String> missing = target.indexes() == null
                ? List.of()
                : model.indexes.keySet().stream().filter(n -> !used.contains(n)).toList();
        if (!missing.isEmpty()) {
            notes.add("calibrated indexes the target does not have (of that name on that table), left out: "
                    + String.join(", ", missing));
        }
        if (target.indexes() == null) {
            notes.add("the target's indexes are taken as the calibration's (" + model.indexes.size() + ")");
        }
        String versions = runs.stream()
                .map(RestoreRun::firebirdVersion)
                .filter(Objects::nonNull)
                .distinct()
                .sorted()
                .collect(Collectors.joining(", "));
        if (versions.contains(",")) {
            notes.add("the calibration mixes Firebird versions (" + versions + "): they restore at different speeds");
        }
        String hosts = runs.stream()
                .map(r -> r.environment() == null ? null : r.environment().host())
                .filter(Objects::nonNull)
                .distinct()
                .collect(Collectors.joining(", "));
        notes.add(
                hosts.contains(",")
                        ? "the calibration mixes machines (" + hosts + ")"
                        : "the target restores on the calibration's machine, with its load, disks and settings"
                                + (hosts.isEmpty() ? "" : " (" + hosts + ")"));
        return notes;
    }

    private static String exponentNote(String what, String law, Double exponent, Double fitted, Model m) {
        return exponent == null
                ? what + ": " + law + " with β = 1 assumed (no object measured at two sizes long enough to fit it)"
                : String.format(
                        Locale.ROOT,
                        "%s: %s, β = %.2f: fitted over all of them %.2f, kept %.0f %% of its distance from 1 "
                                + "(run-to-run noise %s; an exponent's prior spread ±%.2f) (an object whose median "
                                + "times at two sizes 1.5× apart are 0.2 s or more, the longest median 1 s or more, "
                                + "fits its own)",
                        what,
                        law,
                        exponent,
                        fitted,
                        Rounding.percent(m.exponentWeight, 0),
                        m.noiseBasis,
                        Model.EXPONENT_PRIOR);
    }

    /** A scale in 3 decimals, under 1 in 3 significant digits (352 rows of 1,121,000: 0.000314, not 0.0). */
    private static double scale(double x) {
        return x >= 1 || x <= 0
                ? Math.round(x * 1000) / 1000.0
                : new BigDecimal(x).round(new MathContext(3)).doubleValue();
    }

    private static double round(double s) {
        return Math.round(s * 1000) / 1000.0;
    }

    private static double share(double f) {
        return Math.round(f * 10000) / 10000.0;
    }
}
