package dev.gbakprof.log;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The parser's column readers against a reference written here from the grammar (GBAK-FORMAT.md §1: seconds with up to
 * three decimals, whole page counts, blanks between them) on random tokens of up to 19 bytes, at random places in a
 * buffer whose bytes after the line's end are random too (a reader must stop at the end it is given): tokens real logs
 * do not have.
 */
class ColumnReadersTest {
    private static final Pattern SECONDS = Pattern.compile("[0-9]{1,15}\\.[0-9]{1,3}");
    private static final Pattern COUNT = Pattern.compile("[0-9]+");
    private static final byte[] ALPHABET =
            "0123456789012345678901234567890123456789... \t\r-+e:x\u00e9".getBytes(StandardCharsets.ISO_8859_1);

    @Test
    void everyColumnReaderGivesWhatTheGrammarSays() {
        Random random = new Random(20261203);
        for (int n = 0; n < 100_000; n++) {
            int len = random.nextInt(20); // the line from p: 0 to 19 bytes
            int p = random.nextInt(12);
            byte[] buf = new byte[p + len + random.nextInt(12)];
            random.nextBytes(buf); // the rest of the buffer: anything
            for (int i = p; i < p + len; i++) {
                buf[i] = ALPHABET[random.nextInt(ALPHABET.length)];
            }
            if (random.nextInt(4) == 0 && len > 0) { // a blank run before the token, as between gbak's columns
                int blanks = random.nextInt(Math.min(len, 12) + 1);
                java.util.Arrays.fill(buf, p, p + blanks, (byte) ' ');
            }
            int end = p + len;
            String at = new String(buf, p, len, StandardCharsets.ISO_8859_1);
            StatLineParser r = StatLineParser.over(buf);

            int blanksEnd = p;
            while (blanksEnd < end && (buf[blanksEnd] & 0xff) <= ' ') {
                blanksEnd++;
            }
            assertThat(r.skipBlanks(p, end)).as("blanks of [%s]", at).isEqualTo(blanksEnd);

            int tokenEnd = p;
            while (tokenEnd < end && (buf[tokenEnd] & 0xff) > ' ') {
                tokenEnd++;
            }
            String token = new String(buf, p, tokenEnd - p, StandardCharsets.ISO_8859_1);

            long millis = r.millisToken(p, end);
            assertThat(millis).as("seconds [%s]", at).isEqualTo(millisOf(token));
            assertThat(r.cursor()).as("after the seconds [%s]", at).isEqualTo(tokenEnd);

            long count = r.countToken(p, end);
            assertThat(count).as("count [%s]", at).isEqualTo(countOf(token));
            assertThat(r.cursor()).as("after the count [%s]", at).isEqualTo(tokenEnd);
        }
    }

    @Test
    void theReadersReadGbaksColumns() {
        byte[] line =
                "gbak:    5.532  0.047      0   1234567  1040000 records restored".getBytes(StandardCharsets.US_ASCII);
        StatLineParser r = StatLineParser.over(line);
        int p = r.skipBlanks(5, line.length);
        assertThat(p).isEqualTo(9);
        assertThat(r.millisToken(p, line.length)).isEqualTo(5532);
        assertThat(r.millisToken(r.skipBlanks(r.cursor(), line.length), line.length))
                .isEqualTo(47);
        assertThat(r.countToken(r.skipBlanks(r.cursor(), line.length), line.length))
                .isZero();
        assertThat(r.countToken(r.skipBlanks(r.cursor(), line.length), line.length))
                .isEqualTo(1234567);
        assertThat(r.countToken(r.skipBlanks(r.cursor(), line.length), line.length))
                .isEqualTo(1040000);
        assertThat(StatLineParser.parseMillis("99999.999")).isEqualTo(99_999_999); // a restore of 27 h
        assertThat(StatLineParser.parseMillis("4777.1")).isEqualTo(4_777_100);
        assertThat(StatLineParser.parseCount("999040000")).isEqualTo(999_040_000);
        assertThat(StatLineParser.parseCount("18446744073709551615")).isEqualTo(-1); // #8027: beyond 2^63
    }

    private static long millisOf(String token) {
        if (!SECONDS.matcher(token).matches()) {
            return -1;
        }
        int dot = token.indexOf('.');
        String frac = (token.substring(dot + 1) + "00").substring(0, 3);
        return Long.parseLong(token.substring(0, dot)) * 1000 + Long.parseLong(frac);
    }

    private static long countOf(String token) {
        if (!COUNT.matcher(token).matches()) {
            return Long.MIN_VALUE;
        }
        BigInteger v = new BigInteger(token);
        return v.bitLength() < 64 ? v.longValue() : -1;
    }
}
