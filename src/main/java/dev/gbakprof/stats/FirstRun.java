package dev.gbakprof.stats;

import dev.gbakprof.model.RestoreRun;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * A configuration's first restore far slower than the rest of it, as hyperfine warns "the first benchmarking run
 * took significantly longer than the rest: caches?": the backup came from disk, not from the page cache. It is said
 * (note {@code first-run-slower}) so that the DBA sets it aside ({@code --warmup}) or knows what it weighs.
 */
final class FirstRun {
    /** First run over the median of the others, from which it is said. */
    static final double FACTOR = 1.25;

    private FirstRun() {}

    /**
     * The note when the group's first restore (by start time, else in input order) took over {@link #FACTOR} times the
     * median of its other restores and longer than any of them; needs the total of 3 or more restores. {@code warmups}:
     * the warm-up restores set aside before it, which did not warm it (the note then asks for more, not for one).
     */
    static Optional<Note> slower(RunGroup g, int warmups) {
        List<RestoreRun> runs = new ArrayList<>(g.runs());
        if (runs.stream().allMatch(r -> Pairing.start(r) != null)) {
            runs.sort(Comparator.comparing(Pairing::start));
        }
        Double first = Measure.TOTAL.of(runs.get(0));
        double[] rest = runs.subList(1, runs.size()).stream()
                .map(Measure.TOTAL::of)
                .filter(v -> v != null && v > 0)
                .mapToDouble(Double::doubleValue)
                .sorted()
                .toArray();
        if (first == null || rest.length < 2) {
            return Optional.empty();
        }
        double median = Medians.ofSorted(rest);
        double factor = first / median;
        if (factor <= FACTOR || first <= Arrays.stream(rest).max().orElseThrow()) {
            return Optional.empty();
        }
        return Optional.of(Note.of(NoteCode.FIRST_RUN_SLOWER, g.label(), factor, first, median, rest.length, warmups));
    }
}
