package dev.gbakprof.output;

import dev.gbakprof.model.Durations;
import dev.gbakprof.model.FailureReason;
import dev.gbakprof.model.IndexFailureCause;
import dev.gbakprof.model.OdsVersion;
import dev.gbakprof.stats.Comparison;
import dev.gbakprof.stats.Confounder;
import dev.gbakprof.stats.DataDifference;
import dev.gbakprof.stats.Measure;
import dev.gbakprof.stats.Note;
import dev.gbakprof.stats.Pairing;
import dev.gbakprof.stats.Scan;
import dev.gbakprof.stats.SharedTables;
import dev.gbakprof.stats.Verdict;
import dev.gbakprof.stats.Why;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A note of the analysis as a sentence in the reader's language, with its stable code. */
public record NoteText(String code, String message, String part) {

    public static NoteText of(Note note, Texts t) {
        return of(note, t, Integer.MAX_VALUE);
    }

    /** With the labels a confounder names cut to {@code maxLabel} characters (the page, whose notes must leave room). */
    static NoteText of(Note note, Texts t, int maxLabel) {
        if (note.code().confounder()) {
            String part = difference((Confounder.Difference) note.arg(0), t, maxLabel);
            return new NoteText(note.code().code(), t.get("note.differs", part), part);
        }
        return new NoteText(note.code().code(), message(note, t), null);
    }

    /**
     * "route — embedded vs remote TCP (localhost)"; with more than two configurations each value once, with the
     * configurations that have it after a colon, the values apart by semicolons: "route — embedded: A · B · C; remote
     * TCP (localhost): D; services manager: E" (in parentheses a label read as a second value's "(localhost) (D)", and
     * a label's own commas ran into the next value).
     */
    private static String difference(Confounder.Difference d, Texts t, int maxLabel) {
        boolean named = d.values().size() > 2;
        Map<String, List<String>> byValue = new LinkedHashMap<>();
        List<String> names = Labels.cutApart(
                d.values().stream().map(Confounder.Values::label).toList(), maxLabel);
        for (int i = 0; i < d.values().size(); i++) {
            Confounder.Values v = d.values().get(i);
            byValue.computeIfAbsent(values(d.kind(), v, t), k -> new ArrayList<>())
                    .add(names.get(i));
        }
        List<String> each = new ArrayList<>();
        if (named) {
            byValue.forEach((values, labels) -> each.add(values + ": " + String.join(" · ", labels)));
        } else {
            d.values().forEach(v -> each.add(values(d.kind(), v, t)));
        }
        return t.get("differs." + d.kind().code()) + " — " + String.join(named ? "; " : t.get("differs.vs"), each);
    }

    private static String values(Confounder kind, Confounder.Values v, Texts t) {
        return String.join(
                " / ", v.values().stream().map(x -> value(kind, x, t)).toList());
    }

    static final Pattern REMOTE = Pattern.compile("remote TCP \\((.*)\\)");
    private static final Pattern BYTES = Pattern.compile("(.*) \\((\\d+) bytes\\)");

    /**
     * A confounder's value in the reader's language: the analysis (and {@code --json}) carries gbakprof's own words in
     * English ("embedded", "remote TCP (localhost)", "services manager", "none", "shop.fbk (123 bytes)"); names the
     * record took from the system (a host, a CPU, Windows' power plan, a version) are left as they are.
     */
    static String value(Confounder kind, String v, Texts t) {
        switch (kind) {
            case ROUTE -> {
                Matcher m = REMOTE.matcher(v);
                return switch (v) {
                    case "embedded" -> t.get("route.embedded");
                    case "services manager" -> t.get("route.services");
                    case "gbak -se (services manager)" -> t.get("route.gbak-se");
                    default -> m.matches() ? t.get("route.remote", m.group(1)) : v;
                };
            }
            case SWITCHES -> {
                return "none".equals(v) ? t.get("switches.none") : v;
            }
            case ODS -> { // 12.0 (Firebird 3.0): the engine that made the database
                String writer = OdsVersion.writer(v);
                return writer == null ? v : v + " (Firebird " + writer + ")";
            }
            case BACKUP -> {
                Matcher m = BYTES.matcher(v);
                return m.matches() ? t.get("backup.bytes", m.group(1), t.integer(Long.parseLong(m.group(2)))) : v;
            }
            default -> {
                return v;
            }
        }
    }

