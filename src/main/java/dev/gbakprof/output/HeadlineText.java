package dev.gbakprof.output;

import dev.gbakprof.model.FailureReason;
import dev.gbakprof.model.IndexBuild;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.stats.Analysis;
import dev.gbakprof.stats.Comparison;
import dev.gbakprof.stats.Headline;
import dev.gbakprof.stats.Measure;
import dev.gbakprof.stats.Note;
import dev.gbakprof.stats.NoteCode;
import dev.gbakprof.stats.ObjectTimes;
import dev.gbakprof.stats.RunGroup;
import dev.gbakprof.stats.RunOutcome;
import dev.gbakprof.stats.Spread;
import dev.gbakprof.stats.Verdict;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The headline of a report in the reader's language, and the notes of the analysis that keep it honest (what
 * is compared when the total is unknown, whether the difference is told apart from noise), each with its code.
 */
public record HeadlineText(String headline, List<NoteText> lines, Texts texts) {

    /**
     * The notes' sentences, in order, with everything else that differs between the configurations in one
     * sentence where the first such note stood ("Also differs: route — embedded vs remote TCP; page size — …").
     */
    public List<String> notes() {
        List<String> out = new ArrayList<>();
        List<String> differs =
                lines.stream().filter(n -> n.part() != null).map(NoteText::part).toList();
        boolean said = false;
        for (NoteText n : lines) {
            if (n.code().equals(NoteCode.WIDE_SPREAD.code()) && headline.contains(n.message())) {
                continue; // the headline says it
            }
            if (n.part() == null) {
                out.add(n.message());
            } else if (!said) {
                out.add(differs.size() == 1 ? n.message() : alsoDiffers(differs));
                said = true;
            }
        }
        return out;
    }

    private String alsoDiffers(List<String> parts) {
        return texts.get("note.differs", String.join("; ", parts));
    }

    public static HeadlineText of(Grouped grouped, Texts t) {
        Analysis a = grouped.analysis();
        List<NoteText> notes = a.notes().stream().map(n -> NoteText.of(n, t)).toList();
        return new HeadlineText(headline(a, t), notes, t);
    }

    /**
     * The one page's: labels in the notes cut to {@code maxLabel} characters, and with more than two configurations no
     * verdict note (each is in the key table's last column, and in full in summary.md and {@code --json}), so that
     * seven configurations leave the page room for its charts.
     */
    public static HeadlineText onPage(Grouped grouped, Texts t, int maxLabel) {
        Analysis a = grouped.analysis();
        boolean ranked = a.groups().size() > 2;
        List<NoteText> notes = a.notes().stream()
                .filter(n -> !(ranked && n.code() == NoteCode.VERDICT))
                .map(n -> NoteText.of(n, t, maxLabel))
                .toList();
        return new HeadlineText(headline(a, t), notes, t);
    }

    /** The sentence, and when configurations restored different data, that too (not only in a note). */
    private static String headline(Analysis a, Texts t) {
        if (!a.differentDatabases().isEmpty()) {
            return differentDatabases(a, t);
        }
        StringBuilder said = new StringBuilder(sentence(a, t));
        // where the headline claims a difference (failures lead it otherwise): a configuration whose runs disagree
        boolean claims = a.groups().stream().noneMatch(HeadlineText::unfinished);
        for (Note n : a.notes()) {
            if (claims && n.code() == NoteCode.WIDE_SPREAD) {
                said.append(' ').append(NoteText.wideSpread(n, t));
            }
        }
        String sentence = said.toString();
        if (a.dataDifferences().isEmpty()) {
            return sentence;
        }
        List<String> each = new ArrayList<>();
        a.dataDifferences().forEach((label, d) -> each.add(NoteText.difference(d, t)));
        return sentence + " " + t.get("headline.different.data", String.join("; ", each));
    }

