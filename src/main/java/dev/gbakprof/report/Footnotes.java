package dev.gbakprof.report;

import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.util.ArrayList;
import java.util.List;

/** Grey lines under a chart (what a mark means, what the chart must not hide), wrapped to the chart's width. */
final class Footnotes {
    private Footnotes() {}

    /** The notes wrapped into lines no wider than {@code width} less the chart's padding. */
    static List<String> lines(FontMetrics fm, List<String> notes, int width, ChartStyle style) {
        List<String> lines = new ArrayList<>();
        for (String note : notes) {
            lines.addAll(Text.wrap(fm, note, width - 2 * style.px(16)));
        }
        return lines;
    }

    /** Height the notes take under a chart {@code width} wide, 0 for none. */
    static int height(Graphics2D g, List<String> notes, int width, ChartStyle style) {
        if (notes.isEmpty()) {
            return 0;
        }
        FontMetrics fm = g.getFontMetrics(style.annotation());
        return lines(fm, notes, width, style).size() * fm.getHeight() + style.px(10);
    }

    /** Draws the notes at the bottom of the area; returns the height they took. */
    static int paint(Graphics2D g, List<String> notes, int width, int height, ChartStyle style) {
        int h = height(g, notes, width, style);
        if (h == 0) {
            return 0;
        }
        Font font = style.annotation();
        FontMetrics fm = g.getFontMetrics(font);
        int y = height - h + style.px(4);
        g.setColor(Palette.MUTED);
        for (String line : lines(fm, notes, width, style)) {
            y += Text.draw(g, font, line, style.px(16), y);
        }
        return h;
    }

    /** A chart drawn above its notes: the chart gets the height the notes leave. */
    static Drawing under(Drawing chart, List<String> notes, ChartStyle style) {
        if (notes.isEmpty()) {
            return chart;
        }
        return (g, width, height) -> {
            int h = height(g, notes, width, style);
            Graphics2D c = (Graphics2D) g.create(0, 0, width, height - h);
            try {
                chart.paint(c, width, height - h);
            } finally {
                c.dispose();
            }
            paint(g, notes, width, height, style);
        };
    }
}
