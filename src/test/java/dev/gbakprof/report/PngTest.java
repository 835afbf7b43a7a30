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
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

/** Every chart decodes as a PNG of the size asked for, and is not blank. */
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
