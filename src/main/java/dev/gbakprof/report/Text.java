package dev.gbakprof.report;

import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.util.ArrayList;
import java.util.List;

/** Text layout helpers for the Java2D parts (wrapping, centring, tick steps). */
final class Text {
    private Text() {}

    /** Splits {@code text} at spaces into lines no wider than {@code maxWidth} (a word longer stays whole). */
    static List<String> wrap(FontMetrics fm, String text, int maxWidth) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String word : text.split(" ")) {
            String candidate = line.isEmpty() ? word : line + " " + word;
            if (!line.isEmpty() && fm.stringWidth(candidate) > maxWidth) {
                lines.add(line.toString());
                line = new StringBuilder(word);
            } else {
                line = new StringBuilder(candidate);
            }
        }
        if (!line.isEmpty()) {
            lines.add(line.toString());
        }
        return lines;
    }

    /** Draws one line centred on {@code centerX} with its top at {@code top}; returns the line height. */
    static int drawCentered(Graphics2D g, Font font, String text, int centerX, int top) {
        g.setFont(font);
        FontMetrics fm = g.getFontMetrics();
        g.drawString(text, centerX - fm.stringWidth(text) / 2, top + fm.getAscent());
        return fm.getHeight();
    }

    /** Draws one line with its top-left at (x, top); returns the line height. */
    static int draw(Graphics2D g, Font font, String text, int x, int top) {
        g.setFont(font);
        FontMetrics fm = g.getFontMetrics();
        g.drawString(text, x, top + fm.getAscent());
        return fm.getHeight();
    }

    /** The 1, 2 or 5 × 10^k step nearest above {@code rough}. */
    static double niceStep(double rough) {
        if (rough <= 0) {
            return 1;
        }
        double magnitude = Math.pow(10, Math.floor(Math.log10(rough)));
        double f = rough / magnitude;
        return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * magnitude;
    }
}
