package dev.gbakprof.stats;

import java.util.Locale;

/**
 * The {@code --fail-if-slower PCT} gate: a candidate passes when its median total time is at most PCT %
 * above the baseline's. A candidate (or baseline) without a completed run cannot pass: its total is unknown.
 */
public record SlowerCheck(boolean passed, Double slowerPercent, String message) {

    public static SlowerCheck of(RunGroup baseline, RunGroup candidate, double allowedPercent) {
        Spread b = baseline.spread(Measure.TOTAL);
        Spread c = candidate.spread(Measure.TOTAL);
        if (!b.known() || !c.known()) {
            String which = !c.known() ? candidate.label() : baseline.label();
            return new SlowerCheck(
                    false,
                    null,
                    String.format(
                            Locale.ROOT,
                            "FAIL %s: cannot check --fail-if-slower %s: no completed run of %s, so its total time is unknown",
                            candidate.label(),
                            pct(allowedPercent),
                            which));
        }
        double slower = 100 * (c.median() / b.median() - 1);
        boolean passed = slower <= allowedPercent;
        return new SlowerCheck(
                passed,
                slower,
                String.format(
                        Locale.ROOT,
                        "%s %s: median total %.3f s is %.1f%% %s than %s (%.3f s); allowed: %s slower",
                        passed ? "ok" : "FAIL",
                        candidate.label(),
                        c.median(),
                        Math.abs(slower),
                        slower >= 0 ? "slower" : "shorter",
                        baseline.label(),
                        b.median(),
                        pct(allowedPercent)));
    }

    private static String pct(double p) {
        return (p == Math.rint(p) ? String.valueOf((long) p) : String.valueOf(p)) + "%";
    }
}