    /**
     * gbakprof's stop of a run in the report's language, as {@link FailureReason#stopped} says it in the record
     * ({@code stopped by --timeout after 3.0 s}: its seconds with one decimal, as {@link Durations#human}).
     */
    static String stop(FailureReason.Stop s, Texts t) {
        String text = s.seconds() == null
                ? t.get("stopped.by", s.stopper())
                : t.get(
                        "stopped.by.after",
                        s.stopper(),
                        s.seconds() < 60 ? t.number(s.seconds(), 1) + " " + t.get("dur.s") : t.duration(s.seconds()));
        return s.rawLog() ? t.get("stopped.raw.log", text) : text;
    }

    private static String message(Note n, Texts t) {
        return switch (n.code()) {
            case RUNS_FAILED -> t.get("note.failed", n.arg(0), (Integer) n.arg(1), (Integer) n.arg(2), n.arg(3));
            case RUNS_INCOMPLETE ->
                n.arg(3) == null
                        ? t.get("note.incomplete", n.arg(0), (Integer) n.arg(1), (Integer) n.arg(2))
                        : t.get(
                                "note.incomplete.why",
                                n.arg(0),
                                (Integer) n.arg(1),
                                (Integer) n.arg(2),
                                n.arg(3) instanceof FailureReason.Stop s ? stop(s, t) : n.arg(3));
            case EXCERPT -> n.arg(0) == null ? t.get("note.excerpt.every") : excerpt(n, t);
            case INDEXES_NEVER_BUILT ->
                t.get(
                        Boolean.TRUE.equals(n.arg(3)) ? "note.never.built.data" : "note.never.built",
                        n.arg(0),
                        (Integer) n.arg(1),
                        (Integer) n.arg(2));
            case INDEX_FAILED -> indexFailed(n, t);
            case PARTIAL_MEASURE -> t.get("note.partial", phaseName((Measure) n.arg(0), t));
            case VERDICT -> VerdictText.sentence((Comparison) n.arg(0), t);
            case WHY ->
                why(
                        (Why) n.arg(0),
                        n.args().size() > 1 ? n.arg(1) : null,
                        n.args().size() > 1 ? n.arg(2) : null,
                        t);
            case DIFFERENT_DATA ->
                t.get("note.different.data", n.arg(0), n.arg(1), difference((DataDifference) n.arg(2), t));
            case ANONYMIZED -> t.get("note.anonymized");
            case UNKNOWN_BUILDS -> unknownBuilds((Long) n.arg(0), (Long) n.arg(1), t);
            case SCAN -> scan((Scan) n.arg(0), t);
            case NOT_VARIED -> notVaried((Scan) n.arg(0), t);
            case MIXED -> mixed(n, t);
            case CODE_PAGE -> t.get("note.code-page", (Long) n.arg(0));
            case DIFFERENT_DATABASES -> {
                SharedTables shared = (SharedTables) n.arg(2);
                yield t.get(
                        "note.different.databases",
                        n.arg(0),
                        n.arg(1),
                        shared.common(),
                        shared.other(),
                        shared.baseline());
            }
            case WIDE_SPREAD -> wideSpread(n, t);
            case WARMUP ->
                t.get(
                        "note.warmup",
                        (Integer) n.arg(0),
                        String.join(
                                ", ",
                                ((List<?>) n.arg(1))
                                        .stream().map(String::valueOf).toList()));
            case UNPAIRED -> {
                String why = t.get("note.unpaired." + n.arg(0), null, n.arg(1), n.arg(2), Pairing.MIN_PAIRS);
                // one comparison of several: named, the others paired
                yield n.args().size() > 3 ? t.get("note.unpaired.named", n.arg(3), n.arg(4), why) : why;
            }
            case FIRST_RUN_SLOWER ->
                t.get(
                        (Integer) n.arg(5) > 0 ? "note.first.run.slower.warmed" : "note.first.run.slower",
                        n.arg(0),
                        t.factor((Double) n.arg(1)),
                        t.duration((Double) n.arg(2)),
                        t.duration((Double) n.arg(3)),
                        n.arg(4),
                        n.arg(5));
            default -> throw new IllegalStateException("no sentence for " + n.code());
        };
    }

