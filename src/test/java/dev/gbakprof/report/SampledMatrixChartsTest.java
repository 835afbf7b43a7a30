package dev.gbakprof.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.output.Lang;
import dev.gbakprof.output.ReportSettings;
import dev.gbakprof.stats.Analysis;
import dev.gbakprof.store.RunInputs;
import java.awt.Color;
import java.awt.geom.Rectangle2D;
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
 * {@code cpu.png} and {@code timeline.png} of a real matrix, 5 restores of each of two {@code -bu} values by gbak 3.0
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

    @Test
    void everyRunOfALabelIsNamedAtItsLinesEndSoTheFifthIsNotTakenForTheFirst() throws IOException {
        Analysis analysis = matrix();
        ChartStyle style = ChartStyle.of(en);
        List<LineEnds.End> ends = new ArrayList<>();
        new TimelineChart().chart(analysis, en, style, ends);
        assertThat(ends).hasSize(10);
        for (int g = 0; g < 2; g++) {
            Color colour = Palette.label(g);
            assertThat(ends.stream().filter(e -> e.color().equals(colour)).map(LineEnds.End::name))
                    .containsExactly("#1", "#2", "#3", "#4", "#5");
        }
        // -bu 256 #5, the 9.64 s restore, ends last at 100 %: when its last index was built
        RestoreRun m10 = RunInputs.load(MATRIX.resolve("20261207-171915-bu-256-m10"), null)
                .get(0);
        double built = m10.indexes().stream()
                .mapToDouble(i -> i.startSeconds() + i.seconds())
                .max()
                .orElseThrow();
        assertThat(built).isCloseTo(9.634, within(1e-9));
        LineEnds.End last =
                ends.stream().max((a, b) -> Double.compare(a.x(), b.x())).orElseThrow();
        assertThat(last).isEqualTo(new LineEnds.End("#5", Palette.label(0), built, 100.0));
        assertThat(TimelineChart.legend(analysis, en.texts(), style))
                .extracting(LineLegend.Entry::name)
                .containsExactly("-bu 256 (5 runs)", "-bu 8192 (5 runs)", "#1, #5", "#2", "#3", "#4");

        // drawn: each name once, in its label's colour (the decoded PNG's pixels), none on another, the last rightmost
        Drawing drawing = new TimelineChart().drawing(analysis, en, style);
        List<RecordingGraphics.Drawn> texts = paint(drawing, en.width(), en.height());
        byte[] png = new TimelineChart().render(analysis, en);
        write("timeline.png", png);
        BufferedImage image = ImageIO.read(new ByteArrayInputStream(png));
        List<RecordingGraphics.Drawn> names = namesAtEnds(texts, "-bu 256 (5 runs)");
        assertThat(names).hasSize(10);
        for (int k = 1; k <= 5; k++) {
            String name = "#" + k;
            assertThat(names.stream()
                            .filter(d -> d.text().equals(name))
                            .map(d -> inkOf(image, d.bounds()))
                            .toList())
                    .as(name)
                    .containsExactlyInAnyOrder(Palette.label(0), Palette.label(1));
        }
        for (int i = 0; i < names.size(); i++) {
            for (int j = i + 1; j < names.size(); j++) {
                assertThat(names.get(i).bounds().intersects(names.get(j).bounds()))
                        .as(names.get(i).text() + " and " + names.get(j).text())
                        .isFalse();
            }
        }
        RecordingGraphics.Drawn rightmost = names.stream()
                .max((a, b) -> Double.compare(a.bounds().getX(), b.bounds().getX()))
                .orElseThrow();
        assertThat(rightmost.text()).isEqualTo("#5");
        assertThat(inkOf(image, rightmost.bounds())).isEqualTo(Palette.label(0));
    }

    @Test
    void manyRunsOfLongLabelsAreEachNamedInEveryLanguageAndNoNameIsDrawnOnAnother() throws IOException {
        // 3 configurations of 60-character labels, 10 restores each (the matrix's, each label's lines the same)
        List<RestoreRun> real = RunInputs.load(MATRIX, null).stream()
                .filter(r -> !r.warmupRestore())
                .toList();
        List<RestoreRun> runs = new ArrayList<>();
        for (String label : LayoutTest.LABELS.subList(0, 3)) {
            real.forEach(r -> runs.add(r.withLabel(label)));
        }
        Analysis analysis = Analysis.of(runs, null);
        for (Lang lang : Lang.values()) {
            ReportSettings settings = ReportSettings.defaults(lang);
            List<RecordingGraphics.Drawn> texts =
                    paint(new TimelineChart().drawing(analysis, settings), settings.width(), settings.height());
            write(lang.tag() + "-3x10-timeline.png", new TimelineChart().render(analysis, settings));
            List<RecordingGraphics.Drawn> names = namesAtEnds(texts, "High performance");
            assertThat(names).as(lang.tag()).hasSize(30);
            for (int i = 0; i < texts.size(); i++) {
                assertThat(new Rectangle2D.Double(0, 0, settings.width(), settings.height())
                                .contains(texts.get(i).bounds()))
                        .as(lang.tag() + ": " + texts.get(i).text() + " inside the image")
                        .isTrue();
                for (int j = i + 1; j < texts.size(); j++) {
                    Rectangle2D a = texts.get(i).bounds();
                    Rectangle2D b = texts.get(j).bounds();
                    assertThat(a.createIntersection(b).getWidth() >= 2
                                    && a.createIntersection(b).getHeight() >= 2)
                            .as(lang.tag() + ": " + texts.get(i).text() + " " + a + " on "
                                    + texts.get(j).text() + " " + b)
                            .isFalse();
                }
            }
            // the legend: a style names the runs drawn in it (#1, #5, #9), every label cut
            assertThat(texts.stream().map(RecordingGraphics.Drawn::text))
                    .contains("#1, #5, #9", "#2, #6, #10", "#3, #7", "#4, #8")
                    .noneMatch(t -> t.contains(LayoutTest.LABELS.get(0)));
        }
    }

    @Test
    void pastTwentyConfigurationsWhoseColoursRepeatALinesEndNamesItsLabelToo() {
        // 21 configurations of one restore each: the 21st has the first's colour
        List<RestoreRun> real = RunInputs.load(MATRIX, null).stream()
                .filter(r -> !r.warmupRestore())
                .toList();
        List<RestoreRun> runs = new ArrayList<>();
        for (int c = 0; c < 21; c++) {
            runs.add(real.get(c % real.size()).withLabel("configuration " + (char) ('A' + c) + " with -bu " + c));
        }
        List<LineEnds.End> ends = new ArrayList<>();
        new TimelineChart().chart(Analysis.of(runs, null), en, ChartStyle.of(en), ends);
        assertThat(ends).hasSize(21);
        assertThat(ends.get(0).color()).isEqualTo(ends.get(20).color());
        assertThat(ends.get(0).name()).isEqualTo("configuration A…");
        assertThat(ends.get(20).name()).isEqualTo("configuration U…");
        // twenty or fewer: a restore alone in its label has its own colour and no name at its end
        List<LineEnds.End> twenty = new ArrayList<>();
        new TimelineChart().chart(Analysis.of(runs.subList(0, 20), null), en, ChartStyle.of(en), twenty);
        assertThat(twenty).isEmpty();
    }

    /** The run numbers written on the plot: those drawn before the legend (its first entry starts with {@code legend}). */
    private static List<RecordingGraphics.Drawn> namesAtEnds(List<RecordingGraphics.Drawn> texts, String legend) {
        List<RecordingGraphics.Drawn> names = new ArrayList<>();
        for (RecordingGraphics.Drawn d : texts) {
            if (d.text().startsWith(legend)) {
                return names;
            }
            if (d.text().matches("#\\d+")) {
                names.add(d);
            }
        }
        throw new AssertionError("no legend entry " + legend);
    }

    /** The drawing painted as {@link Png} paints it, the texts recorded. */
    private static List<RecordingGraphics.Drawn> paint(Drawing drawing, int width, int height) {
        List<RecordingGraphics.Drawn> texts = new ArrayList<>();
        Png.image((g, w, h) -> drawing.paint(new RecordingGraphics(g, texts), w, h), width, height);
        return texts;
    }

    /** The palette colour most pixels inside {@code box} have exactly ({@code null}: none). */
    private static Color inkOf(BufferedImage image, Rectangle2D box) {
        int[] counts = new int[Palette.LABELS];
        for (int y = (int) box.getMinY(); y < (int) Math.ceil(box.getMaxY()); y++) {
            for (int x = (int) box.getMinX(); x < (int) Math.ceil(box.getMaxX()); x++) {
                int rgb = image.getRGB(x, y) & 0xFFFFFF;
                for (int c = 0; c < counts.length; c++) {
                    if (rgb == (Palette.label(c).getRGB() & 0xFFFFFF)) {
                        counts[c]++;
                    }
                }
            }
        }
        int best = 0;
        for (int c = 1; c < counts.length; c++) {
            best = counts[c] > counts[best] ? c : best;
        }
        return counts[best] == 0 ? null : Palette.label(best);
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
