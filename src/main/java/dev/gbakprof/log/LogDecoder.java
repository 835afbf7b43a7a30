package dev.gbakprof.log;

import java.io.BufferedReader;
import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PushbackInputStream;
import java.io.Reader;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

/**
 * Opens a gbak log whatever wrote it: UTF-8 with or without BOM, UTF-16LE/BE with BOM (PowerShell's
 * {@code >} writes UTF-16LE), UTF-16 without BOM, or a Windows code page (windows-1252 is assumed when
 * the bytes are not valid UTF-8). Line ends LF, CRLF or CR are all handled by {@link BufferedReader}.
 * Rejects what is not text: an empty file, a directory, a backup file or other binary data.
 */
public final class LogDecoder {
    private static final int SNIFF = 64 * 1024;
    /** What a log is, in the refusal of a file that is none: the pipeline reads restore and backup logs alike. */
    static final String A_LOG = "the text output of gbak -c -v or gbak -b -v (a restore or backup log)";
    /**
     * The longest line read: 1 MB. gbak's longest lines name an object or a file (a few hundred bytes; an error
     * quoting a path or a key value, a few KB), so a longer line is no gbak output, and memory stays bounded.
     */
    public static final int MAX_LINE = 1 << 20;
    /** A disk sector: a crash loses a log's unwritten blocks whole. */
    private static final int SECTOR = 512;

    private static final Charset WINDOWS_1252 = Charset.forName("windows-1252");
    /** Eight bytes of a byte[] as one long, lowest address in the lowest bits. */
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private LogDecoder() {}

    /** An open log: its detected encoding, positioned after any BOM. Close it when done. */
    public static final class Decoded implements Closeable {
        private final String name;
        private final Charset charset;
        private final boolean bom;
        /** The BOM's bytes, before the stream's first. */
        private final int skip;

        private final InputStream in;
        /** The charset was given ({@code --encoding}): every line is decoded in it, none guessed. */
        private final boolean given;

        private BufferedReader reader;
        private long trailingNuls;
        private long linesBeforeNuls;
        private long nulGaps;
        private long firstNulGapLine;
        private long firstNulGapBytes;
        private long guessedLines;
        private long firstGuessedLine;
        private long unendedLine;

        Decoded(String name, Charset charset, int skip, boolean given, InputStream in) {
            this.name = name;
            this.skip = skip;
            this.charset = charset;
            this.bom = skip > 0;
            this.given = given;
            this.in = in;
        }

        /**
         * Lines that were not valid UTF-8 and were read as windows-1252 (no BOM, no {@code --encoding}):
         * the code page assumed, which may be the wrong one (a Turkish cp1254 log's İ reads as Ý).
         */
        public long guessedLines() {
            return guessedLines;
        }

        /** The number of the first of the {@link #guessedLines}, 0 when there is none. */
        public long firstGuessedLine() {
            return firstGuessedLine;
        }

        public Charset charset() {
            return charset;
        }

        public boolean bom() {
            return bom;
        }

        /**
         * NUL bytes that end the file, 0 when none: what a crash or a power loss leaves of a log whose
         * size was written but not its last blocks. {@link #forEachLine} stops at them.
         */
        public long trailingNuls() {
            return trailingNuls;
        }

        /** The last line if the file ends in it with no line end (cut there: gbak ends each line), else 0 (NULs too). */
        public long unendedLine() {
            return unendedLine;
        }

        /** Lines read before the {@link #trailingNuls}. */
        public long linesBeforeNuls() {
            return linesBeforeNuls;
        }

        /**
         * Blocks of NUL bytes with text after them, 0 when none: a log a crash or a power loss left in part (its
         * size written, not its last blocks), then another run appended with {@code >>}. {@link #forEachLine} ends
         * the line the NULs cut and reads on after them.
         */
        public long nulGaps() {
            return nulGaps;
        }

        /** The line after which the first of the {@link #nulGaps} came. */
        public long firstNulGapLine() {
            return firstNulGapLine;
        }

        /** How many NUL bytes the first of the {@link #nulGaps} holds. */
        public long firstNulGapBytes() {
            return firstNulGapBytes;
        }

        /** The text as a reader (any line end: LF, CRLF, CR). */
        public BufferedReader reader() {
            if (reader == null) {
                reader = new BufferedReader(
                        new InputStreamReader(
                                in,
                                charset.newDecoder()
                                        .onMalformedInput(CodingErrorAction.REPLACE)
                                        .onUnmappableCharacter(CodingErrorAction.REPLACE)),
                        1 << 16);
            }
            return reader;
        }

