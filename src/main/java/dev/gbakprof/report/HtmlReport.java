package dev.gbakprof.report;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.gbakprof.model.IndexBuild;
import dev.gbakprof.model.IndexDefinition;
import dev.gbakprof.model.Phase;
import dev.gbakprof.model.PhaseTime;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.Rounding;
import dev.gbakprof.model.TableLoad;
import dev.gbakprof.output.AnalysisJson;
import dev.gbakprof.output.CompareJson;
import dev.gbakprof.output.Grouped;
import dev.gbakprof.output.Json;
import dev.gbakprof.output.KeyTable;
import dev.gbakprof.output.Labels;
import dev.gbakprof.output.ProvenanceText;
import dev.gbakprof.output.ReportFile;
import dev.gbakprof.output.ReportSettings;
import dev.gbakprof.output.SummaryMarkdown;
import dev.gbakprof.output.Texts;
import dev.gbakprof.output.VerdictText;
import dev.gbakprof.stats.Analysis;
import dev.gbakprof.stats.Comparison;
import dev.gbakprof.stats.Measure;
import dev.gbakprof.stats.ObjectTimes;
import dev.gbakprof.stats.RowCount;
import dev.gbakprof.stats.RunGroup;
import dev.gbakprof.stats.RunOutcome;
import dev.gbakprof.stats.Spread;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * {@code report.html}: the report as one self-contained page, drawn in the browser from the one analysis every other
 * file formats. The page's data is one JSON block: {@code compare --json}'s document ({@link CompareJson}) whose
 * per-index and per-table lists are carried columnar under {@code page} with what the page needs besides (each run's
 * timeline, phases and CPU, the translated texts). uPlot and the page's own script and style are inlined, and a
 * Content-Security-Policy allows exactly them by their SHA-256: nothing is loaded from anywhere. The bytes depend on
 * the inputs alone (no time of writing), so the same runs give the same file.
 */
public final class HtmlReport implements ReportFile {
    /** The page's own part of the data block; its fields are a contract, as {@link CompareJson#SCHEMA}'s. */
    public static final String SCHEMA = "gbakprof.html/1";

    public static final String FILE = "report.html";

    private static final String UPLOT_JAR = "/META-INF/resources/webjars/uplot/1.6.30/";

    private static final String UPLOT = UPLOT_JAR + "dist/";

    /** Every text the page's script shows, under its key of texts.properties. */
    private static final List<String> TEXT_KEYS = List.of(
            "unknown",
            "absent",
            "dur.s",
            "dur.min",
            "dur.h",
            "hint.heading",
            "phase.setup",
            "phase.metadata",
            "phase.data",
            "phase.indexes",
            "phase.finish",
            "md.total",
            "html.noscript",
            "html.verdicts",
            "html.notes",
            "html.indexes",
            "html.indexes.top",
            "html.indexes.alt",
            "html.search",
            "html.shown",
            "html.timeline",
            "html.timeline.run",
            "html.timeline.alt",
            "html.timeline.help",
            "html.lane.tables",
            "html.lane.indexes",
            "html.phases",
            "html.totals",
            "html.tables",
            "html.cpu",
            "html.scan",
            "html.scan.alt",
            "speedup.x.workers",
            "median.runs",
            "runs.one",
            "runs.many",
            "speedup.x.page-size",
            "html.failed",
            "html.failed.indexes",
            "html.col.index",
            "html.col.table",
            "html.col.time",
            "html.col.keys",
            "html.col.ratio",
            "html.col.time.ratio",
            "html.col.status",
            "html.col.rows",
            "html.col.rowsps",
            "html.col.run",
            "html.col.label",
            "html.col.total",
            "html.col.measure",
            "html.col.verdict",
            "html.col.code",
            "html.col.message",
            "html.col.phase",
            "html.col.median",
            "html.col.range",
            "html.col.cpu",
            "html.col.read",
            "html.col.written",
            "html.col.bound",
            "html.col.errors",
            "html.col.speedup",
            "html.state.failed",
            "html.state.never",
            "html.state.inactive",
            "html.state.not.activated",
            "html.state.left.inactive",
            "html.state.gave.up",
            "html.state.cut",
            "html.never.stopped",
            "html.never.inactive",
            "table.unknown",
            "rows",
            "keys.per.second",
            "md.warnings",
            "html.sort");

