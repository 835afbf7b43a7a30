package dev.gbakprof.stats;

import dev.gbakprof.model.RestoreRun;

import java.util.List;
import java.util.Objects;

/** Repeated runs of one configuration: the runs that carry the same label, in input order. */
public record RunGroup(String label, List<RestoreRun> runs) {

    public RunGroup {
        runs = List.copyOf(runs);
    }

    public int size() {
        return runs.size();
    }

    public Spread spread(Measure measure) {
        return Spread.of(runs.stream().map(measure::of).toList());
    }

    /** The known values of a measure, in run order. */
    double[] known(Measure measure) {
        return runs.stream().map(measure::of).filter(Objects::nonNull).mapToDouble(Double::doubleValue).toArray();
    }
}
