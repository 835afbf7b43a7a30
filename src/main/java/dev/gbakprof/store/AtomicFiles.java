package dev.gbakprof.store;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Objects;

/** Outputs appear whole or not at all: written to a temporary file beside the target, then renamed. */
public final class AtomicFiles {
    private AtomicFiles() {}

    public static void writeString(Path target, String content) throws IOException {
        write(target, content.getBytes(StandardCharsets.UTF_8));
    }

    public static void write(Path target, byte[] content) throws IOException {
        write(target, tmp -> Files.write(tmp, content));
    }

    /** What writes the content into the temporary file. */
    @FunctionalInterface
    public interface Content {
        void writeTo(Path tmp) throws IOException;
    }

    /**
     * @throws OutputRefusedException when {@code target} exists and is not a regular file (a device, a FIFO, a
     *                                link): the rename would put a regular file in its place
     */
    public static void write(Path target, Content content) throws IOException {
        Outputs.refuseSpecial(target, "the output");
        Path abs = target.toAbsolutePath();
        Path dir = Objects.requireNonNull(abs.getParent(), "an output file has a folder");
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, "." + abs.getFileName(), ".tmp");
        try {
            // createTempFile makes the file owner-only (0600); an output file is as readable as any other
            try {
                Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rw-r--r--"));
            } catch (UnsupportedOperationException notPosix) {
                // Windows: the file inherits the folder's access rules
            }
            content.writeTo(tmp);
            try {
                Files.move(tmp, abs, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException ex) {
                Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
