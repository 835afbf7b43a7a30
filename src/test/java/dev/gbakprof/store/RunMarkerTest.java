package dev.gbakprof.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The run folder's marker: one line of JSON, what it says read back, from this process and from a file left. */
class RunMarkerTest {
    @TempDir
    Path dir;

    @Test
    void whatTheMarkerSaysStepByStepIsReadBack() throws Exception {
        Path db = dir.resolve("erp \"live\".fdb");
        try (RunMarker m = RunMarker.open(dir, "/backups/erp.fbk", "nightly", db.toString(), "embedded")) {
            String first = Files.readString(dir.resolve(RunMarker.FILE));
            assertThat(first)
                    .matches("\\{\"pid\":" + ProcessHandle.current().pid()
                            + ",\"startedAt\":\"[^\"]+\",\"backup\":\"/backups/erp.fbk\",\"label\":\"nightly\","
                            + "\"database\":\"[^\"]+erp \\\\\"live\\\\\".fdb\",\"route\":\"embedded\","
                            + "\"workingFolder\":\""
                            + java.util.regex.Pattern.quote(
                                    Path.of("").toAbsolutePath().toString()) + "\"}");
            RunMarker.State s = RunMarker.read(dir);
            assertThat(s.pid()).isEqualTo(ProcessHandle.current().pid());
            assertThat(s.backup()).isEqualTo("/backups/erp.fbk");
            assertThat(s.label()).isEqualTo("nightly");
            assertThat(s.database()).isEqualTo(db.toString());
            assertThat(s.route()).isEqualTo("embedded");
            assertThat(s.workingFolder()).isEqualTo(Path.of("").toAbsolutePath().toString());
            assertThat(s.live()).isTrue();
            assertThat(s.eta()).isNull();
            assertThat(s.staged()).isNull();

            m.progress(12.34, 60.06, 50, 80.04);
            RunMarker.Eta eta = RunMarker.read(dir).eta();
            assertThat(eta.elapsed()).isEqualTo(12.3);
            assertThat(eta.left()).isEqualTo(60.1);
            assertThat(eta.low()).isEqualTo(50.0);
            assertThat(eta.high()).isEqualTo(80.0);
            assertThat(eta.at()).isBeforeOrEqualTo(Instant.now());

            Path staged = dir.resolve("erp.fdb.restoring");
            m.replacing(db, staged);
            RunMarker.State replacing = RunMarker.read(dir);
            assertThat(replacing.staged()).isEqualTo(staged.toAbsolutePath().toString());
            assertThat(replacing.route()).as("kept as the marker is rewritten").isEqualTo("embedded");
            assertThat(replacing.eta()).isNotNull();
            assertThat(replacing.replacing()).contains("did: ").contains("is the restored database");
        }
        // the lock released, the file left: read as a run that left no record
        assertThat(RunMarker.read(dir).live()).isFalse();
    }

    @Test
    void aRefusedRunLeavesAFolderWithItsMarkerThatSaysWhyAndOnlyWhereEarlierNightsAre() throws Exception {
        Path runs = Files.createDirectory(dir.resolve("runs"));
        RunStore store = new RunStore(runs);
        LocalDateTime at = LocalDateTime.of(2026, 12, 7, 3, 15, 0);

        Path folder = store.refused(
                "nightly", "/backups/erp.fbk", "/db/erp.fdb", "/backups/erp.fbk: no such backup file", at);

        assertThat(folder).isEqualTo(runs.resolve("20261207-031500-nightly"));
        try (var files = Files.list(folder)) {
            assertThat(files.map(f -> f.getFileName().toString())).containsExactly(RunMarker.FILE);
        }
        RunMarker.State s = RunMarker.read(folder);
        assertThat(s.refused()).isEqualTo("/backups/erp.fbk: no such backup file");
        assertThat(s.live()).isFalse();
        assertThat(s.backup()).isEqualTo("/backups/erp.fbk");
        assertThat(s.label()).isEqualTo("nightly");
        RunFolders.Folder f = RunFolders.unrecorded(folder);
        assertThat(f.state()).isEqualTo(RunFolders.State.REFUSED);
        assertThat(f.why()).isEqualTo("/backups/erp.fbk: no such backup file");
        assertThat(f.note())
                .isEqualTo(folder + ": the restore was refused: /backups/erp.fbk: no such backup file; left out");
        // status shows what runs and what was killed: a refused run is neither
        assertThat(LiveRuns.in(runs, Instant.now()).lives()).isEmpty();

        // without a label the backup's file name names the folder; the marker says no label
        Path unlabelled = store.refused(null, "/backups/erp.fbk", null, "refused", at);
        assertThat(unlabelled).isEqualTo(runs.resolve("20261207-031500-erp.fbk"));
        assertThat(RunMarker.read(unlabelled).label()).isNull();

        // a runs folder that does not exist (a mistyped --runs-dir) is not made for a refusal
        assertThat(new RunStore(dir.resolve("runz")).refused("nightly", null, null, "refused", at))
                .isNull();
        assertThat(dir.resolve("runz")).doesNotExist();
    }

    @Test
    void aFileWrittenWithItsProcessAndStartOnlyNamesThem() throws Exception {
        Path lock = Files.write(dir.resolve("db.lock"), RunMarker.whoAndWhen());
        assertThat(Files.readString(lock)).matches("\\{\"pid\":\\d+,\"startedAt\":\"[^\"]+\"}");
        RunMarker.State s = RunMarker.readFile(lock);
        assertThat(s.pid()).isEqualTo(ProcessHandle.current().pid());
        assertThat(s.startedAt()).isNotNull();
        assertThat(s.backup()).isNull();
    }

    @Test
    void aMarkerCutShortNamesNothingAndIsNotThrown() throws Exception {
        Files.writeString(dir.resolve(RunMarker.FILE), "{\"pid\":12");
        RunMarker.State s = RunMarker.read(dir);
        assertThat(s.pid()).isNull();
        assertThat(s.backup()).isNull();
    }

    /**
     * {@code status} reads a run's last ETA, written up to 10 s before: its share done moves with the clock, as its
     * ETA does (elapsed over elapsed plus what is left, both carried forward), not frozen at when it was written.
     */
    @Test
    void theShareDoneIsCarriedForwardToNowAsTheEtaIs() {
        Instant at = Instant.parse("2026-12-07T16:00:00Z");
        RunMarker.Eta eta = new RunMarker.Eta(at, 2.3, 7.9, 6.0, 10.0);
        assertThat(eta.doneAt(at)).isCloseTo(2.3 / 10.2, within(1e-9));
        assertThat(eta.doneAt(at.plusMillis(3300))).isCloseTo(5.6 / 10.2, within(1e-9));
        assertThat(eta.doneAt(at.plusSeconds(12))).isEqualTo(1.0); // past the ETA: all of the forecast
    }
}
