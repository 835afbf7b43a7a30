package dev.gbakprof.monitor;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;

/**
 * What a Firebird database file's header page says without an engine: its on-disk structure. Firebird 3.0 writes ODS
 * 12, 4.0 ODS 13 (5.0 13.1), 6.0 ODS 14: the version a restore made, read from the file gbak wrote. The header page is
 * the file's first (src/jrd/ods.h, {@code struct header_page}): page type 1 at offset 0, the page size at 16, the ODS
 * major version with its Firebird flag 0x8000 at 18, little-endian on the platforms Firebird runs on here. Where the
 * minor version lies depends on the major: at 64 up to ODS 13 (3.0, 4.0, 5.0), at 20 from ODS 14 on (6.0's header
 * page was laid out anew; 64 is there the oldest snapshot's transaction number). The one rule for "this
 * file is a Firebird database": the ODS of a restore, the refusals of a {@code --replace} target and of a {@code
 * --backup} that is a database, {@code estimate --rows-from} a database file.
 */
public final class DatabaseHeader {
    private static final Set<Integer> PAGE_SIZES = Set.of(1024, 2048, 4096, 8192, 16384, 32768);
    private static final int FIREBIRD_FLAG = 0x8000;
    private static final int ODS_14 = 14;
    private static final int MINOR_UP_TO_ODS_13 = 64;
    private static final int MINOR_FROM_ODS_14 = 20;
    /** The bytes of the header page {@link #ods(byte[])} reads. */
    public static final int BYTES = 66;

    private DatabaseHeader() {}

    /** The file's ODS, {@code major.minor} ({@code 13.0}); {@code null} when it is no Firebird database or unreadable. */
    public static String ods(Path file) {
        if (file == null || !Files.isRegularFile(file)) {
            return null;
        }
        try (InputStream in = Files.newInputStream(file)) {
            return ods(in.readNBytes(BYTES));
        } catch (IOException ex) {
            return null;
        }
    }

    /**
     * The ODS the first bytes of a file give, {@code major.minor}; {@code null} when they are no Firebird database's
     * header page: another page type, a page size Firebird never wrote, no Firebird flag (InterBase's), or fewer than
     * {@link #BYTES} bytes.
     */
    public static String ods(byte[] head) {
        if (head.length < BYTES || head[0] != 1 || !PAGE_SIZES.contains(u16(head, 16))) {
            return null;
        }
        int version = u16(head, 18);
        if ((version & FIREBIRD_FLAG) == 0) {
            return null; // InterBase's, or no header
        }
        int major = version & ~FIREBIRD_FLAG;
        return major + "." + u16(head, major >= ODS_14 ? MINOR_FROM_ODS_14 : MINOR_UP_TO_ODS_13);
    }

    /** Whether the file is a Firebird database ({@link #ods(Path)} reads its header page). */
    public static boolean isDatabase(Path file) {
        return ods(file) != null;
    }

    private static int u16(byte[] b, int at) {
        return (b[at] & 0xff) | (b[at + 1] & 0xff) << 8;
    }
}
