package dev.gbakprof.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** Welch's t on log-times, against scipy.stats (t.ppf, t.cdf) on the same formula. */
class WelchTest {

    @Test
    void aLargeGapWithLittleSpreadIsRealOnThreeRunsAgainstTwo() {
        // the case a rule of "3 runs a side" called "too few runs": 14.2/14.2/14.2 s against 72.4/71.5 s
        Welch.Result w = Welch.test(new double[] {72.4, 71.5}, new double[] {14.2, 14.2, 14.2}, 0.95);
        assertThat(w.ratio()).isCloseTo(5.066802, within(1e-6));
        assertThat(w.interval().low()).isCloseTo(4.679733, within(1e-6));
        assertThat(w.interval().high()).isCloseTo(5.485887, within(1e-6));
        assertThat(w.pValue()).isCloseTo(0.002454, within(1e-6));
        assertThat(w.df()).isCloseTo(1.000007, within(1e-6));
        assertThat(w.interval().contains(1)).isFalse();
    }

    @Test
    void identicalTimesStayWithinNoiseThanksToTheClockResolution() {
        Welch.Result w = Welch.test(new double[] {14.2, 14.2, 14.2}, new double[] {14.2, 14.2, 14.2}, 0.95);
        assertThat(w.ratio()).isEqualTo(1.0);
        assertThat(w.interval().contains(1)).isTrue();
        assertThat(w.interval().high() - w.interval().low()).isGreaterThan(0);
        assertThat(w.pValue()).isEqualTo(1.0);
    }

    @Test
    void aSingleRunOrAZeroTimeHasNoTest() {
        assertThatThrownBy(() -> Welch.test(new double[] {1}, new double[] {1, 2}, 0.95))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Welch.test(new double[] {0, 1}, new double[] {1, 2}, 0.95))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
