package dev.gbakprof.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gbakprof.model.Phase;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.stats.Analysis;
import dev.gbakprof.stats.Comparison;
import dev.gbakprof.stats.Interval;
import dev.gbakprof.stats.Measure;
import dev.gbakprof.stats.ObjectTimes;
import dev.gbakprof.stats.RowCount;
import dev.gbakprof.stats.RunGroup;
import dev.gbakprof.stats.RunOutcome;
import dev.gbakprof.stats.Scan;
import dev.gbakprof.stats.Spread;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;

/**
 * The analysis as JSON ({@code "schema": "gbakprof.compare/2"}), what {@code compare --json} and
 * {@code report --json} print: the headline exactly as the page shows it, the configurations with their runs
 * and spreads, each against the baseline, per-index and per-table rows, and the notes with their codes.
 * Seconds are gbak's; unknown is {@code null}, never 0. Field names are a contract, as the run record's.
 */
public final class CompareJson {
    /**
     * {@code /2}: a verdict is one of {@code faster}, {@code slower}, {@code same} (within {@code margin}), {@code
     * cannot-tell}, {@code too-few-runs}, {@code unknown}; {@code /1}'s {@code within-noise} meant either of the middle
     * two. Added since {@code /1}: {@code margin}, {@code pairing}, {@code warmups}, the runs' {@code round}, {@code
     * position} and {@code warmup}, and each comparison's {@code method}, {@code pairs}, {@code pairsSlower} and
     * {@code runsNeeded}.
     */
    public static final String SCHEMA = "gbakprof.compare/2";

    private static final ObjectMapper MAPPER =
            JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

    private CompareJson() {}

    public static String of(Analysis a, ReportSettings settings) {
        try {
            return MAPPER.writeValueAsString(tree(a, settings)) + System.lineSeparator();
        } catch (JsonProcessingException ex) {
            throw new IllegalStateException("cannot write the comparison: " + ex.getMessage(), ex);
        }
    }

    /** The document {@link #of} writes, as a tree ({@code report.html} carries it, its object lists made columnar). */
    static ObjectNode tree(Analysis a, ReportSettings settings) {
        Texts t = settings.texts();
        HeadlineText headline = HeadlineText.of(Grouped.of(a), t);
        ObjectNode root = MAPPER.createObjectNode();
        root.put("schema", SCHEMA);
        root.put("language", t.lang().tag());
        root.put("headline", headline.headline());
        root.put("measure", measure(a.headline().measure()));
        root.put("baseline", a.baselineGroup().label());
        root.put("margin", a.margin());
        ObjectNode pairing = root.putObject("pairing");
        pairing.put("method", a.pairing().kind().code());
        pairing.put("rounds", a.pairing().paired() ? a.pairing().rounds().size() : null);
        pairing.put(
                "reason",
                a.pairing().reason() == null ? null : a.pairing().reason().code());
        root.put("warmups", a.warmups().size());
        root.set("provenance", MAPPER.valueToTree(a.provenance()));
        ArrayNode configurations = root.putArray("configurations");
        for (int g = 0; g < a.groups().size(); g++) {
            configurations.add(configuration(a.groups().get(g), g == a.baseline()));
        }
        ArrayNode comparisons = root.putArray("comparisons");
        for (int g = 0; g < a.groups().size(); g++) {
            if (g == a.baseline()) {
                continue;
            }
            for (Measure m : Measure.values()) {
                comparisons.add(comparison(a.comparison(g, m)));
            }
        }
        if (a.scan() != null) {
            root.set("scan", scan(a.scan()));
        }
        objects(root.putArray("indexes"), a, a.indexes(), true);
        objects(root.putArray("tables"), a, a.tables(), false);
        ArrayNode notes = root.putArray("notes");
        for (NoteText n : headline.lines()) {
            notes.addObject().put("code", n.code()).put("message", n.message());
        }
        return root;
    }

    public static byte[] bytes(Analysis a, ReportSettings settings) {
        return of(a, settings).getBytes(StandardCharsets.UTF_8);
    }

    private static ObjectNode configuration(RunGroup g, boolean baseline) {
        ObjectNode c = MAPPER.createObjectNode();
        c.put("label", g.label());
        c.put("baseline", baseline);
        ObjectNode runs = c.putObject("runs");
        runs.put("count", g.size());
        for (RunOutcome k : RunOutcome.values()) {
            runs.put(k.toString(), g.count(k));
        }
        ArrayNode list = c.putArray("runList");
        for (RestoreRun r : g.runs()) {
            ObjectNode run = list.addObject();
            run.put("source", r.source());
            run.put("status", r.status().toString());
            run.put("kind", RunOutcome.of(r).toString());
            run.put("startedAt", r.startedAt());
            run.put("round", r.round());
            run.put("position", r.position());
            run.put("warmup", r.warmup());
            run.put("totalSeconds", r.restoreSeconds());
            run.put("lastSeenSeconds", r.lastSeenSeconds());
        }
        c.set("total", spread(g.spread(Measure.TOTAL)));
        ObjectNode phases = c.putObject("phases");
        for (Phase p : Phase.values()) {
            phases.set(p.label(), spread(g.spread(Measure.of(p))));
        }
        return c;
    }

