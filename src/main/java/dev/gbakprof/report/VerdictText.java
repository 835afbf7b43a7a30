package dev.gbakprof.report;

import dev.gbakprof.stats.Comparison;
import dev.gbakprof.stats.Comparisons;
import dev.gbakprof.stats.Interval;

/** A comparison in plain words: "1.59× faster, 95% CI 1.52–1.66", or why no such claim is made. */
final class VerdictText {
    private VerdictText() {}

    /** "1.59× faster" / "1.25× slower" / "the same" from a speed-up (baseline ÷ candidate). */
    static String ratio(double speedup, Texts t) {
        if (same(speedup)) {
            return t.get("ratio.same");
        }
        return speedup > 1 ? t.get("ratio.faster", t.factor(speedup)) : t.get("ratio.slower", t.factor(1 / speedup));
    }

    /** A speed-up that rounds to 1.00: "the same". */
    private static boolean same(double speedup) {
        return Math.abs(speedup - 1) < 0.005;
    }

    /** The interval in the direction of {@link #ratio}: bounds of the speed-up, or of its inverse when slower. */
    private static String[] bounds(Comparison c, Texts t) {
        Interval ci = c.interval();
        return c.speedup() >= 1
                ? new String[] {t.number(ci.low(), 2), t.number(ci.high(), 2)}
                : new String[] {t.number(1 / ci.high(), 2), t.number(1 / ci.low(), 2)};
    }

    /** Short form for a table cell. */
    static String brief(Comparison c, Texts t) {
        return switch (c.verdict()) {
            case UNKNOWN -> t.get("unknown");
            case TOO_FEW_RUNS ->
                t.get(
                        c.baselineSpread().n() == 1 && c.candidateSpread().n() == 1
                                ? "verdict.brief.single"
                                : "verdict.brief.few",
                        ratio(c.speedup(), t));
            case WITHIN_NOISE -> t.get("verdict.brief.noise", ratio(c.speedup(), t));
            case FASTER, SLOWER -> {
                String[] b = bounds(c, t);
                yield t.get("verdict.brief.real", ratio(c.speedup(), t), b[0], b[1]);
            }
        };
    }

    /** A full sentence naming both labels, the run counts and the method. */
    static String sentence(Comparison c, Texts t) {
        String cand = c.candidate().label();
        String base = c.baseline().label();
        return switch (c.verdict()) {
            case UNKNOWN -> t.get("verdict.unknown", cand, base);
            case TOO_FEW_RUNS ->
                same(c.speedup())
                        ? t.get(
                                "verdict.few.same",
                                cand,
                                base,
                                c.candidateSpread().n(),
                                c.baselineSpread().n(),
                                Comparisons.MIN_RUNS)
                        : t.get(
                                "verdict.few",
                                cand,
                                ratio(c.speedup(), t),
                                base,
                                c.candidateSpread().n(),
                                c.baselineSpread().n(),
                                Comparisons.MIN_RUNS);
            case WITHIN_NOISE -> {
                String[] b = bounds(c, t);
                yield t.get(
                        "verdict.noise",
                        cand,
                        base,
                        ratio(c.speedup(), t),
                        b[0],
                        b[1],
                        c.candidateSpread().n(),
                        c.baselineSpread().n());
            }
            case FASTER, SLOWER -> {
                String[] b = bounds(c, t);
                yield t.get(
                        "verdict.real",
                        cand,
                        ratio(c.speedup(), t),
                        base,
                        b[0],
                        b[1],
                        c.candidateSpread().n(),
                        c.baselineSpread().n());
            }
        };
    }
}
