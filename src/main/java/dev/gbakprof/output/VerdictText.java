package dev.gbakprof.output;

import dev.gbakprof.stats.Analysis;
import dev.gbakprof.stats.Comparison;
import dev.gbakprof.stats.Comparisons;
import dev.gbakprof.stats.Interval;

/**
 * A comparison in plain words: "1.59× faster, 95% CI 1.52–1.66", "the same within ±5%", "cannot tell", or why no such
 * claim is made. Only {@link dev.gbakprof.stats.Verdict#SAME} says "the same".
 */
public final class VerdictText {
    private VerdictText() {}

    /** "1.59× faster" / "1.25× slower" / "a ratio of 1.00" from a speed-up (baseline ÷ candidate). */
    static String ratio(double speedup, Texts t) {
        if (roundsToOne(speedup)) {
            return t.get("ratio.same");
        }
        return speedup > 1 ? t.get("ratio.faster", t.factor(speedup)) : t.get("ratio.slower", t.factor(1 / speedup));
    }

    /**
     * The comparison's ratio as its {@link #sentence} says it ("1.20× faster", "1.07× slower"), for a table beside the
     * sentence; {@code null} when it is unknown.
     */
    public static String ratio(Comparison c, Texts t) {
        return c.speedup() == null ? null : ratio(c.speedup(), t);
    }

    /** A speed-up that rounds to 1.00. */
    static boolean roundsToOne(double speedup) {
        return Math.abs(speedup - 1) < 0.005;
    }

    /** The interval in the direction of {@link #ratio}: bounds of the speed-up, or of its inverse when slower. */
    private static String[] bounds(Comparison c, Texts t) {
        Interval ci = c.interval();
        return c.speedup() >= 1
                ? new String[] {t.number(ci.low(), 2), t.number(ci.high(), 2)}
                : new String[] {t.number(1 / ci.high(), 2), t.number(1 / ci.low(), 2)};
    }

    /** The margin as a share: "5%" ("%5" in Turkish), "0.05%". */
    static String margin(Comparison c, Texts t) {
        return t.margin(c.margin());
    }

    /**
     * What the verdict rests on: "slower in 6 of 6 rounds: paired t-test by round", "slower in 2 of 4 rounds, 2 tied:
     * …" (rounds that printed the same milliseconds), or "3 against 3 runs, as two groups: Welch's t-test".
     */
    static String evidence(Comparison c, Texts t) {
        if (c.paired()) {
            boolean slower = c.speedup() < 1;
            int n = slower ? c.pairsSlower() : c.pairsFaster();
            String key = slower ? "evidence.paired.slower" : "evidence.paired.faster";
            return c.pairsTied() > 0 ? t.get(key + ".tied", n, c.pairs(), c.pairsTied()) : t.get(key, n, c.pairs());
        }
        return t.get(
                "evidence.welch", c.candidateSpread().n(), c.baselineSpread().n());
    }

    /** "about 12 runs of each", "about 12 rounds", or "more than 100 runs of each". */
    static String needed(Comparison c, Texts t) {
        Integer n = c.runsNeeded();
        if (n == null || n > Comparisons.MAX_RUNS_NEEDED) {
            return t.get(c.paired() ? "needed.more.rounds" : "needed.more", Comparisons.MAX_RUNS_NEEDED);
        }
        return t.get(c.paired() ? "needed.rounds" : "needed.runs", n);
    }

    /**
     * The page's and summary.md's last line: where the times come from and the rule of every verdict, with the margin
     * and the test the runs got (paired by round, or Welch's on two groups).
     */
    public static String footer(Analysis a, Texts t) {
        if (a.untimed()) {
            return t.get("report.footer.untimed");
        }
        String test = !a.someComparedPaired()
                ? "report.footer.welch"
                : a.someComparedUnpaired() ? "report.footer.mixed" : "report.footer.paired";
        return t.get("report.footer", t.margin(a.margin()), t.get(test));
    }

    /** Short form for a table cell. */
    static String brief(Comparison c, Texts t) {
        return switch (c.verdict()) {
            case UNKNOWN -> t.get("unknown");
            case TOO_SHORT -> t.get("verdict.brief.too-short");
            case TOO_FEW_RUNS ->
                t.get(
                        c.baselineSpread().n() == 1 && c.candidateSpread().n() == 1
                                ? "verdict.brief.single"
                                : "verdict.brief.few",
                        ratio(c.speedup(), t));
            case SAME -> {
                String[] b = bounds(c, t);
                yield t.get("verdict.brief.same", margin(c, t), b[0], b[1]);
            }
            case CANNOT_TELL -> {
                String[] b = bounds(c, t);
                yield t.get("verdict.brief.unclear", ratio(c.speedup(), t), b[0], b[1]);
            }
            case FASTER, SLOWER -> {
                String[] b = bounds(c, t);
                yield t.get("verdict.brief.real", ratio(c.speedup(), t), b[0], b[1]);
            }
        };
    }

    /** A full sentence naming both labels, the run counts and the method. */
    public static String sentence(Comparison c, Texts t) {
        String cand = c.candidate().label();
        String base = c.baseline().label();
        return switch (c.verdict()) {
            case UNKNOWN -> t.get("verdict.unknown", cand, base);
            case TOO_SHORT ->
                t.get(
                        "verdict.too-short",
                        cand,
                        base,
                        t.duration(c.candidateSpread().median()),
                        t.duration(c.baselineSpread().median()));
            case TOO_FEW_RUNS ->
                roundsToOne(c.speedup())
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
            case SAME -> {
                String[] b = bounds(c, t);
                yield t.get(
                        "verdict.same", cand, base, margin(c, t), ratio(c.speedup(), t), b[0], b[1], evidence(c, t));
            }
            case CANNOT_TELL -> {
                String[] b = bounds(c, t);
                yield t.get(
                        "verdict.unclear",
                        cand,
                        base,
                        ratio(c.speedup(), t),
                        b[0],
                        b[1],
                        margin(c, t),
                        evidence(c, t),
                        needed(c, t));
            }
            case FASTER, SLOWER -> {
                String[] b = bounds(c, t);
                yield t.get("verdict.real", cand, ratio(c.speedup(), t), base, b[0], b[1], evidence(c, t));
            }
        };
    }
}
