package dev.gbakprof.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.model.CpuInterval;
import dev.gbakprof.model.CpuSample;
import dev.gbakprof.model.Phase;
import dev.gbakprof.model.PhaseResources;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.testutil.Cli.Result;
import dev.gbakprof.testutil.Firebird;
import dev.gbakprof.testutil.FirebirdServer;
import dev.gbakprof.testutil.FirebirdTest;
import dev.gbakprof.testutil.Restores;
import dev.gbakprof.testutil.Restores.Route;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** The restore's own resources, sampled from the process doing the work during a real restore. */
@ExtendWith(FirebirdServer.Fixture.class)
@FirebirdTest
class ResourcesTest {

    @Test
    void anEmbeddedRestoreRecordsGbaksOwnCpuAndWritesPerPhase(@TempDir Path dir) throws Exception {
        Path fbk = Firebird.backup("shop"); // 1,000,000 rows: seconds of data and index work to sample
        RestoreRun run = restore(fbk, dir.resolve("shop.fdb"), dir.resolve("runs"), "0.1");
        assertThat(run.status()).isEqualTo(RunStatus.COMPLETED);
        assertThat(run.worker()).matches("gbak \\(pid \\d+\\)");
        // 46 MB: hashed by OpenSSL behind gbak as it read the backup (BackupHash), to the JDK's digest of the file
        assertThat(run.backupSha256()).isEqualTo(dev.gbakprof.store.ReportDir.sha256(fbk));
        assertThat(run.cpuSamples())
                .anySatisfy(s -> assertThat(s.processCpuSeconds()).isPositive());
        assertThat(run.cpuSamples()).anySatisfy(s -> assertThat(s.phase()).isEqualTo(Phase.INDEXES));
        Map<Phase, PhaseResources> byPhase =
                run.phaseResources().stream().collect(Collectors.toMap(PhaseResources::phase, p -> p));
        assertThat(byPhase).containsKeys(Phase.DATA, Phase.INDEXES);
        PhaseResources data = byPhase.get(Phase.DATA);
        PhaseResources indexes = byPhase.get(Phase.INDEXES);
        // gbak embedded restores on one thread: it uses CPU, never more than the sampled time allows (one core,
        // plus sampling jitter)
        for (PhaseResources p : new PhaseResources[] {data, indexes}) {
            assertThat(p.cpuSeconds()).isPositive();
            assertThat(p.cpuShare()).isBetween(0.01, 1.5);
            assertThat(p.seconds()).isPositive().isLessThanOrEqualTo(run.wallSeconds() + 0.2);
            assertThat(p.bound()).isNotNull();
            // user and system time apart: a restore writing a database spends some of its CPU in the kernel
            assertThat(p.systemCpuSeconds()).isNotNull().isBetween(0.0, p.cpuSeconds());
            assertThat(p.userCpuSeconds()).isBetween(0.0, p.cpuSeconds());
        }
        assertThat(data.systemCpuSeconds() + indexes.systemCpuSeconds())
                .as("the kernel's part of reading the backup and writing the database")
                .isPositive();
        assertThat(run.cpuSamples())
                .filteredOn(s -> s.processCpuSeconds() != null)
                .allSatisfy(s -> assertThat(s.processSystemSeconds()).isBetween(0.0, s.processCpuSeconds()));
        // the default TempCacheLimit (64 MB) holds the shop's index sorts: no sort file was open in any sample
        assertThat(indexes.sortFileMb()).isEqualTo(0.0);
        // the database's disk: its busy share and queue per phase where Linux's /proc/diskstats names it, else
        // unknown (null, never 0) and the record says why
        dev.gbakprof.monitor.DatabaseDisk disk = dev.gbakprof.monitor.DatabaseDisk.of(dir.resolve("shop.fdb"));
        if (disk != null) {
            for (PhaseResources p : new PhaseResources[] {data, indexes}) {
                assertThat(p.diskBusy()).isBetween(0.0, 1.0);
                assertThat(p.diskQueue()).isGreaterThanOrEqualTo(0.0);
            }
            // every sample read the disk's counters, which only grow (0 is real: the restore's writes may all
            // still be in the page cache, written back after it ended, as on an idle machine)
            List<Long> busy =
                    run.cpuSamples().stream().map(CpuSample::diskBusyMs).toList();
            assertThat(busy).doesNotContainNull().isSorted();
        } else {
            assertThat(data.diskBusy()).isNull();
            assertThat(run.warningMessages())
                    .anySatisfy(w -> assertThat(w).contains("disk busy time and queue are unknown"));
        }
        // the database's pages are written (Linux counts a page when it is dirtied)
        assertThat(data.writtenMb() + indexes.writtenMb()).isPositive();
        // the phases' CPU cannot exceed what the whole process used at its last sample
        double last = run.cpuSamples().stream()
                .filter(s -> s.processCpuSeconds() != null)
                .mapToDouble(s -> s.processCpuSeconds())
                .max()
                .orElseThrow();
        assertThat(run.phaseResources().stream()
                        .mapToDouble(PhaseResources::cpuSeconds)
                        .sum())
                .isLessThanOrEqualTo(last + 1e-6);
    }

