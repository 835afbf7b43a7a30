package dev.gbakprof.log;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gbakprof.testutil.SlowTest;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link LogDecoder.Decoded#forEachLine} splits the bytes itself, eight at a time: its lines must be those
 * of the text split at LF, CRLF and CR, whatever the position of line ends, TABs and non-ASCII characters
 * within the eight bytes, across the 64 KB reads and the sniffed head.
 */
class LogDecoderTest {

    /** Pieces random text is made of: line ends, a TAB, UTF-8 characters of 2 and 3 bytes, ASCII. */
    private static final String[] PIECES = {"\n", "\r\n", "\r", "\t", "é", "€", " ", "gbak:", "0.125", "x"};

    @Test
    void aNameAfterTheFirst64KbReadsAsItDidLiveAndEachLineInItsOwnEncoding(@TempDir Path dir) throws Exception {
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        String ascii = "gbak:    0.201  0.001      0      0 restoring column ID\n";
        while (log.size() < 70_000) {
            log.writeBytes(ascii.getBytes(StandardCharsets.US_ASCII));
        }
        String name = "gbak:    0.301  0.001      0      0 restoring data for table KUNDEN_Ü";
        log.writeBytes((name + "\n").getBytes("windows-1252")); // a cmd >> run
        log.writeBytes((name + "\n").getBytes(StandardCharsets.UTF_8)); // then a PowerShell 7 / Linux run
        Path file = Files.write(dir.resolve("late.log"), log.toByteArray());
        List<String> lines = new ArrayList<>();
        try (LogDecoder.Decoded d = LogDecoder.open(file)) {
            d.forEachLine(l -> lines.add(l.toString()));
        }
        assertThat(lines.subList(lines.size() - 2, lines.size())).containsExactly(name, name);
    }

