package dev.gbakprof.report;

import dev.gbakprof.output.ReportFile;
import dev.gbakprof.output.ReportSettings;
import dev.gbakprof.stats.Analysis;

/** A PNG chart of the report. */
interface ChartFile extends ReportFile {

    /** The chart, ready to paint (tests look at its series before anything is drawn). */
    Drawing drawing(Analysis analysis, ReportSettings settings);

    /** Pixel size of the PNG: the size asked for, unless the file has its own (the A4 page). */
    default int[] size(ReportSettings settings) {
        return new int[] {settings.width(), settings.height()};
    }

    @Override
    default byte[] render(Analysis analysis, ReportSettings settings) {
        int[] size = size(settings);
        return Png.encode(drawing(analysis, settings), size[0], size[1]);
    }
}
