package dev.gbakprof.report;

import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.AxesChartStyler;
import org.knowm.xchart.style.Styler;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.font.FontRenderContext;

/**
 * Font sizes and the common look of every chart. Sizes are set for 1600×900 and scale with the image,
 * so a chart drawn smaller (on the one-page report) keeps its proportions.
 */
final class ChartStyle {
    static final int BASE_WIDTH = 1600;
    static final int BASE_HEIGHT = 900;

    private final float scale;

    private ChartStyle(float scale) {
        this.scale = scale;
    }

    static ChartStyle forSize(int width, int height) {
        return new ChartStyle((float) Math.max(0.55, Math.min(width / (double) BASE_WIDTH, height / (double) BASE_HEIGHT)));
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
        FontRenderContext frc = new FontRenderContext(null, true, true);
        double w = font.getStringBounds(chart.getTitle(), frc).getWidth();
        if (w > room) {
            s.setChartTitleFont(font.deriveFont((float) Math.max(10, font.getSize2D() * room / w)));
        }
    }

    /** The look shared by every XChart chart; call it after the title is set. */
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
        }
        fitTitle(chart);
    }
}