    @Override
    public String fileName() {
        return FILE;
    }

    @Override
    public byte[] render(Analysis analysis, ReportSettings settings) {
        return page(analysis, settings).getBytes(StandardCharsets.UTF_8);
    }

    /** The whole page. */
    static String page(Analysis analysis, ReportSettings settings) {
        Texts t = settings.texts();
        Data data = data(analysis, settings);
        String title = data.page().title();
        // "<" written as \\u003c: no "</script>" or "<!--" in a name can end the block
        String json = Json.compact(data).replace("<", "\\u003c");
        List<String> styles = List.of(resource(UPLOT + "uPlot.min.css"), resource("report.css"));
        List<String> scripts = List.of(resource(UPLOT + "uPlot.iife.min.js"), resource("report.js"));
        StringBuilder html = new StringBuilder(json.length() + 80_000);
        html.append("<!DOCTYPE html>\n<html lang=\"")
                .append(t.lang().tag())
                .append("\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; script-src")
                .append(hashes(scripts))
                .append("; style-src")
                .append(hashes(styles))
                .append("; img-src data:\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<meta name=\"generator\" content=\"gbakprof\">\n<title>")
                .append(escape(title))
                .append("</title>\n");
        for (String style : styles) {
            html.append("<style>").append(style).append("</style>\n");
        }
        html.append("</head>\n<body>\n<main id=\"page\"><h1>")
                .append(escape(title))
                .append("</h1><noscript><p>")
                .append(escape(t.get("html.noscript")))
                .append("</p></noscript></main>\n<script type=\"application/json\" id=\"gbakprof-data\">")
                .append(json)
                .append("</script>\n");
        // uPlot's MIT licence asks for its notice in every copy: the page is one
        html.append("<!--\n").append(resource(UPLOT_JAR + "LICENSE").strip()).append("\n-->\n");
        for (String script : scripts) {
            html.append("<script>").append(script).append("</script>\n");
        }
        return html.append("</body>\n</html>\n").toString();
    }

    /**
     * The data block: {@code compare --json}'s document without its object lists, then {@code page}.
     *
     * @param compare the analysis' document ({@link CompareJson}), without {@code indexes} and {@code tables}
     */
    record Data(@JsonUnwrapped AnalysisJson compare, Page page) {}

    /** The page's own part ({@value #SCHEMA}): its texts, its key table, and each index, table and run, columnar. */
    record Page(
            String schema,
            String title,
            String subtitle,
            String provenance,
            String footer,
            KeyTable keyTable,
            List<String> hints,
            List<String> verdicts,
            List<String> ratios,
            List<String> labels,
            List<String> colours,
            Map<String, String> phaseColours,
            int top,
            Indexes indexes,
            Tables tables,
            List<Run> runs,
            List<String> warnings,
            Map<String, String> texts) {}

    /**
     * A configuration's spreads of every object, columnar (seconds, {@code null}: unknown; a single run's {@code min}
     * and {@code max} are its median: left out, for the size of a 6,000-index page).
     */
    record Spreads(
            String label,
            List<Double> median,
            List<Double> min,
            List<Double> max,
            List<Integer> unknown,
            List<Double> ratio) {}

    /** Every index: its name, its table as the report names it, and per configuration its spreads. */
    record Indexes(List<String> name, List<String> table, List<IndexSpreads> configurations) {}

    /** A configuration's index spreads, with its failed builds and its median keys per second of each. */
    record IndexSpreads(@JsonUnwrapped Spreads spreads, List<Integer> failed, List<Double> keysPerSecond) {}

    /** Every table: its name and per configuration its spreads. */
    record Tables(List<String> name, List<TableSpreads> configurations) {}

    /**
     * A configuration's table spreads, with each table's rows (the least of its runs', or {@code null}: unknown),
     * {@code rowsMax} (the most, where its runs restored different counts, else {@code null}) and rows per second (as
     * summary.md shows it: whole rows).
     */
    record TableSpreads(
            @JsonUnwrapped Spreads spreads, List<Long> rows, List<Long> rowsMax, List<Long> rowsPerSecond) {}

