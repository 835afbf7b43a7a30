package dev.gbakprof.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.model.Via;
import dev.gbakprof.testutil.Logs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The run-folder layout, owned by one class: folders that never collide, listings, baselines. */
class RunStoreTest {
    private static final LocalDateTime AT = LocalDateTime.of(2026, 12, 1, 9, 30, 5);

    @Test
    void twoRunsInTheSameSecondWithTheSameLabelGetTwoFolders(@TempDir Path dir) throws Exception {
        RunStore store = new RunStore(dir.resolve("runs"));
        Path first = store.create("High performance", "", AT);
        Path second = store.create("High performance", "", AT);
        assertThat(first.getFileName()).hasToString("20261201-093005-High-performance");
        assertThat(second.getFileName()).hasToString("20261201-093005-High-performance-2");
        assertThat(store.create("x", "-r2", AT).getFileName()).hasToString("20261201-093005-x-r2");
    }

    @Test
    void runsStartingAtOnceInSeveralThreadsNeverShareAFolder(@TempDir Path dir) throws Exception {
        RunStore store = new RunStore(dir);
        ExecutorService pool = Executors.newFixedThreadPool(8);
        CountDownLatch go = new CountDownLatch(1);
        List<Future<Path>> made = new ArrayList<>();
        for (int i = 0; i < 16; i++) {
            made.add(pool.submit(() -> {
                go.await();
                return store.create("same", "", AT);
            }));
        }
        go.countDown();
        List<Path> folders = new ArrayList<>();
        for (Future<Path> f : made) {
            folders.add(f.get());
        }
        pool.shutdown();
        assertThat(folders)
                .doesNotHaveDuplicates()
                .hasSize(16)
                .allSatisfy(p -> assertThat(p).isEmptyDirectory());
    }

    @Test
    void listsRunsOldestFirstSkipsADamagedRecordAndFindsTheBaselineOfTheSameBackupAndRoute(@TempDir Path dir)
            throws Exception {
        RunStore store = new RunStore(dir);
        RestoreRun done = Logs.read("shop-tdrw.log").toBuilder()
                .backupFile("/b/shop.fbk")
                .backupBytes(100L)
                .via(Via.GBAK)
                .startedAt("2026-12-01T09:00:00Z")
                .build();
        assertThat(done.status()).isEqualTo(RunStatus.COMPLETED);
        save(store, "a", AT.minusDays(2), done);
        Path newestGbak = save(
                store,
                "a",
                AT.minusDays(1),
                done.toBuilder().startedAt("2026-12-02T09:00:00Z").build());
        Path service = save(store, "a", AT, done.toBuilder().via(Via.SERVICE).build());
        save(
                store,
                "a",
                AT.plusSeconds(1),
                done.toBuilder().status(RunStatus.FAILED).build()); // not a baseline
        save(
                store,
                "other",
                AT.plusSeconds(2),
                done.toBuilder().backupBytes(999L).build()); // another backup
        Path damaged = store.create("broken", "", AT.plusSeconds(3));
        Files.writeString(damaged.resolve(RunStore.RUN_JSON), "{");
        Files.createDirectory(dir.resolve("not-a-run"));

        RunStore.Listing all = store.list();
        assertThat(all.entries()).hasSize(5);
        assertThat(all.skipped()).singleElement().asString().startsWith(damaged.resolve(RunStore.RUN_JSON) + ":");
        assertThat(all.where(RunStore.label("other"))).hasSize(1);
        assertThat(all.where(RunStore.startedBetween(Instant.parse("2026-12-02T00:00:00Z"), null)))
                .hasSize(1);

        assertThat(store.baseline("/b/shop.fbk", 100L, null).orElseThrow().folder())
                .isEqualTo(service);
        assertThat(store.baseline("/b/shop.fbk", 100L, Via.GBAK).orElseThrow().folder())
                .isEqualTo(newestGbak);
        assertThat(store.baseline("/b/other.fbk", 100L, null)).isEmpty();
        // read newest first until found (a nightly run's ETA): the same entries as the whole listing gives
        for (int n = 1; n <= 6; n++) {
            List<RunStore.Entry> every = all.where(RunStore.restores());
            assertThat(store.newest(RunStore.restores(), n))
                    .as("newest %d", n)
                    .isEqualTo(every.subList(Math.max(0, every.size() - n), every.size()));
        }
        assertThat(new RunStore(dir.resolve("missing")).baseline("/b/shop.fbk", 100L, null))
                .isEmpty();
    }