    /**
     * Different databases race nothing: said first, then each configuration's time, and no "less time than" (the first
     * pair named; the notes name every one).
     */
    private static String differentDatabases(Analysis a, Texts t) {
        var first = a.differentDatabases().entrySet().iterator().next();
        Measure m = a.headline().measure();
        List<String> each = new ArrayList<>();
        for (RunGroup g : a.groups()) {
            Spread s = m == null ? null : g.spread(m);
            if (s != null && s.known()) {
                each.add(t.get(
                        "headline.configuration",
                        m == Measure.TOTAL ? g.label() : g.label() + " (" + subject(a, m, t) + ")",
                        t.duration(s.median()),
                        s.n() == 1 ? t.runs(1) : t.get("median.of", s.n())));
            }
        }
        return t.get(
                each.isEmpty() ? "headline.different.databases.untimed" : "headline.different.databases",
                a.baselineGroup().label(),
                first.getKey(),
                first.getValue().common(),
                String.join("; ", each));
    }

    /**
     * What stopped every run of {@code g}, when gbakprof did, each the same way: {@code --timeout}, {@code Ctrl-C}, a
     * signal ({@code SIGTERM}) or {@code gbakprof} (its raw log could not be written); {@code null} otherwise.
     */
    private static String stopper(RunGroup g) {
        List<String> by =
                g.runs().stream().map(FailureReason::stopper).distinct().toList();
        return by.size() != 1 ? null : by.get(0);
    }

    private static String sentence(Analysis a, Texts t) {
        Headline h = a.headline();
        RunGroup only = a.groups().size() == 1 ? a.groups().get(0) : null;
        if (only != null
                && only.runs().stream().noneMatch(r -> r.status() == RunStatus.COMPLETED)
                && only.count(RunOutcome.EXCERPT) < only.size()) {
            // one configuration and no finished restore: say how it ended, not how long a phase took
            Spread stoppedAt = Spread.of(
                    only.runs().stream().map(RestoreRun::lastSeenSeconds).toList());
            boolean failed = only.runs().stream().anyMatch(r -> r.status() == RunStatus.FAILED);
            // gbak may report errors and still go through to its end (an index it could not activate)
            boolean wentThrough = failed && only.runs().stream().allMatch(RestoreRun::wentToTheEnd);
            String notBuilt = notBuilt(a, only, t);
            if (notBuilt != null && only.count(RunOutcome.INCOMPLETE) == 0 && wentThrough) {
                return t.get("headline.labelled", only.label(), notBuilt) + ". "
                        + (stoppedAt.median() == null
                                ? t.get("headline.not.built.end.untimed", t.runs(only.size()))
                                : t.get("headline.not.built.end", t.duration(stoppedAt.median()), t.runs(only.size())));
            }
            boolean untimed = stoppedAt.median() == null;
            String stoppedIn = failed && !wentThrough ? failedIndex(only) : null;
            if (stoppedIn != null) { // gbak gave up on the restore at an index it could not build (#8263)
                return t.get(
                        untimed ? "headline.failed.index.untimed" : "headline.failed.index",
                        only.label(),
                        stoppedIn,
                        t.duration(stoppedAt.median()),
                        t.runs(only.size()));
            }
            String stopper = stopper(only);
            if (stopper != null && !untimed) { // gbakprof stopped them all, the same way: say so, not "the log stops"
                return t.get(
                        "headline.stopped", only.label(), t.duration(stoppedAt.median()), t.runs(only.size()), stopper);
            }
            String key = wentThrough && !untimed
                    ? "headline.failed.finished"
                    : !failed ? "headline.incomplete" : untimed ? "headline.failed.untimed" : "headline.failed";
            return t.get(key, only.label(), t.duration(stoppedAt.median()), t.runs(only.size()));
        }
        List<RunGroup> unfinished =
                a.groups().stream().filter(HeadlineText::unfinished).toList();
        if (h.measure() == null) {
            // no time every configuration has: one that failed at gbak's start has none, the others still have theirs
            return unfinished.isEmpty() ? commonBuilds(a, t) : failuresFirst(a, unfinished, t);
        }
        if (!unfinished.isEmpty() && h.onTotal()) {
            return failuresFirst(a, unfinished, t);
        }
        String lead = unfinished.isEmpty() ? "" : failuresFirst(a, unfinished, t) + " ";
        if (a.groups().size() > 2) {
            return lead + ranked(a, h.measure(), t);
        }
        return lead + pair(a, h, t);
    }

