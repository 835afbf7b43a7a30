package dev.gbakprof.report;

import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.stats.Headline;
import dev.gbakprof.stats.RunGroup;
import dev.gbakprof.stats.Spread;
import dev.gbakprof.stats.Verdict;

import java.util.ArrayList;
import java.util.List;

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
            return new HeadlineText(t.get(failed ? "headline.failed" : "headline.incomplete", only.label(),
                    t.duration(stoppedAt.median()), t.runs(only.size())), notes);
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
            String key = (h.onTotal() ? "headline.total." : "headline.phase.") + (same ? "same" : "faster");
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