    /**
     * "emb: its runs took from 5.60 s (A) to 27.7 s (B), more than the difference between the configurations.", each
     * run's name (its folder, or its log's file name: one word the headline cannot wrap) cut to {@link
     * Labels#MAX_CATEGORY_LABEL} characters as labels are, in its middle (a folder's start time and its {@code -r6}
     * kept), the two still apart.
     */
    static String wideSpread(Note n, Texts t) {
        List<String> whole = List.of(String.valueOf(n.arg(2)), String.valueOf(n.arg(4)));
        List<String> runs = whole.stream()
                .map(r -> Labels.cutMiddle(r, Labels.MAX_CATEGORY_LABEL))
                .toList();
        if (runs.get(0).equals(runs.get(1)) && !whole.get(0).equals(whole.get(1))) {
            runs = Labels.cutApart(whole, Labels.MAX_CATEGORY_LABEL);
        }
        return t.get(
                Boolean.TRUE.equals(n.arg(5)) ? "wide.spread.gap" : "wide.spread.factor",
                n.arg(0),
                t.duration((Double) n.arg(1)),
                runs.get(0),
                t.duration((Double) n.arg(3)),
                runs.get(1));
    }

    /** "shop mixes routes (embedded / services manager): …", the values in the reader's language. */
    private static String mixed(Note n, Texts t) {
        Confounder kind = (Confounder) n.arg(1);
        List<String> values = ((List<?>) n.arg(2))
                .stream().map(v -> value(kind, String.valueOf(v), t)).toList();
        return t.get("note.mixed." + kind.code(), n.arg(0), String.join(" / ", values));
    }

    /**
     * "Speed-up of the total against -par 1: -par 2: 1.80×; -par 4: 2.10×; -par 8: 2.20×: -par 4 is enough (within
     * 5% of the best, 2.20×)." Each value named as it ran ({@link #ran}).
     */
    public static String scan(Scan s, Texts t) {
        List<String> each = new ArrayList<>();
        for (Scan.Point p : s.points()) {
            if (p == s.baseline()) {
                continue;
            }
            each.add(t.get(
                    "scan.point", ran(s, p, t), p.speedup() == null ? t.get("scan.unknown") : t.factor(p.speedup())));
        }
        String base = ran(s, s.baseline(), t);
        String list = String.join("; ", each);
        if (s.best() == null) {
            return t.get("scan.none", base, list);
        }
        if (s.best() == s.baseline()
                || s.best().verdict() == Verdict.SAME
                || s.best().verdict() == Verdict.CANNOT_TELL
                || s.best().verdict() == Verdict.SLOWER) {
            return t.get("scan.nogain", base, list);
        }
        long highest = s.points().stream().mapToLong(Scan.Point::value).max().orElse(0);
        String end = s.enough().value() == highest // the gain had not stopped where the scan did
                ? t.get("scan.last", s.enough().label())
                : t.get(
                        "scan.enough",
                        s.enough().label(),
                        t.percent(1 - Scan.ENOUGH),
                        t.factor(s.best().speedup()));
        String sentence = t.get("scan", base, list, end);
        return s.best().verdict() == Verdict.FASTER ? sentence : sentence + " " + t.get("scan.few");
    }

    /**
     * A value of a scan named as it ran: "-par 8 (1 worker used)" when the engine reduced it, "-p 3000 (page size 4096
     * used)" when gbak rounded it; the label alone when it ran as asked or its runs do not say.
     */
    public static String ran(Scan s, Scan.Point p, Texts t) {
        return p.changed() ? t.get("scan.used." + s.used().code(), p.label(), used(s, p.used())) : p.label();
    }

    /** What ran, as an argument of a text: a count of workers (its plural chosen), a page size as gbak prints it. */
    private static Object used(Scan s, int value) {
        return s.workers() ? (Object) value : String.valueOf(value);
    }

    /**
     * "Not different: every configuration restored a database of page size 4096 (gbak used 4096 for -p 3000), so these
     * times do not compare page sizes."
     */
    private static String notVaried(Scan s, Texts t) {
        List<String> changed = s.points().stream()
                .filter(Scan.Point::changed)
                .map(Scan.Point::label)
                .toList();
        return t.get("note.not-varied." + s.used().code(), used(s, s.sameUsed()), String.join(", ", changed));
    }

