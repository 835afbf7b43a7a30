package dev.gbakprof.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Reads the password a DBA keeps in a file: never from a command line, which other users can read. */
final class Passwords {
    private Passwords() {
    }

    /** The first line of {@code file}; {@code null} without a file (then ISC_PASSWORD applies). */
    static String read(Path file) throws IOException {
        if (file == null) {
            return null;
        }
        if (!Files.isRegularFile(file)) {
            throw new UsageException(file + ": no such password file");
        }
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        if (lines.isEmpty() || lines.get(0).isEmpty()) {
            throw new UsageException(file + ": empty password file; expected the password on its first line");
        }
        return lines.get(0).strip();
    }
}
