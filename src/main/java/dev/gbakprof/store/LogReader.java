package dev.gbakprof.store;

import dev.gbakprof.log.Event;
import dev.gbakprof.log.EventListener;
import dev.gbakprof.log.LinePipeline;
import dev.gbakprof.log.LogDecoder;
import dev.gbakprof.log.LogFormatException;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.timeline.RestoreTimeline;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/**
 * Reads a saved gbak restore log into a run record: decodes it, pushes its lines through the same
 * {@link LinePipeline} a live run uses, and checks that it really is a timed restore log.
 */
public final class LogReader {
    /** Lines read before giving up on a file that shows no gbak restore message at all. */
    private static final int GIVE_UP_AFTER = 5000;

    private LogReader() {
    }

    /** Label a log gets by default: its file name without the extension. */
    public static String defaultLabel(Path path) {
        String name = path.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }

    public static RestoreRun read(Path path, String label) {
        String name = path.toString();
        RestoreTimeline timeline = new RestoreTimeline();
        LinePipeline pipeline = new LinePipeline(timeline, new EventListener() {
            @Override
            public void onEvent(Event event) {
                if (event.line().lineNumber() >= GIVE_UP_AFTER && timeline.firstRestoreLine() == 0) {
                    throw new StopReading();
                }
            }
        });
        try (LogDecoder.Decoded log = LogDecoder.open(path)) {
            pipeline.pushAll(log::forEachLine);
        } catch (StopReading enough) {
            // not a restore log: validate() says so, counting the lines looked at
            validate(name, timeline, timeline.lines());
        } catch (IOException ex) {
            throw new LogFormatException(name, 0, "cannot read: " + ex.getMessage());
        } catch (UncheckedIOException ex) {
            throw new LogFormatException(name, 0, "cannot read: " + ex.getCause().getMessage());
        }
        validate(name, timeline, pipeline.lineCount());
        return timeline.toRun(label != null ? label : defaultLabel(path), name);
    }

    /** Ends the reading of a file that shows no restore message after many lines. */
    private static final class StopReading extends RuntimeException {
        StopReading() {
            super(null, null, false, false);
        }
    }

    private static void validate(String name, RestoreTimeline timeline, long lines) {
        long backup = timeline.firstBackupLine();
        if (backup > 0 && (timeline.firstRestoreLine() == 0 || backup < timeline.firstRestoreLine())) {
            throw new LogFormatException(name, backup,
                    "this is a backup log (gbak -b); expected a restore log (gbak -c -v -st tdrw)");
        }
        if (timeline.firstRestoreLine() == 0) {
            throw new LogFormatException(name, 0, "no gbak restore message in " + lines
                    + " lines; expected the output of gbak -c -v -st tdrw (lines like 'gbak:    0.085  0.003"
                    + "      0     74     restoring index RDB$PRIMARY24')");
        }
        if (!timeline.timed()) {
            String cols = timeline.columns().isEmpty() ? "no statistics columns"
                    : "only the " + String.join(" ", timeline.columns()) + " column(s)";
            throw new LogFormatException(name, timeline.firstRestoreLine(), "restore log with " + cols
                    + ", no time or delta; expected gbak -c -v -st tdrw (or at least -st t) to time the restore");
        }
    }
}