    /**
     * No time every configuration has (an excerpt beside a whole log): what they all timed, the index builds each one
     * gives a time to, added up per configuration ("the 4 index builds all of them timed took 43 min 13 s with A and
     * 1 h 03 min with B"); "nothing to compare" only when there is none.
     */
    private static String commonBuilds(Analysis a, Texts t) {
        List<ObjectTimes> common = a.indexes().stream()
                .filter(o -> o.byGroup().stream().allMatch(Spread::known))
                .toList();
        if (common.isEmpty() || a.groups().size() < 2) {
            return t.get("headline.none");
        }
        List<String> each = new ArrayList<>();
        for (int g = 0; g < a.groups().size(); g++) {
            int group = g;
            double sum = common.stream()
                    .mapToDouble(o -> o.byGroup().get(group).median())
                    .sum();
            each.add(t.get("headline.common.each", a.groups().get(g).label(), t.duration(sum)));
        }
        return t.get("headline.common.builds", common.size(), String.join("; ", each));
    }

    /** A run that neither completed nor is an excerpt: a restore that failed or was stopped. */
    private static boolean unfinished(RunGroup g) {
        return g.count(RunOutcome.FAILED) + g.count(RunOutcome.INCOMPLETE) > 0;
    }

    /**
     * When restores failed or stopped, that leads: "B: 2 of 3 restores did not finish; the one that did took
     * 2.87 s. A: 3.05 s (3 runs)." A time from the runs that happened to finish is not compared as if it were
     * the configuration's.
     */
    private static String failuresFirst(Analysis a, List<RunGroup> unfinished, Texts t) {
        List<String> parts = new ArrayList<>();
        for (RunGroup g : a.groups()) {
            Spread total = g.spread(Measure.TOTAL);
            if (unfinished.contains(g)) {
                String notBuilt = notBuilt(a, g, t);
                int stopped = g.count(RunOutcome.FAILED) + g.count(RunOutcome.INCOMPLETE) - notBuiltRuns(g);
                String part = stopped > 0
                        ? t.get("headline.unfinished", g.label(), t.integer(stopped), g.size())
                                + (notBuilt == null ? "" : "; " + notBuilt)
                        : t.get("headline.labelled", g.label(), notBuilt);
                if (total.known()) {
                    part += t.get("headline.unfinished.rest", total.n(), t.duration(total.median()));
                }
                parts.add(part + ".");
            } else if (total.known()) {
                parts.add(t.get(
                                "headline.configuration",
                                g.label(),
                                t.duration(total.median()),
                                total.n() == 1 ? t.runs(1) : t.get("median.of", total.n()))
                        + ".");
            }
        }
        return String.join(" ", parts);
    }

    /**
     * The index at which gbak stopped the restore of the configuration's first failed run ({@code cannot commit index},
     * then {@code Exiting before completion}), with its table when known: "PK_XYZ", "UX_A (T)"; {@code null} when no
     * failed run stopped at an index.
     */
    private static String failedIndex(RunGroup g) {
        for (RestoreRun r : g.runs()) {
            if (r.status() == RunStatus.FAILED && !r.wentToTheEnd()) {
                for (IndexBuild i : r.indexes()) {
                    if (i.failed()) {
                        return i.table() == null ? i.name() : i.name() + " (" + i.table() + ")";
                    }
                }
            }
        }
        return null;
    }

    /** Runs of a configuration that gbak took to its end with indexes it could not build. */
    static int notBuiltRuns(RunGroup g) {
        return (int)
                g.runs().stream().filter(RunOutcome::restoredWithoutIndexes).count();
    }

    /**
     * What a restore that gbak took to its end without some index did, in Firebird's terms: "restored with 1 index not
     * built: UX_ITEMS_NORM_CODE (ITEMS), duplicate key; database left offline — run gfix -online" (the
     * {@code index-failed} note has gbak's words and what to do next); {@code null} when no run of the configuration
     * did so.
     */
    static String notBuilt(Analysis a, RunGroup g, Texts t) {
        RestoreRun run = g.runs().stream()
                .filter(RunOutcome::restoredWithoutIndexes)
                .findFirst()
                .orElse(null);
        if (run == null) {
            return null;
        }
        List<String> names = new ArrayList<>();
        for (String index : RunOutcome.indexesNotBuilt(run)) {
            String table = run.indexes().stream()
                    .filter(i -> i.name().equals(index) && i.table() != null)
                    .map(IndexBuild::table)
                    .findFirst()
                    .orElse(null);
            names.add(table == null ? index : index + " (" + table + ")");
        }
        int runs = notBuiltRuns(g);
        String part = runs == g.size()
                ? t.get("headline.not.built.all", names.size(), String.join(", ", names))
                : t.get("headline.not.built.some", t.integer(runs), g.size(), names.size(), String.join(", ", names));
        Note note = a.notes().stream()
                .filter(n -> n.code() == NoteCode.INDEX_FAILED && g.label().equals(n.arg(0)))
                .findFirst()
                .orElse(null);
        if (note != null && note.arg(6) != null) {
            part += ", " + t.get("headline.not.built.cause." + note.arg(6));
        }
        if (note != null && Boolean.TRUE.equals(note.arg(5))) {
            part += "; " + t.get("headline.not.built.offline");
        }
        return part;
    }

