package dev.gbakprof.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The paired t-test on log-ratios and the runs "cannot tell" asks for, against scipy.stats run live (Debian's
 * python3-scipy: {@code ttest_rel} on the logs and its {@code confidence_interval}), as Welch's was.
 */
class PairedTest {
    /** Debian's Python, where python3-scipy installs (scripts/test installs it). */
    private static final String PYTHON = "/usr/bin/python3";

    private static final String SCIPY = String.join(
            "\n",
            "import json, sys, numpy as np, scipy.stats as st",
            "out = []",
            "for a, b in json.load(sys.stdin):",
            "    la, lb = np.log(a), np.log(b)",
            "    r = st.ttest_rel(la, lb)",
            "    ci = r.confidence_interval(0.95)",
            "    w = st.ttest_ind(la, lb, equal_var=False)",
            "    out.append({'ratio': float(np.exp(np.mean(la - lb))), 'low': float(np.exp(ci.low)),",
            "                'high': float(np.exp(ci.high)), 'p': float(r.pvalue), 'welchP': float(w.pvalue)})",
            "print(json.dumps(out))");

    @Test
    void agreesWithScipysPairedTestOnLogTimes() throws Exception {
        Random rnd = new Random(20261206);
        List<double[][]> cases = new ArrayList<>();
        // the hog experiment's eight rounds (src/test/resources/experiments/hog), then random rounds: a drift shared by
        // both sides of a round, an effect, and noise of each restore
        cases.add(new double[][] {
            {10.214, 19.793, 26.539, 23.378, 22.386, 16.254, 22.829, 22.474},
            {6.406, 11.731, 14.666, 14.931, 14.442, 18.375, 9.043, 16.391}
        });
        for (int c = 0; c < 12; c++) {
            int n = 3 + rnd.nextInt(8);
            double effect = 0.8 + 0.5 * rnd.nextDouble();
            double[][] pair = new double[2][n];
            for (int i = 0; i < n; i++) {
                double drift = 5 + 40 * rnd.nextDouble();
                pair[0][i] = round(drift * effect * (1 + 0.05 * rnd.nextGaussian()));
                pair[1][i] = round(drift * (1 + 0.05 * rnd.nextGaussian()));
            }
            cases.add(pair);
        }
        JsonNode scipy = scipy(cases);
        for (int c = 0; c < cases.size(); c++) {
            double[][] pair = cases.get(c);
            Paired.Result p = Paired.test(pair[0], pair[1], 0.95);
            JsonNode s = scipy.get(c);
            // gbak's 1 ms clock adds 2·(0.001²/12)/t² to the variance of a log-ratio: far below these tolerances
            assertThat(p.ratio()).as("case %d", c).isCloseTo(s.get("ratio").asDouble(), within(1e-9));
            assertThat(p.interval().low())
                    .as("case %d", c)
                    .isCloseTo(s.get("low").asDouble(), within(1e-6));
            assertThat(p.interval().high())
                    .as("case %d", c)
                    .isCloseTo(s.get("high").asDouble(), within(1e-6));
            assertThat(p.pValue()).as("case %d", c).isCloseTo(s.get("p").asDouble(), within(1e-6));
            Welch.Result w = Welch.test(pair[0], pair[1], 0.95);
            assertThat(w.pValue()).as("case %d", c).isCloseTo(s.get("welchP").asDouble(), within(1e-5));
        }
    }

    @Test
    void theHogRoundsAreSlowerInSevenOfEightWithAnIntervalAboveOne() {
        Paired.Result p = Paired.test(
                new double[] {10.214, 19.793, 26.539, 23.378, 22.386, 16.254, 22.829, 22.474},
                new double[] {6.406, 11.731, 14.666, 14.931, 14.442, 18.375, 9.043, 16.391},
                0.95);
        // scipy.stats.ttest_rel(log(hog), log(alone)): t = 4.3377, p = 0.003406, df = 7
        assertThat(p.ratio()).isCloseTo(1.566033, within(1e-6));
        assertThat(p.interval().low()).isCloseTo(1.226331, within(1e-6));
        assertThat(p.interval().high()).isCloseTo(1.999837, within(1e-6));
        assertThat(p.pValue()).isCloseTo(0.003406, within(1e-6));
        assertThat(p.n()).isEqualTo(8);
        assertThat(p.aLonger()).isEqualTo(7);
    }

