package dev.gbakprof.output;

import dev.gbakprof.stats.Analysis;
import java.util.List;

/** What {@code report} and {@code compare} print: the headline, its notes and the key table, aligned. */
public final class ConsoleSummary {
    private ConsoleSummary() {}

    public static String of(Analysis analysis, ReportSettings settings) {
        Texts t = settings.texts();
        Grouped grouped = Grouped.of(analysis);
        HeadlineText headline = HeadlineText.of(grouped, t);
        StringBuilder sb = new StringBuilder();
        sb.append(headline.headline()).append('\n');
        for (String note : headline.notes()) {
            sb.append("  - ").append(note).append('\n');
        }
        sb.append('\n');
        KeyTable table = KeyTable.of(grouped, t);
        int[] widths = new int[table.header().size()];
        for (int c = 0; c < widths.length; c++) {
            widths[c] = table.header().get(c).length();
            for (List<String> row : table.rows()) {
                widths[c] = Math.max(widths[c], row.get(c).length());
            }
        }
        line(sb, table.header(), widths);
        for (List<String> row : table.rows()) {
            line(sb, row, widths);
        }
        return sb.toString();
    }

    private static void line(StringBuilder sb, List<String> cells, int[] widths) {
        sb.append(' ');
        for (int c = 0; c < cells.size(); c++) {
            sb.append(' ')
                    .append(cells.get(c))
                    .append(" ".repeat(widths[c] - cells.get(c).length() + 1));
        }
        sb.setLength(sb.length() - 1);
        while (sb.charAt(sb.length() - 1) == ' ') {
            sb.setLength(sb.length() - 1);
        }
        sb.append('\n');
    }
}
