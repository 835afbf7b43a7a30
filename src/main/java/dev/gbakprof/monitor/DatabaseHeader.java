package dev.gbakprof.monitor;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;

/**
 * What a Firebird database file's header page says without an engine: its on-disk structure. Firebird 3.0 writes ODS
 * 12, 4.0 ODS 13 (5.0 13.1): the version a restore made, read from the file gbak wrote. The header page is the
 * file's first (ods.h): page type 1 at offset 0, the page size at 16, the ODS major version with its Firebird flag
 * 0x8000 at 18, the minor version at 64, little-endian on the platforms Firebird runs on here.
 */
public final class DatabaseHeader {
    private static final Set<Integer> PAGE_SIZES = Set.of(1024, 2048, 4096, 8192, 16384, 32768);
    private static final int FIREBIRD_FLAG = 0x8000;

    private DatabaseHeader() {}

    /** The file's ODS, {@code major.minor} ({@code 13.0}); {@code null} when it is no Firebird database or unreadable. */
    public static String ods(Path file) {
        if (file == null || !Files.isRegularFile(file)) {
            return null;
        }
        try (InputStream in = Files.newInputStream(file)) {
            byte[] h = in.readNBytes(66);
            if (h.length < 66 || h[0] != 1 || !PAGE_SIZES.contains(u16(h, 16))) {
                return null;
            }
            int version = u16(h, 18);
            if ((version & FIREBIRD_FLAG) == 0) {
                return null; // InterBase's, or no header
            }
            return (version & ~FIREBIRD_FLAG) + "." + u16(h, 64);
        } catch (IOException ex) {
            return null;
        }
    }

    /** What a file's first bytes say it is. */
    public enum Kind {
        /** A Firebird database: its header page ({@link #ods} reads its version). */
        DATABASE,
        /** A backup gbak wrote: its first record is gbak's header ({@code rec_burp}, then its format's version). */
        GBAK_BACKUP,
        /** No bytes at all. */
        EMPTY,
        /** Neither: a picture, a log, a database of another engine, a damaged file. */
        OTHER
    }

    /**
     * What {@code file}'s first bytes say it is, without an engine; {@code null} when it cannot be read here (no such
     * file, a folder, no permission). A gbak backup starts with its header record (burp.h): {@code rec_burp} (0), then
     * {@code att_backup_format} (2) with a 4-byte length and the backup format's version, little-endian (Firebird 3.0
     * writes 10, 4.0 and 5.0 11).
     */
    public static Kind kind(Path file) {
        if (file == null || !Files.isRegularFile(file)) {
            return null;
        }
        byte[] h;
        try (InputStream in = Files.newInputStream(file)) {
            h = in.readNBytes(7);
        } catch (IOException ex) {
            return null;
        }
        if (h.length == 0) {
            return Kind.EMPTY;
        }
        if (ods(file) != null) {
            return Kind.DATABASE;
        }
        boolean backup =
                h.length == 7 && h[0] == 0 && h[1] == 2 && h[2] == 4 && h[4] == 0 && h[5] == 0 && h[6] == 0 && h[3] > 0;
        return backup ? Kind.GBAK_BACKUP : Kind.OTHER;
    }

    private static int u16(byte[] b, int at) {
        return (b[at] & 0xff) | (b[at + 1] & 0xff) << 8;
    }
}
