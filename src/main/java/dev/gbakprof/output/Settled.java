package dev.gbakprof.output;

import dev.gbakprof.stats.Analysis;
import dev.gbakprof.stats.Comparison;
import dev.gbakprof.stats.Confounder;
import dev.gbakprof.stats.Measure;
import dev.gbakprof.stats.Verdict;
import java.util.ArrayList;
import java.util.List;

/**
 * What an experiment settled for {@code advise}: a configuration whose restores took the same time as the baseline's
 * within the margin is a change to stop tuning ({@code stop-tuning}); one the runs cannot tell from it yet is a change
 * nothing shows to pay ({@code not-shown}); one faster is a change to adopt ({@code adopt}), one slower a change to
 * leave ({@code keep-baseline}), unless the two also differ in something else their records say (route, page size,
 * power plan…: {@code also-differs}), which may be what made the difference.
 *
 * @param baseline  the configuration the others were compared with
 * @param candidate the configuration compared
 * @param verdict   the total time's verdict ({@code same}, {@code cannot-tell}, {@code faster} or {@code slower})
 * @param advice    {@code stop-tuning}, {@code not-shown}, {@code adopt}, {@code keep-baseline} or {@code also-differs}
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
            if (c == null) {
                continue;
            }
            String sentence = VerdictText.sentence(c, t);
            String advice;
            String text;
            switch (c.verdict()) {
                case SAME -> {
                    advice = "stop-tuning";
                    text = t.get("advise.stop", sentence);
                }
                case CANNOT_TELL -> {
                    advice = "not-shown";
                    text = t.get("advise.not-shown", sentence, c.baseline().label());
                }
                case FASTER, SLOWER -> {
                    List<String> others = Confounder.differences(List.of(c.baseline(), c.candidate())).stream()
                            .map(d -> t.get("differs." + d.kind().code()))
                            .toList();
                    boolean faster = c.verdict() == Verdict.FASTER;
                    advice = !others.isEmpty() ? "also-differs" : faster ? "adopt" : "keep-baseline";
                    text = !others.isEmpty()
                            ? t.get("advise.also-differs", sentence, String.join(", ", others))
                            : t.get(
                                    faster ? "advise.adopt" : "advise.keep",
                                    sentence,
                                    c.baseline().label());
                }
                default -> {
                    continue; // too few runs, too short, unknown: the comparison says what is missing
                }
            }
            out.add(new Settled(
                    c.baseline().label(), c.candidate().label(), c.verdict().code(), advice, text));
        }
        return out;
    }
}
