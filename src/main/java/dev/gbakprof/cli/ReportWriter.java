package dev.gbakprof.cli;

import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.report.ReportFile;
import dev.gbakprof.report.ReportSettings;
import dev.gbakprof.report.Reports;
import dev.gbakprof.store.ReportDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Renders a report and writes its files into a directory, each atomically, everything rendered before
 * anything is written; replaces or removes only the files gbakprof wrote there ({@link ReportDir}).
 */
final class ReportWriter {
    private ReportWriter() {
    }

    /**
     * Refuses, before any work, a directory the report cannot be written to without losing a file that
     * gbakprof did not write ({@link dev.gbakprof.store.OutputRefusedException}).
     */
    static void check(Path dir) {
        reportDir(dir).check();
    }

    /** @return the files written, in report order */
    static List<Path> write(List<RestoreRun> runs, ReportSettings settings, Path dir) throws IOException {
        return reportDir(dir).write(Reports.render(runs, settings));
    }

    private static ReportDir reportDir(Path dir) {
        return new ReportDir(dir, Reports.files().stream().map(ReportFile::fileName).toList());
    }
}