        /**
         * Pushes every line, without its line end, to {@code lines}. For ASCII-compatible encodings the
         * bytes are split here, so that each line is decoded in its own charset ({@link #line}).
         * gbak never prints a NUL byte: NULs that end the file, or a block of them with text after it, are what a crash
         * left (the line they cut is a {@link CutLine}); NULs followed by other bytes are binary data.
         */
        public void forEachLine(Consumer<CharSequence> lines) throws IOException {
            long lineNumber = 0;
            if (charset == StandardCharsets.UTF_16LE || charset == StandardCharsets.UTF_16BE) {
                forEachUtf16Line(lines);
                return;
            }
            byte[] buf = new byte[1 << 16];
            long base = skip; // the file offset of buf[0]
            int start = 0;
            int end = 0;
            boolean afterCr = false;
            boolean nonAscii = false; // the line being read has a byte >= 0x80
            while (true) {
                if (start > 0 && start == end) {
                    base += end;
                    start = end = 0;
                }
                if (end == buf.length) {
                    if (start > 0) {
                        System.arraycopy(buf, start, buf, 0, end - start);
                        base += start;
                        end -= start;
                        start = 0;
                    } else if (buf.length > MAX_LINE) {
                        throw tooLong(lineNumber + 1);
                    } else {
                        buf = Arrays.copyOf(buf, buf.length * 2);
                    }
                }
                int n = in.read(buf, end, buf.length - end);
                if (n < 0) {
                    break;
                }
                int i = end;
                end += n;
                while (i < end) {
                    i = nextSpecial(buf, i, end);
                    if (i == end) {
                        break;
                    }
                    byte b = buf[i]; // a line end, a control character or a non-ASCII byte
                    if (b == '\n' || b == '\r') {
                        if (b == '\n' && afterCr && i == start) {
                            start = i + 1; // the LF of a CRLF
                        } else {
                            if (i - start > MAX_LINE) {
                                throw tooLong(lineNumber + 1);
                            }
                            lineNumber++;
                            lines.accept(line(buf, start, i - start, nonAscii, lineNumber));
                            start = i + 1;
                        }
                        afterCr = b == '\r';
                        nonAscii = false;
                    } else {
                        if (b == 0) {
                            long nulLine = lineNumber + 1;
                            if (i > start) { // the line the NULs cut, before the buffer is read over
                                lineNumber++;
                                lines.accept(new CutLine(line(buf, start, i - start, nonAscii, lineNumber)));
                            }
                            long zeros = 0;
                            long nulAt = base + i;
                            while (true) {
                                for (; i < end && buf[i] == 0; i++) {
                                    zeros++;
                                }
                                if (i < end) {
                                    break;
                                }
                                base += end;
                                end = in.read(buf, 0, buf.length);
                                if (end < 0) {
                                    trailingNuls = zeros; // the NULs end the file
                                    linesBeforeNuls = lineNumber;
                                    return;
                                }
                                i = 0;
                            }
                            // NULs, then text again: a log a crash left in part, and the next night's >> after it.
                            // What follows must be text (a backup file or a database shows control bytes)
                            byte next = buf[i];
                            if (lineNumber == 0 || !crashBlock(nulAt, zeros, next)) {
                                throw binary(nulLine);
                            }
                            if (nulGaps++ == 0) {
                                firstNulGapLine = lineNumber;
                                firstNulGapBytes = zeros;
                            }
                            start = i;
                            afterCr = false;
                            nonAscii = false;
                            continue;
                        }
                        afterCr = false;
                        nonAscii |= b < 0;
                    }
                    i++;
                }
            }
            if (end - start > MAX_LINE) {
                throw tooLong(lineNumber + 1);
            }
            if (end > start) {
                unendedLine = lineNumber + 1;
                lines.accept(new CutLine(line(buf, start, end - start, nonAscii, unendedLine))); // no line end: cut
            }
        }

