package dev.gbakprof.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.Samples;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.output.Labels;
import dev.gbakprof.output.Lang;
import dev.gbakprof.output.ReportFile;
import dev.gbakprof.output.ReportSettings;
import dev.gbakprof.stats.Analysis;
import dev.gbakprof.store.RunInputs;
import dev.gbakprof.testutil.SlowTest;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The layout holds with 7 configurations of 60-character labels and 3 runs each, in every language, at the
 * default chart size and at the smallest one {@code --size} accepts: every chart and the page are drawn, and what is
 * measured of the drawing holds: every text lies inside the image, no two texts lie on top of each other, and a
 * label on a chart's axis or legend is cut with "…" rather than drawn whole past its room. The PNGs are left in
 * target/layout/ to be looked at.
 */
class LayoutTest {
    /** Seven labels of 60 characters that differ only near their ends, as real configuration names do. */
    static final List<String> LABELS = List.of(
            "High performance power plan, -bu 8192, NVMe array, BIOS 2.1a",
            "High performance power plan, -bu 8192, NVMe array, BIOS 2.0b",
            "Balanced power plan (Windows default), -bu 2048, SAS RAID 10",
            "Balanced power plan (Windows default), -bu 8192, SAS RAID 10",
            "Power saver plan, -bu 2048, SATA SSD, antivirus scan enabled",
            "Ultimate Performance plan, -bu 16384, NVMe, write cache on..",
            "Ultimate Performance plan, -bu 16384, NVMe, write cache off.");

    private static final Path OUT = Path.of("target", "layout");

    /** 7 configurations × 3 restores of the A/B samples (the fast and the slow ones in turn). */
    static List<RestoreRun> sevenConfigurations() {
        List<RestoreRun> ab = Samples.abBoth();
        List<RestoreRun> runs = new ArrayList<>();
        for (int c = 0; c < LABELS.size(); c++) {
            for (int k = 0; k < 3; k++) {
                runs.add(ab.get((c % 2) * 3 + k).withLabel(LABELS.get(c)));
            }
        }
        return runs;
    }

    /** 7 configurations of one sampled restore each (cpu.png, tables.png). */
    static List<RestoreRun> sevenSampled() {
        RestoreRun run = RunInputs.load(Path.of("samples/shop-cpu.json"), null).get(0);
        return LABELS.stream().map(run::withLabel).toList();
    }

    /** 7 configurations of the article's excerpts (no total: the page shows the index and progress charts). */
    static List<RestoreRun> sevenExcerpts() {
        List<RestoreRun> article = Samples.article();
        List<RestoreRun> runs = new ArrayList<>();
        for (int c = 0; c < LABELS.size(); c++) {
            runs.add(article.get(c % 2).withLabel(LABELS.get(c)));
        }
        return runs;
    }

    /** A scan of 7 values of one switch (matrix --vary: speedup.png), 3 restores each of the A/B samples. */
    static List<RestoreRun> sevenValues() {
        List<RestoreRun> ab = Samples.abBoth();
        List<RestoreRun> runs = new ArrayList<>();
        for (int c = 0; c < LABELS.size(); c++) {
            for (int k = 0; k < 3; k++) {
                runs.add(ab.get(((c + 1) % 2) * 3 + k).withLabel("-bu " + (100 << c)));
            }
        }
        return runs;
    }

    @SlowTest
    @ParameterizedTest
    @EnumSource(Lang.class)
    void sevenLongLabelsStayReadableOnEveryChartAndThePage(Lang lang) throws IOException {
        List<String> problems = new ArrayList<>();
        for (int[] size : List.of(
                new int[] {ReportSettings.DEFAULT_WIDTH, ReportSettings.DEFAULT_HEIGHT},
                new int[] {ReportSettings.MIN_WIDTH, ReportSettings.MIN_HEIGHT})) {
            ReportSettings settings = ReportSettings.defaults(lang).withSize(size[0], size[1]);
            for (List<RestoreRun> runs :
                    List.of(sevenConfigurations(), sevenSampled(), sevenExcerpts(), sevenValues())) {
                Analysis analysis = Analysis.of(runs, null);
                String set = !runs.get(0).cpuSamples().isEmpty()
                        ? "7x1-cpu"
                        : runs.get(0).totalSeconds() == null
                                ? "7x1-excerpts"
                                : runs.get(0).label().startsWith("-bu") ? "7x3-scan" : "7x3";
                for (ReportFile file : Reports.files()) {
                    if (!(file instanceof ChartFile chart) || !file.appliesTo(runs)) {
                        continue;
                    }
                    int[] px = chart.size(settings);
                    String name = lang.tag() + "/" + set + "-" + size[0] + "x" + size[1] + "-" + file.fileName();
                    List<RecordingGraphics.Drawn> texts = draw(chart.drawing(analysis, settings), px, name);
                    assertThat(texts).as(name + ": texts drawn").hasSizeGreaterThan(5);
                    insideTheImage(name, texts, px, problems);
                    noOverlap(name, texts, problems);
                    labelsCut(name, texts, file, problems);
                }
            }
        }
        assertThat(problems).as("what does not fit").isEmpty();
    }

