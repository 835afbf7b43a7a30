package dev.gbakprof.log;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.model.Column;
import org.junit.jupiter.api.Test;

/** Lines quoted here are real gbak output (Firebird 3.0.11 from Debian, or Firebird issues cited in docs/dev/GBAK-FORMAT.md). */
class StatLineParserTest {

    @Test
    void namesBeyondLatin1KeepEveryCharacterEvenSurrogatePairs() {
        StatLineParser p = new StatLineParser();
        p.parse("gbak: time     delta  reads  writes ", 1);
        String name = "IX_\uD83D\uDE00ABC_\u7D22\u5F15_\uD83D\uDE00\uD83D\uDE00Z";
        StatLine l = p.parse("gbak:    0.085  0.003      0     74     restoring index " + name + "  \r", 2);
        assertThat(l.text()).isEqualTo("restoring index " + name);
        assertThat(l.writes()).isEqualTo(74);
        StatLine blank = p.parse("  \uD83D\uDE00 not gbak  ", 3);
        assertThat(blank.text()).isEqualTo("\uD83D\uDE00 not gbak");
    }

    @Test
    void headerAnnouncesColumnsInGbakOrder() {
        StatLineParser p = new StatLineParser();
        assertThat(p.parse("gbak: time     delta  reads  writes ", 1)).isSameAs(StatLineParser.HEADER);
        assertThat(p.columns()).containsExactly(Column.TIME, Column.DELTA, Column.READS, Column.WRITES);
        assertThat(p.headerSeen()).isTrue();

        StatLine l = p.parse("gbak:    0.085  0.003      0     74     restoring index RDB$PRIMARY24", 2);
        assertThat(l.hasStats()).isTrue();
        assertThat(l.timeMs()).isEqualTo(85);
        assertThat(l.deltaMs()).isEqualTo(3);
        assertThat(l.reads()).isZero();
        assertThat(l.writes()).isEqualTo(74);
        assertThat(l.text()).isEqualTo("restoring index RDB$PRIMARY24");
    }

    @Test
    void subsetHeadersLoseTheirTrailingBlanksInPastes() {
        StatLineParser w = new StatLineParser();
        w.parse("gbak: writes", 1);
        assertThat(w.columns()).containsExactly(Column.WRITES);
        StatLineParser td = new StatLineParser();
        td.parse("gbak: time     delta", 1);
        assertThat(td.columns()).containsExactly(Column.TIME, Column.DELTA);
        StatLineParser r = new StatLineParser();
        r.parse("gbak: reads  ", 1);
        assertThat(r.columns()).containsExactly(Column.READS);
    }

    @Test
    void widenedFieldsAreReadByTokenNotByOffset() {
        StatLineParser p = new StatLineParser();
        p.parse("gbak: time     delta  reads  writes ", 1);
        // #7803: time >= 10000 s, delta >= 100 s and reads >= 1,000,000 widen their fields
        StatLine l = p.parse("gbak:  558.685 210.210 11132156   6476 1072223 records written", 2);
        assertThat(l.timeMs()).isEqualTo(558_685);
        assertThat(l.deltaMs()).isEqualTo(210_210);
        assertThat(l.reads()).isEqualTo(11_132_156);
        assertThat(l.writes()).isEqualTo(6476);
        assertThat(l.text()).isEqualTo("1072223 records written");
    }

    @Test
    void wrappedAroundCounterIsInvalidNotHuge() {
        StatLineParser p = new StatLineParser();
        p.parse("gbak: time     delta  reads  writes ", 1);
        // #8027: a counter that went backwards prints as an unsigned 64-bit value
        StatLine l = p.parse("gbak:    1.000  0.001 18446744073709550696      3     restoring index X", 2);
        assertThat(l.hasStats()).isTrue();
        assertThat(l.reads()).isEqualTo(-1);
        assertThat(l.writes()).isEqualTo(3);
    }

