package dev.gbakprof.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.model.ExitCode;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.store.RunJson;
import dev.gbakprof.testutil.Firebird;
import dev.gbakprof.testutil.FirebirdTest;
import dev.gbakprof.testutil.Jvm;
import dev.gbakprof.testutil.Restores;
import dev.gbakprof.testutil.Restores.Route;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A stop is a stop: behind a {@code --gbak} wrapper script that starts the real gbak as its child (no {@code exec}),
 * with a child that keeps gbak's output open and a {@code gbak -z} probe that never answers (refused), a real gbakprof
 * JVM ends every process of the tree, on a real SIGINT and at the end of a run, and its record says what it stopped.
 */
@FirebirdTest
class ProcessTreeStopTest {

    @TempDir
    Path dir;

    /** A wrapper: {@code body} in sh, every process id it starts appended to {@code pids}. */
    private Path wrapper(String body) throws IOException {
        Path gbak = dir.resolve("gbak-wrapper");
        Files.writeString(gbak, "#!/bin/sh\nGBAK=" + Firebird.GBAK + "\nPIDS='" + dir.resolve("pids") + "'\n" + body);
        assertThat(gbak.toFile().setExecutable(true)).isTrue();
        return gbak;
    }

    private Process gbakprof(Path gbak, Path backup, Path db, String... more) throws IOException {
        return gbakprof(List.of(), gbak, backup, db, more);
    }

