package dev.gbakprof.forecast;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunKind;
import dev.gbakprof.stats.Spread;
import dev.gbakprof.store.LogReader;
import dev.gbakprof.store.RunInputs;
import dev.gbakprof.testutil.Cli;
import dev.gbakprof.testutil.CpuClock;
import dev.gbakprof.testutil.Firebird;
import dev.gbakprof.testutil.FirebirdTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The forecast's error on real restores at 4x: scripts/fixtures/sized.sql at 25,000, 50,000 and 100,000 ORDERS rows
 * (the calibration) and at 400,000 (the target, 4x the largest calibration), backed up with gbak -b -v and
 * restored with the real gbak: one warm-up restore of each size (not used: on this machine and on CI the first
 * restores after the backups were built were the slowest), then {@link #ROUNDS} interleaved rounds. The target is
 * forecast from every calibration restore (three sizes, their run-to-run noise measured) against the median of its
 * own restores. Each restore is timed on two clocks ({@link CpuClock}): its gbak log as written (wall clock) and the same log on gbak's
 * own CPU clock. The restore is CPU-bound (its wall time is its CPU time plus its wait for a CPU, measured), so the
 * CPU-clock forecast is what the model gets right or wrong whatever else the machine runs; the wall-clock forecast
 * is held to the same bound when gbak hardly waited, for a CPU or for the disk (on one CI machine the 400,000-row
 * restores waited 8 s of 11.8 s for the disk at their end, the calibration's none: the wall clock then measures the
 * disk's write-back, which no calibration below that size shows). bench/forecast-accuracy does the same at up to 16x
 * with more rounds (docs/dev/BENCHMARKS.md).
 */
@FirebirdTest
class ForecastAccuracyTest {
    private static final long[] CALIBRATION = {25_000, 50_000, 100_000};
    private static final long TARGET = 400_000;
    /** The issue's target for a 4x forecast: printed, met or not (bench/forecast-accuracy measures it). */
    private static final double BOUND = 0.15;
    /**
     * The bound asserted on the CPU clock (and on the wall clock on an idle machine): a miss the machine's own noise
     * cannot make, a model defect can (an exponent 0.2 off is 32 % at 4x, a phase left out more). The issue's 15 %
     * is not asserted: on clean CI machines with every restore quiet (one restore's noise 4-5 %), the 4x miss of
     * this test was -20.2 % to +21.7 % over ten runs (sd 13 %; docs/dev/FORECAST.md, 'The 4x miss on clean machines'):
     * the calibration's sizes and the target grew differently from run to run, which no model fitted on one run
     * can see. Asserted 15 %, CI failed in three runs of ten; the quiet rule that used to gate it failed too
     * (+21.7 % with both noises under 5 %).
     */
    private static final double ASSERTED = 0.30;

    /** Rounds of restores of every size, interleaved; always all of them (a run that stopped at 3 missed most). */
    private static final int ROUNDS = 5;
    /** gbak waiting for a CPU, or for the disk, less than this share of its wall time: the restore is CPU-bound. */
    private static final double UNCONTENDED = 0.10;

    @Test
    void fourTimesTheLargestCalibrationIsForecastWithinItsBoundAndTheBackupLogGivesTheSizes(@TempDir Path dir)
            throws Exception {
        Firebird.require();
        List<Long> sizes = new ArrayList<>();
        for (long n : CALIBRATION) {
            sizes.add(n);
        }
        sizes.add(TARGET);
        Map<Long, List<CpuClock.Restore>> restores = new LinkedHashMap<>();
        List<CpuClock.Restore> warmUp = new ArrayList<>();
        for (long n : sizes) {
            warmUp.add(CpuClock.restore(backup(n), dir.resolve(n + "-0.fdb"), dir.resolve(n + "-0.log")));
        }
        int rounds = ROUNDS;
        for (int round = 1; round <= rounds; round++) {
            for (long n : sizes) {
                String name = n + "-" + round;
                restores.computeIfAbsent(n, k -> new ArrayList<>())
                        .add(CpuClock.restore(backup(n), dir.resolve(name + ".fdb"), dir.resolve(name + ".log")));
            }
        }
        List<CpuClock.Restore> calibration = restores.entrySet().stream()
                .filter(e -> e.getKey() != TARGET)
                .flatMap(e -> e.getValue().stream())
                .toList();
        List<CpuClock.Restore> large = restores.get(TARGET);
        Estimate onCpu = forecast(calibration, large, CpuClock.Restore::cpuLog);
        double actualCpu = median(large, CpuClock.Restore::cpuLog);
        double cpuError = onCpu.total().seconds() / actualCpu - 1;
        Estimate onWall = forecast(calibration, large, CpuClock.Restore::log);
        double wallError = onWall.total().seconds() / median(large, CpuClock.Restore::log) - 1;
        double targetNoise = lnSd(large);
        long inRange = large.stream()
                .mapToDouble(r -> LogReader.read(r.cpuLog(), null).totalSeconds())
                .filter(t -> t >= onCpu.total().low() && t <= onCpu.total().high())
                .count();
        keep(dir, restores, warmUp);
        List<CpuClock.Restore> all = new ArrayList<>(calibration);
        all.addAll(large);
        double contention =
                all.stream().mapToDouble(CpuClock.Restore::contention).max().orElseThrow();
        double diskWait =
                all.stream().mapToDouble(CpuClock.Restore::diskWait).max().orElseThrow();
        boolean idle = contention < UNCONTENDED && diskWait < UNCONTENDED;
        String measured = String.format(
                        Locale.ROOT,
                        "%.2fx forecast from %d restores of 3 sizes (%d rounds): %+.1f %% on gbak's CPU clock "
                                + "(%.3f s, range %.3f-%.3f s, actual median %.3f s), %+.1f %% on the wall clock; "
                                + "gbak waited for a CPU up to %.0f %% of its time, for the disk up to %.0f %%; load average "
                                + "%.1f on %d CPUs%n  "
                                + "warm-up (not used): ",
                        onCpu.target().scale(),
                        calibration.size(),
                        rounds,
                        cpuError * 100,
                        onCpu.total().seconds(),
                        onCpu.total().low(),
                        onCpu.total().high(),
                        actualCpu,
                        wallError * 100,
                        contention * 100,
                        diskWait * 100,
                        java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                                .getSystemLoadAverage(),
                        Runtime.getRuntime().availableProcessors())
                + warmUp.stream().map(Object::toString).collect(Collectors.joining("; "))
                + "\n  "
                + all.stream().map(Object::toString).collect(Collectors.joining("\n  "))
                + String.format(
                        Locale.ROOT,
                        "%n  noise (sd of ln CPU seconds of one restore): calibration %.1f %% (pooled, %d degrees of "
                                + "freedom), target %.1f %% (%d restores); range ±%.1f %% (an %.0f %% range for one "
                                + "restore): %d of %d target restores inside it",
                        onCpu.range().noise() * 100,
                        onCpu.range().degreesOfFreedom(),
                        targetNoise * 100,
                        large.size(),
                        onCpu.range().combined() * 100,
                        onCpu.range().level() * 100,
                        inRange,
                        large.size())
                + "\n  " + String.join("\n  ", onCpu.assumptions());
        System.out.println("ForecastAccuracyTest: " + measured + "\n  the issue's target, " + Math.round(BOUND * 100)
                + " %, " + (Math.abs(cpuError) <= BOUND ? "met" : "NOT met") + " on the CPU clock (asserted: "
                + Math.round(ASSERTED * 100) + " %); the target's median "
                + (actualCpu >= onCpu.total().low()
                                && actualCpu <= onCpu.total().high()
                        ? "inside"
                        : "OUTSIDE")
                + " the forecast's range"
                + (idle
                        ? "; the wall clock held to it too (gbak hardly waited for a CPU or the disk)"
                        : "; the wall clock not held (gbak waited for a CPU or the disk: it measured the other jobs "
                                + "or the disk's write-back, not the restore's work)"));
        assertThat(onCpu.target().scale()).isBetween(3.9, 4.1);
        assertThat(Math.abs(cpuError)).as(measured).isLessThanOrEqualTo(ASSERTED);
        // the range is an 80 % range for one restore: how often it holds them is measured over many runs
        // (docs/dev/FORECAST.md, coverage), not asserted on one; its parts are the calibration's own measurements
        assertThat(onCpu.total().low()).isLessThan(onCpu.total().seconds());
        assertThat(onCpu.total().high()).isGreaterThan(onCpu.total().seconds());
        assertThat(onCpu.range().runToRunBasis()).startsWith("measured: ");
        assertThat(onCpu.range().extrapolationBasis()).startsWith("measured: the largest calibration size");
        if (idle) {
            assertThat(Math.abs(wallError)).as(measured).isLessThanOrEqualTo(ASSERTED);
        }

        // the backup log of the target database (gbak -b -v) lists the same tables and rows as its restore
        Path backupLog = Path.of(backup(TARGET) + ".log");
        RestoreRun backup = RunInputs.load(backupLog, null).get(0);
        assertThat(backup.kind()).isEqualTo(RunKind.BACKUP);
        Target fromBackup = Target.of(backup, backupLog.toString());
        Target fromRestore = Target.of(LogReader.read(large.get(0).log(), null), "restore");
        assertThat(fromBackup.rows()).isEqualTo(fromRestore.rows());
        List<String> args = new ArrayList<>(List.of("estimate"));
        calibration.forEach(r -> args.add(r.log().toString()));
        args.addAll(List.of("--rows-from", backupLog.toString(), "--json"));
        Cli.Result r = Cli.run(args.toArray(String[]::new));
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("\"source\" : \"" + backupLog + "\"", "\"rows\" : " + fromRestore.totalRows());
        // a backup log is no calibration restore
        Cli.Result refused = Cli.run("estimate", backupLog.toString(), "--scale", "2");
        assertThat(refused.code()).isEqualTo(2);
        assertThat(refused.err().strip().lines()).hasSize(1);
    }

    /** The forecast of the target (its first log's sizes) from the calibration restores, on one clock. */
    private static Estimate forecast(
            List<CpuClock.Restore> calibration, List<CpuClock.Restore> large, Function<CpuClock.Restore, Path> clock) {
        List<RestoreRun> runs = calibration.stream()
                .map(r -> LogReader.read(clock.apply(r), null))
                .toList();
        return Forecaster.forecast(runs, Target.of(LogReader.read(clock.apply(large.get(0)), null), "4x"), null);
    }

    /** The sd of ln(CPU seconds) of some restores of one size. */
    private static double lnSd(List<CpuClock.Restore> restores) {
        double[] v = restores.stream()
                .mapToDouble(r -> Math.log(LogReader.read(r.cpuLog(), null).totalSeconds()))
                .toArray();
        double mean = java.util.Arrays.stream(v).average().orElse(0);
        double ss = java.util.Arrays.stream(v).map(x -> (x - mean) * (x - mean)).sum();
        return v.length > 1 ? Math.sqrt(ss / (v.length - 1)) : 0;
    }

    /**
     * The logs of this run kept in target/forecast-accuracy (replaced at each run), so that a miss can be taken
     * apart object by object afterwards ({@code gbakprof estimate} on them).
     */
    private static void keep(Path dir, Map<Long, List<CpuClock.Restore>> restores, List<CpuClock.Restore> warmUp)
            throws IOException {
        Path out = Path.of("target", "forecast-accuracy").toAbsolutePath();
        if (Files.isDirectory(out)) {
            try (var old = Files.list(out)) {
                for (Path p : old.toList()) {
                    Files.delete(p);
                }
            }
        }
        Files.createDirectories(out);
        List<CpuClock.Restore> every = new ArrayList<>(warmUp);
        restores.values().forEach(every::addAll);
        for (CpuClock.Restore r : every) {
            for (Path log : List.of(r.log(), r.cpuLog())) {
                Path name = log.getFileName();
                if (name != null) {
                    Files.copy(log, out.resolve(name.toString()));
                }
            }
        }
    }

    /** The median total of some restores on one clock. */
    private static double median(List<CpuClock.Restore> restores, Function<CpuClock.Restore, Path> clock) {
        Double m = Spread.of(restores.stream()
                        .map(r -> LogReader.read(clock.apply(r), null).totalSeconds())
                        .toList())
                .median();
        return m;
    }

    /** A backup of sized.sql at {@code orders} rows, built once (its gbak -b -v -st tdrw log beside it: a backup log is read only with a time column). */
    static synchronized Path backup(long orders) throws IOException {
        Firebird.require();
        Path cache = Path.of("target", "test-fixtures").toAbsolutePath();
        Path fbk = cache.resolve("sized-" + orders + ".fbk");
        if (Files.isRegularFile(fbk) && Files.isRegularFile(Path.of(fbk + ".log"))) {
            return fbk;
        }
        Files.createDirectories(cache);
        Path sql = cache.resolve("sized-" + orders + ".sql");
        Files.writeString(
                sql,
                Files.readString(Path.of("scripts", "fixtures", "sized.sql"))
                        .replace("@ORDERS@", String.valueOf(orders)));
        Path fdb = cache.resolve("sized-" + orders + ".fdb");
        Files.deleteIfExists(fdb);
        Firebird.run(
                List.of(Firebird.ISQL.toString(), "-q", "-user", "SYSDBA"),
                "CREATE DATABASE '" + fdb + "' PAGE_SIZE 8192 DEFAULT CHARACTER SET UTF8;\n");
        Firebird.run(
                List.of(Firebird.ISQL.toString(), "-q", "-b", "-user", "SYSDBA", "-i", sql.toString(), fdb.toString()));
        Path tmp = cache.resolve("sized-" + orders + ".fbk.tmp");
        Files.deleteIfExists(tmp);
        String log = Firebird.run(List.of(
                Firebird.GBAK.toString(),
                "-b",
                "-v",
                "-st",
                "tdrw",
                "-user",
                "SYSDBA",
                fdb.toString(),
                tmp.toString()));
        Files.writeString(Path.of(fbk + ".log"), log);
        Files.move(tmp, fbk);
        Files.deleteIfExists(fdb);
        Files.deleteIfExists(sql);
        return fbk;
    }
}
