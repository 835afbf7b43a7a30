package dev.gbakprof.store;

import dev.gbakprof.log.Event;
import dev.gbakprof.log.EventListener;
import dev.gbakprof.log.LinePipeline;
import dev.gbakprof.log.LogDecoder;
import dev.gbakprof.log.LogFormatException;
import dev.gbakprof.model.Column;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.model.Warning;
import dev.gbakprof.model.WarningCode;
import dev.gbakprof.timeline.Progress;
import dev.gbakprof.timeline.RestoreTimeline;
import dev.gbakprof.timeline.RunSplitter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a saved gbak restore or backup log into run records: decodes it, pushes its lines through the same
 * {@link LinePipeline} a live run uses, and checks that it really is a timed gbak log. A backup
 * ({@code gbak -b -v -st tdrw}) gives a record of kind backup.
 */
public final class LogReader {
    /** Lines read before giving up on a file that shows no gbak restore message at all. */
    private static final int GIVE_UP_AFTER = 5000;

    private LogReader() {}

    /** Label a log gets by default: its file name without the extension. */
    public static String defaultLabel(Path path) {
        Path file = path.getFileName();
        String name = file == null ? path.toString() : file.toString();
        if (LogDecoder.gzipped(path)) {
            name = name.substring(0, name.length() - ".gz".length()); // restore.log.gz: restore
        }
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }

    /**
     * The run record of a log; a log that holds several gbak runs (appended with {@code >>}) gives its
     * last restore, as {@link #readAll} does.
     */
    public static RestoreRun read(Path path, String label) {
        List<RestoreRun> runs = readAll(path, label);
        return runs.get(runs.size() - 1);
    }

    /**
     * One run record per gbak run in the log: usually one, several when runs were appended to one file
     * ({@code gbak ... >> restore.log} in a loop, a retry after a failure). gbak prints its header line
     * once, when it starts, so a header after gbak messages starts a new run; each record says which
     * lines it comes from. All records of a log share its label (repeated runs of one configuration).
     * A backup is a record of kind backup (a nightly "back up, then restore" log gives both, in order). A gbak
     * call that failed before it timed anything is left out, with a warning, when a timed restore or backup
     * follows it (a retry); one after the last timed one is a record of its own (failed).
     */
    public static List<RestoreRun> readAll(Path path, String label) {
        return readAll(path, label, null);
    }

