package dev.gbakprof.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.testutil.FakeGbak;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run that holds a database's lock keeps it through its own look at the database before {@code --replace}: reading
 * the lock file (open, close) would end the process's POSIX record lock on it, and a second run could then start
 * into the same database. The lock as the kernel lists it, in {@code /proc/locks}.
 */
class TargetLockHeldTest {

    private static boolean lockedByKernel(Path file) throws Exception {
        Object key = Files.readAttributes(file, BasicFileAttributes.class).fileKey(); // (dev=…,ino=N)
        String ino = String.valueOf(key).replaceAll(".*ino=(\\d+).*", "$1");
        return Files.readAllLines(Path.of("/proc/locks")).stream()
                .anyMatch(l -> l.contains(":" + ino + " ")
                        && l.contains(" " + ProcessHandle.current().pid() + " "));
    }

    @Test
    void theRunsOwnLookBeforeReplaceKeepsItsLock(@TempDir Path dir) throws Exception {
        Path db = FakeGbak.databaseLike(dir.resolve("erp.fdb"));
        Path lockFile = dir.resolve("erp.fdb.gbakprof-lock");
        try (TargetLock lock = TargetLock.take(db)) {
            assertThat(lock).isNotNull();
            assertThat(lockedByKernel(lockFile)).as("taken").isTrue();
            TargetChecks.checkReplaceable(db.toString(), db, true);
            assertThat(lockedByKernel(lockFile)).as("after the run's own look").isTrue();
            // what the look must not do while the lock is held: read the lock file
            TargetLock.heldBy(db);
            assertThat(lockedByKernel(lockFile))
                    .as("after reading the lock file")
                    .isFalse();
        }
    }
}
