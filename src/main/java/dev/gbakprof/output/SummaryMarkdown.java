package dev.gbakprof.output;

import dev.gbakprof.model.Phase;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.Rounding;
import dev.gbakprof.model.WarningCode;
import dev.gbakprof.stats.Analysis;
import dev.gbakprof.stats.Measure;
import dev.gbakprof.stats.ObjectStats;
import dev.gbakprof.stats.ObjectTimes;
import dev.gbakprof.stats.RowCount;
import dev.gbakprof.stats.RunGroup;
import dev.gbakprof.stats.Spread;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** {@code summary.md}: the headline, the key table and the other tables of the report, in Markdown. */
public final class SummaryMarkdown implements ReportFile {

    @Override
    public String fileName() {
        return "summary.md";
    }

    @Override
    public byte[] render(Analysis analysis, ReportSettings settings) {
        return text(analysis, settings).getBytes(StandardCharsets.UTF_8);
    }

    /** The summary as text (also what {@code report} and {@code compare} print). */
    public String text(Analysis analysis, ReportSettings settings) {
        Texts t = settings.texts();
        Grouped grouped = Grouped.of(analysis);
        List<RunGroup> groups = grouped.groups();
        StringBuilder md = new StringBuilder();
        md.append("# ")
                .append(escape(settings.title() != null ? settings.title() : t.get("report.title")))
                .append("\n\n");
        HeadlineText headline = HeadlineText.of(grouped, t);
        md.append("**").append(escape(headline.headline())).append("**\n\n");
        for (String note : headline.notes()) {
            md.append("- ").append(escape(note)).append('\n');
        }
        if (!headline.notes().isEmpty()) {
            md.append('\n');
        }
        KeyTable key = KeyTable.of(grouped, t);
        table(md, key.header(), key.rows());
        String provenance = ProvenanceText.of(analysis.provenance(), t);
        if (provenance != null) {
            md.append("\n")
                    .append(escape(t.get("md.provenance")))
                    .append(": ")
                    .append(escape(provenance))
                    .append('\n');
        }

        if (groups.size() > 1) {
            RunGroup base = groups.get(grouped.baseline());
            md.append("\n## ")
                    .append(escape(t.get("md.verdicts", base.label())))
                    .append("\n\n");
            List<String> header =
                    new ArrayList<>(List.of(t.get("col.label"), t.get("md.measure"), t.get("md.verdict")));
            List<List<String>> rows = new ArrayList<>();
            for (int gi = 0; gi < groups.size(); gi++) {
                if (gi == grouped.baseline()) {
                    continue;
                }
                for (Measure m : List.of(Measure.TOTAL, Measure.DATA, Measure.INDEXES)) {
                    rows.add(List.of(
                            groups.get(gi).label(),
                            measureName(m, t),
                            VerdictText.sentence(analysis.comparison(gi, m), t)));
                }
            }
            table(md, header, rows);
        }

        md.append("\n## ").append(t.get("md.phases")).append("\n\n");
        List<String> header = new ArrayList<>(List.of(t.get("col.label")));
        for (Phase p : Phase.values()) {
            header.add(t.get("phase." + p.label()));
        }
        header.add(t.get("md.total"));
        List<List<String>> rows = new ArrayList<>();
        for (RunGroup g : groups) {
            List<String> row = new ArrayList<>(List.of(g.label()));
            boolean apart = KeyTable.ofDifferentRuns(g, List.of(Measure.values()));
            for (Phase p : Phase.values()) {
                row.add(spread(g.spread(Measure.of(p)), apart, t));
            }
            row.add(spread(g.spread(Measure.TOTAL), apart, t));
            rows.add(row);
        }
        table(md, header, rows);

        objects(md, grouped, analysis.indexes(), settings.top(), true, t);
        objects(md, grouped, analysis.tables(), settings.top(), false, t);

        md.append("\n## ").append(t.get("md.runs")).append("\n\n");
        List<List<String>> runRows = new ArrayList<>();
        List<String> names = grouped.runNames();
        List<RestoreRun> ordered = grouped.runsInGroupOrder();
        for (int i = 0; i < ordered.size(); i++) {
            RestoreRun r = ordered.get(i);
            runRows.add(List.of(
                    names.get(i),
                    String.valueOf(r.source()),
                    Labels.status(r, t),
                    t.duration(r.restoreSeconds()),
                    t.count(r.indexCount()),
                    t.count(r.tableCount())));
        }
        table(
                md,
                List.of(
                        t.get("md.run"),
                        t.get("md.source"),
                        t.get("md.status"),
                        t.get("md.total"),
                        t.get("md.indexes"),
                        t.get("md.tables")),
                runRows);
        List<String> warnings = warnings(grouped);
        if (!warnings.isEmpty()) {
            md.append("\n## ").append(t.get("md.warnings")).append("\n\n");
            warnings.forEach(w -> md.append("- ").append(escape(w)).append('\n'));
        }
        md.append("\n---\n").append(escape(VerdictText.footer(analysis, t))).append('\n');
        return md.toString();
    }

    /** The warnings of the runs' records, each as "source: message", once, in the runs' order (report.html's too). */
    public static List<String> warnings(Grouped grouped) {
        return grouped.runsInGroupOrder().stream()
                // that the names are tokens is the note at the top, not a line per run
                .flatMap(r -> r.warnings().stream()
                        .filter(w -> !w.is(WarningCode.ANONYMIZED))
                        .map(w -> r.source() + ": " + w.message()))
                .distinct()
                .toList();
    }