    /**
     * A sample at the first line of each later phase, carrying the phase that ends there: a restore of the small
     * backup (under a second) sampled once a minute still gives each phase it went through its own interval. Without
     * those samples it had none, and a phase shorter than the interval counted in the phase of the next sample (the
     * setup's reads of gbak's engine and ICU's data in the data phase: 80 MB "read in the data phase" of a 48 MB
     * backup on a machine whose page cache had lost them).
     */
    @Test
    void eachPhaseEndsWithASampleOfItsOwnAlsoWhenShorterThanTheInterval(@TempDir Path dir) throws Exception {
        RestoreRun run = restore(Firebird.backup("small"), dir.resolve("small.fdb"), dir.resolve("runs"), "60");
        assertThat(run.status()).isEqualTo(RunStatus.COMPLETED);
        List<Phase> sampled = run.cpuSamples().stream().map(CpuSample::phase).toList();
        // the setup ends at the first metadata line, the metadata at the first data line, the data at the indexes'
        // start; the last phase ends with gbak, unsampled
        assertThat(sampled).startsWith(Phase.SETUP, Phase.METADATA).hasSizeBetween(3, 4);
        // the samples of the setup's and the metadata's ends, taken while gbak works, read it; one taken as gbak
        // exits (a loaded machine runs the sampler's thread late) may find it gone: unknown, not 0
        assertThat(run.cpuSamples().subList(0, 2))
                .allSatisfy(s -> assertThat(s.processCpuSeconds()).isNotNull());
        Map<Phase, PhaseResources> byPhase =
                run.phaseResources().stream().collect(Collectors.toMap(PhaseResources::phase, p -> p));
        double setupEnds = run.cpuSamples().get(0).atSeconds();
        if (setupEnds >= CpuInterval.MIN_SECONDS) {
            assertThat(byPhase).containsKey(Phase.SETUP);
            // gbak's start-up (its engine loaded, the database created) is the setup's
            assertThat(byPhase.get(Phase.SETUP).cpuSeconds()).isPositive();
        }
        // a restore whose samples all fall within 0.1 s of the start and of each other (a fast machine) has no
        // interval long enough for a rate: no figures, never rates of a few milliseconds
        if (run.cpuSamples().get(run.cpuSamples().size() - 1).atSeconds() < CpuInterval.MIN_SECONDS) {
            assertThat(run.phaseResources()).isEmpty();
            return;
        }
        // a phase's figures are rates over 0.1 s at least (CpuInterval): the samples of the later phases' ends, taken
        // one after the other once OSHI has started (about 0.4 s in), fall a few ms apart, and a phase of those ms has
        // no figures of its own (its time counts in the interval most of whose time is the setup's)
        assertThat(run.phaseResources()).allSatisfy(p -> assertThat(p.seconds()).isGreaterThanOrEqualTo(0.1));
        double last = run.cpuSamples().stream()
                .map(CpuSample::processCpuSeconds)
                .filter(Objects::nonNull)
                .reduce((a, b) -> b)
                .orElseThrow();
        assertThat(run.phaseResources().stream()
                        .mapToDouble(PhaseResources::cpuSeconds)
                        .sum())
                .isCloseTo(last, org.assertj.core.data.Offset.offset(0.002));
    }

