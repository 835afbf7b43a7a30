package dev.gbakprof.report;

import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.output.Grouped;
import dev.gbakprof.output.HeadlineText;
import dev.gbakprof.output.KeyTable;
import dev.gbakprof.output.Labels;
import dev.gbakprof.output.ProvenanceText;
import dev.gbakprof.output.ReportSettings;
import dev.gbakprof.output.Texts;
import dev.gbakprof.output.VerdictText;
import dev.gbakprof.stats.Analysis;
import dev.gbakprof.stats.Headline;
import dev.gbakprof.stats.RunGroup;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import java.util.stream.Collectors;

/**
 * {@code report.png}: the one page a manager reads in ten seconds: title, a computed headline, the
 * notes that keep it honest, the key table and the two or three charts that matter. An A4 portrait
 * page at 150 dpi, so it prints legibly.
 */
public final class ReportPage implements ChartFile {
    /** A4 portrait at 150 dpi. */
    static final int WIDTH = 1240;

    static final int HEIGHT = 1754;
    private static final int MARGIN = 64;
    /** Chart text on the page is drawn at this share of the 1600×900 sizes: 18 px ticks ≈ 8.6 pt on A4. */
    private static final float CHART_SCALE = 1.0f;

    private static final Color HEADLINE = new Color(0x1F3A5F);

    /** Longest list of labels the subtitle shows (two lines of the page); a longer one is given as a count. */
    private static final int SUBTITLE_LABELS = 150;

    /** Labels named in the page's notes (what else differs) are cut to this many characters; the key table has them. */
    static final int PAGE_NOTE_LABEL = 24;

    /** A chart on the page gets at least this much height, or it is left to its own PNG. */
    static final int MIN_CHART_HEIGHT = 330;

    /** The headline's lines at its full size; a longer one (many configurations ranked) is set smaller. */
    private static final int HEADLINE_LINES = 5;

    /** What the page shows, computed before anything is drawn. */
    public record Page(
            String title,
            String subtitle,
            String headline,
            List<String> notes,
            KeyTable table,
            String hintHeading,
            List<String> hints,
            List<String> chartFiles,
            List<Drawing> charts,
            List<Double> weights,
            String footer,
            String provenance,
            IntFunction<String> leftOut)
            implements Drawing {
        @Override
        public void paint(Graphics2D g, int width, int height) {
            paintPage(this, g, width, height);
        }

        /** Paints the page; returns how many of its {@link #chartFiles()} got room on it (the others are named). */
        int paintCounting(Graphics2D g, int width, int height) {
            return paintPage(this, g, width, height);
        }
    }

    @Override
    public String fileName() {
        return "report.png";
    }

    @Override
    public int[] size(ReportSettings settings) {
        return new int[] {WIDTH, HEIGHT};
    }

