package dev.gbakprof.store;

import dev.gbakprof.log.LogFormatException;
import dev.gbakprof.model.RestoreRun;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Loads an INPUT of report/compare: a gbakprof run record (JSON) or a raw gbak log, told apart by content; a run
 * folder ({@code run.json} and the raw {@code gbak.log} that {@code gbakprof run} writes), a folder of run
 * folders, or a matrix's folder (its {@code --out}: its restores are the run folders of its {@code runs/}). A {@code gbak.log} with a {@code run.json} beside it is that run's raw log: the run's record is loaded
 * (its label, route, environment and gbak's exit code are what the log alone cannot say).
 */
public final class RunInputs {
    /** The files of a run folder, as {@link RunStore} names them (run/RestoreSession writes them). */
    private static final String RECORD = RunStore.RUN_JSON;

    private static final String RAW_LOG = RunStore.GBAK_LOG;

    private RunInputs() {}

    public static List<RestoreRun> load(Path path, String label) {
        return load(path, label, null);
    }

    /** As {@link #load(Path, String)}; a raw log without BOM decoded in {@code encoding} when given ({@code --encoding}). */
    public static List<RestoreRun> load(Path path, String label, Charset encoding) {
        return load(path, label, encoding, null);
    }

    /**
     * As {@link #load(Path, String, Charset)}; with {@code notes}, a folder of run folders leaves out the run folders
     * whose record cannot be read (a run still going, one killed, a damaged record) and says so there.
     */
    public static List<RestoreRun> load(Path path, String label, Charset encoding, Consumer<String> notes) {
        if (!Files.exists(path)) {
            throw new LogFormatException(
                    path.toString(),
                    0,
                    "no such file or folder; expected a gbak log, a run record (run.json), a run folder or a folder of"
                            + " them");
        }
        if (Files.isDirectory(path)) {
            return folder(path, label, encoding, notes);
        }
        Path file = path.getFileName();
        Path record = file != null && file.toString().equals(RAW_LOG) ? path.resolveSibling(RECORD) : null;
        if (record != null && Files.isRegularFile(record)) {
            return load(record, label, encoding);
        }
        if (looksLikeJson(path)) {
            List<RestoreRun> runs = RunJson.read(path);
            return label == null
                    ? runs
                    : runs.stream().map(r -> r.withLabel(label)).toList();
        }
        return LogReader.readAll(path, label, encoding);
    }

    /**
     * A run folder's record, or the records of the run folders in it, in the order they started ({@link
     * RunStore#START_ORDER}); of a matrix's folder, those of its {@code runs/}.
     */
    private static List<RestoreRun> folder(Path dir, String label, Charset encoding, Consumer<String> notes) {
        Path record = dir.resolve(RECORD);
        if (Files.isRegularFile(record)) {
            return load(record, label, encoding);
        }
        List<Path> runs;
        try (Stream<Path> children = Files.list(dir)) {
            runs = children.filter(d -> Files.isRegularFile(d.resolve(RECORD)))
                    .sorted()
                    .toList();
        } catch (IOException ex) {
            throw new LogFormatException(dir.toString(), 0, "cannot read the folder: " + ex.getMessage());
        }
        Path matrix = runs.isEmpty() ? RunStore.matrixRunsOf(dir) : null;
        if (matrix != null) {
            return folder(matrix, label, encoding, notes);
        }
        if (runs.isEmpty() && (notes == null || unrecordedIn(dir).isEmpty())) {
            RunFolders.Folder unrecorded = RunFolders.unrecorded(dir);
            if (unrecorded != null) {
                // a run folder of its own, without a record: say what it is (killed, running, refused, damaged)
                throw new LogFormatException(
                        null,
                        0,
                        unrecorded.what() + "; expected a run folder whose restore finished (its " + RECORD + ")");
            }
            throw new LogFormatException(
                    dir.toString(),
                    0,
                    "a folder, but not a run folder (no " + RECORD
                            + ") and no run folders in it: give a gbak log, a run record, a folder that gbakprof run"
                            + " wrote or a matrix's --out folder");
        }
        List<RunStore.Entry> all = new ArrayList<>();
        Set<Path> read = new HashSet<>();
        for (Path r : runs) {
            try {
                load(r.resolve(RECORD), label).forEach(run -> all.add(new RunStore.Entry(r, run)));
                read.add(r);
            } catch (LogFormatException ex) {
                if (notes == null) {
                    throw ex;
                }
                notes.accept(ex.oneLine() + "; left out");
            }
        }
        if (notes != null) {
            unrecordedIn(dir, read).stream()
                    .filter(f -> f.state() != RunFolders.State.DAMAGED)
                    .forEach(f -> notes.accept(f.note()));
        }
        all.sort(RunStore.START_ORDER); // the order they ran: what numbers a configuration's runs
        return all.stream().map(RunStore.Entry::run).toList();
    }

    private static List<RunFolders.Folder> unrecordedIn(Path dir) {
        return unrecordedIn(dir, Set.of());
    }

    /** The run folders in {@code dir} without a readable record; those in {@code read} are not read again. */
    private static List<RunFolders.Folder> unrecordedIn(Path dir, Set<Path> read) {
        try {
            return RunFolders.unrecorded(List.of(dir), read);
        } catch (IOException ex) {
            return List.of();
        }
    }

    static boolean looksLikeJson(Path path) {
        if (!Files.isRegularFile(path)) {
            return false;
        }
        try (InputStream in = Files.newInputStream(path)) {
            byte[] head = in.readNBytes(64);
            for (byte b : head) {
                if (b == '{' || b == '[') {
                    return true;
                }
                if (b > ' ' && (b & 0xff) != 0xEF && (b & 0xff) != 0xBB && (b & 0xff) != 0xBF) {
                    return false;
                }
            }
            return false;
        } catch (IOException ex) {
            throw new LogFormatException(path.toString(), 0, "cannot read: " + ex.getMessage());
        }
    }
}