    /** One embedded restore by {@code gbakprof run}, sampled every {@code interval} seconds: its record. */
    @Test
    void behindAWrapperThatStartsGbakAsItsChildGbaksCpuIsSampled(@TempDir Path dir) throws Exception {
        Path fbk = Firebird.backup("shop");
        // a shell script that runs the real gbak as its child and waits for it (as GNU time or a logging wrapper does)
        Path wrapper = dev.gbakprof.testutil.FakeGbak.hangingAtExit(dir, 0).gbak();
        Result r = Restores.run(
                fbk,
                dir.resolve("wrapped.fdb"),
                dir.resolve("runs"),
                "--gbak",
                wrapper.toString(),
                "--label",
                "wrapped",
                "--sample-interval",
                "0.2");
        assertThat(r.code()).as(r.err()).isZero();
        RestoreRun run = Restores.firstRun(dir.resolve("runs"));
        assertThat(run.status()).isEqualTo(RunStatus.COMPLETED);
        // the wrapper itself only waits: its own CPU is milliseconds; gbak's, its child's, is seconds of restore work
        double sampled = run.cpuSamples().stream()
                .filter(x -> x.processCpuSeconds() != null)
                .mapToDouble(x -> x.processCpuSeconds())
                .max()
                .orElse(0);
        assertThat(sampled).as("CPU seconds sampled behind the wrapper").isGreaterThan(1.0);
        assertThat(run.phaseResources())
                .filteredOn(p -> p.phase() == Phase.INDEXES)
                .allSatisfy(p -> assertThat(p.cpuShare()).isGreaterThan(0.2));
    }

    private static RestoreRun restore(Path fbk, Path db, Path runs, String interval) throws Exception {
        Result r = Restores.run(fbk, db, runs, "--label", "res", "--sample-interval", interval);
        assertThat(r.code()).as(r.err()).isZero();
        return Restores.firstRun(runs);
    }

    /**
     * The check: a restore's process reads its backup in the data phase, so the bytes it read there come close
     * to the backup's size. Linux counts only reads that reached the storage (read_bytes): a backup in the page cache
     * (it was just written, or read by the previous restore) reads as nearly nothing, so the test first drops the
     * backup's pages from the cache (written to disk first, then GNU dd's {@code iflag=nocache count=0}: posix_fadvise DONTNEED, no root needed)
     * and checks with util-linux's {@code fincore} that none is left. gbak reads the backup's first pages in the setup
     * phase (its header and the start of the metadata), the rest in the data phase.
     */
    @Test
    void theDataPhaseReadsAboutTheBackupsSizeWhenTheBackupIsNotInThePageCache(@TempDir Path dir) throws Exception {
        // gbak's own files (the engine, ICU's data, the security database) read from storage count too, in the first
        // sample: after a whole suite they may have left the page cache (1.8-3.6 MB more, seen in 2 of 11 runs). A
        // restore of the small backup first puts them back, so that the backup is the only cold file.
        restore(Firebird.backup("small"), dir.resolve("warm.fdb"), dir.resolve("warm"), "1");
        Path fbk = dir.resolve("shop.fbk");
        Files.copy(Firebird.backup("shop"), fbk);
        long size = Files.size(fbk);
        // the copy's pages are dirty until written: written first, a clean page can be dropped
        try (var ch = java.nio.channels.FileChannel.open(fbk, java.nio.file.StandardOpenOption.WRITE)) {
            ch.force(true);
        }
        Process drop = new ProcessBuilder("dd", "if=" + fbk, "iflag=nocache", "count=0")
                .redirectErrorStream(true)
                .start();
        drop.getInputStream().readAllBytes();
        assertThat(drop.waitFor()).as("dd iflag=nocache count=0").isZero();
        if (Files.isExecutable(Path.of("/usr/bin/fincore"))) {
            Process res = new ProcessBuilder(
                            "/usr/bin/fincore", "--bytes", "--noheadings", "--output", "RES", fbk.toString())
                    .redirectErrorStream(true)
                    .start();
            String cached =
                    new String(res.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).strip();
            res.waitFor();
            assertThat(Long.parseLong(cached))
                    .as("bytes of the backup left in the page cache")
                    .isLessThan(size / 20);
        }
        RestoreRun run = restore(fbk, dir.resolve("read.fdb"), dir.resolve("runs"), "0.2");
        Map<Phase, PhaseResources> byPhase =
                run.phaseResources().stream().collect(Collectors.toMap(PhaseResources::phase, p -> p));
        double backupMb = size / 1e6;
        // measured here (2026-12-01): 46.5 MB of the 47.8 MB backup read in the data phase, 1.3 MB in the setup
        assertThat(byPhase.get(Phase.DATA).readMb()).isBetween(0.8 * backupMb, 1.05 * backupMb);
        assertThat(run.phaseResources().stream()
                        .mapToDouble(PhaseResources::readMb)
                        .sum())
                .isBetween(0.9 * backupMb, 1.1 * backupMb);
    }

