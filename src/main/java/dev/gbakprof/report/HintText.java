package dev.gbakprof.report;

import dev.gbakprof.advice.Hint;
import dev.gbakprof.model.Phase;
import dev.gbakprof.output.Grouped;
import dev.gbakprof.output.Labels;
import dev.gbakprof.output.MeasuredHints;
import dev.gbakprof.output.Texts;
import dev.gbakprof.stats.RunGroup;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The top hints of {@code gbakprof advise} (measured where the comparison says: {@link MeasuredHints}) for the one-page report, one line each in the report's language: a
 * configuration's first three, or the first of each configuration (at most {@value #MAX_LINES} lines; configurations
 * given the same hint share one line, named as the charts cut a label, or counted when more than two), each with how
 * sure it is. The whole hint (what was seen, the expected effect, the command that proves it) is {@code advise}'s.
 */
final class HintText {
    static final int MAX_LINES = 3;

    private HintText() {}

    static List<String> of(Grouped grouped, Texts t) {
        List<RunGroup> groups = grouped.groups();
        if (groups.size() == 1) {
            return MeasuredHints.of(grouped.analysis(), 0).stream()
                    .limit(MAX_LINES)
                    .map(h -> line(h, t))
                    .toList();
        }
        // the first hint of each configuration; configurations given the same hint share its line
        Map<String, List<String>> byLine = new LinkedHashMap<>();
        List<String> names = Labels.shortNames(grouped);
        for (int gi = 0; gi < groups.size(); gi++) {
            int at = gi;
            MeasuredHints.of(grouped.analysis(), gi).stream()
                    .findFirst()
                    .ifPresent(h -> byLine.computeIfAbsent(line(h, t), k -> new ArrayList<>())
                            .add(names.get(at)));
        }
        return byLine.entrySet().stream()
                .limit(MAX_LINES)
                .map(e -> t.get(
                        "hint.group",
                        e.getValue().size() <= 2
                                ? String.join(", ", e.getValue())
                                : t.get("configurations.many", e.getValue().size()),
                        e.getKey()))
                .toList();
    }

    /** "Run the restore under … (how sure: low)", in the report's language. */
    static String line(Hint h, Texts t) {
        Object[] args = h.titleArgs().stream().map(a -> phaseName(a, t)).toArray();
        return t.get("hint.line", t.get("hint." + h.code(), args), t.get("hint.sure." + h.certainty()));
    }

    /** A phase's label (the cpu-starved hint names one) in the report's language; any other value as it is. */
    private static String phaseName(String value, Texts t) {
        for (Phase p : Phase.values()) {
            if (p.label().equals(value.toLowerCase(Locale.ROOT))) {
                return t.get("headline.phase." + p.label());
            }
        }
        return value;
    }
}