    /**
     * One run: its configuration ({@code group}), its name as summary.md names it ({@link Grouped#runName}), outcome, phases, the CPU and disk of its phases where sampled, what
     * failed, and its timeline: {@code loads} as {@code [table, start, seconds, rows]} and {@code builds} as {@code
     * [index, start, seconds, failed, keys per second]}, on gbak's clock, {@code table} and {@code index} being
     * positions in the page's lists (a name where the list does not have it). {@code phases} are the seconds summary.md
     * and runs.csv give ({@link Measure#of}: a phase cut off is unknown); {@code neverBuilt} the index definitions gbak
     * did not build, {@code neverBuiltTables} their tables ({@code null} where the log does not say it), and {@code
     * neverBuiltWhy} why: {@code stopped} (the restore stopped before them), {@code
     * inactive} (inactive in the backup: gbak built the others) or {@code not-activated} (gbak activated none).
     */
    record Run(
            int group,
            String name,
            String source,
            String kind,
            Double totalSeconds,
            Double lastSeenSeconds,
            String failure,
            List<String> errors,
            Map<String, Double> phases,
            List<List<Object>> phaseSpans,
            List<Cpu> cpu,
            List<List<Object>> loads,
            List<List<Object>> builds,
            List<FailedIndex> failedIndexes,
            boolean reachedEnd,
            List<String> neverBuilt,
            List<String> neverBuiltTables,
            String neverBuiltWhy) {}

    /** The CPU and disk of one phase of a run. */
    record Cpu(String phase, double seconds, double cpuShare, double readMb, double writtenMb, String bound) {}

    /** An index whose build failed, and gbak's words. */
    record FailedIndex(String name, List<String> errors) {}

    /** The data block of the page. */
    static Data data(Analysis a, ReportSettings settings) {
        Texts t = settings.texts();
        Grouped grouped = Grouped.of(a);
        List<String> verdicts = new ArrayList<>();
        List<String> ratios = new ArrayList<>();
        for (int g = 0; g < a.groups().size(); g++) {
            for (Measure m : Measure.values()) {
                Comparison c = a.comparison(g, m);
                if (c != null) {
                    verdicts.add(VerdictText.sentence(c, t));
                    ratios.add(VerdictText.ratio(c, t));
                }
            }
        }
        List<String> labels = new ArrayList<>();
        List<String> colours = new ArrayList<>();
        for (int g = 0; g < a.groups().size(); g++) {
            labels.add(Labels.seriesName(grouped, g, t));
            colours.add(String.format("#%06x", Palette.label(g).getRGB() & 0xFFFFFF));
        }
        Map<String, String> phaseColours = new LinkedHashMap<>();
        for (Phase p : Phase.values()) {
            phaseColours.put(p.label(), String.format("#%06x", Palette.phase(p).getRGB() & 0xFFFFFF));
        }
        Map<String, Integer> indexAt = new HashMap<>();
        Indexes indexes = indexes(a, t, indexAt);
        Map<String, Integer> tableAt = new HashMap<>();
        Tables tables = tables(a, tableAt);
        Map<String, String> texts = new LinkedHashMap<>();
        for (String k : TEXT_KEYS) {
            texts.put(k, t.get(k));
        }
        for (RunOutcome k : RunOutcome.values()) {
            texts.put("status." + k, t.get("status." + k));
        }
        Page page = new Page(
                SCHEMA,
                settings.title() != null ? settings.title() : t.get("report.title"),
                a.groups().stream()
                                .map(RunGroup::label)
                                .reduce((x, y) -> x + " · " + y)
                                .orElse("") + " — " + t.runs(a.runs().size()),
                ProvenanceText.of(a.provenance(), t),
                VerdictText.footer(a, t),
                KeyTable.of(grouped, t),
                HintText.of(grouped, t),
                verdicts,
                ratios,
                labels,
                colours,
                phaseColours,
                settings.top(),
                indexes,
                tables,
                a.runs().stream().map(r -> run(a, grouped, r, indexAt, tableAt)).toList(),
                SummaryMarkdown.warnings(grouped),
                texts);
        return new Data(CompareJson.document(a, settings).withoutObjects(), page);
    }

