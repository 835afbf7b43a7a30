package dev.gbakprof.output;

import dev.gbakprof.stats.Headline;
import dev.gbakprof.stats.Measure;
import dev.gbakprof.stats.RunGroup;
import dev.gbakprof.stats.RunOutcome;
import dev.gbakprof.stats.Spread;
import java.util.ArrayList;
import java.util.List;

/**
 * The key table of a report: per label, the runs, the median total, index phase and data phase, and
 * how it compares with the baseline on the headline's measure.
 */
public record KeyTable(List<String> header, List<List<String>> rows) {

    public static KeyTable of(Grouped grouped, Texts t) {
        return of(grouped, t, Integer.MAX_VALUE);
    }

    /** With labels cut to {@code maxLabel} characters (the one-page report, whose table must fit its width). */
    public static KeyTable of(Grouped grouped, Texts t, int maxLabel) {
        Headline h = grouped.analysis().headline();
        Measure measure = h.measure() == null ? Measure.TOTAL : h.measure();
        List<String> header = new ArrayList<>(List.of(
                t.get("col.label"), t.get("col.runs"), t.get("col.total"), t.get("col.indexes"), t.get("col.data")));
        boolean compare = grouped.groups().size() > 1;
        RunGroup baseline = grouped.groups().get(grouped.baseline());
        if (compare) {
            String base = Labels.cut(baseline.label(), maxLabel);
            header.add(
                    measure == Measure.TOTAL
                            ? t.get("col.vs", base)
                            : t.get(
                                    "col.vs.phase",
                                    t.get("headline.phase." + measure.phase().label()),
                                    base));
        }
        List<List<String>> rows = new ArrayList<>();
        List<String> names =
                Labels.cutApart(grouped.groups().stream().map(RunGroup::label).toList(), maxLabel);
        for (int gi = 0; gi < grouped.groups().size(); gi++) {
            RunGroup g = grouped.groups().get(gi);
            List<String> row = new ArrayList<>();
            row.add(names.get(gi));
            row.add(runsCell(g, t));
            row.addAll(medians(g, t));
            if (compare) {
                row.add(
                        g == baseline
                                ? t.get("baseline")
                                : VerdictText.brief(grouped.analysis().comparison(gi, measure), t));
            }
            rows.add(row);
        }
        return new KeyTable(header, rows);
    }

    /** The columns' measures: the total, the index phase, the data phase. */
    private static final List<Measure> MEDIANS = List.of(Measure.TOTAL, Measure.INDEXES, Measure.DATA);

    /**
     * The median total, index phase and data phase of a configuration: "3.40 s"; each with the runs it is the median
     * of, "3.40 s (1 run)", "2.61 s (2 runs)", when they are not of the same runs (a restore stopped after its index
     * phase has that phase's time and no total), so that no one reads the phases as parts of that total.
     */
    static List<String> medians(RunGroup g, Texts t) {
        boolean apart = ofDifferentRuns(g, MEDIANS);
        List<String> cells = new ArrayList<>();
        for (Measure m : MEDIANS) {
            Spread s = g.spread(m);
            cells.add(
                    apart && s.known()
                            ? t.get("median.runs", t.duration(s.median()), t.runs(s.n()))
                            : t.duration(s.median()));
        }
        return cells;
    }

    /**
     * Whether the known medians of these measures are of different numbers of a configuration's runs: a total is of its
     * completed restores, a phase of every restore that finished it (a stopped one too), so that a row of them must say
     * which is of how many (summary.md's phases, the page's totals and phases too).
     */
    static boolean ofDifferentRuns(RunGroup g, List<Measure> measures) {
        return measures.stream()
                        .map(g::spread)
                        .filter(Spread::known)
                        .mapToInt(Spread::n)
                        .distinct()
                        .count()
                > 1;
    }

    /**
     * "3", "3 (1 failed)", "2 (1 incomplete)", "3 (1 failed, 1 incomplete)", "1 (excerpt)", "1 (1 with an index not
     * built)".
     */
    static String runsCell(RunGroup g, Texts t) {
        int notBuilt = HeadlineText.notBuiltRuns(g); // failed, but gbak went on to its end without an index
        long failed = g.count(RunOutcome.FAILED) - notBuilt;
        long incomplete = g.count(RunOutcome.INCOMPLETE);
        long excerpts = g.count(RunOutcome.EXCERPT);
        String n = t.integer(g.size());
        String cell;
        if (excerpts > 0 && failed + incomplete + notBuilt == 0) {
            cell = t.get("runs.excerpt", n, excerpts);
        } else if (failed > 0 && incomplete > 0) {
            cell = t.get("runs.failed.incomplete", n, failed, incomplete);
        } else {
            cell = failed > 0
                    ? t.get("runs.failed", n, failed)
                    : incomplete > 0 ? t.get("runs.not.completed", n, incomplete) : n;
        }
        if (notBuilt == 0) {
            return cell;
        }
        // the headline's "restored with 1 index not built", in the same parenthesis as the others
        String part = t.get("runs.not.built", notBuilt);
        return cell.endsWith(")") ? cell.substring(0, cell.length() - 1) + ", " + part + ")" : cell + " (" + part + ")";
    }
}
