package dev.gbakprof.store;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Objects;

/** Outputs appear whole or not at all: written to a temporary file beside the target, then renamed. */
public final class AtomicFiles {
    private AtomicFiles() {}

    /**
     * An output that could not be written (a full disk, a read-only file system): its message names the file, {@code
     * PATH: cannot write (No space left on device)}, and nothing of it is left behind.
     */
    public static final class WriteFailedException extends IOException {
        private static final long serialVersionUID = 1L;
        private final String reason;

        WriteFailedException(Path target, IOException cause) {
            super(target + ": cannot write (" + reason(cause) + ")", cause);
            this.reason = reason(cause);
        }

        /** Why, without the file's name: the system's words ({@code No space left on device}). */
        public String reason() {
            return reason;
        }

        private static String reason(IOException ex) {
            if (ex instanceof WriteFailedException w) {
                return w.reason;
            }
            if (ex instanceof AccessDeniedException) {
                return "permission denied";
            }
            if (ex instanceof NoSuchFileException) {
                return "no such folder";
            }
            if (ex instanceof FileSystemException fs && fs.getReason() != null) {
                return fs.getReason();
            }
            return String.valueOf(ex.getMessage());
        }
    }

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
     * Writes into a folder that exists: none is created here ({@link Outputs#refuseUnwritableFile} refuses a
     * missing one before any work; a missing folder now is a write that failed).
     *
     * @throws OutputRefusedException when {@code target} exists and is not a regular file (a device, a FIFO, a
     *                                link): the rename would put a regular file in its place
     */
    public static void write(Path target, Content content) throws IOException {
        Outputs.refuseSpecial(target, "the output");
        Path abs = target.toAbsolutePath();
        Path dir = Objects.requireNonNull(abs.getParent(), "an output file has a folder");
        try {
            writeBeside(dir, abs, content);
        } catch (IOException ex) {
            throw new WriteFailedException(target, ex);
        }
    }

    private static void writeBeside(Path dir, Path abs, Content content) throws IOException {
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
