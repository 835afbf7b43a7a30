package dev.gbakprof.report;

import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.output.ObjectsCsv;
import dev.gbakprof.output.ReportFile;
import dev.gbakprof.output.ReportSettings;
import dev.gbakprof.output.RunsCsv;
import dev.gbakprof.output.SummaryMarkdown;
import dev.gbakprof.stats.Analysis;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Every file of a report, and the one place that makes them all from the same runs. */
public final class Reports {
    private Reports() {}

    /** The charts and exports, in the order they are listed to the user. */
    public static List<ReportFile> files() {
        return List.of(
                new ReportPage(),
                new HtmlReport(),
                new TotalChart(),
                new PhasesChart(),
                new IndexesChart(),
                new TablesChart(),
                new TimelineChart(),
                new CpuChart(),
                new SpeedupChart(),
                new SummaryMarkdown(),
                new RunsCsv(),
                ObjectsCsv.indexes(),
                ObjectsCsv.tables());
    }

    /** The one analysis of a report's runs, against the settings' baseline. */
    public static Analysis analyse(List<RestoreRun> runs, ReportSettings settings) {
        return Analysis.of(runs, settings.baseline(), settings.margin());
    }

    /** {@link #render(Analysis, ReportSettings)} of runs alone. */
    public static Map<String, byte[]> render(List<RestoreRun> runs, ReportSettings settings) {
        return render(analyse(runs, settings), settings);
    }

    /**
     * Renders every file that applies to the runs: file name → content. Files are rendered in parallel
     * (each from its own chart objects); the result is the same as rendering them one by one.
     */
    public static Map<String, byte[]> render(Analysis analysis, ReportSettings settings) {
        List<ReportFile> applicable = files().stream()
                .filter(f -> f.appliesTo(analysis))
                .filter(f -> settings.html() || !(f instanceof HtmlReport))
                .toList();
        List<byte[]> contents = applicable.parallelStream()
                .map(f -> f.render(analysis, settings))
                .toList();
        Map<String, byte[]> out = new LinkedHashMap<>();
        for (int i = 0; i < applicable.size(); i++) {
            out.put(applicable.get(i).fileName(), contents.get(i));
        }
        return out;
    }
}
