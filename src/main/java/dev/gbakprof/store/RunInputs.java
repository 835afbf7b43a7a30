package dev.gbakprof.store;

import dev.gbakprof.log.LogFormatException;
import dev.gbakprof.model.RestoreRun;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Loads an INPUT of report/compare: a gbakprof run record (JSON) or a raw gbak log, told apart by content. */
public final class RunInputs {
    private RunInputs() {
    }

    public static List<RestoreRun> load(Path path, String label) {
        return load(path, label, null);
    }

    /** As {@link #load(Path, String)}; a raw log without BOM decoded in {@code encoding} when given ({@code --encoding}). */
    public static List<RestoreRun> load(Path path, String label, java.nio.charset.Charset encoding) {
        if (looksLikeJson(path)) {
            List<RestoreRun> runs = RunJson.read(path);
            return label == null ? runs : runs.stream().map(r -> r.withLabel(label)).toList();
        }
        return LogReader.readAll(path, label, encoding);
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
