package dev.gbakprof.output;

import dev.gbakprof.advice.Advisor;
import dev.gbakprof.forecast.Estimate;
import dev.gbakprof.model.Durations;
import dev.gbakprof.model.Phase;
import dev.gbakprof.model.Rounding;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.List;
import java.util.Locale;

/** The human form of a forecast that {@code estimate} prints. */
public final class EstimateText {
    private EstimateText() {}

    /**
     * A time of the forecast line: as everywhere ({@link Durations#human}), but in milliseconds when the whole range is
     * under a second, which tenths would write as "0.1 s (range 0.1 s – 0.1 s)".
     */
    private static String total(Double s, Double high) {
        return s != null && high != null && high < 1 ? Durations.seconds(s) : Durations.human(s);
    }

    /** A scale as read: {@code 4.00}, {@code 0.11}, {@code 0.00031} (not 0.00), {@code 0} (no rows). */
    private static String scale(double x) {
        return x == 0
                ? "0"
                : x >= 0.01
                        ? String.format(Locale.ROOT, "%.2f", x)
                        : new BigDecimal(x).round(new MathContext(2)).toPlainString();
    }

    public static String of(Estimate e, int top) {
        StringBuilder sb = new StringBuilder();
        // before the forecast, its range and the RTO verdict: none of them holds a caveat
        e.caveats().forEach(c -> sb.append("caveat     ").append(c).append('\n'));
        Estimate.Total t = e.total();
        Estimate.Range r = e.range();
        sb.append(String.format(
                Locale.ROOT,
                "forecast   %s  (range %s – %s%s)%n",
                total(t.seconds(), t.high()),
                total(t.low(), t.high()),
                total(t.high(), t.high()),
                r.guesses().isEmpty() ? "" : ", a guess: see range"));
        Estimate.Measured m = e.measured();
        int measured = m.objects() - m.estimatedObjects();
        sb.append(
                m.estimatedObjects() == 0
                        ? String.format(
                                Locale.ROOT,
                                "measured   all %d objects: each table load and index build from its own calibration%n",
                                m.objects())
                        : String.format(
                                Locale.ROOT,
                                "measured   %d of %d objects; %d estimated from other objects (never calibrated): %s,"
                                        + " %.0f %% of the forecast, and the range widens for them%n",
                                measured,
                                m.objects(),
                                m.estimatedObjects(),
                                Durations.human(m.estimatedSeconds()),
                                Rounding.percent(m.estimatedShare(), 0)));
        Estimate.TargetInfo target = e.target();
        sb.append(String.format(
                Locale.ROOT,
                "target     %s: %d table%s, %,d row%s (%s× the largest calibration run)%n",
                target.source(),
                target.tables(),
                target.tables() == 1 ? "" : "s",
                target.rows(),
                target.rows() == 1 ? "" : "s",
                scale(target.scale())));
        sb.append(String.format(
                Locale.ROOT,
                "calibration %d run%s:%n",
                e.calibration().size(),
                e.calibration().size() == 1 ? "" : "s"));
        for (Estimate.CalibrationRun c : e.calibration()) {
            sb.append(String.format(
                    Locale.ROOT,
                    "    %-24s %,12d rows  %10s  via %s%n",
                    c.label(),
                    c.rows(),
                    Durations.human(c.totalSeconds()),
                    c.via()));
        }
        sb.append("phases\n");
        for (Estimate.PhaseForecast p : e.phases()) {
            sb.append(String.format(
                    Locale.ROOT,
                    "    %-9s %10s %6.1f%%   %s%n",
                    p.name(),
                    Durations.human(p.seconds()),
                    Rounding.percent(p.share(), 1),
                    p.basis()));
        }
        List<Estimate.ObjectForecast> slowest = e.objects().stream().limit(top).toList();
        sb.append(String.format(
                Locale.ROOT,
                "slowest %d objects (of %d)%n",
                slowest.size(),
                e.objects().size()));
        for (Estimate.ObjectForecast o : slowest) {
            String name = o.kind() + " " + o.name() + (o.table() != null ? " (" + o.table() + ")" : "");
            sb.append(String.format(
                    Locale.ROOT,
                    "    %-40s %,12d rows %10s   %s%n",
                    name,
                    o.rows(),
                    Durations.human(o.seconds()),
                    o.basis()));
        }
        sb.append(String.format(
                Locale.ROOT,
                "range      −%.1f %% / +%.1f %% of the forecast, %s (forecast × e^±%.3f, %.3f = √((%.2f × run-to-run "
                        + "%.1f %%)² + extrapolation %.1f %%²%s))%n",
                Rounding.halfEven(-r.lowPercent(), 1),
                Rounding.halfEven(r.highPercent(), 1),
                r.guesses().isEmpty()
                        ? String.format(Locale.ROOT, "%.0f %% of restores fall inside", Rounding.percent(r.level(), 0))
                        : "a guess: " + String.join("; ", r.guesses()),
                r.combined(),
                r.combined(),
                r.quantile(),
                Rounding.percent(r.runToRun(), 1),
                Rounding.percent(r.extrapolation(), 1),
                r.estimated() > 0
                        ? String.format(Locale.ROOT, " + estimated %.1f %%²", Rounding.percent(r.estimated(), 1))
                        : ""));
        sb.append("    run-to-run     ").append(r.runToRunBasis()).append('\n');
        sb.append(String.format(
                Locale.ROOT,
                "    quantile       %.2f: %s%n",
                r.quantile(),
                r.degreesOfFreedom() > 0
                        ? String.format(
                                Locale.ROOT,
                                "Student's t for %.0f %% at σ's %d degree%s of freedom",
                                Rounding.percent(r.level(), 0),
                                r.degreesOfFreedom(),
                                r.degreesOfFreedom() == 1 ? "" : "s")
                        : String.format(
                                Locale.ROOT,
                                "the normal distribution's for %.0f %% (σ assumed)",
                                Rounding.percent(r.level(), 0))));
        sb.append(String.format(
                Locale.ROOT,
                "    extrapolation  %.3f per ln(scale) × distance %.3f (|ln| of the target's rows "
                        + "over the nearest calibration run's); %s%n",
                r.perLnScale(),
                r.distance(),
                r.extrapolationBasis()));
        sb.append(String.format(
                Locale.ROOT, "    floor          %.3f per ln(scale): %s%n", r.floorPerLnScale(), r.floorBasis()));
        if (r.estimated() > 0) {
            sb.append("    estimated      ").append(r.estimatedBasis()).append('\n');
        }
        if (e.rto() != null) {
            sb.append(String.format(
                    Locale.ROOT,
                    "RTO %s: %s (%s%s)%n",
                    Durations.human(e.rto().seconds()),
                    e.rto().verdict(),
                    e.rto().how(),
                    r.beyondMeasured()
                            ? "; the range is a guess this far out"
                            : r.guesses().isEmpty() || e.rto().how().contains("a guess")
                                    ? ""
                                    : "; the range is a guess: see range"));
        }
        Estimate.Dominant d = e.dominates();
        sb.append(String.format(
                Locale.ROOT,
                "dominates  the %s, %.0f %% of the total",
                Phase.ofLabel(d.phase()) == null
                        ? d.phase() + " phase"
                        : Phase.ofLabel(d.phase()).prose(),
                Rounding.percent(d.phaseShare(), 0)));
        if (d.object() != null) {
            sb.append(String.format(
                    Locale.ROOT,
                    "; the slowest object is %s, %s",
                    d.object(),
                    d.objectShare() < 0.005
                            ? "under 1 %"
                            : String.format(Locale.ROOT, "%.0f %%", Rounding.percent(d.objectShare(), 0))));
        }
        if (d.phaseShare() >= Advisor.DOMINANT) { // what to change is advise's question
            sb.append("\n           what would make it faster: gbakprof advise on the calibration runs");
        }
        sb.append('\n');
        sb.append("assumptions\n");
        e.assumptions().forEach(a -> sb.append("  - ").append(a).append('\n'));
        return sb.toString();
    }
}
