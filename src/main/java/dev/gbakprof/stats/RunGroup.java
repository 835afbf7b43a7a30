package dev.gbakprof.stats;

import dev.gbakprof.model.RestoreRun;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Repeated runs of one configuration: the runs that carry the same label, in input order, with the spread of
 * every {@link Measure} computed once when the group is made.
 */
public record RunGroup(String label, List<RestoreRun> runs, Map<Measure, Spread> spreads) {

    public RunGroup {
        runs = List.copyOf(runs);
        spreads = Map.copyOf(spreads);
    }

    public RunGroup(String label, List<RestoreRun> runs) {
        this(label, runs, spreadsOf(runs));
    }

    private static Map<Measure, Spread> spreadsOf(List<RestoreRun> runs) {
        Map<Measure, Spread> spreads = new EnumMap<>(Measure.class);
        for (Measure m : Measure.values()) {
            spreads.put(m, Spread.of(runs.stream().map(m::of).toList()));
        }
        return spreads;
    }

    public int size() {
        return runs.size();
    }

    /**
     * The name of the group's {@code i}-th run (from 0) wherever a report names one run: the label, with {@code #k}
     * when the label has several runs ({@code emb #2}), the label alone for its only one.
     */
    public String runName(int i) {
        return label + runNumber(i);
    }

    /** {@code " #k"} for the k-th (from 1) of the label's several runs, nothing for its only one. */
    public String runNumber(int i) {
        return size() == 1 ? "" : " #" + (i + 1);
    }

    public Spread spread(Measure measure) {
        return spreads.get(measure);
    }

    /** How many of the group's runs are of this kind. */
    public int count(RunOutcome kind) {
        return (int) runs.stream().filter(r -> RunOutcome.of(r) == kind).count();
    }

    /** The known values of a measure, in run order. */
    double[] known(Measure measure) {
        return runs.stream()
                .map(measure::of)
                .filter(Objects::nonNull)
                .mapToDouble(Double::doubleValue)
                .toArray();
    }
}
