package dev.gbakprof.report;

import dev.gbakprof.model.RestoreRun;

import java.util.List;

/** One file of a report (a chart or an export), made from the same runs as every other. */
public interface ReportFile {
    String fileName();

    /** Whether the runs have what this file shows (e.g. CPU samples for {@code cpu.png}). */
    default boolean appliesTo(List<RestoreRun> runs) {
        return true;
    }

    byte[] render(List<RestoreRun> runs, ReportSettings settings);
}
