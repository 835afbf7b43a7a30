package dev.gbakprof.exec;

import dev.gbakprof.log.LinePipeline;
import dev.gbakprof.log.LogDecoder;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.function.Consumer;

/**
 * Receives one of gbak's output streams as it arrives. Each complete line is written unchanged (bytes
 * and line end as gbak wrote them) to the shared raw sink, and pushed, without its line end, to the line
 * consumer, decoded as {@code parse} decodes the saved log ({@link LogDecoder#decodeLine}), whatever the
 * locale. gbak writes every line in several small {@code write()}s (prefix, each column, text), so lines
 * are assembled here before they reach the sink: stdout and stderr then interleave line by line in
 * arrival order, never inside a line.
 */
final class LineTee extends OutputStream {
    private final OutputStream rawSink;
    private final Object lock;
    private final Consumer<CharSequence> lines;
    private byte[] buf = new byte[256];
    private int len;

    /**
     * @param rawSink where the raw bytes go (shared by stdout and stderr)
     * @param lock    the lock both streams take to write a line and push it
     * @param lines   receives each decoded line, under the lock
     */
    public LineTee(OutputStream rawSink, Object lock, Consumer<CharSequence> lines) {
        this.rawSink = rawSink;
        this.lock = lock;
        this.lines = lines;
    }

    /** The bytes of a line kept for its text: a longer line is cut ({@link LogDecoder#MAX_LINE}, as parse refuses one). */
    static final int MAX_LINE = LogDecoder.MAX_LINE;
    /** What is kept of a cut line's text. */
    static final int CUT_HEAD = 1024;

    /** The start of the line being cut, or {@code null}: its bytes go to the raw log as they come, not held. */
    private byte[] cutHead;

    @Override
    public void write(int b) throws IOException {
        append((byte) b);
        if (b == '\n') {
            emit();
        } else {
            spill();
        }
    }

    @Override
    public void write(byte[] b, int off, int n) throws IOException {
        int start = off;
        int end = off + n;
        for (int i = off; i < end; i++) {
            if (b[i] == '\n') {
                appendAll(b, start, i + 1 - start);
                emit();
                start = i + 1;
            }
        }
        if (start < end) {
            appendAll(b, start, end - start);
            spill();
        }
    }

    /**
     * A line longer than {@link #MAX_LINE} (gbak never prints one; a wrapper or a damaged program may print one without
     * end) is not held: its bytes go to the raw log as they arrive, and only its start is kept for the line's text.
     */
    private void spill() throws IOException {
        if (cutHead == null && len <= MAX_LINE || cutHead != null && len < 1 << 16) {
            return;
        }
        if (cutHead == null) {
            cutHead = Arrays.copyOf(buf, Math.min(len, CUT_HEAD));
        }
        synchronized (lock) {
            rawSink.write(buf, 0, len);
            rawSink.flush();
        }
        len = 0;
        buf = new byte[256];
    }

    private void append(byte b) {
        ensure(len + 1);
        buf[len++] = b;
    }

    private void appendAll(byte[] b, int off, int n) {
        ensure(len + n);
        System.arraycopy(b, off, buf, len, n);
        len += n;
    }

    private void ensure(int capacity) {
        if (capacity > buf.length) {
            buf = Arrays.copyOf(buf, Math.max(capacity, buf.length * 2));
        }
    }

    private void emit() throws IOException {
        if (cutHead != null) {
            boolean ended = len > 0 && buf[len - 1] == '\n';
            String text = LogDecoder.decodeLine(cutHead, 0, cutHead.length) + " ... (gbakprof: a line longer than "
                    + MAX_LINE / (1 << 20) + " MB, cut here; the raw log has it whole)";
            synchronized (lock) {
                rawSink.write(buf, 0, len);
                rawSink.flush();
                lines.accept(ended ? text : LinePipeline.unfinished(text));
            }
            cutHead = null;
            len = 0;
            buf = new byte[256];
            return;
        }
        if (len == 0) {
            return;
        }
        int textLen = len;
        if (textLen > 0 && buf[textLen - 1] == '\n') {
            textLen--;
        }
        if (textLen > 0 && buf[textLen - 1] == '\r') {
            textLen--;
        }
        String text = LogDecoder.decodeLine(buf, 0, textLen);
        // a line gbak did not end: it was killed between two of its writes (docs/dev/GBAK-FORMAT.md §5)
        CharSequence line = buf[len - 1] == '\n' ? text : LinePipeline.unfinished(text);
        synchronized (lock) {
            rawSink.write(buf, 0, len);
            rawSink.flush();
            lines.accept(line);
        }
        len = 0;
        if (buf.length > 1 << 16) {
            buf = new byte[256];
        }
    }

    /** Emits a last line that gbak did not end (a killed gbak can stop mid-line). */
    @Override
    public void flush() throws IOException {
        // Partial lines wait for their end; only close() emits them.
    }

    @Override
    public void close() throws IOException {
        emit();
    }
}