        /**
         * The UTF-16 lines, split here as the bytes are for other encodings: LF, CRLF or CR; a last line
         * without a line end, or cut by NULs that end the file, is a {@link CutLine}; NULs followed by
         * anything else are binary data.
         */
        private void forEachUtf16Line(Consumer<CharSequence> lines) throws IOException {
            Reader r = reader();
            char[] cb = new char[1 << 13];
            StringBuilder line = new StringBuilder(128);
            long lineNumber = 0;
            long zeros = 0; // NUL characters seen since the first one; 0 while there was none
            boolean afterCr = false;
            int n;
            while ((n = r.read(cb, 0, cb.length)) > 0) {
                for (int k = 0; k < n; k++) {
                    char c = cb[k];
                    if (zeros > 0) {
                        if (c != 0) {
                            throw binary(lineNumber + 1);
                        }
                        zeros++;
                    } else if (c == 0) {
                        zeros = 1;
                    } else if (c == '\n' && afterCr) {
                        afterCr = false; // the LF of a CRLF
                    } else if (c == '\n' || c == '\r') {
                        if (line.length() > MAX_LINE) {
                            throw tooLong(lineNumber + 1);
                        }
                        lineNumber++;
                        lines.accept(line.toString());
                        line.setLength(0);
                        afterCr = c == '\r';
                    } else {
                        if (line.length() > MAX_LINE) {
                            throw tooLong(lineNumber + 1);
                        }
                        line.append(c);
                        afterCr = false;
                    }
                }
            }
            if (line.length() > 0) {
                lineNumber++;
                unendedLine = zeros > 0 ? 0 : lineNumber; // the NULs after it say more
                lines.accept(new CutLine(line)); // no line end: gbak stopped in the middle of it
            }
            if (zeros > 0) {
                trailingNuls = 2 * zeros;
                linesBeforeNuls = lineNumber;
            }
        }

        /**
         * The first byte at or after {@code i} that is below 14 (a line end, NUL, TAB...) or above 127, or
         * {@code end}; eight bytes at a time, as the text between line ends is almost all printable ASCII.
         */
        private static int nextSpecial(byte[] buf, int i, int end) {
            while (i + 8 <= end) {
                long x = (long) LONGS.get(buf, i);
                // a byte's high bit is set in 'special' when the byte is >= 0x80, or when it is < 0x0E (the
                // subtraction borrows); a borrow can only mark bytes above the first such byte, never below it
                long special = (((x - 0x0E0E0E0E0E0E0E0EL) & ~x) | x) & 0x8080808080808080L;
                if (special != 0) {
                    return i + (Long.numberOfTrailingZeros(special) >>> 3);
                }
                i += 8;
            }
            while (i < end && buf[i] > '\r') {
                i++;
            }
            return i;
        }

        /**
         * A line of ASCII as it is; else decoded: in the BOM's charset, or, without a BOM, line by line
         * as a live run decodes gbak's output ({@link #decodeLine}: UTF-8 when valid, else windows-1252), so a
         * name after the first 64 KB reads the same in the saved log as it did live, and a file that joins two
         * encodings (a cmd {@code >>} run after a PowerShell one) reads each line in its own.
         */
        private String line(byte[] b, int off, int len, boolean nonAscii, long lineNumber) {
            if (!nonAscii) {
                return new String(b, off, len, StandardCharsets.US_ASCII);
            }
            boolean guessed = !bom && !given && (charset == StandardCharsets.UTF_8 || charset == WINDOWS_1252);
            if (!guessed) {
                return new String(b, off, len, charset);
            }
            if (validUtf8(b, off, len)) {
                return new String(b, off, len, StandardCharsets.UTF_8);
            }
            if (guessedLines++ == 0) {
                firstGuessedLine = lineNumber;
            }
            return new String(b, off, len, WINDOWS_1252);
        }

        private LogFormatException tooLong(long lineNumber) {
            return new LogFormatException(
                    name,
                    lineNumber,
                    "a line longer than " + MAX_LINE / (1 << 20)
                            + " MB; gbak never prints one (its lines name one object or file): not a gbak log, or a damaged one");
        }

        private LogFormatException binary(long lineNumber) {
            return new LogFormatException(
                    name, lineNumber, LogFormatException.Reason.BINARY, "binary data (NUL bytes); expected " + A_LOG);
        }

        @Override
        public void close() throws IOException {
            if (reader != null) {
                reader.close();
            } else {
                in.close();
            }
        }
    }

    public static Decoded open(Path path) throws IOException {
        return open(path, null);
    }