    /**
     * As {@link #readAll(Path, String)}, each line of a log without BOM decoded in {@code encoding} when it is
     * given ({@code --encoding}); without it, lines that are not UTF-8 are read as windows-1252 and the records
     * say so in a warning.
     */
    public static List<RestoreRun> readAll(Path path, String label, Charset encoding) {
        String name = path.toString();
        RunSplitter runs = new RunSplitter();
        LinePipeline pipeline = new LinePipeline(runs, new EventListener() {
            @Override
            public void onEvent(Event event) {
                if (event.line().lineNumber() >= GIVE_UP_AFTER && !runs.gbakOutput()) {
                    throw new StopReading();
                }
            }
        });
        long lines;
        String nulTail = null;
        String nulBlock = null;
        long unended = 0;
        String assumed = null;
        try (LogDecoder.Decoded log = LogDecoder.open(path, encoding)) {
            pipeline.pushAll(log::forEachLine);
            runs.release();
            lines = pipeline.lineCount();
            if (log.trailingNuls() > 0) {
                nulTail = "the file ends in " + log.trailingNuls() + " NUL bytes after line " + log.linesBeforeNuls()
                        + " (written only in part: a crash or a power loss?); read up to there";
            }
            if (log.nulGaps() > 0) {
                nulBlock = log.firstNulGapBytes() + " NUL bytes after line " + log.firstNulGapLine()
                        + (log.nulGaps() > 1 ? " (and " + (log.nulGaps() - 1) + " more such blocks)" : "")
                        + ": a run written only in part (a crash or a power loss), then more appended; read on after"
                        + " them";
            }
            unended = log.unendedLine();
            if (log.guessedLines() > 0) {
                assumed = codePageAssumed(log.guessedLines(), log.firstGuessedLine());
            }
        } catch (StopReading enough) {
            lines = runs.current().lines(); // not a restore log: validate() says so, counting the lines looked at
        } catch (IOException ex) {
            throw new LogFormatException(name, 0, "cannot read: " + ex.getMessage());
        } catch (UncheckedIOException ex) {
            throw new LogFormatException(
                    name, 0, "cannot read: " + ex.getCause().getMessage());
        }
        String lbl = label != null ? label : defaultLabel(path);
        int n = runs.timelines().size();
        // a timed restore or backup is a record; failed gbak calls are records only when the log has no timed one
        List<Integer> restores = new ArrayList<>();
        List<Integer> failedCalls = new ArrayList<>();
        LogFormatException first = null;
        for (int i = 0; i < n; i++) {
            RestoreTimeline t = runs.timelines().get(i);
            try {
                validate(name, t, lines);
                restores.add(i);
            } catch (LogFormatException notThisOne) {
                first = first != null ? first : notThisOne;
                if (failedBeforeTimes(t)) {
                    failedCalls.add(i);
                }
            }
        }
        if (restores.isEmpty()) {
            if (failedCalls.isEmpty()) {
                throw first; // no run is a restore: the first one says what the log is
            }
            restores = failedCalls;
        } else {
            // a failed call after the last timed restore is how the log ends: a record, failed, as it is alone (a
            // failed call before a timed restore was retried: it is left out, below, with a warning)
            int last = restores.get(restores.size() - 1);
            for (int i : failedCalls) {
                if (i > last) {
                    restores.add(i);
                }
            }
        }
        List<Warning> leftOut = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            RestoreTimeline t = runs.timelines().get(i);
            if (restores.contains(i)) {
                continue;
            }
            String what = failedBeforeTimes(t)
                    ? "a gbak run that " + (t.isBackup() ? "backed up" : "restored") + " nothing ("
                            + t.errors().get(0) + ")"
                    : t.isBackup()
                            ? "a backup without time statistics (no -st t), which cannot be timed"
                            : t.firstRestoreLine() > 0
                                    ? "a restore without time statistics (no -st t), which cannot be timed"
                                    : null; // lines that are not gbak output
            if (what != null) {
                leftOut.add(new Warning(
                        WarningCode.RUN_LEFT_OUT, "lines " + runs.range(i, lines) + ": " + what + ", left out"));
            }
        }
        n = restores.size() + leftOut.size();
        List<RestoreRun> records = new ArrayList<>();
        long backups = restores.stream()
                .filter(i -> runs.timelines().get(i).isBackup())
                .count();
        int[] seen = new int[2]; // restores, backups so far
        for (int i : restores) {
            RestoreTimeline timeline = runs.timelines().get(i);
            RestoreRun run = timeline.toRun(lbl, name);
            boolean backup = timeline.isBackup();
            long ofKind = backup ? backups : restores.size() - backups;
            int k = ++seen[backup ? 1 : 0];
            String what = backup ? "backup" : "restore";
            List<Warning> warnings = new ArrayList<>();
            if (n > 1) { // not for lines before the run that are not gbak output
                warnings.add(new Warning(
                        WarningCode.SEVERAL_RUNS,
                        "this log holds " + n + " gbak runs; this record is "
                                + (ofKind > 1 ? what + " " + k + " of " + ofKind + ", " : "the " + what + ", ")
                                + "lines " + runs.range(i, lines)));
            }
            if (timeline.firstRestoreLine() == 0
                    && timeline.firstBackupLine() == 0
                    && timeline.promptedKind() == null) {
                warnings.add(new Warning(
                        WarningCode.KIND_UNKNOWN,
                        "gbak failed before printing a line that says whether "
                                + "it was backing up or restoring; this record is taken for a restore"));
            }
            if (!timeline.timed()) {
                warnings.add(new Warning(
                        WarningCode.UNTIMED,
                        "no time statistics (gbak ran without -st t): the " + what + "'s status, objects and warnings"
                                + " are read, its times are unknown; add -st tdrw to time it"));
            }
            warnings.addAll(leftOut);
            warnings.addAll(run.warnings());
            records.add(run.toBuilder().warnings(warnings).build());
        }
        if (nulTail != null) {
            records.set(
                    records.size() - 1,
                    records.get(records.size() - 1).withWarning(WarningCode.TRAILING_NULS, nulTail));
        }
        RestoreRun last = records.get(records.size() - 1);
        if (unended > 0 && last.status() == RunStatus.INCOMPLETE) {
            // a run that ended (gbak's end, an error) says how; one that just stops mid-line was cut there
            records.set(
                    records.size() - 1,
                    last.withWarning(
                            WarningCode.LAST_LINE_CUT,
                            "the log ends in the middle of line " + unended + " (no line end after it): the file was"
                                    + " cut there, or gbak was stopped while writing it; what the line did not say"
                                    + " is unknown"));
        }
        if (nulBlock != null) {
            for (int i = 0; i < records.size(); i++) {
                records.set(i, records.get(i).withWarning(WarningCode.NUL_BLOCK, nulBlock));
            }
        }
        if (assumed != null) {
            for (int i = 0; i < records.size(); i++) {
                records.set(i, records.get(i).withWarning(WarningCode.CODE_PAGE_ASSUMED, assumed));
            }
        }
        return records;
    }

    /**
     * Where the last gbak run of a log still being written is ({@code status}): its lines so far through the one
     * pipeline, as far as they go (a line cut short at the end is read as it is).
     *
     * @throws LogFormatException when the file cannot be read, naming it
     */
    public static Progress progress(Path path) {
        RunSplitter runs = new RunSplitter();
        LinePipeline pipeline = new LinePipeline(runs);
        try (LogDecoder.Decoded log = LogDecoder.open(path, null)) {
            pipeline.pushAll(log::forEachLine);
            runs.release();
        } catch (IOException ex) {
            throw new LogFormatException(path.toString(), 0, "cannot read: " + ex.getMessage());
        } catch (UncheckedIOException ex) {
            throw new LogFormatException(
                    path.toString(), 0, "cannot read: " + ex.getCause().getMessage());
        }
        return runs.current().progress();
    }

    /** The warning of a log whose lines without valid UTF-8 were read as windows-1252, and how to read them right. */
    static String codePageAssumed(long lines, long first) {
        return (lines == 1 ? "line " + first + " is" : lines + " lines (the first: line " + first + ") are")
                + " not UTF-8 and " + (lines == 1 ? "was" : "were") + " read as windows-1252 (Western European);"
                + " if a name looks wrong (IX_S\u00DDPAR\u00DD\u00DE for IX_S\u0130PAR\u0130\u015E), give the log's code page"
                + " with --encoding, e.g. windows-1254 (Turkish), windows-1250 (Central European), windows-1251"
                + " (Cyrillic), cp850, cp857 or cp866 (a console's OEM code page)";
    }

    /** Ends the reading of a file that shows no restore message after many lines. */
    private static final class StopReading extends RuntimeException {
        private static final long serialVersionUID = 1L;

        StopReading() {
            super(null, null, false, false);
        }
    }

    /**
     * gbak failed before it printed anything timed (a missing or unreadable backup file, a wrong password, a
     * refused option, a backup file that cannot be created): its errors are the record, status failed, not a
     * "not a gbak log" refusal.
     */
    private static boolean failedBeforeTimes(RestoreTimeline t) {
        return t.gbakFailure()
                && !t.pastSetup()
                && (!t.timed() || t.firstRestoreLine() == 0 && t.firstBackupLine() == 0);
    }

    private static void validate(String name, RestoreTimeline timeline, long lines) {
        if (timeline.isBackup()) {
            if (!timeline.timed() && !timeline.pastSetup()) {
                throw untimed(name, timeline, timeline.firstBackupLine(), "backup", "-b");
            }
            return;
        }
        if (timeline.firstRestoreLine() == 0) {
            throw new LogFormatException(
                    name,
                    0,
                    "no gbak restore message in " + lines
                            + (lines == 1 ? " line" : " lines")
                            + " (nor a backup one); expected the output of gbak -c -v -st tdrw (lines like 'gbak:    0.085  0.003"
                            + "      0     74     restoring index RDB$PRIMARY24') or of gbak -b -v -st tdrw");
        }
        if (!timeline.timed() && !timeline.pastSetup()) {
            throw untimed(name, timeline, timeline.firstRestoreLine(), "restore", "-c");
        }
    }

    /** A {@code what} log (backup, restore) whose statistics columns give no time; gbak {@code gbakSwitch} makes one. */
    private static LogFormatException untimed(
            String name, RestoreTimeline timeline, long line, String what, String gbakSwitch) {
        String cols = timeline.columns().isEmpty()
                ? "no statistics columns"
                : "only the " + Column.words(timeline.columns()) + " column(s)";
        return new LogFormatException(
                name,
                line,
                what + " log with " + cols + ", no time or delta; expected gbak " + gbakSwitch
                        + " -v -st tdrw (or at least -st t) to time the " + what);
    }
}
