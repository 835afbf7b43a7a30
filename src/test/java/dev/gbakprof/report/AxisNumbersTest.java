package dev.gbakprof.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.output.Lang;
import dev.gbakprof.output.Texts;
import java.text.NumberFormat;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.knowm.xchart.CategoryChart;

/**
 * The numbers on a chart's axes, formatted as XChart formats them (the styler's decimal pattern applied to the
 * chart's locale's number format): XChart's own pattern wrote a tick under 0.1 as ".05" (total.png, phases.png of a
 * restore under a quarter of a second).
 */
class AxisNumbersTest {

    @ParameterizedTest
    @EnumSource(Lang.class)
    void aTickUnderOneHasItsZeroInEveryLanguage(Lang lang) {
        CategoryChart chart = new CategoryChart(800, 600);
        ChartStyle.forSize(800, 600).apply(chart);
        java.util.Locale locale = Texts.of(lang).locale();
        NumberFormat f = NumberFormat.getNumberInstance(locale);
        ((java.text.DecimalFormat) f).applyPattern(chart.getStyler().getDecimalPattern());
        boolean comma = lang != Lang.EN;
        assertThat(f.format(0.05)).isEqualTo(comma ? "0,05" : "0.05");
        assertThat(f.format(0.0)).isEqualTo("0");
        assertThat(f.format(0.1 + 0.2)).as("a sum of float steps").isEqualTo(comma ? "0,3" : "0.3");
        assertThat(f.format(0.0005)).isEqualTo(comma ? "0,0005" : "0.0005");
        assertThat(f.format(1200)).isEqualTo(comma ? "1.200" : "1,200");
        assertThat(f.format(2_500_000)).isEqualTo(comma ? "2.500.000" : "2,500,000");
    }
}