    /** The most configurations besides the baseline a headline names one by one; more are in the key table. */
    static final int MAX_RANKED = 3;

    /**
     * More than two configurations: every one against the baseline, fastest first; more than {@link #MAX_RANKED}
     * besides the baseline, the fastest and the slowest, and how many between.
     */
    private static String ranked(Analysis a, Measure m, Texts t) {
        RunGroup base = a.baselineGroup();
        Spread b = base.spread(m);
        List<Integer> order = new ArrayList<>();
        for (int g = 0; g < a.groups().size(); g++) {
            if (g != a.baseline() && a.groups().get(g).spread(m).known()) {
                order.add(g);
            }
        }
        order.sort(Comparator.comparingDouble(g -> a.groups().get(g).spread(m).median()));
        List<String> items = new ArrayList<>();
        for (int g : order) {
            Comparison c = a.comparison(g, m);
            Spread s = a.groups().get(g).spread(m);
            String label = a.groups().get(g).label();
            if (c.medianRatio() == null) { // a median of 0 ms: known, no ratio
                items.add(t.get("rank.too-short", label, t.duration(s.median())));
                continue;
            }
            // no share of time where the runs cannot tell or show the same within the margin (as with two
            // configurations); else the share by the two medians shown (the verdict's paired ratio may differ a little)
            if (c.verdict() == Verdict.CANNOT_TELL || c.verdict() == Verdict.SAME) {
                String how = c.verdict() == Verdict.SAME
                        ? t.get("rank.same.margin", VerdictText.margin(c, t))
                        : t.get("rank.unclear");
                items.add(t.get("rank.told", label, t.duration(s.median()), how));
                continue;
            }
            String how = c.verdict() == Verdict.TOO_FEW_RUNS ? t.get("rank.few") : "";
            double ratio = c.medianRatio();
            boolean against =
                    c.verdict() == Verdict.SLOWER ? ratio < 1.005 : c.verdict() == Verdict.FASTER && ratio > 0.995;
            if (against) { // the test tells the two apart, the medians do not show it (or the other way round)
                how = t.get("rank.against.medians", VerdictText.ratio(c.speedup(), t));
                items.add(t.get("rank.told", label, t.duration(s.median()), how));
                continue;
            }
            items.add(
                    Math.abs(ratio - 1) < 0.005
                            ? t.get("rank.same", label, t.duration(s.median()), how)
                            : ratio < 1
                                    ? t.get("rank.less", label, t.duration(s.median()), t.percent(1 - ratio), how)
                                    : t.get("rank.more", label, t.duration(s.median()), t.percent(ratio - 1), how));
        }
        String what = m == Measure.TOTAL ? "" : " · " + subject(a, m, t);
        String against = (b.n() == 1 ? t.runs(1) : t.get("median.of", b.n())) + what;
        if (items.size() > MAX_RANKED) {
            // seven long labels made a paragraph of nine lines: the fastest and the slowest, the rest in the table
            return t.get(
                    "headline.rank.many",
                    base.label(),
                    t.duration(b.median()),
                    against,
                    items.get(0),
                    items.get(items.size() - 1),
                    items.size());
        }
        return t.get("headline.rank", base.label(), t.duration(b.median()), against, String.join("; ", items));
    }