    /**
     * A real spill: gbak embedded reads the firebird.conf of its Firebird root ($FIREBIRD), here a copy of this
     * machine's with TempCacheLimit = 1M, put beside a gbak that sets $FIREBIRD and execs the real one (the same
     * process, so the sampled worker is gbak itself). The record finds that conf beside the gbak it ran.
     */
    @Test
    void indexSortsLargerThanTempCacheLimitAreSeenAsOpenSortFilesAndAdvised(@TempDir Path dir) throws Exception {
        Path fbk = Firebird.backup("shop"); // 1,000,000 ORDERS rows: sorts of tens of MB
        Path root = Files.createDirectories(dir.resolve("fbroot"));
        try (var confs = Files.list(Path.of("/etc/firebird/3.0"))) {
            for (Path c : confs.filter(p -> p.toString().endsWith(".conf")).toList()) {
                Files.copy(c, root.resolve(c.getFileName()));
            }
        }
        Files.writeString(
                root.resolve("firebird.conf"), "\nTempCacheLimit = 1M\n", java.nio.file.StandardOpenOption.APPEND);
        Path gbak = root.resolve("gbak");
        Files.writeString(gbak, "#!/bin/sh\nFIREBIRD=\"$(dirname \"$0\")\" exec " + Firebird.GBAK + " \"$@\"\n");
        gbak.toFile().setExecutable(true);
        Path runs = dir.resolve("runs");
        Result r = Restores.run(
                fbk,
                dir.resolve("shop.fdb"),
                runs,
                "--gbak",
                gbak.toString(),
                "--label",
                "tcl1m",
                "--sample-interval",
                "0.2");
        assertThat(r.code()).as(r.err()).isZero();
        RestoreRun run = Restores.firstRun(runs);
        assertThat(run.environment().firebirdConf().path())
                .isEqualTo(root.resolve("firebird.conf").toString());
        assertThat(run.environment().firebirdConf().tempCacheLimit()).isEqualTo("1M");
        PhaseResources indexes = run.phaseResources().stream()
                .filter(p -> p.phase() == dev.gbakprof.model.Phase.INDEXES)
                .findFirst()
                .orElseThrow();
        assertThat(indexes.sortFileMb()).isGreaterThan(1.0); // at least one 1 MB temp block written
        assertThat(run.cpuSamples())
                .anySatisfy(s -> assertThat(s.processSortBytes()).isPositive());
        dev.gbakprof.advice.Hint spill = dev.gbakprof.advice.Advisor.advise(List.of(run)).stream()
                .filter(h -> h.code() == dev.gbakprof.advice.HintCode.SORT_SPILL)
                .findFirst()
                .orElseThrow();
        // one sampled sort file is a lower bound of what the sorts need: at most medium certainty
        assertThat(spill.certainty()).isEqualTo(dev.gbakprof.advice.Hint.Certainty.MEDIUM);
        assertThat(spill.evidence()).contains("TempCacheLimit = 1M (" + root.resolve("firebird.conf") + ")");
        assertThat(spill.title())
                .matches("Give the index sorts more memory: TempCacheLimit of at least \\d+M in firebird.conf");
    }

    @Test
    void aServicesRestoreSamplesTheLocalServerThatDoesTheWork(FirebirdServer.Folder f) throws Exception {
        Path runs = f.resolve("runs");
        Result r = Restores.run(
                Route.SERVICE,
                f.backup("shop"),
                f.resolve("svc.fdb"),
                runs,
                "--label",
                "svc",
                "--sample-interval",
                "0.1");
        assertThat(r.code()).as(r.err()).isZero();
        RestoreRun run = Restores.firstRun(runs);
        long server = FirebirdServer.pid(); // not the first firebird process: a DBA's own server may run beside it
        assertThat(run.worker()).isEqualTo("Firebird server (pid " + server + ")");
        // counted from the restore's start, not since the server started
        assertThat(run.cpuSamples())
                .anySatisfy(s -> assertThat(s.processCpuSeconds()).isNotNull());
        assertThat(run.cpuSamples()).allSatisfy(s -> {
            if (s.processCpuSeconds() != null) {
                assertThat(s.processCpuSeconds()).isBetween(0.0, run.wallSeconds() * 2 + 0.5);
            }
        });
    }
}
