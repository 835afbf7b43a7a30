package dev.gbakprof.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class FontsTest {

    @Test
    void noFontAtAllStopsWithWhatToInstall() {
        assertThatThrownBy(() -> Fonts.choose(List.of()))
                .isInstanceOf(FontsUnavailableException.class)
                .hasMessageContaining("no fonts found")
                .hasMessageContaining("fonts-dejavu-core");
    }

    @Test
    void onlyJavasLogicalFontNamesMeanNoFont() {
        // what Java lists in a container without font files (checked with /usr/share/fonts hidden)
        assertThatThrownBy(() -> Fonts.choose(List.of("Dialog", "DialogInput", "Monospaced", "SansSerif", "Serif")))
                .isInstanceOf(FontsUnavailableException.class)
                .hasMessageStartingWith("no fonts found: charts cannot be drawn");
    }

    @Test
    void fontsWithoutTheReportLettersAreNotUsed() {
        assertThatThrownBy(() -> Fonts.choose(List.of("Some Symbol Font")))
                .isInstanceOf(FontsUnavailableException.class)
                .hasMessageContaining("none of the fonts");
    }

    @Test
    void dejaVuSansIsPreferredWhenInstalled() {
        assertThat(Fonts.choose(List.of("Liberation Sans", "DejaVu Sans"))).isEqualTo("DejaVu Sans");
    }
}