    /**
     * Opens {@code path}; {@code encoding} (from {@code --encoding}), when given, decodes every line of a file
     * without BOM (a BOM still says what the file is); {@code null}: detected as {@link #open(Path)} does.
     */
    public static Decoded open(Path path, Charset encoding) throws IOException {
        String name = path.toString();
        if (Files.isDirectory(path)) {
            throw new LogFormatException(name, 0, "is a directory; expected a gbak restore log file");
        }
        InputStream raw;
        try {
            raw = Files.newInputStream(path);
        } catch (NoSuchFileException ex) {
            throw new LogFormatException(name, 0, "no such file; expected a gbak restore log");
        }
        if (gzipped(path)) { // a log kept compressed (logrotate, an archive of nightly restores): read as it is
            try {
                raw = new Gunzipped(new GZIPInputStream(raw, 1 << 16), name);
            } catch (ZipException | EOFException ex) {
                raw.close();
                throw new LogFormatException(
                        name,
                        0,
                        LogFormatException.Reason.NOT_A_LOG,
                        "named .gz but not gzip's format; expected a gbak log compressed with gzip");
            }
        }
        PushbackInputStream in = new PushbackInputStream(raw, SNIFF);
        byte[] head = in.readNBytes(SNIFF);
        if (head.length == 0) {
            in.close();
            throw new LogFormatException(name, 0, "empty file; expected the output of gbak -c -v -st tdrw");
        }
        int textEnd = head.length;
        while (textEnd > 0 && head[textEnd - 1] == 0) {
            textEnd--; // NULs to the end of what was read: maybe the end of a log cut by a crash (forEachLine)
        }
        int skip = 0;
        Charset cs;
        boolean bom = true;
        if (head.length >= 3 && (head[0] & 0xff) == 0xEF && (head[1] & 0xff) == 0xBB && (head[2] & 0xff) == 0xBF) {
            cs = StandardCharsets.UTF_8;
            skip = 3;
        } else if (head.length >= 2 && (head[0] & 0xff) == 0xFF && (head[1] & 0xff) == 0xFE) {
            cs = StandardCharsets.UTF_16LE;
            skip = 2;
        } else if (head.length >= 2 && (head[0] & 0xff) == 0xFE && (head[1] & 0xff) == 0xFF) {
            cs = StandardCharsets.UTF_16BE;
            skip = 2;
        } else {
            bom = false;
            cs = encoding != null ? encoding : guessWithoutBom(head, textEnd, head.length < SNIFF);
        }
        int len = Math.max(0, textEnd - skip);
        if (cs == StandardCharsets.UTF_16LE || cs == StandardCharsets.UTF_16BE) {
            int whole = head.length - skip;
            len = Math.min(len + len % 2, whole - whole % 2); // a character ending in a zero byte; whole characters
        }
        if (len == 0 && head.length > skip) {
            in.close();
            throw new LogFormatException(
                    name, 1, LogFormatException.Reason.BINARY, "only NUL bytes; expected " + A_LOG);
        }
        checkText(name, new String(head, skip, len, cs), skip);
        in.unread(head, skip, head.length - skip);
        return new Decoded(name, cs, skip, encoding != null && !bom, in);
    }

    /** Whether {@code path} is read through gzip: its name ends in {@code .gz}. */
    public static boolean gzipped(Path path) {
        return String.valueOf(path.getFileName()).toLowerCase(Locale.ROOT).endsWith(".gz");
    }

    /**
     * The encoding of a file without BOM; {@code textEnd}: where the head's trailing NULs start (they say nothing of
     * it); {@code wholeFile}: the head is the whole file, so its last bytes are not a character the window cut.
     */
    private static Charset guessWithoutBom(byte[] head, int textEnd, boolean wholeFile) {
        int evenZeros = 0;
        int oddZeros = 0;
        int text = Math.min(head.length, textEnd + textEnd % 2); // a UTF-16 character ending in a zero byte
        int n = Math.min(text, 4096);
        for (int i = 0; i < n; i++) {
            if (head[i] == 0) {
                if (i % 2 == 0) {
                    evenZeros++;
                } else {
                    oddZeros++;
                }
            }
        }
        // ASCII text in UTF-16 has a zero in every other byte
        if (n >= 8 && oddZeros > n * 2 / 5 && evenZeros == 0) {
            return StandardCharsets.UTF_16LE;
        }
        if (n >= 8 && evenZeros > n * 2 / 5 && oddZeros == 0) {
            return StandardCharsets.UTF_16BE;
        }
        int len = head.length;
        // do not judge a multi-byte character cut by the sniff window (a whole file's end is its own)
        while (!wholeFile && len > 0 && len > head.length - 4 && (head[len - 1] & 0xC0) == 0x80) {
            len--;
        }
        if (!wholeFile && len > 0 && (head[len - 1] & 0xC0) == 0xC0) {
            len--;
        }
        return validUtf8(head, 0, len) ? StandardCharsets.UTF_8 : WINDOWS_1252;
    }

