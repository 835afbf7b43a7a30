package dev.gbakprof.output;

import dev.gbakprof.stats.Analysis;
import dev.gbakprof.stats.Comparison;
import dev.gbakprof.stats.Measure;
import dev.gbakprof.stats.Verdict;
import java.util.ArrayList;
import java.util.List;

/**
 * What an experiment settled for {@code advise}: a configuration whose restores took the same time as the baseline's
 * within the margin is a change to stop tuning ({@code stop-tuning}); one the runs cannot tell from it yet is a change
 * nothing shows to pay ({@code not-shown}). Faster and slower need no such advice: the comparison says it.
 *
 * @param baseline  the configuration the others were compared with
 * @param candidate the configuration compared
 * @param verdict   the total time's verdict ({@code same} or {@code cannot-tell})
 * @param advice    {@code stop-tuning} or {@code not-shown}
 * @param sentence  the verdict's sentence, as {@code compare} prints it, and what to do about it
 */
public record Settled(String baseline, String candidate, String verdict, String advice, String sentence) {

    /** What the analysis settled, configuration by configuration against its baseline, in {@code t}'s language. */
    public static List<Settled> of(Analysis a, Texts t) {
        List<Settled> out = new ArrayList<>();
        for (int i = 0; i < a.groups().size(); i++) {
            if (i == a.baseline()) {
                continue;
            }
            Comparison c = a.comparison(i, Measure.TOTAL);
            if (c == null || (c.verdict() != Verdict.SAME && c.verdict() != Verdict.CANNOT_TELL)) {
                continue;
            }
            boolean same = c.verdict() == Verdict.SAME;
            out.add(new Settled(
                    c.baseline().label(),
                    c.candidate().label(),
                    c.verdict().code(),
                    same ? "stop-tuning" : "not-shown",
                    t.get(same ? "advise.stop" : "advise.not-shown", VerdictText.sentence(c, t))));
        }
        return out;
    }
}
