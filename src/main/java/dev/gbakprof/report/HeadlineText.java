package dev.gbakprof.report;

import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.stats.Analysis;
import dev.gbakprof.stats.Headline;
import dev.gbakprof.stats.RunGroup;
import dev.gbakprof.stats.Spread;
import dev.gbakprof.stats.Verdict;

import java.util.List;

/**
 * The headline of a report in the reader's language, and the notes of the analysis that keep it honest (what
 * is compared when the total is unknown, whether the difference is told apart from noise), each with its code.
 */
record HeadlineText(String headline, List<NoteText> lines) {

    /** The notes' sentences, in order. */
    List<String> notes() {
        return lines.stream().map(NoteText::message).toList();
    }

    static HeadlineText of(Grouped grouped, Texts t) {
        Analysis a = grouped.analysis();
        List<NoteText> notes = a.notes().stream().map(n -> NoteText.of(n, t)).toList();
        return new HeadlineText(headline(a, t), notes);
    }

    private static String headline(Analysis a, Texts t) {
        Headline h = a.headline();
        RunGroup only = a.groups().size() == 1 ? a.groups().get(0) : null;
        if (only != null && only.runs().stream().noneMatch(r -> r.status() == RunStatus.COMPLETED)) {
            // one configuration and no finished restore: say how it ended, not how long a phase took
            Spread stoppedAt = Spread.of(only.runs().stream().map(RestoreRun::lastSeenSeconds).toList());
            boolean failed = only.runs().stream().anyMatch(r -> r.status() == RunStatus.FAILED);
            // gbak may report errors and still go through to its end (an index it could not activate)
            boolean wentThrough = failed && only.runs().stream().allMatch(r -> r.totalSeconds() != null);
            return t.get(wentThrough ? "headline.failed.finished" : failed ? "headline.failed"
                    : "headline.incomplete", only.label(), t.duration(stoppedAt.median()), t.runs(only.size()));
        }
        if (h.measure() == null) {
            return t.get("headline.none");
        }
        String what = h.onTotal() ? null : NoteText.phaseName(h.measure(), t);
        Spread fast = h.faster().spread(h.measure());
        if (h.slower() == null) {
            String runs = fast.n() == 1 ? t.runs(1) : t.get("median.of", t.runs(fast.n()));
            return h.onTotal() ? t.get("headline.total.single", h.faster().label(), t.duration(fast.median()), runs)
                    : t.get("headline.phase.single", h.faster().label(), what, t.duration(fast.median()), runs);
        }
        Spread slow = h.slower().spread(h.measure());
        String runs = fast.n() == slow.n() ? t.get("runs.each", t.runs(fast.n()))
                : t.get("runs.pair", fast.n(), slow.n());
        boolean same = h.comparison().verdict() == Verdict.WITHIN_NOISE || h.timeSaved() < 0.005;
        // a difference measured on too few runs is shown with its caveat, never as a plain "less time"
        String key = (h.onTotal() ? "headline.total." : "headline.phase.") + (same ? "same"
                : h.comparison().verdict() == Verdict.TOO_FEW_RUNS ? "few" : "faster");
        return h.onTotal()
                ? (same ? t.get(key, h.faster().label(), h.slower().label(), t.duration(fast.median()),
                        t.duration(slow.median()), runs)
                    : t.get(key, h.faster().label(), t.duration(fast.median()), t.percent(h.timeSaved()),
                        h.slower().label(), t.duration(slow.median()), runs))
                : (same ? t.get(key, what, h.faster().label(), h.slower().label(), t.duration(fast.median()),
                        t.duration(slow.median()), runs)
                    : t.get(key, h.faster().label(), what, t.duration(fast.median()), t.percent(h.timeSaved()),
                        h.slower().label(), t.duration(slow.median()), runs));
    }
}
