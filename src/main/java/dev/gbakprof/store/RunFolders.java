package dev.gbakprof.store;

import dev.gbakprof.model.RestoreRun;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The run folders under a runs directory ({@code runs/<yyyyMMdd-HHmmss>-<label>/run.json}, as {@code run} writes
 * them), read for {@code history}, {@code check} and the ETA's baseline. The one reader of that layout until
 * store/RunStore (issue 13 §2) owns it; then it replaces this class.
 */
public final class RunFolders {
    private RunFolders() {
    }

    /** One run folder's record. */
    public record Entry(Path folder, RestoreRun run) {
    }

    /**
     * What the runs directories hold.
     *
     * @param skipped a line per run folder whose run.json could not be read (it is left out, not fatal)
     */
    public record Listing(List<Entry> entries, List<String> skipped) {
    }

    /**
     * The records of every run folder under {@code dirs} (a folder that is itself a run folder counts too), in
     * folder-name order; a damaged or foreign run.json is skipped with a line saying why.
     *
     * @throws IOException when a directory cannot be listed (missing, unreadable)
     */
    public static Listing read(List<Path> dirs) throws IOException {
        List<Entry> entries = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        for (Path dir : dirs) {
            List<Path> folders = new ArrayList<>();
            if (Files.isRegularFile(dir.resolve("run.json"))) {
                folders.add(dir);
            }
            try (Stream<Path> s = Files.list(dir)) {
                s.filter(d -> Files.isRegularFile(d.resolve("run.json"))).sorted().forEach(folders::add);
            }
            for (Path folder : folders) {
                try {
                    for (RestoreRun r : RunJson.read(folder.resolve("run.json"))) {
                        entries.add(new Entry(folder, r));
                    }
                } catch (RuntimeException ex) {
                    skipped.add(folder.resolve("run.json") + ": " + ex.getMessage());
                }
            }
        }
        return new Listing(entries, skipped);
    }
}