    private static String pair(Analysis a, Headline h, Texts t) {
        String what = h.onTotal() ? null : subject(a, h.measure(), t);
        Spread fast = h.faster().spread(h.measure());
        if (h.slower() == null) {
            String runs = fast.n() == 1 ? t.runs(1) : t.get("median.of", fast.n());
            return h.onTotal()
                    ? t.get("headline.total.single", h.faster().label(), t.duration(fast.median()), runs)
                    : t.get("headline.phase.single", h.faster().label(), what, t.duration(fast.median()), runs);
        }
        Spread slow = h.slower().spread(h.measure());
        String runs = fast.n() == slow.n() ? t.get("runs.each", fast.n()) : t.get("runs.pair", fast.n(), slow.n());
        Comparison c = h.comparison();
        String faster = h.faster().label();
        String slower = h.slower().label();
        String fastTime = t.duration(fast.median());
        String slowTime = t.duration(slow.median());
        String margin = VerdictText.margin(c, t);
        String prefix = h.onTotal() ? "headline.total." : "headline.phase.";
        Double saved = h.timeSaved();
        // "the same" only where the whole interval lies within the margin; no share of time saved where the data cannot
        // tell (a spread wider than the gap, single runs, or both 0.000 s: a phase too short for gbak's clock)
        return switch (c.verdict()) {
            case SAME ->
                h.onTotal()
                        ? t.get(prefix + "same", faster, slower, fastTime, slowTime, runs, margin)
                        : t.get(prefix + "same", what, faster, slower, fastTime, slowTime, runs, margin);
            case CANNOT_TELL -> {
                String needed = VerdictText.needed(c, t);
                yield h.onTotal()
                        ? t.get(prefix + "unclear", faster, slower, fastTime, slowTime, runs, needed, margin)
                        : t.get(prefix + "unclear", what, faster, slower, fastTime, slowTime, runs, needed, margin);
            }
            case FASTER -> {
                if (saved != null && saved >= 0.005) {
                    String key = prefix + "faster";
                    yield h.onTotal()
                            ? t.get(key, faster, fastTime, t.percent(saved), slower, slowTime, runs)
                            : t.get(key, faster, what, fastTime, t.percent(saved), slower, slowTime, runs);
                }
                // the test tells them apart; the medians do not show it, or show the other way
                String ratio = VerdictText.ratio(c.speedup(), t);
                yield h.onTotal()
                        ? t.get(prefix + "against.medians", faster, ratio, slower, fastTime, slowTime, runs)
                        : t.get(prefix + "against.medians", faster, what, ratio, slower, fastTime, slowTime, runs);
            }
            default -> {
                if (saved == null || saved < 0.005 || c.verdict() == Verdict.TOO_SHORT) {
                    yield h.onTotal()
                            ? t.get(prefix + "few.tie", faster, slower, fastTime, slowTime, runs)
                            : t.get(prefix + "few.tie", what, faster, slower, fastTime, slowTime, runs);
                }
                // a difference measured on too few runs is shown with its caveat, never as a plain "less time"
                String key = prefix + (c.verdict() == Verdict.TOO_FEW_RUNS ? "few" : "faster");
                yield h.onTotal()
                        ? t.get(key, faster, fastTime, t.percent(saved), slower, slowTime, runs)
                        : t.get(key, faster, what, fastTime, t.percent(saved), slower, slowTime, runs);
            }
        };
    }

    /**
     * What a phase headline timed: "the index phase", or, when every run is an excerpt, what the excerpt shows:
     * "the 4 index builds in the excerpt" (the builds whose time the lines give; the last one's end is not shown).
     */
    static String subject(Analysis a, Measure m, Texts t) {
        boolean excerpts = a.runs().stream().allMatch(r -> RunOutcome.of(r) == RunOutcome.EXCERPT);
        if (!excerpts) {
            return t.get("subject." + m.phase().label());
        }
        RestoreRun first = a.runs().get(0);
        if (m == Measure.INDEXES) {
            return t.get(
                    "subject.excerpt.indexes",
                    first.indexes().stream().filter(i -> i.seconds() != null).count());
        }
        if (m == Measure.DATA) {
            return t.get(
                    "subject.excerpt.data",
                    first.tables().stream().filter(l -> l.seconds() != null).count());
        }
        return t.get(
                "subject.excerpt.phase", t.get("headline.phase." + m.phase().label()));
    }
}
