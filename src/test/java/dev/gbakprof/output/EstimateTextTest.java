package dev.gbakprof.output;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.forecast.Estimate;
import java.util.List;
import org.junit.jupiter.api.Test;

/** estimate's text rounds its percentages as reports do: half to even ({@code model.Rounding}), not printf's half up. */
class EstimateTextTest {

    /** An estimate whose every percentage is on a .5 boundary (each exact in binary). */
    private static Estimate onBoundaries() {
        Estimate.Range range = new Estimate.Range(
                0.1225, // run-to-run 12.25 %
                "measured",
                0.0625, // extrapolation 6.25 %
                0.1,
                "assumed",
                0.5,
                0.2,
                0.1,
                4,
                0.8,
                1.53,
                0.05,
                "floor",
                -21.25, // low end −21.25 %
                30.25, // high end +30.25 %
                4.0,
                false,
                0.0,
                null,
                List.of());
        return new Estimate(
                Estimate.SCHEMA,
                new Estimate.TargetInfo("target.fbk", 2, 4000, 4.0),
                List.of(new Estimate.CalibrationRun("small", "small.json", "gbak", 1000, 1.0)),
                new Estimate.Total(80, 63, 104.2),
                new Estimate.Measured(4, 1, 10, 0.125), // 12.5 % estimated
                range,
                List.of(
                        new Estimate.PhaseForecast("data", 10, 0.125, "fitted"), // 12.5 %
                        new Estimate.PhaseForecast("indexes", 70, 0.875, "fitted")),
                List.of(new Estimate.ObjectForecast("index", "IX_A", "A", 4000, 50, 1.0, "fitted", "fitted")),
                null,
                new Estimate.Dominant("indexes", 0.625, "IX_A", 0.375), // 62.5 %, 37.5 %
                List.of(),
                List.of());
    }

    @Test
    void percentagesOnAHalfRoundToEven() {
        String text = EstimateText.of(onBoundaries(), 5);
        assertThat(text)
                .contains("1 estimated from other objects (never calibrated): 10.0 s, 12 % of the forecast")
                .contains("range      −21.2 % / +30.2 % of the forecast, 80 % of restores fall inside")
                .contains("√((1.53 × run-to-run 12.2 %)² + extrapolation 6.2 %²))")
                .contains("dominates  the index phase, 62 % of the total; the slowest object is IX_A, 38 %");
        assertThat(text.lines().filter(l -> l.startsWith("    data ")))
                .singleElement()
                .asString()
                .contains(" 12.5%");
    }
}
