package dev.gbakprof.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.Rectangle;
import java.awt.Shape;
import java.awt.font.TextLayout;
import java.awt.geom.AffineTransform;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.knowm.xchart.XYChart;

/**
 * Names written at the ends of a chart's lines ("#5"), each in its line's colour on a white halo: what tells apart
 * lines that share a colour and a dash however many there are, where a legend of line styles runs out. Each name goes
 * right of its line's end (left of it at the plot's right edge), and, where another name already took that place,
 * the nearest free row above or below it within the plot, joined to its end by a thin line; a name with no free row
 * left is not written (a plot that full is unreadable with it too).
 */
final class LineEnds {
    private LineEnds() {}

    /** A name and its line's colour, at the line's end in the chart's coordinates. */
    record End(String name, Color color, double x, double y) {}

    /** The font of the names: the legend's size, bold. */
    static Font font(ChartStyle style) {
        return Fonts.bold(16 * style.scale());
    }

    /**
     * Writes the names on {@code chart}, just painted into {@code g}, whose y axis runs from {@code yMin} to {@code
     * yMax}.
     */
    static void paint(Graphics2D g, XYChart chart, List<End> ends, double yMin, double yMax, ChartStyle style) {
        Font font = font(style);
        FontMetrics fm = g.getFontMetrics(font);
        int h = fm.getHeight();
        int top = (int) Math.ceil(chart.getScreenYFromChart(yMax));
        int bottom = (int) Math.floor(chart.getScreenYFromChart(yMin));
        int right = chart.getWidth() - style.px(16);
        int gap = style.px(6);
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < ends.size(); i++) {
            order.add(i);
        }
        order.sort(Comparator.comparingDouble((Integer i) -> ends.get(i).x())
                .thenComparingDouble(i -> -ends.get(i).y()));
        List<Rectangle> placed = new ArrayList<>();
        for (int i : order) {
            End e = ends.get(i);
            int px = (int) Math.round(chart.getScreenXFromChart(e.x()));
            int py = (int) Math.round(chart.getScreenYFromChart(e.y()));
            int w = fm.stringWidth(e.name());
            int x = px + gap + w <= right ? px + gap : px - gap - w;
            Rectangle box = room(x, py - h / 2, w, h, top, bottom, placed);
            if (box == null || box.x < 0) {
                continue;
            }
            placed.add(box);
            draw(g, font, fm, e, box, px, py, style);
        }
    }

    /** The free row nearest {@code y} (in steps of a row, down first) within [top, bottom]; {@code null}: none. */
    private static Rectangle room(int x, int y, int w, int h, int top, int bottom, List<Rectangle> placed) {
        int start = Math.max(top, Math.min(y, bottom - h));
        int rows = Math.max(1, (bottom - top) / h + 1);
        for (int step = 0; step <= 2 * rows; step++) {
            int away = (step + 1) / 2 * h; // 0, then a row down, a row up, two rows down …
            int offset = step % 2 != 0 ? away : -away;
            Rectangle r = new Rectangle(x, start + offset, w, h);
            if (r.y < top || r.y + h > bottom) {
                continue;
            }
            if (placed.stream().noneMatch(r::intersects)) {
                return r;
            }
        }
        return null;
    }

    private static void draw(
            Graphics2D g, Font font, FontMetrics fm, End e, Rectangle box, int px, int py, ChartStyle style) {
        Graphics2D c = (Graphics2D) g.create();
        try {
            int mid = box.y + box.height / 2;
            if (Math.abs(mid - py) >= box.height) { // moved a row or more off its end: a line to it
                c.setColor(e.color());
                c.setStroke(new BasicStroke(Math.max(1f, style.scale())));
                c.drawLine(px, py, box.x < px ? box.x + box.width : box.x, mid);
            }
            int baseline = box.y + fm.getAscent();
            Shape outline = new TextLayout(e.name(), font, c.getFontRenderContext())
                    .getOutline(AffineTransform.getTranslateInstance(box.x, baseline));
            c.setColor(Color.WHITE);
            c.setStroke(new BasicStroke(4f * style.scale(), BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
            c.draw(outline);
            c.setColor(e.color());
            c.setFont(font);
            c.drawString(e.name(), box.x, baseline);
        } finally {
            c.dispose();
        }
    }
}
