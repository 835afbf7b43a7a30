package dev.gbakprof.report;

import dev.gbakprof.stats.Headline;
import dev.gbakprof.stats.Measure;
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
        List<String> notes = new ArrayList<>();
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
        long unknownBuilds = grouped.groups().stream().flatMap(g -> g.runs().stream())
                .flatMap(r -> r.indexes().stream()).filter(i -> i.seconds() == null).count();
        if (unknownBuilds > 0 && (h.measure() == Measure.INDEXES || !h.onTotal())) {
            notes.add(t.get("note.unknown.builds", unknownBuilds));
        }
        return new HeadlineText(headline, notes);
    }
}
