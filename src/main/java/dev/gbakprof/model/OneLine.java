package dev.gbakprof.model;

import java.util.Locale;

/**
 * Text that must stay one line of printable characters: the first line of {@code check}, which a monitoring system
 * reads up to its first line feed, and a label, which names a run in it. A tab (gfix indents its counts with tabs) is
 * a space; a line feed, a carriage return and any other control character is written as an escape ({@code \n},
 * {@code \r}, {@code \x1B}, {@code \u2028}), so that what was recorded is still seen and nothing splits the line.
 */
public final class OneLine {
    private OneLine() {}

    /** {@code text} as one line: see the class; {@code null} stays {@code null}. */
    public static String of(String text) {
        if (text == null || text.chars().noneMatch(OneLine::control)) {
            return text;
        }
        StringBuilder sb = new StringBuilder(text.length() + 8);
        text.chars().forEach(c -> {
            if (!control(c)) {
                sb.append((char) c);
            } else if (c == '\t') {
                sb.append(' ');
            } else if (c == '\n') {
                sb.append("\\n");
            } else if (c == '\r') {
                sb.append("\\r");
            } else if (c <= 0xFF) {
                sb.append(String.format(Locale.ROOT, "\\x%02X", c));
            } else {
                sb.append(String.format(Locale.ROOT, "\\u%04X", c));
            }
        });
        return sb.toString();
    }

    /**
     * The first character of {@code text} that has no place in one line, named ({@code a line feed (U+000A)}), or
     * {@code null} when there is none.
     */
    public static String firstControl(String text) {
        if (text == null) {
            return null;
        }
        return text.chars().filter(OneLine::control).findFirst().stream()
                .mapToObj(c -> String.format(Locale.ROOT, "%s (U+%04X)", name(c), c))
                .findFirst()
                .orElse(null);
    }

    private static String name(int c) {
        return switch (c) {
            case '\n' -> "a line feed";
            case '\r' -> "a carriage return";
            case '\t' -> "a tab";
            default -> "a control character";
        };
    }

    /** A control character (C0, DEL, C1) or a line or paragraph separator: none prints, several end a line. */
    private static boolean control(int c) {
        return Character.isISOControl(c) || c == '\u2028' || c == '\u2029';
    }
}