    @Test
    void linesAfterTotalStatisticsAndErrorsCarryNoStatistics() {
        StatLineParser p = new StatLineParser();
        p.parse("gbak: time     delta  reads  writes ", 1);
        StatLine online = p.parse("gbak:adjusting the ONLINE and FORCED WRITES flags", 2);
        assertThat(online.hasStats()).isFalse();
        assertThat(online.text()).isEqualTo("adjusting the ONLINE and FORCED WRITES flags");
        StatLine err = p.parse("gbak: ERROR:    Problematic key value is (\"ID\" = 1)", 3);
        assertThat(err.hasStats()).isFalse();
        assertThat(err.text()).startsWith("ERROR:");
    }

    @Test
    void withoutStatisticsTheCountBelongsToTheMessage() {
        StatLineParser p = new StatLineParser();
        StatLine l = p.parse("gbak:   33 records restored", 1);
        assertThat(l.hasStats()).isFalse();
        assertThat(l.text()).isEqualTo("33 records restored");
        assertThat(p.columns()).isEmpty();
    }

    @Test
    void headerlessExcerptIsReadByCountingNumericColumns() {
        StatLineParser p = new StatLineParser();
        // seed 001: the IBSurgeon article quotes these lines without the header
        StatLine l = p.parse(
                "gbak: 5301.785 615.045 5028900 346529 activating and creating deferred index INDMF_TAG_PLC_DATA_DT_D",
                1);
        assertThat(p.inferred()).isTrue();
        assertThat(p.columns()).containsExactly(Column.TIME, Column.DELTA, Column.READS, Column.WRITES);
        assertThat(l.timeMs()).isEqualTo(5_301_785);
        assertThat(l.text()).isEqualTo("activating and creating deferred index INDMF_TAG_PLC_DATA_DT_D");
    }

    @Test
    void headerlessRecordsLineKeepsItsCount() {
        StatLineParser p = new StatLineParser();
        // #8095 (parallel restore): a header-less paste that begins with a records line
        StatLine l = p.parse("gbak:  346.750  0.000      0      0    1000000 records restored", 1);
        assertThat(p.columns()).containsExactly(Column.TIME, Column.DELTA, Column.READS, Column.WRITES);
        assertThat(l.text()).isEqualTo("1000000 records restored");
    }

    @Test
    void pastedLeadingBlanksServicesTrailingSpaceAndCarriageReturnAreIgnored() {
        StatLineParser p = new StatLineParser();
        p.parse("\tgbak: time     delta  reads  writes  \r", 1);
        StatLine l = p.parse("  gbak:    0.085  0.003      0     74     restoring index RDB$PRIMARY24 \r", 2);
        assertThat(l.text()).isEqualTo("restoring index RDB$PRIMARY24");
        assertThat(l.writes()).isEqualTo(74);
    }

    @Test
    void compressedBackupMessageKeepsItsTabsOutOfTheText() {
        StatLineParser p = new StatLineParser();
        p.parse("gbak: time     delta  reads  writes ", 1);
        StatLine l = p.parse("gbak:    0.001  0.000      0      0 \t\tbackup file is compressed", 2);
        assertThat(l.hasStats()).isTrue();
        assertThat(l.text()).isEqualTo("backup file is compressed");
    }

    @Test
    void lineWithoutPrefixStillParses() {
        StatLineParser p = new StatLineParser();
        p.parse("gbak: time     delta  reads  writes ", 1);
        StatLine l = p.parse("   12.000  1.000     10     20     activating and creating deferred index IX", 2);
        assertThat(l.prefixed()).isFalse();
        assertThat(l.timeMs()).isEqualTo(12_000);
    }

    @Test
    void millisAreParsedExactly() {
        assertThat(StatLineParser.parseMillis("10787.610")).isEqualTo(10_787_610);
        assertThat(StatLineParser.parseMillis("0.000")).isZero();
        assertThat(StatLineParser.parseMillis("12")).isEqualTo(-1);
        assertThat(StatLineParser.parseMillis("1.2345")).isEqualTo(-1);
        assertThat(StatLineParser.parseCount("42")).isEqualTo(42);
        assertThat(StatLineParser.parseCount("4x")).isEqualTo(Long.MIN_VALUE);
    }
}
