package dev.gbakprof.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.Stroke;
import java.util.ArrayList;
import java.util.List;

/**
 * The legend of a line chart, drawn under it in as many rows as its entries need: XChart 3.8.8 puts an outside
 * legend on one row, whatever its width (7 configurations of long labels run off both edges), and an inside one over
 * the lines. One entry per configuration (its colour), not per run.
 */
final class LineLegend {
    private LineLegend() {}

    /** A line (or, with {@code area}, a filled box) of a colour and stroke, and its name. */
    record Entry(String name, Color color, Stroke stroke, boolean area) {
        static Entry line(String name, Color color, Stroke stroke) {
            return new Entry(name, color, stroke, false);
        }
    }

    private static List<List<Entry>> rows(FontMetrics fm, List<Entry> entries, int width, ChartStyle style) {
        List<List<Entry>> rows = new ArrayList<>();
        List<Entry> row = new ArrayList<>();
        int rowW = 0;
        for (Entry e : entries) {
            int w = itemWidth(fm, e, style);
            if (!row.isEmpty() && rowW + style.px(28) + w > width - 2 * style.px(16)) {
                rows.add(row);
                row = new ArrayList<>();
                rowW = 0;
            }
            rowW += (row.isEmpty() ? 0 : style.px(28)) + w;
            row.add(e);
        }
        if (!row.isEmpty()) {
            rows.add(row);
        }
        return rows;
    }

    private static int itemWidth(FontMetrics fm, Entry e, ChartStyle style) {
        return style.px(40) + style.px(8) + fm.stringWidth(e.name());
    }

    /** The chart above its legend: the chart gets the height the legend leaves. */
    static Drawing under(Drawing chart, List<Entry> entries, ChartStyle style) {
        return (g, width, height) -> {
            Font font = style.legend();
            FontMetrics fm = g.getFontMetrics(font);
            List<List<Entry>> rows = rows(fm, entries, width, style);
            int h = rows.isEmpty() ? 0 : rows.size() * fm.getHeight() + style.px(12);
            Graphics2D c = (Graphics2D) g.create(0, 0, width, height - h);
            try {
                chart.paint(c, width, height - h);
            } finally {
                c.dispose();
            }
            int y = height - h + style.px(4);
            g.setFont(font);
            for (List<Entry> row : rows) {
                int rowW = row.stream().mapToInt(e -> itemWidth(fm, e, style)).sum() + style.px(28) * (row.size() - 1);
                int x = (width - rowW) / 2;
                int mid = y + fm.getHeight() / 2;
                for (Entry e : row) {
                    int line = style.px(40);
                    g.setColor(e.color());
                    if (e.area()) {
                        g.fillRect(x, mid - fm.getAscent() / 3, line, 2 * fm.getAscent() / 3);
                    } else {
                        Stroke old = g.getStroke();
                        g.setStroke(e.stroke() == null ? new BasicStroke(3f * style.scale()) : e.stroke());
                        g.drawLine(x, mid, x + line, mid);
                        g.setStroke(old);
                    }
                    x += line + style.px(8);
                    g.setColor(Palette.TEXT);
                    g.drawString(e.name(), x, y + fm.getAscent());
                    x += fm.stringWidth(e.name()) + style.px(28);
                }
                y += fm.getHeight();
            }
        };
    }
}
