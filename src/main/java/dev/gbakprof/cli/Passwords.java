package dev.gbakprof.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.Set;
import java.util.function.Consumer;

/** Reads the password a DBA keeps in a file: never from a command line, which other users can read. */
final class Passwords {
    /** Far above any password (Firebird's SRP passwords are at most 255 bytes). */
    static final int MAX_LINE = 4096;
    /** Far above Debian's SYSDBA.password (a few comment lines and two assignments); the rest is never read. */
    static final int MAX_READ = 64 * 1024;

    private Passwords() {}

    /** As {@link #read(Path, Consumer)}, with a warning printed on standard error. */
    static String read(Path file) throws IOException {
        return read(file, w -> System.err.println("gbakprof: warning: " + w));
    }

    /**
     * The password in {@code file} (UTF-8, a BOM and surrounding blanks dropped): the value of its
     * {@code ISC_PASSWORD=…} line when it has one, else its first line; {@code null} without a file (then the
     * ISC_PASSWORD environment variable applies). At most {@value #MAX_READ} bytes are read, and a first line
     * longer than {@value #MAX_LINE} bytes is refused: a 3 GB file costs nothing. What is wrong with the file is
     * said without its content; a file that others may read gets a warning, as ssh gives.
     */
    static String read(Path file, Consumer<String> warn) throws IOException {
        if (file == null) {
            return null;
        }
        if (!Files.exists(file)) {
            throw new UsageException(file + ": no such password file");
        }
        if (Files.isDirectory(file)) {
            throw new UsageException(file + ": a directory, not a password file; expected a file with the password on "
                    + "its first line");
        }
        if (!Files.isRegularFile(file)) {
            throw new UsageException(file + ": not a regular file (a FIFO or a device); expected a file with the "
                    + "password on its first line (or set ISC_PASSWORD)");
        }
        warnIfOthersMayRead(file, warn);
        byte[] head = new byte[MAX_READ + 1];
        String text;
        try (InputStream in = Files.newInputStream(file)) {
            int n = in.readNBytes(head, 0, head.length);
            int end = 0;
            while (end < n && head[end] != '\n' && head[end] != '\r') {
                end++;
            }
            if (end > MAX_LINE) {
                throw new UsageException(file + ": the first line is longer than " + MAX_LINE + " bytes: not a "
                        + "password file? Expected the password on its first line");
            }
            int upto = n;
            if (n > MAX_READ) { // only whole lines of what was read
                while (upto > 0 && head[upto - 1] != '\n') {
                    upto--;
                }
            }
            text = StandardCharsets.UTF_8
                    .newDecoder()
                    .decode(ByteBuffer.wrap(head, 0, upto))
                    .toString();
        } catch (CharacterCodingException ex) {
            throw new UsageException(file + ": not UTF-8 text; expected the password on its first line, in UTF-8");
        } catch (AccessDeniedException ex) {
            throw new UsageException(file + ": password file not readable (permission denied)");
        } finally {
            Arrays.fill(head, (byte) 0);
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
                if (value.length() >= 2
                        && (value.charAt(0) == '"' || value.charAt(0) == '\'')
                        && value.charAt(value.length() - 1) == value.charAt(0)) {
                    value = value.substring(1, value.length() - 1);
                }
            }
        }
        return value;
    }

    private static void warnIfOthersMayRead(Path file, Consumer<String> warn) {
        try {
            Set<PosixFilePermission> p = Files.getPosixFilePermissions(file);
            if (p.contains(PosixFilePermission.OTHERS_READ) || p.contains(PosixFilePermission.GROUP_READ)) {
                warn.accept("password file " + file + " can be read by "
                        + (p.contains(PosixFilePermission.OTHERS_READ) ? "every user" : "its group") + " ("
                        + PosixFilePermissions.toString(p) + "); make it yours "
                        + "alone: chmod 600 " + file);
            }
        } catch (IOException | UnsupportedOperationException ex) {
            // Windows: its ACLs are not read here
        }
    }
}