    /** "Why: the index phase accounts for 9.05 s of the 13.5 s difference; most of it PK_ORDERS (+2.10 s), …". */
    private static String why(Why w, Object slower, Object faster, Texts t) {
        List<String> parts = w.objects().stream()
                .map(p -> t.get("why.part", p.name(), t.duration(p.gap())))
                .toList();
        String named = slower == null ? "" : ".named"; // "Why cpu-quota-50 is slower than full-cpu: …"
        if (w.phaseGap() == w.gap() && !parts.isEmpty()) {
            // the headline compares this phase (or the phase is the whole gap): only the objects are news
            return t.get("why.in" + named, String.join(", ", parts), slower, faster);
        }
        return t.get(
                "why" + named,
                t.get("subject." + w.phase().label()),
                t.duration(w.phaseGap()),
                t.duration(w.gap()),
                parts.isEmpty() ? "" : t.get("why.most", String.join(", ", parts)),
                slower,
                faster);
    }

    /**
     * "dupfail: index UX_ITEMS_NORM_CODE (ITEMS) was not built: gbak: attempt to store duplicate value … Problematic
     * key value is (…). gbak left the database offline: run gfix -online on it, remove the duplicates, then ALTER
     * INDEX UX_ITEMS_NORM_CODE ACTIVE."
     */
    private static String indexFailed(Note n, Texts t) {
        String index = (String) n.arg(1);
        String table = (String) n.arg(2);
        StringBuilder s = new StringBuilder(
                t.get("note.index.failed", n.arg(0), index, table == null ? t.get("table.unknown") : table));
        if (n.arg(3) != null) {
            s.append(' ').append(t.get("note.index.failed.reason", n.arg(3)));
        }
        if (n.arg(4) != null) {
            s.append(' ').append(n.arg(4)).append('.');
        }
        // gbak stopped the restore there (Exiting before completion): no gfix, no ALTER INDEX can finish it
        boolean stopped = n.args().size() > 8 && Boolean.FALSE.equals(n.arg(8));
        String cause = n.args().size() > 6 ? (String) n.arg(6) : null;
        String advice = stopped
                ? "note.index.failed.stopped"
                : (Boolean.TRUE.equals(n.arg(5)) ? "note.index.failed.offline" : "note.index.failed.inactive")
                        + (IndexFailureCause.FOREIGN_KEY.code().equals(cause)
                                ? ".foreign-key"
                                : cause == null ? ".other" : "");
        s.append(' ').append(t.get(advice, index));
        return s.toString();
    }

    /**
     * "tail: an excerpt of a gbak log, not a whole restore: the first it times is the data of table ORDERS, from 0.519 s
     * on gbak's clock, and it runs to gbak's end. It times 3 table loads and 14 index builds; what came before is not in
     * it."
     */
    private static String excerpt(Note n, Texts t) {
        long tables = (Long) n.arg(5);
        long indexes = (Long) n.arg(6);
        if (n.arg(1) == null || tables + indexes == 0) {
            return t.get("note.excerpt", n.arg(0));
        }
        String first = t.get("excerpt.first." + n.arg(1), n.arg(2), t.duration((Double) n.arg(3)));
        String timed = tables == 0
                ? t.get("excerpt.times.indexes", indexes)
                : indexes == 0
                        ? t.get("excerpt.times.tables", tables)
                        : t.get(
                                "excerpt.times.both",
                                t.get("excerpt.times.tables", tables),
                                t.get("excerpt.times.indexes", indexes));
        return t.get(
                Boolean.TRUE.equals(n.arg(4)) ? "note.excerpt.to.end" : "note.excerpt.part", n.arg(0), first, timed);
    }

    static String phaseName(Measure m, Texts t) {
        return t.get("headline.phase." + m.phase().label());
    }

    static String difference(DataDifference d, Texts t) {
        return d.onlyIn() != null
                ? t.get("data.only", d.table(), d.onlyIn())
                : t.get("data.rows", d.table(), t.integer(d.rows()), t.integer(d.baselineRows()));
    }

    /** {@code unknown} builds without a time, {@code cut} of them by gbakprof's stop: a sentence for each kind. */
    private static String unknownBuilds(long unknown, long cut, Texts t) {
        String log = unknown > cut ? t.get("note.unknown.builds", unknown - cut) : "";
        String stop = cut > 0 ? t.get("note.unknown.builds.stopped", cut) : "";
        return log.isEmpty() || stop.isEmpty() ? log + stop : log + " " + stop;
    }
}