    /**
     * The speed-up curve of a {@code matrix --vary} scan: each value, where it lies ({@code x}: the workers the engine
     * used for {@code -par}), its speed-up of the total against the baseline, the best and the "enough" value.
     */
    private static ObjectNode scan(Scan s) {
        ObjectNode o = MAPPER.createObjectNode();
        o.put("option", s.option());
        o.put("workers", s.workers());
        o.put("baseline", s.baseline().label());
        o.put("enoughShare", Scan.ENOUGH);
        ArrayNode curves = o.putArray("curves");
        s.curves().forEach(curves::add);
        ArrayNode points = o.putArray("points");
        for (Scan.Point p : s.points()) {
            ObjectNode q = points.addObject();
            q.put("label", p.label());
            q.put("curve", p.curve());
            q.put("value", p.value());
            q.put("workersUsed", p.used());
            q.put("x", p.x());
            q.put("speedup", p.speedup());
            q.put("ciLow", p.interval() == null ? null : p.interval().low());
            q.put("ciHigh", p.interval() == null ? null : p.interval().high());
            q.put("slowestRun", p.slowest());
            q.put("fastestRun", p.fastest());
            q.put("verdict", p.verdict() == null ? null : p.verdict().code());
        }
        o.put("best", s.best() == null ? null : s.best().label());
        o.put("enough", s.enough() == null ? null : s.enough().label());
        o.put("gainShown", s.gainShown());
        return o;
    }

    private static ObjectNode spread(Spread s) {
        ObjectNode o = MAPPER.createObjectNode();
        o.put("known", s.n());
        o.put("unknown", s.unknown());
        o.put("median", s.median());
        o.put("min", s.min());
        o.put("max", s.max());
        return o;
    }

    private static ObjectNode comparison(Comparison c) {
        ObjectNode o = MAPPER.createObjectNode();
        o.put("label", c.candidate().label());
        o.put("baseline", c.baseline().label());
        o.put("measure", measure(c.measure()));
        o.put("ratio", c.timeRatio());
        Interval ci = c.interval();
        if (ci == null) {
            o.putNull("interval");
        } else {
            // of the time ratio (candidate ÷ baseline, as "ratio"): the speed-up's bounds inverted
            o.putObject("interval")
                    .put("low", 1 / ci.high())
                    .put("high", 1 / ci.low())
                    .put("level", ci.level());
        }
        o.put("pValue", c.pValue());
        o.put("verdict", c.verdict().code());
        o.put("method", c.method() == null ? null : c.method().code());
        o.put("pairs", c.pairs());
        o.put("pairsSlower", c.pairsSlower());
        o.put("runsNeeded", c.runsNeeded());
        return o;
    }

    private static void objects(ArrayNode into, Analysis a, List<ObjectTimes> all, boolean indexes) {
        for (ObjectTimes o : all) {
            ObjectNode n = into.addObject();
            n.put("name", o.name());
            if (indexes) {
                n.put("table", o.table());
                n.put("tableSource", o.table() == null ? null : o.inferred() ? "inferred" : "known");
                ArrayNode candidates = n.putArray("tableCandidates");
                o.tableCandidates().forEach(candidates::add);
            }
            ArrayNode per = n.putArray("configurations");
            for (int g = 0; g < a.groups().size(); g++) {
                Spread s = o.byGroup().get(g);
                ObjectNode c = per.addObject();
                c.put("label", a.groups().get(g).label());
                c.put("known", s.n());
                c.put("unknown", s.unknown());
                c.put("median", s.median());
                c.put("min", s.min());
                c.put("max", s.max());
                c.put("ratio", o.ratio(g, a.baseline()));
                if (indexes) {
                    c.put("failed", o.failedByGroup().get(g));
                } else {
                    RowCount rows = o.rows(g);
                    c.put("rowsMin", rows == null ? null : rows.min());
                    c.put("rowsMax", rows == null ? null : rows.max());
                }
            }
        }
    }

    private static String measure(Measure m) {
        return m == null ? null : m.name().toLowerCase(Locale.ROOT);
    }
}