    @Override
    public Page drawing(Analysis analysis, ReportSettings settings) {
        Texts t = settings.texts();
        List<RestoreRun> runs = analysis.runs();
        Grouped grouped = Grouped.of(analysis);
        HeadlineText headline = HeadlineText.onPage(grouped, t, PAGE_NOTE_LABEL);
        KeyTable table = KeyTable.of(grouped, t, Labels.MAX_CATEGORY_LABEL); // the headline has the whole labels
        String labels = grouped.groups().stream().map(RunGroup::label).collect(Collectors.joining(" · "));
        String title = settings.title() != null ? settings.title() : t.get("report.title");
        // the labels when they fit a line or two; else how many (the key table and the headline name each)
        String subtitle = (labels.length() <= SUBTITLE_LABELS
                        ? labels
                        : t.get("configurations.many", grouped.groups().size()))
                + " — " + t.runs(runs.size());
        Headline h = analysis.headline();

        ReportSettings sized = settings.withSize(WIDTH - 2 * MARGIN, 400);
        ChartStyle style = ChartStyle.scaled(CHART_SCALE);
        List<String> files = new ArrayList<>();
        List<Drawing> charts = new ArrayList<>();
        if (h.onTotal() && grouped.groups().size() > 1) {
            files.add("total.png");
            charts.add(new TotalChart().chart(analysis, sized, style)::paint);
            files.add("phases.png");
            charts.add(new PhasesChart().drawing(analysis, sized, true, style));
        } else if (h.onTotal()) {
            files.add("phases.png");
            charts.add(new PhasesChart().drawing(analysis, sized, runs.size() > PhasesChart.MAX_RUN_BARS, style));
            if (new CpuChart().appliesTo(runs)) {
                files.add("cpu.png");
                charts.add(new CpuChart().drawing(analysis, sized, style));
            } else if (new TablesChart().appliesTo(runs)) {
                files.add("tables.png");
                charts.add(new TablesChart().chart(analysis, sized, 5, style));
            }
        }
        if (new IndexesChart().appliesTo(runs)) {
            files.add("indexes.png");
            charts.add(new IndexesChart().chart(analysis, sized, charts.isEmpty() ? 8 : 5, style));
        }
        if (!h.onTotal() && new TimelineChart().appliesTo(runs)) {
            files.add("timeline.png");
            charts.add(new TimelineChart().drawing(analysis, sized, style));
        }
        String footer = VerdictText.footer(analysis, t);
        // The index chart has two lines per name and a bar per label in each row: it gets more room.
        List<Double> weights = files.stream()
                .map(f -> f.equals("indexes.png") || f.equals("tables.png") ? 1.4 : 1.0)
                .toList();
        return new Page(
                title,
                subtitle,
                headline.headline(),
                headline.notes(),
                table,
                t.get("hint.heading"),
                HintText.of(grouped, t),
                files,
                charts,
                weights,
                footer,
                ProvenanceText.of(analysis.provenance(), t),
                from -> t.get("page.left.out", String.join(", ", files.subList(from, files.size()))));
    }

    private static int paintPage(Page p, Graphics2D g, int width, int height) {
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, width, height);
        int x = MARGIN;
        int w = width - 2 * MARGIN;
        int y = MARGIN - 8;

        g.setColor(Palette.TEXT);
        for (String line : Text.wrap(g.getFontMetrics(Fonts.bold(38)), p.title(), w)) {
            y += Text.draw(g, Fonts.bold(38), line, x, y);
        }
        g.setColor(Palette.MUTED);
        for (String line : Text.wrap(g.getFontMetrics(Fonts.plain(22)), p.subtitle(), w)) {
            y += Text.draw(g, Fonts.plain(22), line, x, y);
        }
        if (p.provenance() != null) {
            for (String line : Text.wrap(g.getFontMetrics(Fonts.plain(17)), p.provenance(), w)) {
                y += Text.draw(g, Fonts.plain(17), line, x, y);
            }
        }
        y += 18;
        g.setColor(HEADLINE);
        int headTop = y;
        Font headFont = Fonts.bold(31);
        while (headFont.getSize2D() > 22
                && Text.wrap(g.getFontMetrics(headFont), p.headline(), w - 24).size() > HEADLINE_LINES) {
            headFont = Fonts.bold(headFont.getSize2D() - 1);
        }
        for (String line : Text.wrap(g.getFontMetrics(headFont), p.headline(), w - 24)) {
            y += Text.draw(g, headFont, line, x + 24, y);
        }
        g.fillRect(x, headTop, 8, y - headTop);
        y += 12;
        g.setColor(Palette.TEXT);
        Font noteFont = Fonts.plain(21);
        for (String note : p.notes()) {
            for (String line : Text.wrap(g.getFontMetrics(noteFont), note, w - 24)) {
                y += Text.draw(g, noteFont, line, x + 24, y);
            }
            y += 4;
        }
        y += 18;
        y = paintTable(g, p.table(), x, y, w);
        y += 20;
        if (!p.hints().isEmpty()) {
            g.setColor(Palette.TEXT);
            y += Text.draw(g, Fonts.bold(21), p.hintHeading(), x, y);
            int bullet = g.getFontMetrics(Fonts.plain(19)).stringWidth("• ");
            int room = w - 24 - bullet;
            // one line each: a long hint set smaller (to 15 px), then wrapped, never cut
            Font hintFont = Fonts.plain(19);
            while (hintFont.getSize2D() > 15 && widestText(g.getFontMetrics(hintFont), p.hints()) > room) {
                hintFont = Fonts.plain(hintFont.getSize2D() - 1);
            }
            for (String hint : p.hints()) {
                Text.draw(g, hintFont, "•", x + 24, y);
                for (String line : Text.wrap(g.getFontMetrics(hintFont), hint, room)) {
                    y += Text.draw(g, hintFont, line, x + 24 + bullet, y);
                }
            }
            y += 20;
        }

