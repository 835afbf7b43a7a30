package dev.gbakprof.output;

import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.stats.Analysis;
import dev.gbakprof.stats.RunGroup;
import java.util.ArrayList;
import java.util.List;

/** The configurations of a report's analysis, with what charts need to name their runs. */
public record Grouped(Analysis analysis) {

    public static Grouped of(Analysis analysis) {
        return new Grouped(analysis);
    }

    public List<RunGroup> groups() {
        return analysis.groups();
    }

    public int baseline() {
        return analysis.baseline();
    }

    public boolean repeated() {
        return groups().stream().anyMatch(g -> g.size() > 1);
    }

    /** One name per run ({@link RunGroup#runName}), in group order. */
    public List<String> runNames() {
        List<String> names = new ArrayList<>();
        for (RunGroup g : groups()) {
            for (int i = 0; i < g.size(); i++) {
                names.add(g.runName(i));
            }
        }
        return names;
    }

    /** The name of one run of the analysis ({@link RunGroup#runName}): {@code emb #2}. */
    public String runName(RestoreRun run) {
        for (RunGroup g : groups()) {
            for (int i = 0; i < g.size(); i++) {
                if (g.runs().get(i) == run) {
                    return g.runName(i);
                }
            }
        }
        throw new IllegalArgumentException("run not in any group: " + run.label());
    }

    /** The runs in group order (the order of {@link #runNames()}). */
    public List<RestoreRun> runsInGroupOrder() {
        return groups().stream().flatMap(g -> g.runs().stream()).toList();
    }

    /** Index of the group a run belongs to. */
    public int groupOf(RestoreRun run) {
        for (int i = 0; i < groups().size(); i++) {
            for (RestoreRun r : groups().get(i).runs()) {
                if (r == run) {
                    return i;
                }
            }
        }
        throw new IllegalArgumentException("run not in any group: " + run.label());
    }
}
