package dev.gbakprof.report;

import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.stats.Headline;
import dev.gbakprof.stats.RunGroup;
import dev.gbakprof.stats.Spread;
import dev.gbakprof.stats.Verdict;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The headline of a report in the reader's language, and the notes that keep it honest (what is
 * compared when the total is unknown, whether the difference is told apart from noise).
 */
record HeadlineText(String headline, List<String> notes) {

    static HeadlineText of(Grouped grouped, Texts t) {
        Headline h = Headline.of(grouped.groups(), grouped.baseline());
        List<String> notes = failures(grouped.groups(), t);
        RunGroup only = grouped.groups().size() == 1 ? grouped.groups().get(0) : null;
        if (only != null && only.runs().stream().noneMatch(r -> r.status() == RunStatus.COMPLETED)) {
            // one configuration and no finished restore: say how it ended, not how long a phase took
            Spread stoppedAt = Spread.of(only.runs().stream().map(RestoreRun::lastSeenSeconds).toList());
            boolean failed = only.runs().stream().anyMatch(r -> r.status() == RunStatus.FAILED);
            notes.addAll(unknownBuilds(grouped, t));
            // gbak may report errors and still go through to its end (an index it could not activate)
            boolean wentThrough = failed && only.runs().stream().allMatch(r -> r.totalSeconds() != null);
            return new HeadlineText(t.get(wentThrough ? "headline.failed.finished" : failed ? "headline.failed"
                    : "headline.incomplete", only.label(), t.duration(stoppedAt.median()), t.runs(only.size())), notes);
        }
        if (h.measure() == null) {
            return new HeadlineText(t.get("headline.none"), notes);
        }
        String what = h.onTotal() ? null : t.get("headline.phase." + h.measure().phase().label());
        Spread fast = h.faster().spread(h.measure());
        String headline;
        if (h.slower() == null) {
            String runs = fast.n() == 1 ? t.runs(1) : t.get("median.of", t.runs(fast.n()));
            headline = h.onTotal() ? t.get("headline.total.single", h.faster().label(), t.duration(fast.median()), runs)
                    : t.get("headline.phase.single", h.faster().label(), what, t.duration(fast.median()), runs);
        } else {
            Spread slow = h.slower().spread(h.measure());
            String runs = fast.n() == slow.n() ? t.get("runs.each", t.runs(fast.n()))
                    : t.get("runs.pair", fast.n(), slow.n());
            boolean same = h.comparison().verdict() == Verdict.WITHIN_NOISE || h.timeSaved() < 0.005;
            // a difference measured on too few runs is shown with its caveat, never as a plain "less time"
            String key = (h.onTotal() ? "headline.total." : "headline.phase.") + (same ? "same"
                    : h.comparison().verdict() == Verdict.TOO_FEW_RUNS ? "few" : "faster");
            headline = h.onTotal()
                    ? (same ? t.get(key, h.faster().label(), h.slower().label(), t.duration(fast.median()),
                            t.duration(slow.median()), runs)
                        : t.get(key, h.faster().label(), t.duration(fast.median()), t.percent(h.timeSaved()),
                            h.slower().label(), t.duration(slow.median()), runs))
                    : (same ? t.get(key, what, h.faster().label(), h.slower().label(), t.duration(fast.median()),
                            t.duration(slow.median()), runs)
                        : t.get(key, h.faster().label(), what, t.duration(fast.median()), t.percent(h.timeSaved()),
                            h.slower().label(), t.duration(slow.median()), runs));
            notes.add(VerdictText.sentence(h.comparison(), t));
        }
        if (!h.onTotal()) {
            notes.add(0, t.get("note.partial", what));
        }
        notes.addAll(differentData(grouped, t));
        if (!h.onTotal()) {
            notes.addAll(unknownBuilds(grouped, t));
        }
        return new HeadlineText(headline, notes);
    }

    /** A note on index builds whose time is unknown, when there are any. */
    private static List<String> unknownBuilds(Grouped grouped, Texts t) {
        long unknown = grouped.groups().stream().flatMap(g -> g.runs().stream())
                .flatMap(r -> r.indexes().stream()).filter(i -> i.seconds() == null).count();
        return unknown == 0 ? List.of() : List.of(t.get("note.unknown.builds", unknown));
    }

    /**
     * A note for each label whose completed restores did not restore the same tables and rows as the baseline's
     * first completed restore: the times of two databases say little about two configurations.
     */
    private static List<String> differentData(Grouped grouped, Texts t) {
        List<RunGroup> groups = grouped.groups();
        RunGroup base = groups.get(grouped.baseline());
        RestoreRun reference = firstCompleted(base);
        if (reference == null || groups.size() < 2) {
            return List.of();
        }
        Map<String, Long> want = rows(reference);
        List<String> notes = new ArrayList<>();
        for (RunGroup g : groups) {
            if (g == base) {
                continue;
            }
            for (RestoreRun r : g.runs()) {
                String difference = r.status() == RunStatus.COMPLETED ? difference(want, rows(r), base.label(), g.label(), t) : null;
                if (difference != null) {
                    notes.add(t.get("note.different.data", g.label(), base.label(), difference));
                    break; // one note a label
                }
            }
        }
        return notes;
    }

    private static RestoreRun firstCompleted(RunGroup g) {
        return g.runs().stream().filter(r -> r.status() == RunStatus.COMPLETED).findFirst().orElse(null);
    }

    private static Map<String, Long> rows(RestoreRun run) {
        Map<String, Long> rows = new LinkedHashMap<>();
        run.tables().forEach(table -> rows.put(table.name(), table.records()));
        return rows;
    }

    /** The first table whose rows differ, or that only one side restored; {@code null} when all are the same. */
    private static String difference(Map<String, Long> base, Map<String, Long> other, String baseLabel,
                                     String otherLabel, Texts t) {
        for (Map.Entry<String, Long> e : other.entrySet()) {
            Long b = base.get(e.getKey());
            if (b == null) {
                return t.get("data.only", e.getKey(), otherLabel);
            }
            if (!b.equals(e.getValue())) {
                return t.get("data.rows", e.getKey(), t.integer(e.getValue()), t.integer(b));
            }
        }
        for (String table : base.keySet()) {
            if (!other.containsKey(table)) {
                return t.get("data.only", table, baseLabel);
            }
        }
        return null;
    }

    /** One note per label whose runs failed, quoting gbak's first error. */
    private static List<String> failures(List<RunGroup> groups, Texts t) {
        List<String> notes = new ArrayList<>();
        for (RunGroup g : groups) {
            List<RestoreRun> failed = g.runs().stream().filter(r -> r.status() == RunStatus.FAILED).toList();
            if (failed.isEmpty()) {
                continue;
            }
            String error = failed.get(0).errors().isEmpty() ? "?" : failed.get(0).errors().get(0);
            notes.add(t.get("note.failed", g.label(), t.integer(failed.size()), t.integer(g.size()), error));
        }
        return notes;
    }
}
