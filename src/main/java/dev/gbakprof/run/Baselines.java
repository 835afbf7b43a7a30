package dev.gbakprof.run;

import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** Finds the run that gives a new run its ETA: a completed restore of the same backup on the same route. */
final class Baselines {
    private Baselines() {
    }

    /**
     * The given run (run.json, its folder, or a gbak restore log), else the newest completed run of the same backup
     * (path and size) on the same route ({@code via}: the services API and the gbak tool restore at different speeds).
     */
    static Optional<RestoreRun> find(Path given, Path runsDir, String backup, Long backupBytes, dev.gbakprof.model.Via via) {
        if (given != null) {
            Path file = Files.isDirectory(given) ? given.resolve("run.json") : given;
            // what the refusal of a bad file promises: a run record or a gbak log (a restore timed before)
            return dev.gbakprof.store.RunInputs.load(file, null).stream().findFirst();
        }
        if (!Files.isDirectory(runsDir)) {
            return Optional.empty();
        }
        try {
            List<dev.gbakprof.store.RunFolders.Entry> entries = new java.util.ArrayList<>(
                    dev.gbakprof.store.RunFolders.read(List.of(runsDir)).entries()); // a damaged old record is skipped
            java.util.Collections.reverse(entries); // newest folder first
            return entries.stream().map(dev.gbakprof.store.RunFolders.Entry::run)
                    .filter(r -> r.status() == RunStatus.COMPLETED && r.totalSeconds() != null)
                    .filter(r -> backup.equals(r.backupFile()) && Objects.equals(backupBytes, r.backupBytes()))
                    .filter(r -> via == r.via())
                    .findFirst();
        } catch (IOException ex) {
            return Optional.empty();
        }
    }
}
