package dev.gbakprof.cli;

import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.report.ReportFile;
import dev.gbakprof.report.ReportSettings;
import dev.gbakprof.report.Reports;
import dev.gbakprof.store.AtomicFiles;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Renders a report and writes its files, each atomically; a file that no longer applies is removed. */
final class ReportWriter {
    private ReportWriter() {
    }

    /** @return the files written, in report order */
    static List<Path> write(List<RestoreRun> runs, ReportSettings settings, Path dir) throws IOException {
        Map<String, byte[]> files = Reports.render(runs, settings);
        Files.createDirectories(dir);
        List<Path> written = new ArrayList<>();
        for (Map.Entry<String, byte[]> f : files.entrySet()) {
            Path target = dir.resolve(f.getKey());
            AtomicFiles.write(target, f.getValue());
            written.add(target);
        }
        // e.g. cpu.png from an earlier report of runs that had CPU samples: it would be mistaken for this one's
        for (ReportFile f : Reports.files()) {
            if (!files.containsKey(f.fileName())) {
                Files.deleteIfExists(dir.resolve(f.fileName()));
            }
        }
        return written;
    }
}
