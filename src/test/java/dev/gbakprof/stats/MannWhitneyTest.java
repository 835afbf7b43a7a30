package dev.gbakprof.stats;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class MannWhitneyTest {

    @Test
    void uCountsThePairsWhereTheFirstSampleIsLarger() {
        assertThat(MannWhitney.u(new double[] {1, 5, 9}, new double[] {2, 6})).isEqualTo(3.0);
        assertThat(MannWhitney.u(new double[] {2, 3}, new double[] {2})).isEqualTo(1.5);
    }

    @Test
    void exactPOfTwoSeparatedSamplesOfFiveIsTwoIn252() {
        double p = MannWhitney.pValue(new double[] {1, 2, 3, 4, 5}, new double[] {6, 7, 8, 9, 10});
        assertThat(p).isCloseTo(2.0 / 252, within(1e-12));
    }

    @Test
    void threeAgainstThreeCanNeverGoBelowOneTenth() {
        assertThat(MannWhitney.smallestPValue(3, 3)).isCloseTo(0.1, within(1e-12));
        assertThat(MannWhitney.pValue(new double[] {1, 2, 3}, new double[] {4, 5, 6})).isCloseTo(0.1, within(1e-12));
    }

    @Test
    void exactPOfInterleavedSamplesIsOne() {
        // U = 4.5 is the centre of the distribution for 3 against 3
        assertThat(MannWhitney.pValue(new double[] {1, 4, 5}, new double[] {2, 3, 6})).isEqualTo(1.0);
    }

    @Test
    void identicalSamplesWithTiesGiveOne() {
        assertThat(MannWhitney.pValue(new double[] {7, 7, 8}, new double[] {7, 7, 8})).isEqualTo(1.0);
    }
}
