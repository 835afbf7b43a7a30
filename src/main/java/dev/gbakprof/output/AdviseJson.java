package dev.gbakprof.output;

import dev.gbakprof.advice.Advisor;
import dev.gbakprof.advice.Hint;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.stats.Analysis;
import dev.gbakprof.stats.NoteCode;
import dev.gbakprof.stats.RunGroup;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code advise --json} ({@value #SCHEMA}), and what {@code advise} prints ({@link AdviseText}).
 *
 * @param configurations each configuration's hints
 * @param settled        what the comparison of the configurations settled ({@link Settled}): changes to stop tuning,
 *                       that nothing shows to pay, to adopt or to leave; empty for one configuration
 */
public record AdviseJson(String schema, List<Configuration> configurations, List<Settled> settled) {
    /** The document's schema. */
    public static final String SCHEMA = "gbakprof.advice/1";

    /**
     * One configuration's advice.
     *
     * @param runs       its restores (warm-ups set aside)
     * @param finished   how many of them went to their end: the hints come from the median one of those
     * @param typicalRun the log or record of the run the hints come from; {@code null} when none finished and none
     *                   has times
     * @param mixed      what its runs mix that a configuration's must not (the analysis's {@code mixed} notes, in
     *                   English: two gbak versions under one label): its median run is of no one configuration
     */
    public record Configuration(
            String label,
            int runs,
            int finished,
            String typicalRun,
            List<Hint> hints,
            String nothingBecause,
            List<String> mixed) {}

    /** The hints of each configuration of the analysis (its warm-ups set aside), with what the comparison settled. */
    public static AdviseJson of(Analysis analysis, List<Settled> settled) {
        List<Configuration> configs = new ArrayList<>();
        for (int i = 0; i < analysis.groups().size(); i++) {
            RunGroup g = analysis.groups().get(i);
            RestoreRun typical = Advisor.typical(g.runs());
            List<Hint> advised = Advisor.advise(g.runs());
            List<Hint> hints = MeasuredHints.of(analysis, i, advised);
            String nothing = !hints.isEmpty()
                    ? null
                    : advised.isEmpty()
                            ? Advisor.nothingBecause(g.runs())
                            : "what the rules suggest was measured here and does not pay: see what the comparison"
                                    + " settled";
            configs.add(new Configuration(
                    g.label(),
                    g.runs().size(),
                    (int) g.runs().stream()
                            .filter(r -> r.restoreSeconds() != null)
                            .count(),
                    typical == null ? null : typical.source(),
                    hints,
                    nothing,
                    analysis.notes().stream()
                            .filter(n -> n.code() == NoteCode.MIXED && g.label().equals(n.arg(0)))
                            .map(n -> NoteText.of(n, Texts.of(Lang.EN)).message())
                            .toList()));
        }
        return new AdviseJson(SCHEMA, configs, settled);
    }
}
