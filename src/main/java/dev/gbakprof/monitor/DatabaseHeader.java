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

    private static int u16(byte[] b, int at) {
        return (b[at] & 0xff) | (b[at + 1] & 0xff) << 8;
    }
}
