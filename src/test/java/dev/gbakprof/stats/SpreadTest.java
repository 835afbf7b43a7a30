package dev.gbakprof.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class SpreadTest {

    @Test
    void medianOfAnOddCountIsTheMiddleValue() {
        Spread s = Spread.of(Arrays.asList(14.446, 20.261, 14.328));
        assertThat(s.n()).isEqualTo(3);
        assertThat(s.median()).isEqualTo(14.446);
        assertThat(s.min()).isEqualTo(14.328);
        assertThat(s.max()).isEqualTo(20.261);
    }

    @Test
    void medianOfAnEvenCountIsTheMeanOfTheTwoMiddleValues() {
        assertThat(Spread.of(Arrays.asList(4.0, 1.0, 3.0, 2.0)).median()).isEqualTo(2.5);
    }

    @Test
    void unknownValuesAreCountedApartNeverAsZero() {
        Spread s = Spread.of(Arrays.asList(null, 10.0, null));
        assertThat(s.n()).isEqualTo(1);
        assertThat(s.unknown()).isEqualTo(2);
        assertThat(s.median()).isEqualTo(10.0);
        assertThat(s.min()).isEqualTo(10.0);
    }

    @Test
    void nothingKnownGivesNoMedian() {
        Spread s = Spread.of(Arrays.asList((Double) null));
        assertThat(s.known()).isFalse();
        assertThat(s.median()).isNull();
    }
}
