package dev.gbakprof.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.testutil.Firebird;
import dev.gbakprof.testutil.Firebird4;
import dev.gbakprof.testutil.Firebird4Test;
import dev.gbakprof.testutil.FirebirdTest;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ODS read from real header pages: databases the real gbak of Firebird 3.0 and 4.0 restored (the minor version at
 * offset 64, where offset 20 holds the PAGES relation's page, not 0), and a header page of ODS 14 built by hand after
 * Firebird 6.0's {@code struct header_page} (src/jrd/ods.h on master): no Firebird 6.0 runs here to write one.
 */
class DatabaseHeaderTest {

    @FirebirdTest
    @Test
    void aFirebird3DatabaseIsOds12Point0(@TempDir Path dir) throws Exception {
        Path db = dir.resolve("small.fdb");
        Firebird.restore(Firebird.backup("small"), db.toString());

        assertThat(DatabaseHeader.ods(db)).isEqualTo("12.0");
        assertThat(u16(head(db), 20))
                .as("hdr_PAGES, where ODS 14 keeps its minor")
                .isNotZero();
    }

    @Firebird4Test
    @Test
    void aFirebird4DatabaseIsOds13Point0(@TempDir Path dir) throws Exception {
        Path db = dir.resolve("small4.fdb");
        Firebird.run(List.of(
                Firebird4.gbak().toString(), "-c", Firebird.backup("small").toString(), db.toString()));

        assertThat(DatabaseHeader.ods(db)).isEqualTo("13.0");
        assertThat(u16(head(db), 20))
                .as("hdr_PAGES, where ODS 14 keeps its minor")
                .isNotZero();
    }

    @Test
    void anOds14HeaderKeepsItsMinorAtOffset20() {
        ByteBuffer page = ByteBuffer.allocate(8192).order(ByteOrder.LITTLE_ENDIAN);
        page.put(0, (byte) 1); // pag_type: header page
        page.putShort(16, (short) 8192); // hdr_page_size
        page.putShort(18, (short) (0x8000 | 14)); // hdr_ods_version, Firebird's flag
        page.putShort(20, (short) 1); // hdr_ods_minor: a 14.1 to come
        page.putInt(28, 1); // hdr_PAGES
        page.putLong(40, 1234); // hdr_next_transaction
        page.putLong(64, 1200); // hdr_oldest_snapshot, at the offset of the minor up to ODS 13

        assertThat(DatabaseHeader.ods(page.array())).isEqualTo("14.1");
        page.putShort(20, (short) 0);
        assertThat(DatabaseHeader.ods(page.array())).isEqualTo("14.0");
    }

    private static byte[] head(Path db) throws Exception {
        try (InputStream in = Files.newInputStream(db)) {
            return in.readNBytes(DatabaseHeader.BYTES);
        }
    }

    private static int u16(byte[] b, int at) {
        return (b[at] & 0xff) | (b[at + 1] & 0xff) << 8;
    }
}
