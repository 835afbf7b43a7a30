package dev.gbakprof.cli;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Reads the password a DBA keeps in a file: never from a command line, which other users can read. */
final class Passwords {
    private Passwords() {
    }

    /**
     * The first line of {@code file} (UTF-8, a BOM and surrounding blanks dropped); {@code null} without a file
     * (then ISC_PASSWORD applies). What is wrong with the file is said without its content.
     */
    static String read(Path file) throws IOException {
        if (file == null) {
            return null;
        }
        if (!Files.isRegularFile(file)) {
            throw new UsageException(file + ": no such password file");
        }
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(Files.readAllBytes(file))).toString();
        } catch (CharacterCodingException ex) {
            throw new UsageException(file + ": not UTF-8 text; expected the password on its first line, in UTF-8");
        } catch (AccessDeniedException ex) {
            throw new UsageException(file + ": password file not readable (permission denied)");
        }
        String first = text.lines().findFirst().orElse("").replace("\uFEFF", "").strip();
        if (first.isEmpty()) {
            throw new UsageException(file + ": empty password file; expected the password on its first line");
        }
        return first;
    }
}