    @Test
    void utf8IsJudgedAsJavasOwnDecoderJudgesIt() {
        // bytes around every boundary of RFC 3629: overlong forms, surrogates, above U+10FFFF, cut sequences
        int[] alphabet = {
            0x41, 0x7F, 0x80, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF, 0x8F, 0x90, 0x9F,
            0xA0
        };
        Random random = new Random(42);
        for (int n = 0; n < 200_000; n++) {
            byte[] bytes = new byte[1 + random.nextInt(6)];
            for (int i = 0; i < bytes.length; i++) {
                bytes[i] = (byte) alphabet[random.nextInt(alphabet.length)];
            }
            boolean accepted;
            try {
                StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(bytes));
                accepted = true;
            } catch (java.nio.charset.CharacterCodingException ex) {
                accepted = false;
            }
            assertThat(LogDecoder.validUtf8(bytes, 0, bytes.length))
                    .as(Arrays.toString(bytes))
                    .isEqualTo(accepted);
        }
        byte[] euro = "x €𝄞 ü".getBytes(StandardCharsets.UTF_8);
        assertThat(LogDecoder.validUtf8(euro, 0, euro.length)).isTrue();
    }

    @Test
    void aLiveLineIsDecodedAsTheSavedLogIsUtf8ElseWindows1252() throws Exception {
        String line = "gbak:    0.201  0.001  0  0 restoring data for table Kunden_Ü";
        byte[] utf8 = line.getBytes(StandardCharsets.UTF_8);
        byte[] cp1252 = line.getBytes("windows-1252");
        assertThat(LogDecoder.decodeLine(utf8, 0, utf8.length)).isEqualTo(line);
        assertThat(LogDecoder.decodeLine(cp1252, 0, cp1252.length)).isEqualTo(line);
        for (byte[] bytes : List.of(utf8, cp1252)) {
            Path log = Files.createTempFile("decode", ".log");
            try {
                byte[] withEnd = Arrays.copyOf(bytes, bytes.length + 1);
                withEnd[bytes.length] = '\n'; // gbak ends every line
                Files.write(log, withEnd);
                try (LogDecoder.Decoded d = LogDecoder.open(log)) {
                    assertThat(d.reader().readLine()).isEqualTo(LogDecoder.decodeLine(bytes, 0, bytes.length));
                }
                // a file that ends in the middle of its last line, on the windows-1252 "Ü": the file's own end,
                // not a UTF-8 character cut by the 64 KB the encoding is guessed from
                Files.write(log, bytes);
                try (LogDecoder.Decoded d = LogDecoder.open(log)) {
                    assertThat(d.reader().readLine()).isEqualTo(line);
                }
            } finally {
                Files.delete(log);
            }
        }
    }

    @SlowTest
    @Test
    void linesAreThoseOfTheTextSplitAtEveryKindOfLineEnd(@TempDir Path dir) throws Exception {
        Random random = new Random(20261130);
        for (int round = 0; round < 300; round++) {
            StringBuilder text = new StringBuilder();
            int pieces = round < 250 ? random.nextInt(200) + 1 : 40_000 + random.nextInt(10_000); // some > 64 KB
            for (int i = 0; i < pieces; i++) {
                // mostly ASCII runs of random length, so that specials fall at every offset in 8 bytes
                text.append(
                        random.nextInt(3) == 0
                                ? PIECES[random.nextInt(PIECES.length)]
                                : "abcdefghijklmnopqrstuvw".substring(0, random.nextInt(23) + 1));
            }
            Path f = dir.resolve("round" + round + ".log");
            Files.writeString(f, text, StandardCharsets.UTF_8);
            assertThat(linesOf(f)).as("round %d", round).containsExactlyElementsOf(expectedLines(text.toString()));
        }
    }

    @Test
    void aNulByteAnywhereAfterTheHeadNamesItsLine(@TempDir Path dir) throws Exception {
        byte[] line = "gbak:    0.085  0.003      0     74     restoring index RDB$PRIMARY24\r\n"
                .getBytes(StandardCharsets.US_ASCII);
        int lines = 70 * 1024 / line.length + 1; // past the 64 KB that open() looks at
        for (int at = 0; at < 16; at++) { // the NUL at each offset of two 8-byte words of the line
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            for (int i = 0; i < lines; i++) {
                out.write(line);
            }
            byte[] bad = line.clone();
            bad[at] = 0;
            out.write(bad);
            out.write(line);
            Path f = dir.resolve("nul" + at + ".log");
            Files.write(f, out.toByteArray());
            long expected = lines + 1;
            assertThatThrownBy(() -> linesOf(f))
                    .isInstanceOf(LogFormatException.class)
                    .hasMessageContaining("NUL")
                    .extracting(e -> ((LogFormatException) e).line())
                    .isEqualTo(expected);
        }
    }

    @Test
    void aNulByteInTheFirstBytesNamesItsLineWhateverTheLineEnds(@TempDir Path dir) throws Exception {
        String text = Files.readString(Path.of("src/test/resources/logs/small-tdrw.log"));
        List<String> lines = new ArrayList<>(text.lines().toList());
        lines.set(49, lines.get(49) + "\0\0"); // line 50, within the head open() looks at
        for (String end : List.of("\n", "\r\n", "\r")) {
            Path f = dir.resolve("nul.log");
            Files.writeString(f, String.join(end, lines) + end, StandardCharsets.UTF_8);
            assertThatThrownBy(() -> LogDecoder.open(f).close())
                    .isInstanceOf(LogFormatException.class)
                    .extracting(e -> ((LogFormatException) e).line())
                    .as(end)
                    .isEqualTo(50L);
        }
    }

    /**
     * The last line of a file cut in it, without its line end, is named ({@code unendedLine}), in UTF-8 and UTF-16 alike;
     * a file that ends with a line end, or in NUL bytes (said as those), names none.
     */
    @Test
    void aLastLineWithoutItsLineEndIsNamed(@TempDir Path dir) throws Exception {
        String text = Files.readString(Path.of("src/test/resources/logs/small-tdrw.log"));
        String cut = text.substring(0, text.indexOf("restoring column", 1500) + 12); // "... restoring c"
        long line = cut.chars().filter(c -> c == '\n').count() + 1;
        for (java.nio.charset.Charset cs : List.of(StandardCharsets.UTF_8, StandardCharsets.UTF_16LE)) {
            Path f = dir.resolve("cut.log");
            byte[] bom = cs == StandardCharsets.UTF_16LE ? new byte[] {(byte) 0xFF, (byte) 0xFE} : new byte[0];
            Files.write(f, joined(bom, cut.getBytes(cs)));
            assertThat(unendedLine(f)).as(cs.name()).isEqualTo(line);
            Files.write(f, joined(bom, (cut + "\r\n").getBytes(cs)));
            assertThat(unendedLine(f)).as(cs.name() + ", with its line end").isZero();
            Files.write(f, joined(bom, cut.getBytes(cs), new byte[1024]));
            assertThat(unendedLine(f)).as(cs.name() + ", then NULs").isZero();
        }
    }

    private static long unendedLine(Path f) throws Exception {
        try (LogDecoder.Decoded log = LogDecoder.open(f)) {
            log.forEachLine(l -> {});
            return log.unendedLine();
        }
    }

    private static byte[] joined(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }

    private static List<String> linesOf(Path f) throws Exception {
        List<String> lines = new ArrayList<>();
        try (LogDecoder.Decoded log = LogDecoder.open(f)) {
            log.forEachLine(l -> lines.add(l.toString()));
        }
        return lines;
    }

    /** The oracle: the text split at CRLF, CR or LF; a line end at the very end makes no empty last line. */
    private static List<String> expectedLines(String text) {
        List<String> lines = new ArrayList<>(Arrays.asList(text.split("\r\n|\r|\n", -1)));
        if (lines.get(lines.size() - 1).isEmpty()) {
            lines.remove(lines.size() - 1);
        }
        return lines;
    }

    @Test
    void aLineBeyondOneMegabyteIsRefusedNamingFileAndLineWithBoundedMemory(@TempDir Path dir) throws Exception {
        String head = "gbak: time     delta  reads  writes \ngbak:    0.000  0.000      0      0 opened file x.fbk\n";
        byte[] huge = new byte[LogDecoder.MAX_LINE + 1];
        Arrays.fill(huge, (byte) 'x');
        for (String end : new String[] {"\n", ""}) { // with and without its line end
            for (String cs : new String[] {"UTF-8", "UTF-16LE"}) {
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                if (cs.equals("UTF-16LE")) {
                    out.write(new byte[] {(byte) 0xFF, (byte) 0xFE});
                }
                out.writeBytes(head.getBytes(cs));
                out.writeBytes(
                        new String(huge, StandardCharsets.US_ASCII).concat(end).getBytes(cs));
                out.writeBytes("gbak:    0.001  0.001      0      0 started transaction\n".getBytes(cs));
                Path file = Files.write(dir.resolve("long.log"), out.toByteArray());

                assertThatThrownBy(() -> {
                            try (LogDecoder.Decoded d = LogDecoder.open(file)) {
                                d.forEachLine(l -> {});
                            }
                        })
                        .as(cs + " " + end.length())
                        .isInstanceOfSatisfying(
                                LogFormatException.class,
                                ex -> assertThat(ex.oneLine())
                                        .isEqualTo(file
                                                + ":3: a line longer than 1 MB; gbak never prints one (its lines name one object or "
                                                + "file): not a gbak log, or a damaged one"));
            }
        }
        byte[] justFits = Arrays.copyOf(huge, LogDecoder.MAX_LINE);
        Path ok = Files.write(dir.resolve("ok.log"), justFits);
        List<Integer> lengths = new ArrayList<>();
        try (LogDecoder.Decoded d = LogDecoder.open(ok)) {
            d.forEachLine(l -> lengths.add(l.length()));
        }
        assertThat(lengths).containsExactly(LogDecoder.MAX_LINE);
    }
}