    /**
     * Every index, columnar: {@code name}, {@code table} (its table as the report names it), and per configuration
     * {@code median}, {@code min}, {@code max} (seconds, {@code null}: unknown), {@code unknown} (runs that did not
     * time it), {@code failed} (runs whose build failed), {@code keysPerSecond} (the median of its runs') and
     * {@code ratio} (against the baseline).
     */
    private static Indexes indexes(Analysis a, Texts t, Map<String, Integer> at) {
        List<String> names = new ArrayList<>();
        List<String> tables = new ArrayList<>();
        for (ObjectTimes x : a.indexes()) {
            at.putIfAbsent(x.name(), names.size());
            names.add(x.name());
            tables.add(Labels.indexTable(x, t));
        }
        List<IndexSpreads> per = new ArrayList<>();
        for (int g = 0; g < a.groups().size(); g++) {
            List<Integer> failed = new ArrayList<>();
            List<Double> keys = new ArrayList<>();
            Map<String, List<Double>> rates = new HashMap<>();
            for (RestoreRun r : a.groups().get(g).runs()) {
                for (IndexBuild b : r.indexes()) {
                    rates.computeIfAbsent(b.name(), k -> new ArrayList<>()).add(b.keysPerSecond());
                }
            }
            for (ObjectTimes x : a.indexes()) {
                failed.add(x.failedByGroup().get(g));
                Double rate = Spread.of(rates.getOrDefault(x.name(), List.of())).median();
                keys.add(rate == null ? null : (double) Rounding.whole(rate));
            }
            per.add(new IndexSpreads(spreads(a, a.indexes(), g), failed, keys));
        }
        return new Indexes(names, tables, per);
    }

    /** Every table, columnar as {@link #indexes}, with {@code rows} (one count, or {@code null}) and {@code rowsPerSecond}. */
    private static Tables tables(Analysis a, Map<String, Integer> at) {
        List<String> names = new ArrayList<>();
        for (ObjectTimes x : a.tables()) {
            at.putIfAbsent(x.name(), names.size());
            names.add(x.name());
        }
        List<TableSpreads> per = new ArrayList<>();
        for (int g = 0; g < a.groups().size(); g++) {
            List<Long> rows = new ArrayList<>();
            List<Long> rowsMax = new ArrayList<>();
            List<Long> rate = new ArrayList<>();
            for (ObjectTimes x : a.tables()) {
                RowCount count = x.rows(g);
                rows.add(count == null ? null : count.min());
                rowsMax.add(count == null || count.single() != null ? null : count.max());
                Double r = x.rowsPerSecond(g);
                // as summary.md: whole rows per second
                rate.add(r == null ? null : Rounding.whole(r));
            }
            per.add(new TableSpreads(spreads(a, a.tables(), g), rows, rowsMax, rate));
        }
        return new Tables(names, per);
    }

    private static Spreads spreads(Analysis a, List<ObjectTimes> all, int g) {
        List<Double> median = new ArrayList<>();
        List<Double> min = new ArrayList<>();
        List<Double> max = new ArrayList<>();
        List<Integer> unknown = new ArrayList<>();
        List<Double> ratio = new ArrayList<>();
        boolean repeated = a.groups().get(g).size() > 1;
        for (ObjectTimes x : all) {
            Spread s = x.byGroup().get(g);
            median.add(s.median());
            // a single run's min and max are its median: left out (the size of a 6,000-index page)
            min.add(repeated ? s.min() : null);
            max.add(repeated ? s.max() : null);
            unknown.add(s.unknown());
            Double r = g == a.baseline() ? null : x.ratio(g, a.baseline());
            ratio.add(r == null ? null : shown(r, 2));
        }
        return new Spreads(a.groups().get(g).label(), median, min, max, unknown, ratio);
    }