    /**
     * One line of gbak's output, decoded as {@link #open} decodes a log without BOM: UTF-8 when the bytes
     * are valid UTF-8, else windows-1252. A live run decodes with it, so its record does not depend on the
     * locale (under a C locale Java's default charset is ASCII) and equals what {@code parse} makes of the
     * saved raw log.
     */
    public static String decodeLine(byte[] bytes, int offset, int length) {
        return new String(
                bytes, offset, length, validUtf8(bytes, offset, length) ? StandardCharsets.UTF_8 : WINDOWS_1252);
    }

    /**
     * Whether the bytes are well-formed UTF-8, as Java's UTF-8 decoder judges them (RFC 3629: no overlong form, no
     * surrogate, nothing above U+10FFFF), without a decoder and an exception per line: a windows-1252 log has
     * many lines that are not.
     */
    static boolean validUtf8(byte[] bytes, int offset, int length) {
        int i = offset;
        int end = offset + length;
        while (i < end) {
            int c = bytes[i] & 0xff;
            if (c < 0x80) {
                i++;
                continue;
            }
            int more = c >= 0xC2 && c <= 0xDF ? 1 : c >= 0xE0 && c <= 0xEF ? 2 : c >= 0xF0 && c <= 0xF4 ? 3 : -1;
            if (more < 0 || end - i <= more) {
                return false;
            }
            int c1 = bytes[i + 1] & 0xff;
            if ((c == 0xE0 && c1 < 0xA0)
                    || (c == 0xED && c1 > 0x9F)
                    || (c == 0xF0 && c1 < 0x90)
                    || (c == 0xF4 && c1 > 0x8F)) {
                return false; // overlong, a surrogate, or above U+10FFFF
            }
            for (int k = 1; k <= more; k++) {
                if ((bytes[i + k] & 0xC0) != 0x80) {
                    return false;
                }
            }
            i += more + 1;
        }
        return true;
    }

    /** The NULs at {@code i} of the head (offset {@code skip} in the file) run to its end, or are a crash's block. */
    private static boolean crashGap(String sample, int i, int skip) {
        int j = i;
        while (j < sample.length() && sample.charAt(j) == 0) {
            j++;
        }
        return j == sample.length() || crashBlock(skip + i, j - i, sample.charAt(j));
    }

    /**
     * {@code zeros} NUL bytes from file offset {@code at}, then {@code next}, are what a crash leaves of a log before the
     * next run's {@code >>}: the blocks the file system had not written read as NULs, so the block starts at a disk
     * sector (512 bytes) or is at least one sector long; after it comes text. A few NULs inside a line, or NULs then
     * control bytes (a backup file, a database), are binary data.
     */
    static boolean crashBlock(long at, long zeros, int next) {
        boolean text = (next & 0xff) >= 0x20 || next == '\n' || next == '\r' || next == '\t';
        return text && (at % SECTOR == 0 || zeros >= SECTOR);
    }

    /** Binary data (a .fbk, a database, an archive) shows control characters that gbak never prints. */
    private static void checkText(String name, String sample, int skip) {
        long line = 1;
        int bad = 0;
        for (int i = 0; i < sample.length(); i++) {
            char c = sample.charAt(i);
            if (c == '\n' || (c == '\r' && (i + 1 == sample.length() || sample.charAt(i + 1) != '\n'))) {
                line++; // LF, CRLF or a lone CR (old Mac line ends), as the line splitter counts them
            } else if (c == 0 && line > 1 && crashGap(sample, i, skip)) {
                while (i + 1 < sample.length() && sample.charAt(i + 1) == 0) {
                    i++; // a block of NULs a crash left, text after it (forEachLine reads on)
                }
            } else if (c < 0x20 && c != '\t' && c != '\r' && c != '\f' && c != 0x1b) {
                bad++;
                if (bad >= 1 && c == 0) {
                    throw new LogFormatException(
                            name,
                            line,
                            LogFormatException.Reason.BINARY,
                            "binary data (NUL bytes); expected " + A_LOG + ", not a backup or database file");
                }
                if (bad > 8) {
                    throw new LogFormatException(
                            name,
                            line,
                            LogFormatException.Reason.BINARY,
                            "binary data (control characters); expected " + A_LOG);
                }
            }
        }
    }
}
