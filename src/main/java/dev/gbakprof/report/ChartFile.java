package dev.gbakprof.report;

import dev.gbakprof.model.RestoreRun;

import java.util.List;

/** A PNG chart of the report. */
public interface ChartFile extends ReportFile {

    /** The chart, ready to paint (tests look at its series before anything is drawn). */
    Drawing drawing(List<RestoreRun> runs, ReportSettings settings);

    /** Pixel size of the PNG: the size asked for, unless the file has its own (the A4 page). */
    default int[] size(ReportSettings settings) {
        return new int[] {settings.width(), settings.height()};
    }

    @Override
    default byte[] render(List<RestoreRun> runs, ReportSettings settings) {
        int[] size = size(settings);
        return Png.encode(drawing(runs, settings), size[0], size[1]);
    }
}