    private static Run run(
            Analysis a, Grouped grouped, RestoreRun r, Map<String, Integer> indexAt, Map<String, Integer> tableAt) {
        Map<String, Double> phases = new LinkedHashMap<>();
        for (PhaseTime p : r.phases()) {
            phases.put(p.name().label(), Measure.of(p.name()).of(r));
        }
        List<List<Object>> spans = new ArrayList<>();
        double at = 0;
        for (PhaseTime p : r.phases()) {
            if (p.seconds() == null) {
                break;
            }
            spans.add(List.of(p.name().label(), at, at + p.seconds()));
            at += p.seconds();
        }
        List<Cpu> cpu = r.phaseResources().stream()
                .map(p -> new Cpu(
                        p.phase().label(),
                        p.seconds(),
                        p.cpuShare(),
                        shown(p.readMb(), 1),
                        shown(p.writtenMb(), 1),
                        p.bound() == null ? null : p.bound().label()))
                .toList();
        // the load or build the log ends in ran until its last clock
        TableLoad cutLoad = TimelineChart.cutLoad(r);
        IndexBuild cutBuild = r.cutByStop();
        List<List<Object>> loads = new ArrayList<>();
        for (TableLoad l : r.tables()) {
            if (l.startSeconds() != null) {
                loads.add(Arrays.asList(
                        ref(tableAt, l.name()),
                        l.startSeconds(),
                        l.seconds(),
                        l.records(),
                        l == cutLoad ? r.lastSeenSeconds() : null));
            }
        }
        List<List<Object>> builds = new ArrayList<>();
        List<FailedIndex> failed = new ArrayList<>();
        for (IndexBuild b : r.indexes()) {
            if (b.startSeconds() != null) {
                builds.add(Arrays.asList(
                        ref(indexAt, b.name()),
                        b.startSeconds(),
                        b.seconds(),
                        b.failed() ? 1 : 0,
                        b.keysPerSecond() == null ? null : (double) Rounding.whole(b.keysPerSecond()),
                        b == cutBuild && r.lastSeenSeconds() != null ? r.lastSeenSeconds() : null));
            }
            if (b.failed()) {
                failed.add(new FailedIndex(b.name(), Objects.requireNonNullElse(b.errors(), List.of())));
            }
        }
        return new Run(
                grouped.groupOf(r),
                grouped.runName(r),
                r.source(),
                RunOutcome.of(r).toString(),
                a.total(r),
                r.lastSeenSeconds(),
                r.failure(),
                r.errors().subList(0, Math.min(20, r.errors().size())),
                phases,
                spans,
                cpu,
                loads,
                builds,
                failed,
                r.wentToTheEnd(),
                Objects.requireNonNullElse(r.indexesNeverBuilt(), List.of()),
                neverBuiltTables(r),
                !r.wentToTheEnd() ? "stopped" : builds.isEmpty() ? "not-activated" : "inactive");
    }

    /** A figure rounded to the decimals the page shows ({@link Rounding}), so the page's digits are the other files'. */
    static double shown(double value, int decimals) {
        return Rounding.halfEven(value, decimals).doubleValue();
    }

    /** The table of each of the run's index definitions never built, {@code null} where the record does not say it. */
    private static List<String> neverBuiltTables(RestoreRun r) {
        List<String> names = Objects.requireNonNullElse(r.indexesNeverBuilt(), List.of());
        Map<String, String> tables = new HashMap<>();
        for (IndexDefinition d : Objects.requireNonNullElse(r.indexesNeverBuiltTables(), List.<IndexDefinition>of())) {
            tables.put(d.name(), d.table());
        }
        return names.stream().map(tables::get).toList();
    }

    /** An object's position in the page's list, or its name where the list does not have it. */
    private static Object ref(Map<String, Integer> at, String name) {
        Integer i = at.get(name);
        return i == null ? name : i;
    }

    /** {@code 'sha256-…'} of each inline block, as the Content-Security-Policy names what it allows. */
    private static String hashes(List<String> blocks) {
        StringBuilder out = new StringBuilder();
        for (String b : blocks) {
            try {
                byte[] d = MessageDigest.getInstance("SHA-256").digest(b.getBytes(StandardCharsets.UTF_8));
                out.append(" 'sha256-")
                        .append(Base64.getEncoder().encodeToString(d))
                        .append('\'');
            } catch (NoSuchAlgorithmException ex) {
                throw new IllegalStateException("SHA-256 is missing from this Java", ex);
            }
        }
        return out.toString();
    }

    /** A resource of the page: uPlot from its WebJar, or the page's own script and style beside this class. */
    private static String resource(String name) {
        try (InputStream in = HtmlReport.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("report.html: resource " + name + " is missing from gbakprof.jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
