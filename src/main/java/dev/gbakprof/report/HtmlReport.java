package dev.gbakprof.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gbakprof.model.IndexBuild;
import dev.gbakprof.model.Phase;
import dev.gbakprof.model.PhaseResources;
import dev.gbakprof.model.PhaseTime;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.TableLoad;
import dev.gbakprof.output.Json;
import dev.gbakprof.stats.Analysis;
import dev.gbakprof.stats.Comparison;
import dev.gbakprof.stats.Measure;
import dev.gbakprof.stats.ObjectTimes;
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
import java.util.Base64;
import java.util.HashMap;
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

    /** The data block's nodes (written compact: 6,000 indexes fit in 1.5 MB). */
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

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
            "html.failed",
            "html.failed.indexes",
            "html.col.index",
            "html.col.table",
            "html.col.time",
            "html.col.keys",
            "html.col.ratio",
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
        ObjectNode root = data(analysis, settings);
        String title = root.path("page").path("title").asText();
        // "<" written as \\u003c: no "</script>" or "<!--" in a name can end the block
        String json = Json.compact(root).replace("<", "\\u003c");
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

    /** The data block: {@code compare --json}'s document, its index and table lists moved under {@code page}. */
    static ObjectNode data(Analysis a, ReportSettings settings) {
        Texts t = settings.texts();
        Grouped grouped = Grouped.of(a);
        ObjectNode root = CompareJson.tree(a, settings);
        ObjectNode page = root.putObject("page");
        page.put("schema", SCHEMA);
        page.put("title", settings.title() != null ? settings.title() : t.get("report.title"));
        page.put(
                "subtitle",
                a.groups().stream()
                                .map(RunGroup::label)
                                .reduce((x, y) -> x + " · " + y)
                                .orElse("") + " — " + t.runs(a.runs().size()));
        page.put("provenance", ProvenanceText.of(a.provenance(), t));
        page.put("footer", VerdictText.footer(a, t));
        KeyTable key = KeyTable.of(grouped, t);
        ObjectNode keyTable = page.putObject("keyTable");
        strings(keyTable.putArray("header"), key.header());
        ArrayNode keyRows = keyTable.putArray("rows");
        key.rows().forEach(r -> strings(keyRows.addArray(), r));
        strings(page.putArray("hints"), HintText.of(grouped, t));
        ArrayNode verdicts = page.putArray("verdicts");
        for (int g = 0; g < a.groups().size(); g++) {
            for (Measure m : Measure.values()) {
                Comparison c = a.comparison(g, m);
                if (c != null) {
                    verdicts.add(VerdictText.sentence(c, t));
                }
            }
        }
        ArrayNode labels = page.putArray("labels");
        for (int g = 0; g < a.groups().size(); g++) {
            labels.add(Labels.seriesName(grouped, g, t));
        }
        ArrayNode colours = page.putArray("colours");
        for (int g = 0; g < a.groups().size(); g++) {
            colours.add(String.format("#%06x", Palette.label(g).getRGB() & 0xFFFFFF));
        }
        ObjectNode phaseColours = page.putObject("phaseColours");
        for (Phase p : Phase.values()) {
            phaseColours.put(p.label(), String.format("#%06x", Palette.phase(p).getRGB() & 0xFFFFFF));
        }
        page.put("top", settings.top());
        Map<String, Integer> indexAt = new HashMap<>();
        page.set("indexes", indexes(a, t, indexAt));
        Map<String, Integer> tableAt = new HashMap<>();
        page.set("tables", tables(a, tableAt));
        ArrayNode runs = page.putArray("runs");
        for (RestoreRun r : a.runs()) {
            runs.add(run(a, r, indexAt, tableAt));
        }
        ObjectNode texts = page.putObject("texts");
        for (String k : TEXT_KEYS) {
            texts.put(k, t.get(k));
        }
        for (RunOutcome k : RunOutcome.values()) {
            texts.put("status." + k, t.get("status." + k));
        }
        return root;
    }

    /**
     * Every index, columnar: {@code name}, {@code table} (its table as the report names it), and per configuration
     * {@code median}, {@code min}, {@code max} (seconds, {@code null}: unknown), {@code unknown} (runs that did not
     * time it), {@code failed} (runs whose build failed), {@code keysPerSecond} (the median of its runs') and
     * {@code ratio} (against the baseline).
     */
    private static ObjectNode indexes(Analysis a, Texts t, Map<String, Integer> at) {
        ObjectNode o = NODES.objectNode();
        ArrayNode names = o.putArray("name");
        ArrayNode tables = o.putArray("table");
        for (ObjectTimes x : a.indexes()) {
            at.putIfAbsent(x.name(), names.size());
            names.add(x.name());
            tables.add(Labels.indexTable(x, t));
        }
        ArrayNode per = o.putArray("configurations");
        for (int g = 0; g < a.groups().size(); g++) {
            ObjectNode c = spreads(per.addObject(), a, a.indexes(), g);
            ArrayNode failed = c.putArray("failed");
            ArrayNode keys = c.putArray("keysPerSecond");
            Map<String, List<Double>> rates = new HashMap<>();
            for (RestoreRun r : a.groups().get(g).runs()) {
                for (IndexBuild b : r.indexes()) {
                    rates.computeIfAbsent(b.name(), k -> new ArrayList<>()).add(b.keysPerSecond());
                }
            }
            for (ObjectTimes x : a.indexes()) {
                failed.add(x.failedByGroup().get(g));
                Double rate = Spread.of(rates.getOrDefault(x.name(), List.of())).median();
                keys.add(rate == null ? null : Math.round(rate * 10) / 10.0);
            }
        }
        return o;
    }

    /** Every table, columnar as {@link #indexes}, with {@code rows} (one count, or {@code null}) and {@code rowsPerSecond}. */
    private static ObjectNode tables(Analysis a, Map<String, Integer> at) {
        ObjectNode o = NODES.objectNode();
        ArrayNode names = o.putArray("name");
        for (ObjectTimes x : a.tables()) {
            at.putIfAbsent(x.name(), names.size());
            names.add(x.name());
        }
        ArrayNode per = o.putArray("configurations");
        for (int g = 0; g < a.groups().size(); g++) {
            ObjectNode c = spreads(per.addObject(), a, a.tables(), g);
            ArrayNode rows = c.putArray("rows");
            ArrayNode rate = c.putArray("rowsPerSecond");
            for (ObjectTimes x : a.tables()) {
                rows.add(x.rows(g) == null ? null : x.rows(g).single());
                Double r = x.rowsPerSecond(g);
                rate.add(r == null ? null : Math.round(r * 10) / 10.0);
            }
        }
        return o;
    }

    private static ObjectNode spreads(ObjectNode c, Analysis a, List<ObjectTimes> all, int g) {
        c.put("label", a.groups().get(g).label());
        ArrayNode median = c.putArray("median");
        ArrayNode min = c.putArray("min");
        ArrayNode max = c.putArray("max");
        ArrayNode unknown = c.putArray("unknown");
        ArrayNode ratio = c.putArray("ratio");
        boolean repeated = a.groups().get(g).size() > 1;
        for (ObjectTimes x : all) {
            Spread s = x.byGroup().get(g);
            median.add(s.median());
            // a single run's min and max are its median: left out (the size of a 6,000-index page)
            min.add(repeated ? s.min() : null);
            max.add(repeated ? s.max() : null);
            unknown.add(s.unknown());
            Double r = g == a.baseline() ? null : x.ratio(g, a.baseline());
            ratio.add(r == null ? null : Math.round(r * 10_000) / 10_000.0);
        }
        return c;
    }

    /**
     * One run: its configuration ({@code group}), outcome, phases, the CPU and disk of its phases where sampled, what
     * failed, and its timeline: {@code loads} as {@code [table, start, seconds, rows]} and {@code builds} as {@code
     * [index, start, seconds, failed]}, on gbak's clock, {@code table} and {@code index} being positions in the page's
     * lists (a name where the list does not have it).
     */
    private static ObjectNode run(
            Analysis a, RestoreRun r, Map<String, Integer> indexAt, Map<String, Integer> tableAt) {
        ObjectNode o = NODES.objectNode();
        int group = 0;
        for (int g = 0; g < a.groups().size(); g++) {
            if (a.groups().get(g).label().equals(r.label())) {
                group = g;
            }
        }
        o.put("group", group);
        o.put("source", r.source());
        o.put("kind", RunOutcome.of(r).toString());
        o.put("totalSeconds", a.total(r));
        o.put("lastSeenSeconds", r.lastSeenSeconds());
        o.put("failure", r.failure());
        strings(
                o.putArray("errors"),
                r.errors().subList(0, Math.min(20, r.errors().size())));
        ObjectNode phases = o.putObject("phases");
        for (PhaseTime p : r.phases()) {
            phases.put(p.name().label(), p.seconds());
        }
        ArrayNode spans = o.putArray("phaseSpans");
        double at = 0;
        for (PhaseTime p : r.phases()) {
            if (p.seconds() == null) {
                break;
            }
            spans.addArray().add(p.name().label()).add(at).add(at + p.seconds());
            at += p.seconds();
        }
        ArrayNode cpu = o.putArray("cpu");
        for (PhaseResources p : r.phaseResources()) {
            cpu.addObject()
                    .put("phase", p.phase().label())
                    .put("seconds", p.seconds())
                    .put("cpuShare", Math.round(p.cpuShare() * 1000) / 1000.0)
                    .put("readMb", Math.round(p.readMb() * 10) / 10.0)
                    .put("writtenMb", Math.round(p.writtenMb() * 10) / 10.0)
                    .put("bound", p.bound() == null ? null : p.bound().label());
        }
        ArrayNode loads = o.putArray("loads");
        for (TableLoad l : r.tables()) {
            if (l.startSeconds() != null) {
                ArrayNode e = loads.addArray();
                ref(e, tableAt, l.name());
                e.add(l.startSeconds()).add(l.seconds()).add(l.records());
            }
        }
        ArrayNode builds = o.putArray("builds");
        ArrayNode failed = o.putArray("failedIndexes");
        for (IndexBuild b : r.indexes()) {
            if (b.startSeconds() != null) {
                ArrayNode e = builds.addArray();
                ref(e, indexAt, b.name());
                e.add(b.startSeconds()).add(b.seconds()).add(b.failed() ? 1 : 0);
            }
            if (b.failed()) {
                ObjectNode f = failed.addObject().put("name", b.name());
                strings(f.putArray("errors"), Objects.requireNonNullElse(b.errors(), List.of()));
            }
        }
        strings(o.putArray("neverBuilt"), Objects.requireNonNullElse(r.indexesNeverBuilt(), List.of()));
        return o;
    }

    private static void ref(ArrayNode into, Map<String, Integer> at, String name) {
        Integer i = at.get(name);
        if (i == null) {
            into.add(name);
        } else {
            into.add(i);
        }
    }

    private static void strings(ArrayNode into, List<String> values) {
        values.forEach(into::add);
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
