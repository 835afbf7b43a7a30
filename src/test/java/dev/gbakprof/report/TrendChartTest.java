package dev.gbakprof.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.history.Band;
import dev.gbakprof.history.History;
import dev.gbakprof.history.Trend;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.output.Lang;
import dev.gbakprof.output.Texts;
import dev.gbakprof.store.LogReader;
import dev.gbakprof.testutil.Logs;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.SimpleDateFormat;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Date;
import java.util.List;
import java.util.TimeZone;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;

/** {@code trend.png}'s time axis: its labels tell the restores apart however close together they started. */
class TrendChartTest {

    private static Trend restoresEvery(Duration step, int n) {
        RestoreRun run = Logs.read("small-tdrw.log");
        Instant t = Instant.parse("2026-12-01T10:09:00Z");
        List<Trend.Point> points = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            points.add(new Trend.Point(Path.of("run" + i), run, t.plus(step.multipliedBy(i)), null, null));
        }
        return new Trend("erp.fbk", points);
    }

    @ParameterizedTest
    @CsvSource({"PT12S, HH:mm:ss", "PT2M, HH:mm:ss", "PT1H, MM-dd HH:mm", "P1D, MM-dd"})
    void restoresStartedSecondsHoursOrDaysApartGetLabelsThatDiffer(Duration step, String pattern, @TempDir Path dir)
            throws Exception {
        Trend trend = restoresEvery(step, 5);

        assertThat(TrendChart.datePattern(trend.points())).isEqualTo(pattern);
        SimpleDateFormat f = new SimpleDateFormat(pattern);
        f.setTimeZone(TimeZone.getTimeZone("UTC"));
        assertThat(trend.points().stream().map(p -> f.format(Date.from(p.startedAt()))))
                .doesNotHaveDuplicates(); // five runs in one minute used to be five "12-01 10:09": no label at all
        byte[] png = TrendChart.png(trend, Texts.of(Lang.EN), 1600, 900);
        Files.write(dir.resolve("trend.png"), png);
        BufferedImage img = ImageIO.read(new ByteArrayInputStream(png));
        assertThat(img.getWidth()).isEqualTo(1600);
    }

    /**
     * The fourth completed restore is the first judged against a band: a polygon at one instant had no width and
     * was left out, legend and all. It gets a width around that restore, its median a short line.
     */
    @Test
    void theFirstRestoreJudgedShowsItsBand() {
        Trend four = restoresEvery(Duration.ofDays(1), 4);
        List<Trend.Point> points = new ArrayList<>(four.points());
        Trend.Point last = points.get(3);
        points.set(3, new Trend.Point(last.folder(), last.run(), last.startedAt(), new Band(0.2, 0.1, 1.2, 3), null));
        XYChart chart = TrendChart.chart(new Trend("erp.fbk", points), Texts.of(Lang.EN), 1600, 900);
        XYSeries band = chart.getSeriesMap().get("baseline band: median ± 3 × 1.4826 MAD\nat least ± 5% and ± 1 s");
        assertThat(band).isNotNull();
        double[] x = band.getXData();
        assertThat(Arrays.stream(x).max().orElseThrow() - Arrays.stream(x).min().orElseThrow())
                .as("the band's width, ms")
                .isEqualTo(2 * Duration.ofDays(3).toMillis() / 50.0);
        assertThat(band.getYData()).contains(1.2, 0.1);
        assertThat(chart.getSeriesMap().get("baseline median").getYData()).containsOnly(0.2);
    }

    /**
     * A failed restore is marked where gbak's clock had reached (samples/dupfail-tdrw.log: 0.177 s); one whose log has
     * no time at all (FirebirdSQL/firebird#8263's, printed without -st) is drawn at 0 in a series whose name says so,
     * not among those whose 0 would be a time.
     */
    @Test
    void aFailedRestoreWithoutATimeIsNamedNotDrawnAsZeroSeconds() {
        RestoreRun timed = LogReader.read(Path.of("samples/dupfail-tdrw.log"), null);
        RestoreRun untimed = LogReader.read(Path.of("src/test/resources/published/fb5-issue8263-classic.log"), null);
        assertThat(untimed.lastSeenSeconds()).isNull();
        Instant t = Instant.parse("2026-12-01T10:09:00Z");
        List<Trend.Point> points =
                new ArrayList<>(restoresEvery(Duration.ofDays(1), 3).points());
        points.add(new Trend.Point(Path.of("run3"), timed, t.plus(Duration.ofDays(3)), null, null));
        points.add(new Trend.Point(Path.of("run4"), untimed, t.plus(Duration.ofDays(4)), null, null));
        XYChart chart = TrendChart.chart(new Trend("erp.fbk", points), Texts.of(Lang.EN), 1600, 900);
        assertThat(chart.getSeriesMap().get("failed (at the time reached)").getYData())
                .containsExactly(0.177);
        assertThat(chart.getSeriesMap()
                        .get("failed, no time in its log (drawn at 0)")
                        .getYData())
                .containsExactly(0.0);
    }

    /**
     * The small fixture's restores (src/test/resources/output/runs) take 0.135 s: 3 MAD is 0, the band is the ±1 s
     * floor (0.0–1.1 s). The legend says so, not "median ± 3 MAD" alone.
     */
    @Test
    void theLegendSaysTheBandIsAtLeastOneSecondWide() {
        Trend trend = History.load(List.of(Path.of("src/test/resources/output/runs")), null, null, Trend.By.BACKUP)
                .trends()
                .get(0);
        assertThat(trend.points().get(8).band().high()).isEqualTo(1.135);
        assertThat(TrendChart.chart(trend, Texts.of(Lang.EN), 1600, 900)
                        .getSeriesMap()
                        .keySet())
                .contains("baseline band: median ± 3 × 1.4826 MAD\nat least ± 5% and ± 1 s", "baseline median");
        assertThat(TrendChart.chart(trend, Texts.of(Lang.of("es")), 1600, 900)
                        .getSeriesMap()
                        .keySet())
                .contains("banda de referencia: mediana ± 3 × 1,4826 MAD\nal menos ± 5\u00a0% y ± 1 s"); // the locale's
        // no-break space
        assertThat(TrendChart.chart(trend, Texts.of(Lang.of("pt-BR")), 1600, 900)
                        .getSeriesMap()
                        .keySet())
                .contains("faixa de referência: mediana ± 3 × 1,4826 MAD\nno mínimo ± 5% e ± 1 s");
        assertThat(TrendChart.chart(trend, Texts.of(Lang.of("tr")), 1600, 900)
                        .getSeriesMap()
                        .keySet())
                .contains("referans bandı: medyan ± 3 × 1,4826 MAD\nen az ± %5 ve ± 1 sn");
    }

    /**
     * XChart lays a legend out by its text measured with whole-pixel advances; drawn with fractional ones, the
     * longest label ran 9 px further, over the box's right border (the Spanish band label, "… MAD"). The text stays
     * inside its box in every language.
     */
    @ParameterizedTest
    @CsvSource({"en", "es", "pt-BR", "tr"})
    void theLegendsTextStaysInsideItsBox(String lang) throws Exception {
        Trend trend = History.load(List.of(Path.of("src/test/resources/output/runs")), null, null, Trend.By.BACKUP)
                .trends()
                .get(0);
        BufferedImage img =
                ImageIO.read(new ByteArrayInputStream(TrendChart.png(trend, Texts.of(Lang.of(lang)), 1600, 900)));
        // the box's right border: the rightmost column with a long vertical run of one grey
        int border = -1;
        int top = -1;
        int bottom = -1;
        for (int x = img.getWidth() - 1; x > img.getWidth() / 2 && border < 0; x--) {
            int run = 0;
            for (int y = 0; y < img.getHeight(); y++) {
                int rgb = img.getRGB(x, y) & 0xFFFFFF;
                run = rgb != 0xFFFFFF && rgb == (img.getRGB(x, Math.max(0, y - 1)) & 0xFFFFFF) ? run + 1 : 0;
                if (run >= 100) {
                    border = x;
                    bottom = y;
                    top = y - run;
                    while (bottom + 1 < img.getHeight() && img.getRGB(x, bottom + 1) == img.getRGB(x, y)) {
                        bottom++;
                    }
                    break;
                }
            }
        }
        assertThat(border).as("the legend's right border").isPositive();
        int rightmostInk = -1;
        for (int y = top; y <= bottom; y++) {
            for (int x = border - 40; x < border; x++) {
                int rgb = img.getRGB(x, y);
                int r = (rgb >> 16) & 0xFF;
                int g = (rgb >> 8) & 0xFF;
                int b = rgb & 0xFF;
                if (r < 120 && g < 120 && b < 120) { // the labels' dark text
                    rightmostInk = Math.max(rightmostInk, x);
                }
            }
        }
        assertThat(rightmostInk)
                .as("the rightmost text pixel, the border at " + border)
                .isLessThan(border - 2);
    }
}
