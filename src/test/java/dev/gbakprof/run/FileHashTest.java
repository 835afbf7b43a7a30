package dev.gbakprof.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileHashTest {

    private static String jdk(byte[] bytes) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    }

    @Test
    void aLargeBackupIsHashedByOpensslOrSha256sumToTheJdksDigest(@TempDir Path dir) throws Exception {
        byte[] bytes = new byte[(int) FileHash.EXTERNAL_FROM + 12_345];
        new Random(7).nextBytes(bytes);
        Path file = Files.write(dir.resolve("big.fbk"), bytes);
        for (String tool : FileHash.TOOLS) {
            Process onFile = FileHash.start(tool, file);
            assertThat(onFile).as(tool + ", installed on every Debian").isNotNull();
            onFile.getOutputStream().close();
            assertThat(FileHash.result(onFile)).as(tool + " FILE").isEqualTo(jdk(bytes));
            Process onInput = FileHash.start(tool, null);
            try (var in = onInput.getOutputStream()) {
                in.write(bytes);
            }
            assertThat(FileHash.result(onInput)).as(tool + " < FILE").isEqualTo(jdk(bytes));
        }
        assertThat(FileHash.external(file)).isEqualTo(jdk(bytes));
        assertThat(FileHash.sha256(file)).isEqualTo(jdk(bytes));
    }

    @Test
    void aFileChangedSinceItsHashIsHashedAgain(@TempDir Path dir) throws Exception {
        Path file = Files.write(dir.resolve("small.fbk"), "first".getBytes());
        assertThat(FileHash.sha256(file)).isEqualTo(jdk("first".getBytes()));
        Files.write(file, "other".getBytes()); // the same size
        Files.setLastModifiedTime(
                file, FileTime.fromMillis(Files.getLastModifiedTime(file).toMillis() + 5_000));
        assertThat(FileHash.sha256(file)).isEqualTo(jdk("other".getBytes()));
    }

    @Test
    void aFileThatCannotBeReadHasNoHash(@TempDir Path dir) {
        assertThat(FileHash.sha256(dir.resolve("missing.fbk"))).isEmpty();
        assertThat(FileHash.external(dir.resolve("missing.fbk"))).isNull();
    }
}
