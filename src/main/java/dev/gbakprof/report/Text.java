package dev.gbakprof.report;

import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/** Text layout helpers for the Java2D parts (wrapping, centring, tick steps). */
final class Text {
    private Text() {}

    /**
     * A unit after a number ({@code 2.98 s}, {@code 4 min}, {@code 47.8 MB}, Turkish {@code sn}, {@code dk}, {@code sa}),
     * with what may close it ({@code s),}): kept on the line of its number.
     */
    private static final Pattern UNIT = Pattern.compile("(?:s|sn|ms|min|dk|h|sa|[KMGT]B(?:/s)?|%|×)[.,;:)]*");

    /**
     * Splits {@code text} at spaces into lines no wider than {@code maxWidth} (a word longer stays whole); a number
     * and its unit stay on one line.
     */
    static List<String> wrap(FontMetrics fm, String text, int maxWidth) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String word : words(text)) {
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

    /** The words of {@code text} at its spaces, each unit joined to the number before it ({@link #UNIT}). */
    static List<String> words(String text) {
        List<String> words = new ArrayList<>();
        for (String word : text.split(" ")) {
            int last = words.size() - 1;
            String before = last < 0 ? "" : words.get(last);
            if (!before.isEmpty()
                    && Character.isDigit(before.charAt(before.length() - 1))
                    && UNIT.matcher(word).matches()) {
                words.set(last, before + " " + word);
            } else {
                words.add(word);
            }
        }
        return words;
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