    @Test
    void driftBetweenRoundsHidesAnEffectFromWelchButNotFromThePairs() {
        // a machine whose load drifts from round to round (10 to 40 s) and a 10 % slower configuration in every round
        double[] base = {10.0, 21.0, 33.0, 40.0, 15.0, 27.0};
        double[] slow = new double[base.length];
        for (int i = 0; i < base.length; i++) {
            slow[i] = base[i] * (1.10 + (i % 2 == 0 ? 0.01 : -0.01));
        }
        Interval welch = Welch.test(slow, base, 0.95).interval();
        assertThat(welch.contains(1)).isTrue(); // two unpaired groups: "cannot tell"
        Paired.Result paired = Paired.test(slow, base, 0.95);
        assertThat(paired.interval().low()).isGreaterThan(1.08);
        assertThat(paired.interval().high()).isLessThan(1.12);
        assertThat(paired.aLonger()).isEqualTo(6);
    }

    @Test
    void runsNeededFollowsTheSpreadOfTheLogRatios() {
        // a ratio of 1: the least n with t(n−1)·s/√n < ln(1 + M): for s = 0.10 and M = 5 % (ln 1.05 = 0.04879),
        // n = 18 gives 2.110·0.10/√18 = 0.04973 (too wide) and n = 19 gives 2.101·0.10/√19 = 0.04820
        assertThat(Paired.runsNeeded(0.10, 0, 0.05, 0.95, 100)).isEqualTo(19);
        assertThat(Paired.runsNeeded(0.01, 0, 0.05, 0.95, 100)).isEqualTo(3);
        // none up to 100 would: 101, what the sentence says as "more than 100" (100 was both "100" and "more")
        assertThat(Paired.runsNeeded(1.0, 0, 0.05, 0.95, 100)).isEqualTo(101);
    }

    @Test
    void aLargeDifferenceSeenInTwoRoundsNeedsOneMoreNotAHundred() {
        // 3.0's gbak against 4.0's through a 4.0 server: 9.61 s / 2.85 s and 11.0 s / 1.85 s, log-ratios 1.215 and
        // 1.783 (mean 1.499, s 0.402); two rounds: t(1) = 12.71, half-width 3.61 holds 0; three: t(2)·s/√3 = 0.998
        double[] a = {9.61, 11.0};
        double[] b = {2.85, 1.85};
        Paired.Result r = Paired.test(a, b, 0.95);
        assertThat(r.interval().contains(1)).isTrue();
        assertThat(Paired.runsNeeded(r.sd(), Math.log(r.ratio()), 0.05, 0.95, 100))
                .isEqualTo(3);
        // the same spread around a ratio of 1.01 is sized by the margin, not by the ratio
        assertThat(Paired.runsNeeded(0.10, Math.log(1.01), 0.05, 0.95, 100)).isGreaterThan(19);
    }

    @Test
    void fewerThanTwoPairsOrATimeOfZeroHaveNoTest() {
        assertThatThrownBy(() -> Paired.test(new double[] {1}, new double[] {2}, 0.95))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Paired.test(new double[] {1, 0}, new double[] {2, 3}, 0.95))
                .isInstanceOf(IllegalArgumentException.class);
    }

    private static double round(double seconds) {
        return Math.round(seconds * 1000) / 1000.0; // gbak's clock
    }

    private static JsonNode scipy(List<double[][]> cases) throws IOException, InterruptedException {
        ObjectMapper mapper = new ObjectMapper();
        Process p = new ProcessBuilder(PYTHON, "-c", SCIPY).start();
        p.getOutputStream().write(mapper.writeValueAsBytes(cases));
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue())
                .as("%s with scipy (apt-get install python3-scipy): %s", PYTHON, err)
                .isZero();
        return mapper.readTree(out);
    }
}
