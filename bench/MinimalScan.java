import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * bench/parse-throughput's reference for what the JVM itself costs: the awk one-liner's job (index
 * name and duration per build) done in Java in one pass over the bytes, nothing else: no run record, no
 * JSON, no checks. Prints the same lines as the awk (durations with 3 decimals). Not part of gbakprof.
 *
 * usage: java -cp DIR MinimalScan LOG
 */
public final class MinimalScan {
    private static final byte[] KEY = "activating and creating deferred index ".getBytes(StandardCharsets.US_ASCII);
    private final StringBuilder out = new StringBuilder(1 << 16);
    private final OutputStream stdout = new FileOutputStream(FileDescriptor.out);
    private String index; // the build waiting for the next timed line
    private long startMs;

    public static void main(String[] args) throws IOException {
        MinimalScan scan = new MinimalScan();
        try (FileInputStream in = new FileInputStream(args[0])) {
            byte[] buf = new byte[1 << 16];
            int start = 0;
            int end = 0;
            int n;
            while ((n = in.read(buf, end, buf.length - end)) > 0) {
                int i = end;
                end += n;
                for (; i < end; i++) {
                    if (buf[i] == '\n') {
                        scan.line(buf, start, i);
                        start = i + 1;
                    }
                }
                System.arraycopy(buf, start, buf, 0, end - start); // keep the unfinished line
                end -= start;
                start = 0;
            }
            scan.line(buf, 0, end);
        }
        scan.flush();
    }

    /** One line: "gbak: T D R W message"; a build's duration is the time of the next line with a time. */
    private void line(byte[] b, int from, int to) throws IOException {
        int p = skip(b, word(b, skip(b, from, to), to), to); // the second field: gbak's clock
        int q = word(b, p, to);
        long ms = millis(b, p, q);
        if (ms < 0) {
            return;
        }
        if (index != null) {
            long d = ms - startMs;
            out.append(index).append(' ').append(d / 1000).append('.');
            out.append((char) ('0' + d / 100 % 10))
                    .append((char) ('0' + d / 10 % 10))
                    .append((char) ('0' + d % 10))
                    .append('\n');
            index = null;
            if (out.length() > 60_000) {
                flush();
            }
        }
        for (int f = 0; f < 3; f++) { // delta, reads, writes
            q = word(b, skip(b, q, to), to);
        }
        q = skip(b, q, to);
        if (to - q > KEY.length && Arrays.equals(b, q, q + KEY.length, KEY, 0, KEY.length)) {
            int e = to;
            while (e > q && b[e - 1] <= ' ') {
                e--;
            }
            index = new String(b, q + KEY.length, e - q - KEY.length, StandardCharsets.ISO_8859_1);
            startMs = ms;
        }
    }

    private static int skip(byte[] b, int p, int to) {
        while (p < to && b[p] <= ' ') {
            p++;
        }
        return p;
    }

    private static int word(byte[] b, int p, int to) {
        while (p < to && b[p] > ' ') {
            p++;
        }
        return p;
    }

    /** "12.345" → 12345; -1 when the field is not seconds with 3 decimals. */
    private static long millis(byte[] b, int p, int q) {
        if (q - p < 5 || b[q - 4] != '.') {
            return -1;
        }
        long v = 0;
        for (int i = p; i < q; i++) {
            if (i == q - 4) {
                continue;
            }
            int d = b[i] - '0';
            if (d < 0 || d > 9) {
                return -1;
            }
            v = v * 10 + d;
        }
        return v;
    }

    private void flush() throws IOException {
        stdout.write(out.toString().getBytes(StandardCharsets.ISO_8859_1));
        out.setLength(0);
    }
}
