package dev.gbakprof.forecast;

import dev.gbakprof.model.CpuSample;
import dev.gbakprof.model.IndexBuild;
import dev.gbakprof.model.RestoreRun;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which index builds of the calibration spilled their sort to Firebird's sort files (past {@code TempCacheLimit}): the
 * cost step of an index's law is where its sorts began to spill ({@link PowerLaw#spillStep}).
 */
final class SortSpills {
    private SortSpills() {}

    /**
     * Which index builds spilled their sort, per index and its table's rows, from {@code run}'s samples of the worker's
     * Firebird sort files ({@code processSortBytes}; e.g. {@code --sample-interval 0.1}). Each sort that spills writes
     * its own file, which grows and is gone when the sort ends: a spill is a run of samples above 0 that ends at 0 or
     * where the size drops (the next sort's file). It belongs to the build whose time overlaps it most (else the one
     * holding or nearest its middle): the samples' clock and gbak's lines can be apart by a few ms. A build with a
     * sample inside it and no spill did not spill; one with no sample is unknown (absent). Several builds of one
     * index at one size count spilled if any did.
     */
    static Map<String, Map<Long, Boolean>> of(List<RestoreRun> runs) {
        Map<String, Map<Long, Boolean>> out = new LinkedHashMap<>();
        for (RestoreRun run : runs) {
            if (run.cpuSamples() == null || run.cpuSamples().isEmpty()) {
                continue;
            }
            List<CpuSample> samples = run.cpuSamples().stream()
                    .filter(c -> c.processSortBytes() != null)
                    .sorted(Comparator.comparingDouble(CpuSample::atSeconds))
                    .toList();
            List<IndexBuild> builds = run.indexes().stream()
                    .filter(i -> i.seconds() != null && i.startSeconds() != null && !i.failed())
                    .toList();
            if (samples.isEmpty() || builds.isEmpty()) {
                continue;
            }
            Set<IndexBuild> spilledBuilds = new HashSet<>();
            long before = 0;
            double from = -1;
            double to = -1;
            for (CpuSample c : samples) {
                long b = c.processSortBytes();
                if (from >= 0 && (b == 0 || b < before)) {
                    spilledBuilds.add(owner(builds, from, to));
                    from = -1;
                }
                if (b > 0) {
                    if (from < 0) {
                        from = c.atSeconds();
                    }
                    to = c.atSeconds();
                }
                before = b;
            }
            if (from >= 0) {
                spilledBuilds.add(owner(builds, from, to));
            }
            Map<String, Long> rows = Model.rowsOf(run);
            long all = rows.values().stream().mapToLong(Long::longValue).sum();
            for (IndexBuild i : builds) {
                double start = i.startSeconds();
                double end = start + i.seconds();
                boolean sampled = samples.stream().anyMatch(c -> c.atSeconds() >= start && c.atSeconds() <= end);
                if (!sampled && !spilledBuilds.contains(i)) {
                    continue;
                }
                long n = Model.sortRows(i.table(), i.tableCandidates(), rows, all);
                out.computeIfAbsent(i.name(), k -> new LinkedHashMap<>())
                        .merge(n, spilledBuilds.contains(i), Boolean::logicalOr);
            }
        }
        return out;
    }

    /** The build whose time overlaps [from, to] most; when none does, the one holding or nearest its middle. */
    private static IndexBuild owner(List<IndexBuild> builds, double from, double to) {
        double mid = (from + to) / 2;
        return builds.stream()
                .max(Comparator.comparingDouble((IndexBuild i) -> {
                            double s = i.startSeconds();
                            double e = s + i.seconds();
                            return Math.max(0, Math.min(e, to) - Math.max(s, from));
                        })
                        .thenComparingDouble(i -> {
                            double s = i.startSeconds();
                            double e = s + i.seconds();
                            return -(mid < s ? s - mid : mid > e ? mid - e : 0);
                        }))
                .orElseThrow();
    }
}
