package dev.gbakprof.testutil;

import dev.gbakprof.model.CpuSample;
import dev.gbakprof.model.IndexBuild;
import dev.gbakprof.model.IndexMapping;
import dev.gbakprof.model.Phase;

/** Model records as tests write them: what a test does not give is unknown ({@code null}), as in a record. */
public final class Records {
    private Records() {}

    /** An index build as a log shows it: no key rate (yet), no table candidates, no error lines. */
    public static IndexBuild index(
            String name,
            String table,
            IndexMapping tableSource,
            Double startSeconds,
            Double seconds,
            Long reads,
            Long writes,
            boolean failed) {
        return new IndexBuild(name, table, tableSource, startSeconds, seconds, reads, writes, failed, null, null, null);
    }

    /** A sample of the worker's sort files only ({@code sortBytes} open) at {@code atSeconds}, in {@code phase}. */
    public static CpuSample sortSample(double atSeconds, Phase phase, long sortBytes) {
        return new CpuSample(atSeconds, null, null, phase, null, null, null, null, sortBytes, null, null, null);
    }
}