    @ParameterizedTest
    @EnumSource(Lang.class)
    void sevenConfigurationsLeaveThePageRoomForItsChartsAndTheKeyTableHasEveryVerdict(Lang lang) {
        // 7 × 60-character labels, 6 verdicts against the baseline: they are the key table's last column on the page
        // (in full in summary.md and --json), not 6 notes of 2–3 lines each that leave no room for a chart
        ReportSettings settings = ReportSettings.defaults(lang);
        Analysis analysis = Analysis.of(sevenConfigurations(), null);
        ReportPage.Page page = new ReportPage().drawing(analysis, settings);
        assertThat(analysis.noteCodes().stream().filter(c -> c == dev.gbakprof.stats.NoteCode.VERDICT))
                .hasSize(6);
        BufferedImage image = new BufferedImage(ReportPage.WIDTH, ReportPage.HEIGHT, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        List<RecordingGraphics.Drawn> drawn = new ArrayList<>();
        int shown;
        try {
            shown = page.paintCounting(new RecordingGraphics(g, drawn), ReportPage.WIDTH, ReportPage.HEIGHT);
        } finally {
            g.dispose();
        }
        // every number of a verdict is drawn whole: wrapped onto another line, never cut ("IC 95 % 0,02–10…" of
        // 0,02–107,85 read as another interval)
        String texts = String.join(
                "\n", drawn.stream().map(RecordingGraphics.Drawn::text).toList());
        for (List<String> row : page.table().rows().subList(1, 7)) {
            for (String number : row.get(row.size() - 1).split("[^0-9.,]+")) {
                String n = number.replaceAll("^[.,]+|[.,]+$", "");
                if (!n.isEmpty()) {
                    assertThat(texts).as(lang.tag() + ": " + n + " of " + row).contains(n);
                }
            }
        }
        assertThat(shown)
                .as(lang.tag() + ": charts on the page of " + page.chartFiles())
                .isGreaterThanOrEqualTo(2);
        assertThat(page.table().rows()).hasSize(7);
        // labels that differ only at their ends stay apart when cut (in their middles): the key table's names, and
        // those of "Also differs"
        assertThat(page.table().rows().stream().map(row -> row.get(0)).distinct())
                .as(lang.tag() + ": " + page.table().rows())
                .hasSize(7);
        assertThat(Labels.cutApart(LABELS, 24).stream().distinct()).hasSize(7);
        assertThat(Labels.cutApart(LABELS, 24).get(0))
                .endsWith("BIOS 2.1a")
                .contains("…")
                .hasSizeLessThanOrEqualTo(24);
        assertThat(page.table().rows().subList(1, 7))
                .allSatisfy(row -> assertThat(row.get(row.size() - 1)).isNotEmpty());
    }

    /**
     * Runs whose folders are named by long labels ({@code run} keeps a label's letters in them), beside one run close to
     * them (samples/shop-tdrw.log): the headline's
     * wide-spread sentence names the fastest and slowest run by their folders, one word each, cut with "…" so that
     * report.png's headline stays inside the page, in every language.
     */
    @ParameterizedTest
    @EnumSource(Lang.class)
    void runFoldersNamedByLongLabelsStayInsideThePagesHeadline(Lang lang) throws IOException {
        List<String> labels = List.of(
                "Sunucu İzmir: Firebird 3.0 ışıklı şema, sıkıştırılmış yedek — çok uzun etiket",
                "Servidor São João: Firebird 4.0 migração — configuração padrão, rótulo longo");
        List<RestoreRun> runs = new ArrayList<>();
        List<RestoreRun> ab = Samples.abBoth();
        for (int k = 0; k < ab.size(); k++) {
            String label = labels.get(k / 3);
            String folder =
                    "20261207-20235" + k + "-" + dev.gbakprof.store.RunStore.fileSafe(label) + "-r" + (k % 3 + 1);
            runs.add(ab.get(k).toBuilder()
                    .label(label)
                    .source(Path.of("runs", folder, "gbak.log").toString())
                    .build());
        }
        runs.add(Samples.log("shop-tdrw.log", "one")); // 11.6 s: closer to the long label's runs than they are apart
        Analysis analysis = Analysis.of(runs, null);
        assertThat(analysis.noteCodes()).contains(dev.gbakprof.stats.NoteCode.WIDE_SPREAD);
        ReportPage.Page page = new ReportPage().drawing(analysis, ReportSettings.defaults(lang));
        int[] px = {ReportPage.WIDTH, ReportPage.HEIGHT};
        List<RecordingGraphics.Drawn> texts =
                draw((g, w, h) -> page.paintCounting(g, w, h), px, lang.tag() + "/long-run-folders-report.png");
        List<String> problems = new ArrayList<>();
        insideTheImage(lang.tag() + "/report.png", texts, px, problems);
        assertThat(problems).as("what does not fit").isEmpty();
        assertThat(texts.stream().map(RecordingGraphics.Drawn::text))
                .anyMatch(t -> t.contains("20261207-20235") && t.contains("…"));
    }

    /** Paints into an image through a recorder; writes the PNG under target/layout. */
    private static List<RecordingGraphics.Drawn> draw(Drawing drawing, int[] px, String name) throws IOException {
        Fonts.family();
        BufferedImage image = new BufferedImage(px[0], px[1], BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        List<RecordingGraphics.Drawn> texts = new ArrayList<>();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_FRACTIONALMETRICS, RenderingHints.VALUE_FRACTIONALMETRICS_ON);
            g.setColor(java.awt.Color.WHITE);
            g.fillRect(0, 0, px[0], px[1]);
            drawing.paint(new RecordingGraphics(g, texts), px[0], px[1]);
        } finally {
            g.dispose();
        }
        Path file = OUT.resolve(name.replace('/', java.io.File.separatorChar));
        Files.createDirectories(file.getParent());
        ImageIO.write(image, "png", file.toFile());
        assertThat(PngTest.luminanceVariance(image)).as(name).isGreaterThan(200);
        return texts;
    }

