package dev.gbakprof.output;

import java.util.List;

/** A plain text table for a terminal: columns left-aligned, as wide as their widest cell, two blanks apart. */
public final class TextTable {
    private TextTable() {}

    /** The header, then each row, each line ending in a line separator, without trailing blanks. */
    public static String of(List<String> header, List<List<String>> rows) {
        int[] widths = new int[header.size()];
        for (int c = 0; c < widths.length; c++) {
            widths[c] = header.get(c).length();
            for (List<String> r : rows) {
                widths[c] = Math.max(widths[c], r.get(c).length());
            }
        }
        StringBuilder sb = new StringBuilder();
        line(sb, header, widths);
        for (List<String> r : rows) {
            line(sb, r, widths);
        }
        return sb.toString();
    }

    private static void line(StringBuilder sb, List<String> cells, int[] widths) {
        StringBuilder l = new StringBuilder();
        for (int c = 0; c < cells.size(); c++) {
            l.append(cells.get(c));
            if (c < cells.size() - 1) {
                l.append(" ".repeat(widths[c] - cells.get(c).length() + 2));
            }
        }
        sb.append(l.toString().stripTrailing()).append(System.lineSeparator());
    }
}
