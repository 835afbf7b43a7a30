package dev.gbakprof.report;

import dev.gbakprof.output.Labels;
import dev.gbakprof.output.ReportSettings;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.font.FontRenderContext;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.AxesChartStyler;
import org.knowm.xchart.style.Styler;

/**
 * Font sizes and the common look of every chart. Sizes are set for 1600×900 and scale with the image,
 * so a chart drawn smaller (on the one-page report) keeps its proportions.
 */
final class ChartStyle {
    static final int BASE_WIDTH = ReportSettings.DEFAULT_WIDTH;
    static final int BASE_HEIGHT = ReportSettings.DEFAULT_HEIGHT;

    private final float scale;

    private ChartStyle(float scale) {
        this.scale = scale;
    }

    static ChartStyle forSize(int width, int height) {
        return new ChartStyle(
                (float) Math.max(0.55, Math.min(width / (double) BASE_WIDTH, height / (double) BASE_HEIGHT)));
    }

    /** The style of the charts of the size {@code settings} ask for. */
    static ChartStyle of(ReportSettings settings) {
        return forSize(settings.width(), settings.height());
    }

    static ChartStyle scaled(float scale) {
        return new ChartStyle(scale);
    }

    float scale() {
        return scale;
    }

    int px(double basePixels) {
        return Math.max(1, Math.round((float) basePixels * scale));
    }

    Font title() {
        return Fonts.bold(26 * scale);
    }

    Font axisTitle() {
        return Fonts.plain(20 * scale);
    }

    Font tick() {
        return Fonts.plain(18 * scale);
    }

    Font legend() {
        return Fonts.plain(18 * scale);
    }

    Font annotation() {
        return Fonts.plain(16 * scale);
    }

    /**
     * Shrinks the title font of an XChart chart until the title fits its width: XChart draws a title
     * on one line and cuts what does not fit.
     */
    private void fitTitle(Chart<?, ?> chart) {
        Styler s = chart.getStyler();
        Font font = s.getChartTitleFont();
        double room = 0.9 * chart.getWidth() - 2.0 * s.getChartPadding();
        FontRenderContext frc = Png.FRC;
        double w = font.getStringBounds(chart.getTitle(), frc).getWidth();
        if (w > room) {
            s.setChartTitleFont(font.deriveFont((float) Math.max(10, font.getSize2D() * room / w)));
        }
    }

    /** Shortest a label is cut to before the axis labels are slanted instead. */
    private static final int MIN_CATEGORY_LABEL = 12;

    /**
     * Category names that a category axis can show side by side: each label followed by its suffix, the labels
     * cut with "…" as far as needed (to {@link Labels#MAX_CATEGORY_LABEL} characters at most, never to names alike),
     * then with the short suffixes; slanted only when even that does not fit. XChart draws axis labels on one
     * line and silently drops those that overlap.
     */
    List<String> fitCategories(
            CategoryChart chart, List<String> labels, List<String> suffixes, List<String> shortSuffixes) {
        double slot = 0.9 * (chart.getWidth() - px(160)) / Math.max(1, labels.size());
        for (List<String> ends : List.of(suffixes, shortSuffixes)) {
            for (int max = Labels.MAX_CATEGORY_LABEL; max >= MIN_CATEGORY_LABEL; max--) {
                List<String> cut = cut(labels, ends, max);
                if (cut != null && widest(cut) <= slot) {
                    return cut;
                }
            }
        }
        chart.getStyler().setXAxisLabelRotation(30);
        // slanted: as short as the labels stay apart, never whole past Labels.MAX_CATEGORY_LABEL
        for (int max = MIN_CATEGORY_LABEL; max <= Labels.MAX_CATEGORY_LABEL; max++) {
            List<String> cut = cut(labels, shortSuffixes, max);
            if (cut != null) {
                return cut;
            }
        }
        List<String> whole = new ArrayList<>();
        for (int i = 0; i < labels.size(); i++) {
            whole.add(Labels.cutMiddle(labels.get(i), Labels.MAX_CATEGORY_LABEL) + shortSuffixes.get(i));
        }
        return whole;
    }