    private static void insideTheImage(
            String name, List<RecordingGraphics.Drawn> texts, int[] px, List<String> problems) {
        Rectangle2D image = new Rectangle2D.Double(-0.5, -0.5, px[0] + 1, px[1] + 1);
        for (RecordingGraphics.Drawn d : texts) {
            if (!image.contains(d.bounds())) {
                problems.add(name + ": '" + d.text() + "' at " + box(d) + " is cut off by the image's edge");
            }
        }
    }

    private static String box(RecordingGraphics.Drawn d) {
        Rectangle2D b = d.bounds();
        return String.format(
                java.util.Locale.ROOT, "(%.0f,%.0f %.0fx%.0f)", b.getX(), b.getY(), b.getWidth(), b.getHeight());
    }

    /** No two texts share more than a sliver (glyph outlines of neighbouring lines may touch). */
    private static void noOverlap(String name, List<RecordingGraphics.Drawn> texts, List<String> problems) {
        for (int i = 0; i < texts.size(); i++) {
            for (int j = i + 1; j < texts.size(); j++) {
                Rectangle2D a = texts.get(i).bounds();
                Rectangle2D b = texts.get(j).bounds();
                if (!a.intersects(b)) {
                    continue;
                }
                // bounds of slanted labels overlap where their glyphs do not: compare the ink
                java.awt.geom.Area ink = new java.awt.geom.Area(texts.get(i).outline());
                ink.intersect(new java.awt.geom.Area(texts.get(j).outline()));
                Rectangle2D both = ink.getBounds2D();
                if (!ink.isEmpty() && both.getWidth() >= 2 && both.getHeight() >= 2) {
                    problems.add(name + ": '" + texts.get(i).text() + "' " + box(texts.get(i)) + " and '"
                            + texts.get(j).text() + "' " + box(texts.get(j)) + " are drawn on top of each other");
                }
            }
        }
    }

    /**
     * A chart names a configuration in at most {@link Labels#MAX_CATEGORY_LABEL} characters and "…" (the
     * page's headline, notes and key table, and summary.md, keep the whole label).
     */
    private static void labelsCut(
            String name, List<RecordingGraphics.Drawn> texts, ReportFile file, List<String> problems) {
        if (file instanceof ReportPage) {
            return;
        }
        for (RecordingGraphics.Drawn d : texts) {
            for (String label : LABELS) {
                assertThat(d.text())
                        .as(name + ": a whole 60-character label on a chart")
                        .doesNotContain(label);
            }
        }
    }
}
