package dev.gbakprof.monitor;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * What a file's first bytes say it is, for the refusals before a restore starts (run's target checks) and for what {@code inspect} says of a file the server cannot open: a {@code
 * --backup} that is surely no gbak backup (gbak would fail at its first record, and a night be recorded as a failed
 * restore), and a {@code --replace} target that is no Firebird database (it would be replaced by the restore).
 *
 * <p>gbak's backup starts with its first record, {@code rec_burp} (0), whose first attribute is {@code
 * att_backup_format} (2) of 4 bytes (burp.h; Firebird 3.0 writes format 10, 4.0 11, also with {@code -zip}, whose
 * compression starts after that record); each volume of a multi-volume backup starts with a text header, {@code
 * InterBase/gbak,} (older: {@code InterBase/gsplit,}: mvol.cpp). A database's first page is its header page
 * ({@link DatabaseHeader}). A file that is neither is told only when it is surely no backup: empty, a PNG picture, or
 * text (no control character in its first {@value #HEAD} bytes but tab, line and page breaks, or a UTF-16 byte
 * order mark); anything else is {@link #OTHER}, left to gbak.
 */
public enum FileKind {
    EMPTY("an empty file (0 bytes)"),
    DATABASE("a Firebird database"),
    BACKUP("a gbak backup"),
    PNG("a PNG picture"),
    TEXT("a text file"),
    OTHER("a file of another kind");

    /** The bytes looked at: a page of text is enough to tell text from gbak's binary records. */
    static final int HEAD = 4096;

    private static final byte[] PNG_SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    private static final byte[] VOLUME_HEADER = "InterBase/g".getBytes(StandardCharsets.US_ASCII);

    private final String words;

    FileKind(String words) {
        this.words = words;
    }

    /** What it is, in a refusal: {@code a gbak backup}, {@code an empty file (0 bytes)}. */
    public String words() {
        return words;
    }

    /** Whether a file of this kind is surely not a gbak backup (gbak is not started for it). */
    public boolean surelyNoBackup() {
        return this == EMPTY || this == DATABASE || this == PNG || this == TEXT;
    }

    /** The kind of the file, from its first {@link #HEAD} bytes. */
    public static FileKind of(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return of(in.readNBytes(HEAD));
        }
    }

    /** The kind of a file whose first bytes (at most {@link #HEAD}) are {@code head}. */
    public static FileKind of(byte[] head) {
        if (head.length == 0) {
            return EMPTY;
        }
        if (head.length >= 3 && head[0] == 0 && head[1] == 2 && head[2] == 4 || startsWith(head, VOLUME_HEADER)) {
            return BACKUP;
        }
        if (DatabaseHeader.ods(head) != null) {
            return DATABASE;
        }
        if (startsWith(head, PNG_SIGNATURE)) {
            return PNG;
        }
        return text(head) ? TEXT : OTHER;
    }

    private static boolean startsWith(byte[] head, byte[] prefix) {
        return head.length >= prefix.length && Arrays.equals(head, 0, prefix.length, prefix, 0, prefix.length);
    }

    /** Text: a UTF-16 byte order mark, or no control character but tab, line and page breaks, Ctrl-Z and escape. */
    private static boolean text(byte[] head) {
        if (head.length >= 2
                && (head[0] == (byte) 0xff && head[1] == (byte) 0xfe
                        || head[0] == (byte) 0xfe && head[1] == (byte) 0xff)) {
            return true;
        }
        for (byte b : head) {
            if (b >= 0 && b < 0x20 && (b < '\t' || b > '\r') && b != 0x1a && b != 0x1b) {
                return false;
            }
        }
        return true;
    }
}