    @Test
    void aRunFolderOrItsRecordNameTheSameRecord(@TempDir Path dir) throws Exception {
        Path folder = new RunStore(dir).create("x", "", AT);
        assertThat(RunStore.record(folder)).isEqualTo(folder.resolve("run.json"));
        assertThat(RunStore.record(folder.resolve("run.json"))).isEqualTo(folder.resolve("run.json"));
        assertThat(RunStore.matrixFolder(Path.of("runs"), AT)).isEqualTo(Path.of("runs", "matrix-20261201-093005"));
    }

    /**
     * A label's letters stay in its folders' names, in any script; folders named before (every letter beyond A-Z a
     * {@code -}) are still its runs: status and check find both, and a folder without a record is judged as the label's.
     */
    @Test
    void aLabelKeepsItsLettersInItsFoldersAndItsOlderFoldersStayItsRuns(@TempDir Path dir) throws Exception {
        RunStore store = new RunStore(dir.resolve("runs"));
        String label = "Servidor São João: Firebird 4.0 migração";
        Path now = store.create(label, "-r6", AT);
        assertThat(now.getFileName()).hasToString("20261201-093005-Servidor-São-João-Firebird-4.0-migração-r6");
        assertThat(RunStore.fileSafe("Sunucu İzmir: ışıklı şema, 8 KiB")).isEqualTo("Sunucu-İzmir-ışıklı-şema-8-KiB");
        // typed decomposed (a file system that gives names in NFD): the same name
        assertThat(RunStore.fileSafe(java.text.Normalizer.normalize(label, java.text.Normalizer.Form.NFD)))
                .isEqualTo(RunStore.fileSafe(label));
        java.util.function.Predicate<Path> named = RunStore.namedFor(label);
        assertThat(named)
                .accepts(
                        now,
                        Path.of("20261201-093005-Servidor-S-o-Jo-o-Firebird-4.0-migra-o-r6"),
                        Path.of(java.text.Normalizer.normalize(
                                String.valueOf(now.getFileName()), java.text.Normalizer.Form.NFD)))
                .rejects(Path.of("20261201-093005-Servidor-São-João-Firebird-4.0-migração-prod"));

        // an older folder of the label, its restore killed before it wrote a record: tonight's, for check
        Path runs = dir.resolve("nights");
        for (int night = 1; night <= 2; night++) {
            Path folder = Files.createDirectories(runs.resolve("2026120" + night + "-060000-São-João"));
            RestoreRun run = Logs.read("shop-tdrw.log").toBuilder()
                    .label("São João")
                    .startedAt("2026-12-0" + night + "T06:00:00Z")
                    .backupFile("shop.fbk")
                    .build();
            RunJson.write(run, folder.resolve(RunStore.RUN_JSON));
        }
        Path killed = Files.createDirectories(runs.resolve("20261203-060000-S-o-Jo-o"));
        Files.writeString(killed.resolve("gbak.log"), "gbak:opened file shop.fbk\n");
        Files.setLastModifiedTime(killed, java.nio.file.attribute.FileTime.from(Instant.parse("2026-12-03T06:00:00Z")));
        dev.gbakprof.testutil.Cli.Result check =
                dev.gbakprof.testutil.Cli.run("check", runs.toString(), "--label", "São João", "--backup", "shop.fbk");
        assertThat(check.out()).startsWith("CRITICAL: São João: tonight's restore left no record");
    }

    private static Path save(RunStore store, String label, LocalDateTime at, RestoreRun run) throws Exception {
        Path folder = store.create(label, "", at);
        RunJson.write(run.withLabel(label), folder.resolve(RunStore.RUN_JSON));
        return folder;
    }
}
