package dev.gbakprof.run;

import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.store.RunJson;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;

/** Finds the run whose total gives a new run its ETA. */
final class Baselines {
    private Baselines() {
    }

    /** The given run (run.json, its folder, or a gbak restore log), else the newest completed run of the same backup. */
    static Optional<RestoreRun> find(Path given, Path runsDir, String backup, Long backupBytes) {
        if (given != null) {
            Path file = Files.isDirectory(given) ? given.resolve("run.json") : given;
            // what the refusal of a bad file promises: a run record or a gbak log (a restore timed before)
            return dev.gbakprof.store.RunInputs.load(file, null).stream().findFirst();
        }
        if (!Files.isDirectory(runsDir)) {
            return Optional.empty();
        }
        try (Stream<Path> dirs = Files.list(runsDir)) {
            return dirs.map(d -> d.resolve("run.json")).filter(Files::isRegularFile)
                    .sorted(Comparator.comparing(Path::toString).reversed())
                    .map(Baselines::readQuietly)
                    .flatMap(Optional::stream)
                    .filter(r -> r.status() == RunStatus.COMPLETED && r.totalSeconds() != null)
                    .filter(r -> backup.equals(r.backupFile()) && Objects.equals(backupBytes, r.backupBytes()))
                    .findFirst();
        } catch (IOException ex) {
            return Optional.empty();
        }
    }

    private static Optional<RestoreRun> readQuietly(Path p) {
        try {
            List<RestoreRun> runs = RunJson.read(p);
            return runs.stream().findFirst();
        } catch (RuntimeException ex) {
            return Optional.empty(); // a damaged old record is no baseline, and no reason to stop
        }
    }
}
