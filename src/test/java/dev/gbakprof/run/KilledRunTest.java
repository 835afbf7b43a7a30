package dev.gbakprof.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.store.RunMarker;
import dev.gbakprof.testutil.Cli;
import dev.gbakprof.testutil.Firebird;
import dev.gbakprof.testutil.FirebirdTest;
import dev.gbakprof.testutil.Jvm;
import dev.gbakprof.testutil.Restores;
import dev.gbakprof.testutil.Restores.Route;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A real {@code kill -9} of a real gbakprof JVM while the real gbak restores, and what the next commands say. */
@FirebirdTest
class KilledRunTest {

    private static Process gbakprof(Path console, String... args) throws java.io.IOException {
        return new ProcessBuilder(Jvm.command(args))
                .redirectErrorStream(true)
                .redirectOutput(console.toFile())
                .start();
    }

    /** The first file {@code name} of a run folder under {@code runs} whose text passes {@code until}, within 60 s. */
    private static Path await(Path runs, String name, Predicate<String> until) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            if (Files.isDirectory(runs)) {
                Optional<Path> f;
                try (Stream<Path> s = Files.list(runs)) {
                    f = s.map(d -> d.resolve(name)).filter(Files::exists).findFirst();
                }
                if (f.isPresent() && until.test(Files.readString(f.get()))) {
                    return f.get();
                }
            }
            Thread.sleep(5);
        }
        throw new AssertionError(name + " never came in " + runs);
    }

    private static void kill9(Process jvm) throws Exception {
        new ProcessBuilder("kill", "-KILL", Long.toString(jvm.pid())).start().waitFor();
        assertThat(jvm.waitFor(30, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void aRunKilledDuringTheRestoreLeavesALockFileTheNextRunNames(@TempDir Path dir) throws Exception {
        Path fbk = Firebird.backup("shop");
        Path runs = dir.resolve("runs");
        Path db = dir.resolve("erp.fdb");
        Process jvm = gbakprof(
                dir.resolve("console.txt"),
                Restores.args("run", Route.EMBEDDED, fbk, db, "--runs-dir", runs.toString()));
        Path log = await(runs, "gbak.log", t -> t.contains("restoring data for table"));

        kill9(jvm);

        assertThat(log.resolveSibling("run.json")).doesNotExist();
        assertThat(db).exists(); // the partial database: nobody lived to remove it
        Cli.Result next = Restores.run(fbk, db, runs);
        assertThat(next.code()).isEqualTo(2);
        assertThat(next.err())
                .contains(db + ": database exists, and the lock file " + db + ".gbakprof-lock was left by gbakprof "
                        + "process " + jvm.pid() + " (no longer running), which started at ")
                .contains("a run killed while it restored into it");
        // check judges the newest night, the refused one, whose words name the killed run; history (which has no
        // restore to show) names both
        Cli.Result check = Cli.run("check", runs.toString());
        assertThat(check.code()).isEqualTo(2);
        assertThat(check.out())
                .startsWith("CRITICAL: shop: tonight's restore was refused before it started")
                .contains("was left by gbakprof process " + jvm.pid() + " (no longer running)");
        assertThat(Cli.run("history", runs.toString()).err())
                .contains("the restore left no record (killed or crashed?): no run.json in " + log.getParent()
                        + " (gbakprof process " + jvm.pid() + " is gone)")
                .contains("the restore was refused: " + db + ": database exists");
    }

    @Test
    void aRunKilledWhileItReplacesTheDatabaseLeavesAFolderThatSaysWhichFileIsWhich(@TempDir Path dir) throws Exception {
        Path fbk = Firebird.backup("shop");
        Path runs = dir.resolve("runs");
        Path db = dir.resolve("erp.fdb");
        Firebird.restore(Firebird.backup("small"), db.toString()); // the database --replace replaces
        long old = Files.size(db);
        Process jvm = gbakprof(
                dir.resolve("console.txt"),
                Restores.args("run", Route.EMBEDDED, fbk, db, "--runs-dir", runs.toString(), "--replace"));
        Path marker = await(runs, RunMarker.FILE, t -> t.contains("\"step\":\"replacing\""));

        kill9(jvm); // written before the move: the kill lands right before or after it, never before the marker says so

        assertThat(marker.resolveSibling("run.json")).doesNotExist();
        Path staged = dir.resolve("erp.gbakprof-new.fdb");
        Cli.Result check = Cli.run("check", runs.toString());
        assertThat(check.code()).isEqualTo(2);
        assertThat(check.out()).startsWith("CRITICAL: shop: tonight's restore left no record (killed or crashed?)");
        if (Files.exists(staged)) {
            assertThat(check.out()).contains("and did not: " + db + " is the old database, untouched");
        } else {
            assertThat(check.out()).contains("and did: " + db + " is the restored database, its record lost");
            assertThat(Files.size(db))
                    .as("the shop database, not the small one")
                    .isGreaterThan(old);
        }
    }
}
