package dev.gbakprof.stats;

/**
 * Compares a configuration with the baseline on one measure. Runs made in rounds ({@link Pairing}) are compared round
 * by round with the {@link Paired} t-test on log-ratios once there are {@link Pairing#MIN_PAIRS} rounds; otherwise the
 * two groups with {@link Welch}'s t on log-times, with at least {@link #MIN_RUNS} known times a side. The 95 %
 * confidence interval of the time ratio then gives one of three verdicts: faster or slower (it excludes 1), the same
 * within the margin (it lies inside ±margin), or cannot tell (it holds 1 and reaches past the margin). With a single
 * run on a side its spread is unknown: a ratio, and no verdict. A time under gbak's 1 ms clock (a median of 0 ms, or a
 * run of 0 ms where no test is left) is {@link Verdict#TOO_SHORT}: known, and no ratio.
 */
public final class Comparisons {
    /** Known values needed on each side before a difference is tested. */
    public static final int MIN_RUNS = 2;

    public static final double LEVEL = 0.95;

    /** The equivalence margin when none is given: ±5 %. */
    public static final double DEFAULT_MARGIN = 0.05;

    /**
     * The most runs a side "cannot tell" asks for: beyond it, the margin is out of reach of this spread ({@link
     * Comparison#runsNeeded} one more: "more than 100").
     */
    public static final int MAX_RUNS_NEEDED = 100;

    private Comparisons() {}

    /** Unpaired, with the default margin. */
    public static Comparison compare(RunGroup baseline, RunGroup candidate, Measure measure) {
        return compare(baseline, candidate, measure, Pairing.NONE, DEFAULT_MARGIN);
    }

    public static Comparison compare(
            RunGroup baseline, RunGroup candidate, Measure measure, Pairing pairing, double margin) {
        Spread base = baseline.spread(measure);
        Spread cand = candidate.spread(measure);
        if (!base.known() || !cand.known()) {
            return untested(measure, baseline, candidate, null, Verdict.UNKNOWN, margin);
        }
        if (base.median() <= 0 || cand.median() <= 0) {
            // known, but under gbak's 1 ms clock: 0 ms has no ratio
            return untested(measure, baseline, candidate, null, Verdict.TOO_SHORT, margin);
        }
        double[][] pairs = pairing.pairs(baseline.label(), candidate.label(), measure);
        double[] b = baseline.known(measure);
        double[] c = candidate.known(measure);
        Tested test;
        if (pairs[0].length >= Pairing.MIN_PAIRS) {
            Paired.Result p = Paired.test(pairs[0], pairs[1], LEVEL);
            test = new Tested(
                    p.ratio(),
                    p.interval(),
                    p.pValue(),
                    Comparison.Method.PAIRED,
                    p.n(),
                    p.bLonger(), // b is the candidate: it took longer
                    p.tied(),
                    p.sd(),
                    p.n());
        } else if (b.length >= MIN_RUNS && c.length >= MIN_RUNS && positive(b) && positive(c)) {
            // the interval of the speed-up (baseline ÷ candidate) is that of Welch's ratio b/c
            Welch.Result w = Welch.test(b, c, LEVEL);
            test = new Tested(
                    base.median() / cand.median(),
                    w.interval(),
                    w.pValue(),
                    Comparison.Method.WELCH,
                    null,
                    null,
                    null,
                    w.spread(),
                    Math.min(b.length, c.length));
        } else if (b.length >= MIN_RUNS && c.length >= MIN_RUNS) {
            // enough runs, but a run of 0 ms left too few rounds and has no log-time: the clock, not the runs
            return untested(measure, baseline, candidate, null, Verdict.TOO_SHORT, margin);
        } else {
            return untested(measure, baseline, candidate, base.median() / cand.median(), Verdict.TOO_FEW_RUNS, margin);
        }
        Verdict verdict = verdict(test.interval(), margin);
        return new Comparison(
                measure,
                baseline,
                candidate,
                base,
                cand,
                test.speedup(),
                test.interval(),
                test.pValue(),
                verdict,
                test.method(),
                test.pairs(),
                test.pairsSlower(),
                test.pairsTied(),
                margin,
                verdict == Verdict.CANNOT_TELL
                        ? runsNeeded(test.sd(), center(test.interval()), margin, test.n())
                        : null);
    }

    /** A comparison without a test: a side unknown, or too few runs for one. */
    private static Comparison untested(
            Measure measure, RunGroup baseline, RunGroup candidate, Double speedup, Verdict verdict, double margin) {
        return new Comparison(
                measure,
                baseline,
                candidate,
                baseline.spread(measure),
                candidate.spread(measure),
                speedup,
                null,
                null,
                verdict,
                null,
                null,
                null,
                null,
                margin,
                null);
    }

    /** What a test gave: the speed-up and its interval, and the spread and count "cannot tell" sizes more runs from. */
    private record Tested(
            double speedup,
            Interval interval,
            double pValue,
            Comparison.Method method,
            Integer pairs,
            Integer pairsSlower,
            Integer pairsTied,
            double sd,
            int n) {}

    /** One of the three outcomes from the interval of the speed-up. */
    static Verdict verdict(Interval ci, double margin) {
        if (ci.low() > 1) {
            return Verdict.FASTER;
        }
        if (ci.high() < 1) {
            return Verdict.SLOWER;
        }
        // on the log scale the margin is symmetric: ±5 % is 1/1.05 to 1.05
        return ci.low() >= 1 / (1 + margin) && ci.high() <= 1 + margin ? Verdict.SAME : Verdict.CANNOT_TELL;
    }

    /** At least one more than the runs there are: these did not tell. */
    private static int runsNeeded(double sd, double logRatio, double margin, int have) {
        return Math.min(
                MAX_RUNS_NEEDED + 1,
                Math.max(have + 1, Paired.runsNeeded(sd, logRatio, margin, LEVEL, MAX_RUNS_NEEDED)));
    }

    /** The log of the interval's centre: the mean log-ratio the interval was built around (paired or Welch's). */
    private static double center(Interval ci) {
        return (Math.log(ci.low()) + Math.log(ci.high())) / 2;
    }

    /** Log-times need every time above 0 (a phase of 0 ms in one run has no ratio). */
    private static boolean positive(double[] values) {
        for (double v : values) {
            if (v <= 0) {
                return false;
            }
        }
        return true;
    }
}
