package dev.gbakprof.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.Color;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class PaletteTest {
    /** Twenty configurations have twenty colours (the eleventh is not the first's blue), none of them the failed red. */
    @Test
    void twentyConfigurationsHaveTwentyColours() {
        assertThat(IntStream.range(0, 20).mapToObj(Palette::label).distinct()).hasSize(20);
        assertThat(IntStream.range(0, 20).mapToObj(Palette::label)).doesNotContain(Palette.FAILED);
        assertThat(Palette.label(10)).isNotEqualTo(Palette.label(0)).isNotEqualTo(new Color(0x4E79A7));
    }
}
