package dev.gbakprof.forecast;

import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.Rounding;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How much one restore's total varies from run to run, from the calibration runs: the sd of ln(total seconds), the
 * forecast's range and the precision of its exponents rest on it.
 *
 * @param sd  the sd of ln(total seconds) of one restore
 * @param how 1 = the pooled sd of ln(total) within sizes restored more than once (each size's deviations from its own
 *            mean, Σ(k − 1) degrees of freedom); -1 = from three sizes or more restored once each, the residual sd of
 *            ln(total) around a line in ln(rows) (n − 2); 0 = assumed ({@link #ASSUMED_NOISE})
 * @param dof the degrees of freedom it was measured with; 0 when it is assumed
 */
record RunToRunNoise(double sd, int how, int dof) {
    /**
     * Run-to-run noise (sd of ln seconds) assumed when no size was restored twice: typical of what one restore varied
     * by on a shared machine, not the least (docs/dev/FORECAST.md): 11.8-19 % on gbak's CPU clock (pooled per size,
     * 400,000 to 25,000 ORDERS rows), 11.5-33.5 % on the wall clock (six sizes of 2-3 restores each, 2026-12-07, median
     * 24 %). The least, 11.8 %, made one restore's range of a 4x target miss two of three real restores of it.
     */
    static final double ASSUMED_NOISE = 0.20;

    /** Where {@link #ASSUMED_NOISE} comes from, as {@code estimate} prints it. */
    static final String ASSUMED_NOISE_BASIS =
            "measured 11.8–19 % on gbak's CPU clock and 11.5–33.5 % on the wall clock, docs/dev/FORECAST.md";

    static RunToRunNoise of(List<RestoreRun> runs) {
        Map<Map<String, Long>, List<Double>> bySize = new LinkedHashMap<>();
        runs.forEach(r ->
                bySize.computeIfAbsent(Model.rowsOf(r), k -> new ArrayList<>()).add(Math.log(r.totalSeconds())));
        double ss = 0;
        int dof = 0;
        for (List<Double> g : bySize.values()) {
            double mean = g.stream().mapToDouble(Double::doubleValue).average().orElse(0);
            for (double v : g) {
                ss += (v - mean) * (v - mean);
            }
            dof += g.size() - 1;
        }
        if (dof > 0) {
            return new RunToRunNoise(Math.sqrt(ss / dof), 1, dof);
        }
        List<double[]> xy = runs.stream()
                .filter(r -> Model.totalRows(r) > 0)
                .map(r -> new double[] {Math.log(Model.totalRows(r)), Math.log(r.totalSeconds())})
                .toList();
        if (xy.size() >= 3) {
            double mx = xy.stream().mapToDouble(p -> p[0]).average().orElseThrow();
            double my = xy.stream().mapToDouble(p -> p[1]).average().orElseThrow();
            double sxy = xy.stream().mapToDouble(p -> (p[0] - mx) * (p[1] - my)).sum();
            double sxx = xy.stream().mapToDouble(p -> (p[0] - mx) * (p[0] - mx)).sum();
            double b = sxx > 0 ? sxy / sxx : 0;
            double res = xy.stream()
                    .mapToDouble(p -> Math.pow(p[1] - my - b * (p[0] - mx), 2))
                    .sum();
            return new RunToRunNoise(Math.max(Math.sqrt(res / (xy.size() - 2)), 0.005), -1, xy.size() - 2);
        }
        return new RunToRunNoise(ASSUMED_NOISE, 0, 0);
    }

    /** How it was found, in words (the estimate's basis). */
    String basis() {
        return how > 0
                ? String.format(
                        Locale.ROOT,
                        "measured: restores of one size spread ±%.1f %% (sd of ln seconds, pooled over the sizes "
                                + "restored more than once, %s)",
                        Rounding.percent(sd, 1),
                        degrees(dof))
                : how < 0
                        ? String.format(
                                Locale.ROOT,
                                "measured: the runs' totals scatter ±%.1f %% around a power law of their rows "
                                        + "(%s)",
                                Rounding.percent(sd, 1),
                                degrees(dof))
                        : String.format(
                                Locale.ROOT, "assumed ±%.0f %% (no size restored twice)", Rounding.percent(sd, 0));
    }

    /** {@code 1 degree of freedom}, {@code 6 degrees of freedom}. */
    static String degrees(int dof) {
        return dof + (dof == 1 ? " degree" : " degrees") + " of freedom";
    }
}