    private static void objects(
            StringBuilder md, Grouped grouped, List<ObjectTimes> all, int top, boolean indexes, Texts t) {
        if (all.isEmpty()) {
            return;
        }
        List<ObjectTimes> shown = ObjectStats.top(all, top);
        md.append("\n## ")
                .append(t.get(indexes ? "md.indexes.top" : "md.tables.top", shown.size(), t.integer(all.size())))
                .append("\n\n");
        List<RunGroup> groups = grouped.groups();
        List<String> header = new ArrayList<>(
                List.of(t.get(indexes ? "md.index" : "md.table"), t.get(indexes ? "md.table" : "md.rows")));
        for (int g = 0; g < groups.size(); g++) {
            header.add(groups.get(g).label());
            if (g != grouped.baseline()) {
                header.add(t.get("md.ratio", groups.get(grouped.baseline()).label()));
            }
        }
        List<List<String>> rows = new ArrayList<>();
        for (ObjectTimes o : shown) {
            List<String> row = new ArrayList<>();
            row.add(o.name());
            row.add(indexes ? Labels.indexTable(o, t) : rows(o, groups, t));
            for (int g = 0; g < groups.size(); g++) {
                Spread s = o.byGroup().get(g);
                String cell = s.known() ? t.duration(s.median()) : s.unknown() > 0 ? t.get("unknown") : t.get("absent");
                Double rate = indexes ? null : o.rowsPerSecond(g);
                int failed = indexes ? o.failedByGroup().get(g) : 0;
                // a build gbak could not make is marked as on the chart: "0.004 s · FAILED in 1 of 1 run: left
                // inactive"
                row.add(cell
                        + (rate == null ? "" : " (" + t.get("rows.per.second", t.integer(Rounding.whole(rate))) + ")")
                        + (failed == 0
                                ? ""
                                : " · "
                                        + t.get(
                                                "index.failed",
                                                failed,
                                                groups.get(g).size())));
                if (g != grouped.baseline()) {
                    Double ratio = o.ratio(g, grouped.baseline());
                    row.add(ratio == null ? "" : t.factor(ratio));
                }
            }
            rows.add(row);
        }
        table(md, header, rows);
    }

    /** The rows of a table: one count, or each group's (a range when its runs differ) when they do not all agree. */
    private static String rows(ObjectTimes o, List<RunGroup> groups, Texts t) {
        Long common = o.commonRows();
        if (common != null) {
            return t.integer(common);
        }
        List<String> perGroup = new ArrayList<>();
        for (int g = 0; g < groups.size(); g++) {
            RowCount r = o.rows(g);
            if (r != null) {
                perGroup.add(groups.get(g).label() + ": " + t.integerRange(r.min(), r.max()));
            }
        }
        return perGroup.isEmpty() ? t.get("unknown") : String.join("; ", perGroup);
    }

    private static String measureName(Measure m, Texts t) {
        return m == Measure.TOTAL
                ? t.get("md.total")
                : t.get("headline.phase." + m.phase().label());
    }

    /**
     * "12.3 s", or "12.3 s (11.9 s – 13.0 s)" with the range of repeated runs; {@code counted}, with the runs it is of
     * too: "3.40 s (1 run)", "2.61 s (2 runs: 2.15 s – 3.07 s)" ({@link KeyTable#ofDifferentRuns}).
     */
    private static String spread(Spread s, boolean counted, Texts t) {
        if (!s.known()) {
            return t.get("unknown");
        }
        String range = s.n() == 1 ? null : t.duration(s.min()) + " – " + t.duration(s.max());
        if (counted) {
            return t.get(
                    "median.runs", t.duration(s.median()), range == null ? t.runs(1) : t.runs(s.n()) + ": " + range);
        }
        return range == null ? t.duration(s.median()) : t.duration(s.median()) + " (" + range + ")";
    }

    private static void table(StringBuilder md, List<String> header, List<List<String>> rows) {
        md.append('|');
        header.forEach(h -> md.append(' ').append(escape(h)).append(" |"));
        md.append("\n|");
        header.forEach(h -> md.append("---|"));
        md.append('\n');
        for (List<String> row : rows) {
            md.append('|');
            row.forEach(c -> md.append(' ').append(escape(c)).append(" |"));
            md.append('\n');
        }
    }

    /**
     * Text as Markdown shows it: a line break (a label may hold one) would end the table row or the bold
     * headline, so it becomes a blank; {@code |} would split a cell, {@code * ` [ ]} start emphasis, code or a
     * link, {@code <} an HTML tag that hides gbak's {@code <expression>}: each is escaped. Underscores inside
     * words stay as they are (index names; CommonMark does not read them as emphasis).
     */
    static String escape(String s) {
        StringBuilder b = new StringBuilder(s.length() + 8);
        String[] lines = s.split("\\R", -1);
        for (int k = 0; k < lines.length; k++) {
            String part = lines[k];
            if (k > 0) {
                b.append(' ');
            }
            for (int i = 0; i < part.length(); i++) {
                char c = part.charAt(i);
                if ("\\|*`[]<".indexOf(c) >= 0) {
                    b.append('\\');
                }
                b.append(c);
            }
        }
        return b.toString();
    }
}
