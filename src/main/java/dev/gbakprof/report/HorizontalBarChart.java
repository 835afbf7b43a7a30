package dev.gbakprof.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.text.NumberFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Horizontal bars with a category name at the left of each row, drawn with Java2D in the look of the
 * XChart charts. XChart 3.8.8 has no horizontal bar chart, and 4.0.3's drops every other category name
 * once they do not fit its tick spacing; index names ({@code INDEX (TABLE)}) must all be readable, so
 * this chart sizes the name column to the longest name (shrinking the font rather than cutting a name)
 * and makes room for the value text after the longest bar. A bar whose value is unknown is drawn as a
 * dashed box saying so, never as a zero-length bar.
 *
 * @param footnote a grey line under the axis (what a mark means), or {@code null}
 */
record HorizontalBarChart(
        String title,
        String axisTitle,
        String unknownText,
        String footnote,
        List<Category> categories,
        List<Series> series,
        Locale locale,
        ChartStyle style)
        implements Drawing {

    /** Red diagonal hatching and a red outline over a failed bar (at least as wide as it is high, so it shows). */
    private static void hatch(Graphics2D g, int x, int y, int w, int h) {
        Graphics2D c = (Graphics2D) g.create(x, y, w, h);
        try {
            c.setColor(Palette.FAILED);
            c.setStroke(new BasicStroke(2f));
            for (int i = -h; i < w; i += 8) {
                c.drawLine(i, h, i + h, 0);
            }
            c.setStroke(new BasicStroke(3f));
            c.drawRect(1, 1, w - 3, h - 3);
        } finally {
            c.dispose();
        }
    }

    /** One row: a name, and an optional second line in grey (the table of an index). */
    public record Category(String name, String detail) {}

    /**
     * One bar: its length in axis units ({@code null}: unknown) and the text written after it; a failed one (an
     * index gbak could not build) is hatched and outlined in red, its text in red.
     */
    public record Bar(Double value, String text, boolean failed) {
        public Bar(Double value, String text) {
            this(value, text, false);
        }
    }

    /** One bar per category, in one colour (one label group). */
    public record Series(String name, Color color, List<Bar> bars) {
        public Series {
            bars = List.copyOf(bars);
        }
    }

    HorizontalBarChart {
        for (Series s : series) {
            if (s.bars().size() != categories.size()) {
                throw new IllegalArgumentException("series " + s.name() + " has "
                        + s.bars().size() + " bars for " + categories.size() + " categories");
            }
        }
        categories = List.copyOf(categories);
        series = List.copyOf(series);
    }

    @Override
    public void paint(Graphics2D g, int width, int height) {
        int pad = style.px(16);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, width, height);

        int top = pad;
        Font titleFont = style.title();
        List<String> titleLines = Text.wrap(g.getFontMetrics(titleFont), title, width - 2 * pad);
        g.setColor(Palette.TEXT);
        for (String line : titleLines) {
            top += Text.drawCentered(g, titleFont, line, width / 2, top);
        }
        top += style.px(10);
        top += drawLegend(g, width, top, pad);

        Font tickFont = style.tick();
        Font axisFont = style.axisTitle();
        int tickH = g.getFontMetrics(tickFont).getHeight();
        int axisH = g.getFontMetrics(axisFont).getHeight();
        List<String> notes = footnote == null ? List.of() : List.of(footnote);
        int noteH = Footnotes.height(g, notes, width, style);
        int plotTop = top;
        int plotBottom = height - pad - noteH - axisH - style.px(8) - tickH - style.px(6);
        if (categories.isEmpty() || plotBottom - plotTop < 10) {
            return;
        }
        double rowH = (plotBottom - plotTop) / (double) categories.size();

        // Category names: as large as the tick font, smaller when rows are tight or names very long.
        boolean anyDetail = categories.stream().anyMatch(c -> c.detail() != null);
        int lines = anyDetail ? 2 : 1;
        float nameSize = (float) Math.min(tickFont.getSize2D(), rowH * 0.92 / (lines * 1.18));
        int maxLabelW = (int) (width * 0.45);
        int labelW = labelWidth(g, nameSize);
        if (labelW > maxLabelW) {
            nameSize = Math.max(8f, nameSize * maxLabelW / labelW);
            labelW = labelWidth(g, nameSize);
        }
        Font nameFont = Fonts.plain(nameSize);
        Font detailFont = Fonts.plain(nameSize * 0.85f);

        int plotLeft = pad + labelW + style.px(12);
        int plotRight = width - pad;
        int plotW = plotRight - plotLeft;

        double innerH = rowH * (series.size() > 1 ? 0.84 : 0.7);
        double barH = innerH / Math.max(1, series.size());
        Font valueFont = Fonts.plain((float) Math.min(style.annotation().getSize2D(), Math.max(8, barH * 0.8)));
        FontMetrics vfm = g.getFontMetrics(valueFont);
        int gap = style.px(8);

        // Scale: the longest bar plus its text fits the plot width.
        double pxPerUnit = Double.MAX_VALUE;
        double maxValue = 0;
        for (Series s : series) {
            for (Bar b : s.bars()) {
                if (b.value() != null && b.value() > 0) {
                    maxValue = Math.max(maxValue, b.value());
                    int textW = b.text() == null ? 0 : vfm.stringWidth(b.text()) + gap;
                    pxPerUnit = Math.min(pxPerUnit, Math.max(1, plotW - textW - gap) / b.value());
                }
            }
        }
        if (maxValue == 0) {
            pxPerUnit = plotW;
        }
        double domain = plotW / pxPerUnit;

        // Grid and ticks.
        double step = Text.niceStep(domain / 7);
        NumberFormat tickFormat = NumberFormat.getNumberInstance(locale);
        int decimals = step >= 1 ? 0 : (int) Math.ceil(-Math.log10(step));
        tickFormat.setMinimumFractionDigits(decimals);
        tickFormat.setMaximumFractionDigits(decimals);
        g.setFont(tickFont);
        FontMetrics tfm = g.getFontMetrics();
        for (int i = 0; i * step <= domain + 1e-9; i++) {
            int x = plotLeft + (int) Math.round(i * step * pxPerUnit);
            g.setColor(Palette.GRID);
            g.setStroke(new BasicStroke(1f));
            g.drawLine(x, plotTop, x, plotBottom);
            String label = tickFormat.format(i * step);
            int w = tfm.stringWidth(label);
            g.setColor(Palette.TEXT);
            g.drawString(label, Math.min(x - w / 2, width - pad - w), plotBottom + style.px(6) + tfm.getAscent());
        }
        g.setColor(Palette.AXIS);
        g.drawLine(plotLeft, plotTop, plotLeft, plotBottom);
        g.drawLine(plotLeft, plotBottom, plotRight, plotBottom);
        g.setColor(Palette.TEXT);
        Text.drawCentered(g, axisFont, axisTitle, plotLeft + plotW / 2, plotBottom + style.px(6) + tickH + style.px(8));
        Footnotes.paint(g, notes, width, height - pad, style);

        FontMetrics nfm = g.getFontMetrics(nameFont);
        FontMetrics dfm = g.getFontMetrics(detailFont);
        for (int c = 0; c < categories.size(); c++) {
            double rowTop = plotTop + c * rowH;
            if (c > 0 && series.size() > 1) {
                g.setColor(Palette.GRID);
                g.drawLine(pad, (int) rowTop, plotRight, (int) rowTop);
            }
            Category cat = categories.get(c);
            int blockH = nfm.getHeight() + (cat.detail() == null ? 0 : dfm.getHeight());
            int y = (int) Math.round(rowTop + (rowH - blockH) / 2);
            g.setColor(Palette.TEXT);
            g.setFont(nameFont);
            g.drawString(cat.name(), plotLeft - style.px(12) - nfm.stringWidth(cat.name()), y + nfm.getAscent());
            if (cat.detail() != null) {
                g.setColor(Palette.MUTED);
                g.setFont(detailFont);
                g.drawString(
                        cat.detail(),
                        plotLeft - style.px(12) - dfm.stringWidth(cat.detail()),
                        y + nfm.getHeight() + dfm.getAscent());
            }
            double barsTop = rowTop + (rowH - innerH) / 2;
            for (int s = 0; s < series.size(); s++) {
                Series ser = series.get(s);
                Bar bar = ser.bars().get(c);
                int by = (int) Math.round(barsTop + s * barH);
                int bh = Math.max(1, (int) Math.round(barH * 0.88));
                int textY = by + (bh + vfm.getAscent() - vfm.getDescent()) / 2;
                g.setFont(valueFont);
                if (bar.value() == null) {
                    String text = bar.text() == null ? unknownText : bar.text();
                    int w = vfm.stringWidth(text) + 2 * gap;
                    g.setColor(Palette.alpha(ser.color(), 40));
                    g.fillRect(plotLeft + 1, by, w, bh);
                    g.setColor(bar.failed() ? Palette.FAILED : ser.color().darker());
                    g.setStroke(new BasicStroke(
                            1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {5f, 4f}, 0f));
                    g.drawRect(plotLeft + 1, by, w, bh);
                    g.setStroke(new BasicStroke(1f));
                    g.setColor(bar.failed() ? Palette.FAILED : Palette.TEXT);
                    g.drawString(text, plotLeft + 1 + gap, textY);
                    continue;
                }
                int bw = (int) Math.round(Math.max(0, bar.value()) * pxPerUnit);
                g.setColor(ser.color());
                g.fillRect(plotLeft + 1, by, Math.max(1, bw), bh);
                if (bar.failed()) {
                    hatch(g, plotLeft + 1, by, Math.max(bh, bw), bh);
                }
                if (bar.text() != null) {
                    g.setColor(bar.failed() ? Palette.FAILED : Palette.TEXT);
                    g.drawString(bar.text(), plotLeft + 1 + bw + gap, textY);
                }
            }
        }
    }

    private int labelWidth(Graphics2D g, float nameSize) {
        FontMetrics nfm = g.getFontMetrics(Fonts.plain(nameSize));
        FontMetrics dfm = g.getFontMetrics(Fonts.plain(nameSize * 0.85f));
        int w = 0;
        for (Category c : categories) {
            w = Math.max(w, nfm.stringWidth(c.name()));
            if (c.detail() != null) {
                w = Math.max(w, dfm.stringWidth(c.detail()));
            }
        }
        return w;
    }

    /** Draws the legend row(s) under the title; returns the height used. */
    private int drawLegend(Graphics2D g, int width, int top, int pad) {
        if (series.isEmpty()) {
            return 0;
        }
        Font font = style.legend();
        FontMetrics fm = g.getFontMetrics(font);
        int swatch = fm.getAscent();
        int itemGap = style.px(28);
        List<List<Series>> rows = new ArrayList<>();
        List<Integer> rowWidths = new ArrayList<>();
        List<Series> row = new ArrayList<>();
        int rowW = 0;
        for (Series s : series) {
            int w = swatch + style.px(8) + fm.stringWidth(s.name());
            if (!row.isEmpty() && rowW + itemGap + w > width - 2 * pad) {
                rows.add(row);
                rowWidths.add(rowW);
                row = new ArrayList<>();
                rowW = 0;
            }
            rowW += (row.isEmpty() ? 0 : itemGap) + w;
            row.add(s);
        }
        rows.add(row);
        rowWidths.add(rowW);
        int y = top;
        g.setFont(font);
        for (int r = 0; r < rows.size(); r++) {
            int x = (width - rowWidths.get(r)) / 2;
            for (Series s : rows.get(r)) {
                g.setColor(s.color());
                g.fillRect(x, y + (fm.getHeight() - swatch) / 2, swatch, swatch);
                x += swatch + style.px(8);
                g.setColor(Palette.TEXT);
                g.drawString(s.name(), x, y + fm.getAscent());
                x += fm.stringWidth(s.name()) + itemGap;
            }
            y += fm.getHeight();
        }
        return y - top + style.px(10);
    }
}