    /**
     * Labels cut to {@code max} characters plus their suffixes: at their ends, or in their middles when cut ends make
     * two alike (labels that differ only at their ends); {@code null} when both do.
     */
    private static List<String> cut(List<String> labels, List<String> suffixes, int max) {
        for (boolean middle : new boolean[] {false, true}) {
            List<String> names = new ArrayList<>();
            for (int i = 0; i < labels.size(); i++) {
                String l = labels.get(i);
                names.add((middle ? Labels.cutMiddle(l, max) : Labels.cut(l, max)) + suffixes.get(i));
            }
            // the labels themselves apart, not only by their suffixes ("High perfor… · 14.8 s", "High perfor… · 11.6
            // s")
            List<String> bare = new ArrayList<>();
            for (String l : labels) {
                bare.add(middle ? Labels.cutMiddle(l, max) : Labels.cut(l, max));
            }
            if (bare.stream().distinct().count() == labels.stream().distinct().count()) {
                return names;
            }
        }
        return null;
    }

    private double widest(List<String> names) {
        FontRenderContext frc = Png.FRC;
        return names.stream()
                .mapToDouble(n -> tick().getStringBounds(n, frc).getWidth())
                .max()
                .orElse(0);
    }

    /**
     * Shrinks the y axis title's font until the title fits half the chart's height: XChart draws it along the plot on
     * one line, and a longer one runs past the plot's top (a translated title on the page's smaller charts).
     */
    private void fitYAxisTitle(Chart<?, ?> chart, AxesChartStyler a) {
        String title = chart.getYAxisTitle();
        if (title == null || title.isEmpty()) {
            return;
        }
        Font font = a.getAxisTitleFont();
        double room = 0.5 * chart.getHeight();
        double w = font.getStringBounds(title, Png.FRC).getWidth();
        if (w > room) {
            a.setAxisTitleFont(font.deriveFont((float) Math.max(10, font.getSize2D() * room / w)));
        }
    }

    /** The pattern of every numeric axis label ({@link java.text.DecimalFormat}, in the chart's locale). */
    static final String AXIS_NUMBERS = "#,##0.#########";

    /** The look shared by every XChart chart; call it after the titles are set. */
    void apply(Chart<?, ?> chart) {
        Styler s = chart.getStyler();
        s.setBaseFont(Fonts.plain(18 * scale));
        s.setChartTitleFont(title());
        s.setLegendFont(legend());
        s.setChartBackgroundColor(Color.WHITE);
        s.setPlotBackgroundColor(Color.WHITE);
        s.setPlotBorderColor(Palette.AXIS);
        s.setChartFontColor(Palette.TEXT);
        s.setLegendBorderColor(Palette.GRID);
        s.setChartPadding(px(16));
        s.setChartTitlePadding(px(12));
        s.setLegendPadding(px(10));
        s.setAntiAlias(true);
        s.setToolTipsEnabled(false);
        if (s instanceof AxesChartStyler a) {
            a.setAxisTitleFont(axisTitle());
            a.setAxisTickLabelsFont(tick());
            a.setAxisTickLabelsColor(Palette.TEXT);
            a.setPlotGridLinesColor(Palette.GRID);
            a.setPlotGridLinesStroke(new BasicStroke(1f));
            a.setAxisTitlePadding(px(10));
            a.setAxisTickPadding(px(6));
            a.setPlotMargin(px(4));
            // XChart's own pattern for a tick under 0.1 has no integer digit: ".05"; this one writes 0.05 (0,05 in
            // Spanish, Portuguese, Turkish: the chart's locale gives the separators), 1,200 with grouping as before,
            // and no trailing zeros (nine places: a sum of float steps, 0.30000000000000004, still reads 0.3)
            a.setDecimalPattern(AXIS_NUMBERS);
            fitYAxisTitle(chart, a);
        }
        fitTitle(chart);
    }
}
