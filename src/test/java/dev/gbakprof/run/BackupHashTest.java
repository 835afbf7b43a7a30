package dev.gbakprof.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The backup's hash read behind the process that reads it: a real reader (bash reading the file a MB at a time through
 * one descriptor, as gbak does) and the machine's hashing program (OpenSSL, else coreutils' sha256sum).
 */
class BackupHashTest {
    private static final int MB = 1 << 20;

    private static String jdk(byte[] bytes) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    }

    private static byte[] backup(Path file, int megabytes) throws Exception {
        byte[] bytes = new byte[megabytes * MB + 4_321];
        new Random(megabytes).nextBytes(bytes);
        Files.write(file, bytes);
        return bytes;
    }

    /** bash reading {@code file} through descriptor 3, {@code megabytes} MB, 40 ms apart, then resting 0.5 s. */
    private static Process reader(Path file, int megabytes) throws Exception {
        return new ProcessBuilder(
                        "bash",
                        "-c",
                        "exec 3<\"$1\"; for ((i = 0; i < $2; i++)); do dd bs=1M count=1 status=none <&3 >/dev/null;"
                                + " sleep 0.04; done; sleep 0.5",
                        "reader",
                        file.toString(),
                        Integer.toString(megabytes))
                .start();
    }

    @Test
    void aBackupIsHashedAsItsReaderReadsItAndTheRestAfter(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("follow.fbk");
        byte[] bytes = backup(file, 20);
        Process p = reader(file, 18); // the last 2 MB and a bit are never read: hashed at the end
        try (BackupHash hash = BackupHash.follow(file, p::pid)) {
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(hash.hashedWhileReading())
                    .as("read behind the reader, never past what it read")
                    .isGreaterThan(0)
                    .isLessThanOrEqualTo(18L * MB);
            assertThat(hash.result()).isEqualTo(jdk(bytes));
        }
        assertThat(FileHash.sha256(file)).as("remembered").isEqualTo(jdk(bytes));
    }

    @Test
    void aReaderThatNeverStartsLeavesTheWholeHashForTheEnd(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("never.fbk");
        byte[] bytes = backup(file, 17);
        AtomicReference<Long> none = new AtomicReference<>();
        try (BackupHash hash = BackupHash.follow(file, none::get)) {
            Thread.sleep(500);
            assertThat(hash.hashedWhileReading()).isZero();
            assertThat(hash.result()).isEqualTo(jdk(bytes));
        }
    }

    @Test
    void aBackupChangedDuringTheRestoreIsHashedAgainAsItIsAtTheEnd(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("changed.fbk");
        backup(file, 18);
        Process p = reader(file, 4);
        try (BackupHash hash = BackupHash.follow(file, p::pid)) {
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(hash.hashedWhileReading()).isGreaterThan(0);
            byte[] now = backup(file, 19); // another backup written to the same name meanwhile
            assertThat(hash.result()).isEqualTo(jdk(now));
        }
    }
}
