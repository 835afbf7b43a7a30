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
     * The password in {@code file} (UTF-8, a BOM and surrounding blanks dropped): the value of its
     * {@code ISC_PASSWORD=…} line when it has one, else its first line; {@code null} without a file (then the
     * ISC_PASSWORD environment variable applies). What is wrong with the file is said without its content.
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
        text = text.replace("\uFEFF", "");
        String assigned = assigned(text);
        if (assigned != null) {
            if (assigned.isEmpty()) {
                throw new UsageException(file + ": its ISC_PASSWORD line is empty; expected ISC_PASSWORD=<password>");
            }
            return assigned;
        }
        String first = text.lines().findFirst().orElse("").strip();
        if (first.isEmpty()) {
            throw new UsageException(file + ": empty password file; expected the password on its first line"
                    + " (or an ISC_PASSWORD=<password> line)");
        }
        return first;
    }

    /**
     * The value of the file's last {@code ISC_PASSWORD=…} line, without the shell's quotes around it: the
     * format of Debian's /etc/firebird/3.0/SYSDBA.password (comment lines, ISC_USER=…, ISC_PASSWORD="…"),
     * read as scripts/firebird-server reads it; {@code null} when no line assigns it.
     */
    private static String assigned(String text) {
        String value = null;
        for (String line : (Iterable<String>) text.lines()::iterator) {
            String l = line.strip();
            if (l.startsWith("export ")) {
                l = l.substring("export ".length()).stripLeading();
            }
            if (l.startsWith("ISC_PASSWORD=")) {
                value = l.substring("ISC_PASSWORD=".length()).strip();
                if (value.length() >= 2 && (value.charAt(0) == '"' || value.charAt(0) == '\'')
                        && value.charAt(value.length() - 1) == value.charAt(0)) {
                    value = value.substring(1, value.length() - 1);
                }
            }
        }
        return value;
    }
}
