package dev.gbakprof.timeline;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BoxedTest {
    @Test
    void givesTheValuesOfDivisionAndBoxingAndSharesTheSmallOnes() {
        for (long ms : new long[] {0, 1, 12, 999, 1000, 65_535, 65_536, 3_600_000, -1}) {
            assertThat(Boxed.seconds(ms)).isEqualTo(ms / 1000.0);
            assertThat(Boxed.count(ms)).isEqualTo(Long.valueOf(ms));
        }
        for (long ms = 0; ms < 65_536; ms++) { // every shared value is the division's, to the last bit
            assertThat(Double.doubleToRawLongBits(Boxed.seconds(ms)))
                    .isEqualTo(Double.doubleToRawLongBits(ms / 1000.0));
        }
        assertThat(Boxed.seconds(12)).isSameAs(Boxed.seconds(12));
        assertThat(Boxed.count(4096)).isSameAs(Boxed.count(4096));
        assertThat(Boxed.seconds(65_536)).isNotSameAs(Boxed.seconds(65_536)); // beyond the shared ones: a box each
    }
}
