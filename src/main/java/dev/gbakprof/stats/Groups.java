package dev.gbakprof.stats;

import dev.gbakprof.model.RestoreRun;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Splits runs into label groups and picks the baseline. */
public final class Groups {
    private Groups() {}

    /** One group per label, in the order the labels first appear. */
    public static List<RunGroup> byLabel(List<RestoreRun> runs) {
        Map<String, List<RestoreRun>> byLabel = new LinkedHashMap<>();
        for (RestoreRun run : runs) {
            byLabel.computeIfAbsent(run.label(), k -> new ArrayList<>()).add(run);
        }
        return byLabel.entrySet().stream()
                .map(e -> new RunGroup(e.getKey(), e.getValue()))
                .toList();
    }

    /**
     * Index of the baseline group: the one labelled {@code baseline}, or the first group when
     * {@code baseline} is {@code null}.
     *
     * @throws IllegalArgumentException when no group has that label
     */
    public static int baselineIndex(List<RunGroup> groups, String baseline) {
        if (baseline == null) {
            return 0;
        }
        for (int i = 0; i < groups.size(); i++) {
            if (groups.get(i).label().equals(baseline)) {
                return i;
            }
        }
        throw new IllegalArgumentException("no run is labelled '" + baseline + "'; labels: "
                + String.join(", ", groups.stream().map(RunGroup::label).toList()));
    }
}
