package dev.gbakprof.forecast;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.gbakprof.forecast.PowerLaw.Point;
import dev.gbakprof.forecast.PowerLaw.Step;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A step measured with a ratio under 1 (the builds above it cost less per key: spills that stayed in the page cache,
 * or noise) must not make a forecast fall as the rows grow across it.
 */
class StepMonotoneTest {
    @Test
    void moreRowsNeverForecastLessAcrossAStepWithARatioUnderOne() {
        // 1.0 s at 100,000 keys, 2.0 s at 400,000 (half the cost per key above the step), both exponents 1
        Fit f = new Fit(
                "IX_ORDERS_DATE",
                "ORDERS",
                false,
                List.of(new Point(100_000, 100_000, 1.0), new Point(400_000, 400_000, 2.0)),
                new Step(100_000, 400_000, 0.5, true),
                new double[] {1, 1},
                new double[] {Math.log(1e-5), Math.log(0.5e-5)},
                "fitted",
                0.001,
                true,
                "measured");
        double before = 0;
        for (long n = 10_000; n <= 1_000_000; n += 10_000) {
            double t = f.predict(n);
            assertThat(t).as("%,d keys", n).isGreaterThanOrEqualTo(before);
            before = t;
        }
        assertThat(f.predict(100_000)).isEqualTo(1.0, within(1e-9));
        assertThat(f.predict(150_000)).as("not the upper law's 0.75 s").isEqualTo(1.0, within(1e-9));
        assertThat(f.predict(400_000)).isEqualTo(2.0, within(1e-9));
    }
}
