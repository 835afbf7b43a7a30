package dev.gbakprof.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.Samples;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.output.Lang;
import dev.gbakprof.output.ReportSettings;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

/** Every chart decodes as a PNG of the size asked for, with the pixels drawn, and is not blank. */
class PngTest {

    @Test
    void everyChartOfAComparisonDecodesAtTheRequestedSizeAndIsNotBlank() throws IOException {
        ReportSettings settings = ReportSettings.defaults(Lang.EN).withSize(1000, 620);
        Map<String, byte[]> files = Reports.render(Samples.abBoth(), settings);
        assertThat(files.keySet())
                .containsExactly(
                        "report.png",
                        "report.html",
                        "total.png",
                        "phases.png",
                        "indexes.png",
                        "tables.png",
                        "timeline.png",
                        "summary.md",
                        "runs.csv",
                        "indexes.csv",
                        "tables.csv");
        for (Map.Entry<String, byte[]> f : files.entrySet()) {
            if (!f.getKey().endsWith(".png")) {
                continue;
            }
            BufferedImage image = ImageIO.read(new ByteArrayInputStream(f.getValue()));
            assertThat(image).as(f.getKey()).isNotNull();
            if (f.getKey().equals("report.png")) {
                assertThat(image.getWidth()).isEqualTo(1240);
                assertThat(image.getHeight()).isEqualTo(1754);
            } else {
                assertThat(image.getWidth()).as(f.getKey()).isEqualTo(1000);
                assertThat(image.getHeight()).as(f.getKey()).isEqualTo(620);
            }
            assertThat(luminanceVariance(image))
                    .as(f.getKey() + " pixel variance")
                    .isGreaterThan(200);
        }
    }

    @Test
    void theDefaultSizeIs1600By900() throws IOException {
        byte[] png = new IndexesChart()
                .render(
                        Reports.analyse(Samples.article(), ReportSettings.defaults(Lang.EN)),
                        ReportSettings.defaults(Lang.EN));
        BufferedImage image = ImageIO.read(new ByteArrayInputStream(png));
        assertThat(image.getWidth()).isEqualTo(1600);
        assertThat(image.getHeight()).isEqualTo(900);
    }

    @Test
    void thePngHoldsEveryPixelAsDrawn() throws IOException {
        ReportSettings settings = ReportSettings.defaults(Lang.EN).withSize(700, 400);
        var analysis = Reports.analyse(Samples.abBoth(), settings);
        for (ChartFile file : List.of(new ReportPage(), new TimelineChart(), new IndexesChart())) {
            int[] size = file.size(settings);
            BufferedImage drawn = Png.image(file.drawing(analysis, settings), size[0], size[1]);
            BufferedImage decoded = ImageIO.read(new ByteArrayInputStream(file.render(analysis, settings)));
            assertThat(decoded.getColorModel().hasAlpha()).as(file.fileName()).isFalse();
            assertThat(Arrays.mismatch(rgb(decoded), rgb(drawn)))
                    .as(file.fileName() + ": the first pixel that differs from the drawing (-1: none)")
                    .isEqualTo(-1);
            assertThat(luminanceVariance(decoded)).as(file.fileName()).isGreaterThan(200);
        }
    }

    private static int[] rgb(BufferedImage image) {
        return image.getRGB(0, 0, image.getWidth(), image.getHeight(), null, 0, image.getWidth());
    }

    @Test
    void theSameRunsGiveTheSameBytes() {
        List<RestoreRun> runs = new ArrayList<>(Samples.article());
        ReportSettings settings = ReportSettings.defaults(Lang.EN);
        assertThat(new ReportPage().render(Reports.analyse(runs, settings), settings))
                .isEqualTo(new ReportPage().render(Reports.analyse(runs, settings), settings));
    }

    /** Variance of the grey level over all pixels: 0 for a blank image, large for a chart. */
    static double luminanceVariance(BufferedImage image) {
        double sum = 0;
        double sq = 0;
        long n = (long) image.getWidth() * image.getHeight();
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                int rgb = image.getRGB(x, y);
                double l = 0.299 * ((rgb >> 16) & 0xff) + 0.587 * ((rgb >> 8) & 0xff) + 0.114 * (rgb & 0xff);
                sum += l;
                sq += l * l;
            }
        }
        double mean = sum / n;
        return sq / n - mean * mean;
    }
}
