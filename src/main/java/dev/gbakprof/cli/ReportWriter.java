package dev.gbakprof.cli;

import dev.gbakprof.output.ReportFile;
import dev.gbakprof.output.ReportSettings;
import dev.gbakprof.report.Reports;
import dev.gbakprof.stats.Analysis;
import dev.gbakprof.store.ReportDir;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Renders a report and writes its files into a directory, each atomically, everything rendered before
 * anything is written; replaces or removes only the files gbakprof wrote there ({@link ReportDir}).
 */
final class ReportWriter {
    private ReportWriter() {}

    /**
     * Refuses, before any work, a directory the report cannot be written to without losing a file that
     * gbakprof did not write or one of the inputs ({@link dev.gbakprof.store.OutputRefusedException}).
     */
    static void check(Path dir, List<Path> inputs) {
        reportDir(dir, inputs).check();
    }

    /** @return the files written, in report order */
    static List<Path> write(Analysis analysis, ReportSettings settings, Path dir, List<Path> inputs)
            throws IOException {
        return reportDir(dir, inputs).write(Reports.render(analysis, settings));
    }

    /** Whether {@code dir} holds a report gbakprof wrote there (its list of files names one of a report's). */
    static boolean earlierReport(Path dir, List<Path> inputs) {
        return !reportDir(dir, inputs).written().isEmpty();
    }

    private static ReportDir reportDir(Path dir, List<Path> inputs) {
        return new ReportDir(
                dir, Reports.files().stream().map(ReportFile::fileName).toList(), inputs);
    }
}
