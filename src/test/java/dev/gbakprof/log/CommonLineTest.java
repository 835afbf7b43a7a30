package dev.gbakprof.log;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.testutil.Logs;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The parser's short way for the common line ({@code gbak:} and the four columns of {@code -st tdrw}, read from a
 * saved log's bytes) gives what the long way gives: every line of every log of the tests and samples is parsed
 * both ways, by two parsers fed the same lines (one the bytes in place, one the same line as a {@code String},
 * which never takes the short way), and the results must be equal.
 */
class CommonLineTest {

    static Stream<Path> logs() throws IOException {
        List<Path> files = Logs.everyFile(".log", ".txt");
        assertThat(files).hasSizeGreaterThan(30);
        return files.stream();
    }

    @ParameterizedTest
    @MethodSource("logs")
    void theShortWayGivesWhatTheLongWayGives(Path file) throws IOException {
        StatLineParser bytes = new StatLineParser();
        StatLineParser strings = new StatLineParser();
        long[] counts = new long[2]; // lines, lines read the short way
        try (LogDecoder.Decoded log = LogDecoder.open(file)) {
            log.forEachLine(line -> {
                long n = ++counts[0];
                StatLine shortWay =
                        bytes.columns().size() == 4 && line instanceof AsciiLine a ? bytes.common(a, n) : null;
                StatLine fast = bytes.parse(line, n);
                StatLine slow = strings.parse(line instanceof AsciiLine ? line.toString() : line, n);
                assertThat(fast).as("%s line %d: %s", file, n, line).isEqualTo(slow);
                if (shortWay != null) {
                    assertThat(shortWay).as("%s line %d: %s", file, n, line).isEqualTo(slow);
                    counts[1]++;
                }
            });
        } catch (LogFormatException notText) {
            return; // a binary file, an empty one: refused before any line
        }
        assertThat(bytes.state()).isEqualTo(strings.state());
    }

    @Test
    void mostLinesOfATimedRestoreAreReadTheShortWay() throws IOException {
        StatLineParser p = new StatLineParser();
        long[] counts = new long[2];
        try (LogDecoder.Decoded log = LogDecoder.open(Path.of("samples/shop-tdrw.log"))) {
            log.forEachLine(line -> {
                long n = ++counts[0];
                if (p.columns().size() == 4 && line instanceof AsciiLine a && p.common(a, n) != null) {
                    counts[1]++;
                }
                p.parse(line, n);
            });
        }
        // all but the header and gbak's one line without statistics (gbak:adjusting the ONLINE and FORCED WRITES flags)
        assertThat(counts[1]).isEqualTo(counts[0] - 2);
    }

    @Test
    void oddColumnsReadTheSameBothWays() {
        StatLineParser bytes = new StatLineParser();
        StatLineParser strings = new StatLineParser();
        List<String> lines = List.of(
                "gbak: time     delta  reads  writes ",
                "gbak:    1.2345  0.003      0     74 restoring index X", // four decimals
                "gbak:    12.  0.003      0     74 restoring index X", // none
                "gbak:    .500  0.003      0     74 restoring index X", // no whole part
                "gbak: 1234567890123456.000  0.003      0     74 restoring index X", // 16 digits
                "gbak: 123456789012345.000  0.003      0     74 restoring index X", // 15
                "gbak:    0.5x  0.003      0     74 restoring index X",
                "gbak:    0.500  0.003      0x     74 restoring index X",
                "gbak:    0.500  0.003      0     74",
                "gbak:    0.500  0.003      0     99999999999999999999 restoring index X",
                "gbak:    0.500  0.003      0     74	restoring index X",
                "gbak:    0.500  0.003      0     -1 restoring index X",
                "gbak:    0.500  0.0      0     74 restoring index X",
                "gbak:    0.500  0.003      0     74 ");
        long n = 0;
        for (String line : lines) {
            n++;
            byte[] b = line.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
            StatLine fast = bytes.parse(new AsciiLine().set(b, 0, b.length), n);
            assertThat(fast).as(line).isEqualTo(strings.parse(line, n));
        }
    }

    @Test
    void whatTheShortWayLeavesToTheLongWay() {
        StatLineParser p = new StatLineParser();
        p.parse("gbak: time     delta  reads  writes ", 1);
        for (String line : List.of(
                "  gbak:    0.085  0.003      0     74     restoring index X", // blanks before gbak:
                "> gbak:    0.085  0.003      0     74     restoring index X", // pasted in Markdown
                "gbak:    0.085  0.003      0     restoring index X", // a column missing
                "gbak:    0.085  0.003     47B     74     restoring index X", // a damaged column
                "gbak:    0.085  0.003      0     74     restoring index X\"", // a closing quote
                "gbak: time     delta  reads  writes ", // a second header
                "gbak:    0.085", // a line cut after its first column
                "gbak:cannot commit index X")) {
            byte[] b = line.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
            assertThat(p.common(new AsciiLine().set(b, 0, b.length), 2))
                    .as(line)
                    .isNull();
        }
        byte[] b = "xxgbak:    1.500  0.003     12 9223372036854775808   10000 records restored \r"
                .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        StatLine l = p.common(new AsciiLine().set(b, 2, b.length - 2), 7);
        assertThat(l).isEqualTo(new StatLine(7, true, true, 1500, 3, 12, -1, "10000 records restored"));
    }
}
