package dev.gbakprof.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.output.Lang;
import dev.gbakprof.output.ReportSettings;
import dev.gbakprof.stats.Analysis;
import dev.gbakprof.store.RunInputs;
import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.XYChart;

/**
 * {@code cpu.png} of a real matrix, 5 restores of each of two {@code -bu} values by gbak 3.0
 * with samples of gbak (bu-matrix/README.md). The PNGs are left in target/sampled-matrix/ to be looked at.
 */
class SampledMatrixChartsTest {
    private static final Path MATRIX = Path.of("src/test/resources/bu-matrix");
    private static final Path OUT = Path.of("target", "sampled-matrix");
    private final ReportSettings en = ReportSettings.defaults(Lang.EN);

    private static Analysis matrix() {
        return Analysis.of(RunInputs.load(MATRIX, null), null);
    }

    @Test
    void cpuIsARateOverIntervalsOfATenthOfASecondAtLeastSoNoRunIsDrawnAboveWhatItsCoresGive() throws IOException {
        RestoreRun m8 = RunInputs.load(MATRIX.resolve("20261207-171901-bu-8192-m8"), null)
                .get(0);
        double[][] cpu = CpuChart.cpuPercent(m8);
        double[][] disk = CpuChart.diskMbPerSecond(m8);
        // 0.321 s → 1.008 s, not the 1 ms to 0.322 s (5,000 % and 1,712 MB/s)
        assertThat(cpu[0][0]).isEqualTo(1.008);
        assertThat(cpu[1][0]).isCloseTo(100 * (0.55 - 0.08) / 0.687, within(1e-9));
        assertThat(disk[1][0]).isCloseTo((22540288 - 1576960) / 0.687 / 1e6, within(1e-9));
        assertThat(cpu[0]).containsExactly(1.008, 1.808, 3.27, 4.011, 5.012, 5.838);

        Analysis analysis = matrix();
        List<LineLegend.Entry> legend = new ArrayList<>();
        XYChart plot = new CpuChart().plot(analysis, en, ChartStyle.of(en), legend);
        // the runs' CPU on an axis of one core (100 %), their disk on one of their highest 42.8 MB/s (-bu 256 #1,
        // 1.005 s → 1.299 s)
        assertThat(plot.getStyler().getYAxisMax(0)).isEqualTo(100.0);
        assertThat(plot.getStyler().getYAxisMax(1))
                .isCloseTo((47_210_496 - 34_623_488) / 0.294 / 1e6 * 1.1, within(1e-9));
        assertThat(plot.getSeriesMap().get("-bu 8192 #4 · cpu").getYMax()).isCloseTo(72.874, within(0.001));

        // the decoded PNG: the first run's curves (blue) rise and fall over most of the plot's height, not a flat
        // line at its foot under one run's spike
        byte[] png = new CpuChart().render(analysis, en);
        write("cpu.png", png);
        BufferedImage image = ImageIO.read(new ByteArrayInputStream(png));
        int legendTop = image.getHeight() - ChartStyle.of(en).px(120);
        int[] rows = rowsOf(image, Palette.label(0), legendTop);
        assertThat(rows[1] - rows[0]).as("rows of -bu 256 #1's curves").isGreaterThan(legendTop / 2);
    }

    /** The first and last row above {@code below} with a pixel of exactly {@code colour}. */
    private static int[] rowsOf(BufferedImage image, Color colour, int below) {
        int first = -1;
        int last = -1;
        for (int y = 0; y < below; y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                if ((image.getRGB(x, y) & 0xFFFFFF) == (colour.getRGB() & 0xFFFFFF)) {
                    first = first < 0 ? y : first;
                    last = y;
                    break;
                }
            }
        }
        return new int[] {first, last};
    }

    private static void write(String name, byte[] png) throws IOException {
        Files.createDirectories(OUT);
        Files.write(OUT.resolve(name), png);
    }
}