        Font footFont = Fonts.plain(17);
        List<String> footLines = Text.wrap(g.getFontMetrics(footFont), p.footer(), w);
        int footH = footLines.size() * g.getFontMetrics(footFont).getHeight();
        int chartsBottom = height - MARGIN / 2 - footH - 12;
        // as many of the charts as get room to be read; the page names the others, each in its own PNG
        int gap = 16;
        int shown = shown(p.charts().size(), chartsBottom - y, gap);
        List<String> leftOutLines = List.of();
        if (shown < p.charts().size()) {
            leftOutLines = Text.wrap(g.getFontMetrics(footFont), p.leftOut().apply(shown), w);
            chartsBottom -= leftOutLines.size() * g.getFontMetrics(footFont).getHeight() + 8;
            shown = shown(p.charts().size(), chartsBottom - y, gap);
            leftOutLines = Text.wrap(g.getFontMetrics(footFont), p.leftOut().apply(shown), w);
        }
        if (shown > 0) {
            double room = chartsBottom - y - gap * (shown - 1);
            double weightSum = p.weights().subList(0, shown).stream()
                    .mapToDouble(Double::doubleValue)
                    .sum();
            for (int i = 0; i < shown; i++) {
                Drawing chart = p.charts().get(i);
                int each = (int) (room * p.weights().get(i) / weightSum);
                Graphics2D cg = (Graphics2D) g.create(x, y, w, each);
                try {
                    chart.paint(cg, w, each);
                } finally {
                    cg.dispose();
                }
                y += each + gap;
            }
        }
        g.setColor(Palette.MUTED);
        int ly = chartsBottom + 4;
        for (String line : leftOutLines) {
            ly += Text.draw(g, footFont, line, x, ly);
        }
        int fy = height - MARGIN / 2 - footH;
        for (String line : footLines) {
            fy += Text.draw(g, footFont, line, x, fy);
        }
        return shown;
    }

    private static int widestText(FontMetrics fm, List<String> texts) {
        return texts.stream().mapToInt(fm::stringWidth).max().orElse(0);
    }

    /** How many of {@code charts} charts get {@link #MIN_CHART_HEIGHT} each in {@code room} pixels. */
    private static int shown(int charts, int room, int gap) {
        int shown = charts;
        while (shown > 0 && (room - gap * (shown - 1)) / shown < MIN_CHART_HEIGHT) {
            shown--;
        }
        return shown;
    }

    /**
     * Draws the key table; returns the y below it. Columns get their widest cell, shrunk to fit if needed: the font
     * first, then a column of sentences (a verdict) wrapped onto more lines in the room the others leave, never cut
     * (a number cut short reads as another number); the configurations' names cut with "…" as a last resort.
     */
    private static int paintTable(Graphics2D g, KeyTable table, int x, int y, int w) {
        float size = 22;
        Font head = Fonts.bold(size);
        Font cell = Fonts.plain(size);
        int pad = 14;
        int[] widths;
        int wrapped = -1;
        while (true) {
            widths = columnWidths(g, table, head, cell, pad);
            int total = 0;
            for (int cw : widths) {
                total += cw;
            }
            if (total <= w) {
                break;
            }
            if (size <= 12) {
                int c = widest(widths);
                if (c != 0 && w - (total - widths[c]) >= w / 4) {
                    wrapped = c; // its texts wrapped in what the other columns leave
                    widths[c] = w - (total - widths[c]);
                    break;
                }
                // as small as it gets: the widest column's texts cut with "…" until the table fits
                KeyTable cut = narrower(table, c);
                if (cut == null) {
                    break;
                }
                table = cut;
                continue;
            }
            size -= 1;
            head = Fonts.bold(size);
            cell = Fonts.plain(size);
        }
        FontMetrics hm = g.getFontMetrics(head);
        FontMetrics fm = g.getFontMetrics(cell);
        List<List<String>> header = lines(hm, table.header(), widths, pad, wrapped);
        int rowH = rowHeight(hm, header);
        g.setColor(new Color(0xEEF2F7));
        g.fillRect(x, y, w, rowH);
        g.setColor(Palette.TEXT);
        paintRow(g, head, header, widths, x + pad / 2, y + 6);
        y += rowH;
        for (List<String> row : table.rows()) {
            List<List<String>> cells = lines(fm, row, widths, pad, wrapped);
            paintRow(g, cell, cells, widths, x + pad / 2, y + 6);
            y += rowHeight(fm, cells);
            g.setColor(Palette.GRID);
            g.setStroke(new BasicStroke(1f));
            g.drawLine(x, y, x + w, y);
            g.setColor(Palette.TEXT);
        }
        return y;
    }

    /** Each cell's lines: the {@code wrapped} column's text wrapped to its width, the others' one line. */
    private static List<List<String>> lines(FontMetrics fm, List<String> row, int[] widths, int pad, int wrapped) {
        List<List<String>> cells = new ArrayList<>();
        for (int c = 0; c < row.size(); c++) {
            cells.add(c == wrapped ? Text.wrap(fm, row.get(c), widths[c] - pad) : List.of(row.get(c)));
        }
        return cells;
    }

    private static int rowHeight(FontMetrics fm, List<List<String>> cells) {
        return cells.stream().mapToInt(List::size).max().orElse(1) * fm.getHeight() + 12;
    }

    private static void paintRow(Graphics2D g, Font font, List<List<String>> cells, int[] widths, int x, int top) {
        for (int c = 0; c < cells.size(); c++) {
            int ly = top;
            for (String line : cells.get(c)) {
                ly += Text.draw(g, font, line, x, ly);
            }
            x += widths[c];
        }
    }

    private static int widest(int[] widths) {
        int c = 0;
        for (int i = 1; i < widths.length; i++) {
            c = widths[i] > widths[c] ? i : c;
        }
        return c;
    }

    /** The table with the longest texts of column {@code c} 2 characters shorter; {@code null} when none can be. */
    private static KeyTable narrower(KeyTable table, int c) {
        int longest = table.header().get(c).length();
        for (List<String> row : table.rows()) {
            longest = Math.max(longest, row.get(c).length());
        }
        if (longest <= 10) {
            return null;
        }
        int max = longest - 2;
        List<String> header = new ArrayList<>(table.header());
        header.set(c, Labels.cut(header.get(c), max));
        List<List<String>> rows = new ArrayList<>();
        // the configurations' names stay apart when cut (labels that differ only at their ends)
        List<String> column =
                Labels.cutApart(table.rows().stream().map(row -> row.get(c)).toList(), max);
        for (int i = 0; i < table.rows().size(); i++) {
            List<String> r = new ArrayList<>(table.rows().get(i));
            r.set(c, c == 0 ? column.get(i) : Labels.cut(r.get(c), max));
            rows.add(r);
        }
        return new KeyTable(header, rows);
    }

    private static int[] columnWidths(Graphics2D g, KeyTable table, Font head, Font cell, int pad) {
        int[] widths = new int[table.header().size()];
        FontMetrics hm = g.getFontMetrics(head);
        FontMetrics cm = g.getFontMetrics(cell);
        for (int c = 0; c < widths.length; c++) {
            widths[c] = hm.stringWidth(table.header().get(c)) + pad;
            for (List<String> row : table.rows()) {
                widths[c] = Math.max(widths[c], cm.stringWidth(row.get(c)) + pad);
            }
        }
        return widths;
    }
}