    private Process gbakprof(List<String> jvmOptions, Path gbak, Path backup, Path db, String... more)
            throws IOException {
        List<String> args = new java.util.ArrayList<>(List.of(Restores.args(
                "run",
                Route.EMBEDDED,
                backup,
                db,
                "--gbak",
                gbak.toString(),
                "--runs-dir",
                dir.resolve("runs").toString(),
                "--label",
                "tree")));
        args.addAll(List.of(more));
        List<String> cmd = new java.util.ArrayList<>(Jvm.command(args.toArray(String[]::new)));
        cmd.addAll(1, jvmOptions);
        return new ProcessBuilder(Jvm.interruptible(cmd))
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("console.txt").toFile())
                .start();
    }

    private List<Long> started() throws IOException {
        return Files.readAllLines(dir.resolve("pids")).stream()
                .filter(l -> !l.isBlank())
                .map(l -> Long.parseLong(l.strip()))
                .toList();
    }

    private RestoreRun record() throws IOException {
        try (Stream<Path> s = Files.list(dir.resolve("runs"))) {
            Path run = s.findFirst().orElseThrow();
            return RunJson.read(run.resolve("run.json")).get(0);
        }
    }

    /** What {@code jvm} said once it ended (within 120 s). */
    private String ended(Process jvm) throws Exception {
        assertThat(jvm.waitFor(120, TimeUnit.SECONDS))
                .as(Files.readString(dir.resolve("console.txt")))
                .isTrue();
        return Files.readString(dir.resolve("console.txt"));
    }

    private static boolean alive(long pid) {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    @Test
    void ctrlCEndsTheRealGbakBehindAWrapperAndWhatItStarted() throws Exception {
        Path gbak = wrapper("[ \"$1\" = -z ] && exec $GBAK \"$@\"\n"
                + "$GBAK \"$@\" & echo $! >> \"$PIDS\"\n"
                + "sleep 300 & echo $! >> \"$PIDS\"\n"
                + "wait\n");
        Path db = dir.resolve("tree.fdb");
        Process jvm = gbakprof(gbak, Firebird.backup("shop"), db);
        Path runs = dir.resolve("runs");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        boolean data = false;
        while (!data && System.nanoTime() < deadline) {
            if (Files.isDirectory(runs)) {
                try (Stream<Path> s = Files.list(runs)) {
                    Path log = s.findFirst().map(d -> d.resolve("gbak.log")).orElse(null);
                    data = log != null
                            && Files.exists(log)
                            && Files.readString(log).contains("restoring data for table");
                }
            }
            Thread.sleep(50);
        }
        assertThat(data).as("the real gbak restores data").isTrue();
        List<Long> children = started();
        assertThat(children).hasSize(2).allMatch(ProcessTreeStopTest::alive);
        new ProcessBuilder("kill", "-INT", Long.toString(jvm.pid())).start().waitFor();
        assertThat(jvm.waitFor(60, TimeUnit.SECONDS)).isTrue();

        assertThat(children).noneMatch(ProcessTreeStopTest::alive); // the real gbak and the sleep: ended
        assertThat(Firebird.gbakProcesses(db.toString())).isEmpty();
        RestoreRun run = record();
        assertThat(run.status()).isEqualTo(RunStatus.INCOMPLETE);
        assertThat(run.warningMessages())
                .anyMatch(w -> w.startsWith("interrupted (Ctrl-C): gbakprof stopped gbak (pid ")
                        && w.contains("and 2 processes it started (pids ")
                        && w.contains(String.valueOf(children.get(0)))
                        && w.contains(String.valueOf(children.get(1))));
    }

    @Test
    void aLineWithoutEndIsCutLiveAsParseCutsItAndTheRawLogKeepsItWhole() throws Exception {
        // 100 MB without a line end before gbak's own output, in a JVM of 64 MB: held whole, it ran out of memory
        long bytes = 100L << 20;
        Path gbak = wrapper("[ \"$1\" = -z ] && exec $GBAK \"$@\"\n"
                + "head -c " + bytes + " /dev/zero | tr '\\0' x\n"
                + "exec $GBAK \"$@\"\n");
        Process jvm = gbakprof(List.of("-Xmx64m"), gbak, Firebird.backup("small"), dir.resolve("long.fdb"));
        boolean exited = jvm.waitFor(120, TimeUnit.SECONDS);
        if (!exited) { // held whole, the line ended the reading thread and the run waited for ever
            jvm.descendants().forEach(ProcessHandle::destroyForcibly);
            jvm.destroyForcibly();
        }
        assertThat(exited).as(Files.readString(dir.resolve("console.txt"))).isTrue();
        String console = Files.readString(dir.resolve("console.txt"));
        assertThat(console).doesNotContain("OutOfMemoryError");
        RestoreRun run = record();
        assertThat(run.status()).as(console).isEqualTo(RunStatus.COMPLETED);
        try (Stream<Path> s = Files.list(dir.resolve("runs"))) {
            Path log = s.findFirst().orElseThrow().resolve("gbak.log");
            assertThat(Files.size(log)).isGreaterThan(bytes); // byte for byte: the long line and gbak's lines
        }
    }

    @Test
    void aHangingVersionProbeIsRefusedOnceItsLimitIsUpAndLeavesNoProcess() throws Exception {
        // gbak -z never answers: no gbak to tell the version of (it was restored with, its version unknown)
        Path gbak = wrapper("[ \"$1\" = -z ] && { echo $$ >> \"$PIDS\"; exec sleep 300; }\n" + "exec $GBAK \"$@\"\n");
        Path db = dir.resolve("mute.fdb");
        Process jvm = gbakprof(gbak, Firebird.backup("small"), db);
        String console = ended(jvm);
        assertThat(jvm.exitValue()).as(console).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(console)
                .isEqualTo("gbakprof: --gbak " + gbak + ": did not answer gbak -z within 10 s (stopped); expected the"
                        + " gbak program (nothing was restored)\n");
        assertThat(started()).isNotEmpty().noneMatch(ProcessTreeStopTest::alive);
        assertThat(db).doesNotExist();
    }

    @Test
    void aChildHoldingTheOutputDoesNotHoldTheRun() throws Exception {
        // the restore's wrapper leaves a child holding gbak's output when it exits
        Path gbak = wrapper(
                "[ \"$1\" = -z ] && exec $GBAK \"$@\"\n" + "sleep 300 & echo $! >> \"$PIDS\"\n" + "$GBAK \"$@\"\n");
        Path db = dir.resolve("held.fdb");
        Process jvm = gbakprof(gbak, Firebird.backup("small"), db);
        String console = ended(jvm);
        assertThat(jvm.exitValue()).as(console).isZero();
        assertThat(started()).isNotEmpty().noneMatch(ProcessTreeStopTest::alive);
        RestoreRun run = record();
        assertThat(run.status()).isEqualTo(RunStatus.COMPLETED);
        assertThat(run.environment().gbakVersion()).startsWith("LI-V3.0.");
    }
}
