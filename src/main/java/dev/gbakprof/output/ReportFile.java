package dev.gbakprof.output;

import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.stats.Analysis;
import java.util.List;

/** One file of a report (a chart or an export), made from the same runs as every other. */
public interface ReportFile {
    String fileName();

    /** Whether the runs have what this file shows (e.g. CPU samples for {@code cpu.png}). */
    default boolean appliesTo(List<RestoreRun> runs) {
        return true;
    }

    /** Whether the analysis has what this file shows: {@link #appliesTo(List)} of its runs, unless a file says more. */
    default boolean appliesTo(Analysis analysis) {
        return appliesTo(analysis.runs());
    }

    /** The file's bytes, formatted from the one analysis of the report (nothing recomputed). */
    byte[] render(Analysis analysis, ReportSettings settings);
}
