package dev.gbakprof.cli;

import dev.gbakprof.exec.GbakLocator;
import dev.gbakprof.forecast.LiveEta;
import dev.gbakprof.model.ExitCode;
import dev.gbakprof.model.Phase;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.monitor.CpuSampler;
import dev.gbakprof.monitor.EnvironmentProbe;
import dev.gbakprof.store.LogReader;
import dev.gbakprof.store.RunJson;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The work the launcher runs once after each build (or JDK change) with {@code -XX:ArchiveClassesAtExit}, so that
 * the class-data-sharing archive holds the classes every command loads, read and verified once instead of at each
 * start: what a DBA's commands do, on a bundled sample log, in one JVM — {@code parse --json}, {@code report} (every
 * file it writes: PNGs, report.html, Markdown, CSV), {@code history} and {@code check} of a run folder made of it,
 * gbakprof's help, and {@code run} of a "gbak" that prints the sample log (the machine's probe, the process
 * started and followed, its lines read live, the CPU sampler, the backup's hash, the run folder written; without a
 * shell: the probe and the sampler on this process), and the live ETA from earlier restores. Nothing is printed; the report goes to a temporary
 * folder removed at the end. Measured by {@code bench/costs} and {@code bench/wrapper-overhead}
 * (docs/dev/BENCHMARKS.md).
 *
 * <p>Usage: {@code java -XX:ArchiveClassesAtExit=A.jsa -cp gbakprof.jar dev.gbakprof.cli.ClassDataTraining LOG}.
 */
public final class ClassDataTraining {
    private ClassDataTraining() {}

    public static void main(String[] args) throws IOException {
        System.setProperty("java.awt.headless", "true");
        if (args.length != 1) {
            System.err.println("usage: ClassDataTraining SAMPLE.log");
            System.exit(ExitCode.BAD_INPUT);
        }
        String log = args[0];
        PrintWriter none = new PrintWriter(Writer.nullWriter());
        Path out = Files.createTempDirectory("gbakprof-cds");
        try {
            Main.stdoutBytes = OutputStream.nullOutputStream();
            Main.execute(new String[] {"parse", "--json", log}, none, none);
            Main.execute(new String[] {"parse", log}, none, none);
            Main.execute(
                    new String[] {"report", log, "--out", out.resolve("report").toString()}, none, none);
            // what run does with its earlier restores, and history and check: a run folder read, the live ETA
            Path runs = out.resolve("runs");
            Path folder = Files.createDirectories(runs.resolve("20260101-000000-training"));
            RestoreRun run = LogReader.read(Path.of(log), "training");
            RunJson.write(run, folder.resolve("run.json"));
            Main.execute(new String[] {"history", runs.toString()}, none, none);
            Main.execute(new String[] {"check", runs.toString()}, none, none);
            LiveEta eta = new LiveEta(List.of(run, run), "training");
            eta.at(Phase.DATA, 1, true, 0.5, Map.of(), Set.of(), 0);
            eta.at(Phase.INDEXES, 2, true, 1.0, Map.of(), Set.of(), 0.5);
            Main.execute(new String[] {"--help"}, none, none);
            Main.execute(new String[] {"--version"}, none, none);
            if (!run(out, Path.of(log), none)) {
                EnvironmentProbe.probe(null, null);
                try (CpuSampler sampler =
                        new CpuSampler(100, () -> ProcessHandle.current().pid(), () -> null, null)) {
                    sampler.start(System.nanoTime());
                    Thread.sleep(300);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        } finally {
            try (Stream<Path> made = Files.walk(out)) { // the temporary folder and what the report wrote in it
                for (Path p : made.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
        System.exit(ExitCode.OK);
    }

    /**
     * {@code run} as a DBA runs it, all of it in {@code out}: a "gbak" that is a shell script printing the sample log
     * (in place of the restore's lines) and its version when asked ({@code -z}), a file that starts as a gbak backup,
     * a database and a runs folder in {@code out}.
     * The launcher that makes the archive is a shell script: where there is no {@code sh} on the PATH this is skipped.
     *
     * @return whether it ran
     */
    private static boolean run(Path out, Path log, PrintWriter none) throws IOException {
        if (GbakLocator.system().findTool("sh", null).isEmpty()) {
            return false;
        }
        Files.copy(log, out.resolve("training.log"));
        // run checks what it is given before it starts gbak: a backup starts as gbak's do (burp.h: rec_burp, then
        // att_backup_format of 4 bytes, format 10), and gbak -z answers with its version
        Path backup = Files.write(out.resolve("training.fbk"), new byte[] {0, 2, 4, 10, 0, 0, 0});
        Path gbak = Files.writeString(
                out.resolve("gbak"),
                "#!/bin/sh\n[ \"$1\" = -z ] && { echo 'gbak version LI-V3.0.11.33703 Firebird 3.0'; exit 0; }\n"
                        + "exec cat \"${0%/*}/training.log\"\n");
        if (!gbak.toFile().setExecutable(true)) {
            return false;
        }
        Main.execute(
                new String[] {
                    "run",
                    "--gbak",
                    gbak.toString(),
                    "--backup",
                    backup.toString(),
                    "--database",
                    out.resolve("training.fdb").toString(),
                    "--runs-dir",
                    out.resolve("run-runs").toString(),
                    "--label",
                    "training"
                },
                none,
                none);
        return true;
    }
}
