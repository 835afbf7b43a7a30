package dev.gbakprof.forecast;

import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.Rounding;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.apache.commons.math3.distribution.NormalDistribution;

/**
 * The part of a forecast estimated from other objects (table loads and index builds the calibration never measured,
 * {@code fitted} {@code nearest}): how much of it there is, and how much it widens the range.
 */
final class EstimatedShare {
    /**
     * How far the time of an object the calibration never measured, copied from another one (the nearest in rows, an
     * index of the same table), missed its real time (sd of ln seconds): each table load and index build of 0.1 s or
     * more of eight real restores (shop-tdrw, shop-services-fbsvcmgr, shop-cpu, accuracy-400000-1,
     * accuracy-100000-1, loaded-500000-0, and the shop and 320,000-row restores of forecast/estimated/) left out of its
     * own calibration and estimated from the rest: table loads within ln ±0.18 (root mean square, 15 loads), index
     * builds ±1.27 (51 builds: a table's indexes differ by 5× in cost). {@code EstimatedObjectsTest} measures it again.
     */
    static final double COPIED_TABLE_SD = 0.18;

    static final double COPIED_INDEX_SD = 1.27;

    /** The normal quantile of {@link Forecaster#LEVEL}, two-sided. */
    private static final double Z =
            new NormalDistribution().inverseCumulativeProbability(1 - (1 - Forecaster.LEVEL) / 2);

    private EstimatedShare() {}

    /** How much of a forecast of {@code total} seconds the calibration measured and how much was estimated. */
    static Estimate.Measured measured(List<Estimate.ObjectForecast> predictions, double total) {
        double estimated = estimatedSeconds(predictions, null);
        return new Estimate.Measured(
                predictions.size(),
                (int) predictions.stream().filter(EstimatedShare::estimated).count(),
                Math.round(estimated * 1000) / 1000.0,
                total > 0 ? Math.round(estimated / total * 10000) / 10000.0 : 0);
    }

    private static boolean estimated(Estimate.ObjectForecast p) {
        return p.fitted().equals("nearest");
    }

    /** The seconds of the estimated objects of one kind ({@code table}, {@code index}; {@code null}: both). */
    private static double estimatedSeconds(List<Estimate.ObjectForecast> predictions, String kind) {
        return predictions.stream()
                .filter(p -> estimated(p) && (kind == null || p.kind().equals(kind)))
                .mapToDouble(Estimate.ObjectForecast::seconds)
                .sum();
    }

    /**
     * The range's widening for them: {@code ln(1 + s_t·(e^(z·c_t) − 1) + s_i·(e^(z·c_i) − 1))}, the forecast as if every
     * estimated load and build took its high end, the measured part as forecast ({@code s} their shares of {@code
     * total}).
     */
    static double widening(List<Estimate.ObjectForecast> predictions, double total) {
        return Math.log(1
                + share(predictions, total, "table") * (Math.exp(Z * COPIED_TABLE_SD) - 1)
                + share(predictions, total, "index") * (Math.exp(Z * COPIED_INDEX_SD) - 1));
    }

    /** How {@link #widening} was found, in the words {@code estimate} prints. */
    static String basis(List<Estimate.ObjectForecast> predictions, double total) {
        double tables = share(predictions, total, "table");
        double builds = share(predictions, total, "index");
        return String.format(
                Locale.ROOT,
                "%.1f %% of the forecast is table loads and %.1f %% index builds the calibration never measured, "
                        + "estimated from other objects: such estimates missed real restores by ln ±%.2f (loads) and "
                        + "±%.2f (builds) (sd; docs/guide/forecast.md), so the range holds them up to e^(%.2f × that): "
                        + "ln(1 + %.3f·%.2f + %.3f·%.2f) = %.3f",
                Rounding.percent(tables, 1),
                Rounding.percent(builds, 1),
                COPIED_TABLE_SD,
                COPIED_INDEX_SD,
                Z,
                tables,
                Math.exp(Z * COPIED_TABLE_SD) - 1,
                builds,
                Math.exp(Z * COPIED_INDEX_SD) - 1,
                widening(predictions, total));
    }

    private static double share(List<Estimate.ObjectForecast> predictions, double total, String kind) {
        return total > 0 ? estimatedSeconds(predictions, kind) / total : 0;
    }

    /**
     * What to say first when the target has tables and none of them is a calibration table: every object is then
     * estimated from another database's ({@link EstimatedShare}), whatever the range; {@code null} when one is shared.
     */
    static String sharesNoTable(List<RestoreRun> runs, Target target) {
        Set<String> calibrated = new TreeSet<>();
        runs.forEach(r -> calibrated.addAll(Model.rowsOf(r).keySet()));
        if (target.rows().isEmpty() || target.rows().keySet().stream().anyMatch(calibrated::contains)) {
            return null;
        }
        return "the target shares no table with the calibration (the target's "
                + names(target.rows().keySet())
                + "; the calibration's " + names(calibrated) + "): every table load and index build is estimated from"
                + " another table's, so the forecast, its range and the RTO verdict are a guess; calibrate with"
                + " restores of the target's own backup";
    }

    /** Up to five names, then how many in all. */
    static String names(Collection<String> names) {
        return names.size() <= 5
                ? String.join(", ", names)
                : names.stream().limit(5).collect(Collectors.joining(", ")) + ", … (" + names.size() + " in all)";
    }
}
