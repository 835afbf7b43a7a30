package dev.gbakprof.cli;

import dev.gbakprof.store.RunJson;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

/**
 * The process's standard output, which remembers its first write error: {@code parse --json LOG > file} on a full
 * disk (or {@code > /dev/full}) must end with one line and a non-zero exit, not with a truncated file and exit 0.
 * A reader that went away ({@code | head}) is not an error: what it did not read, it did not want.
 */
final class Stdout extends OutputStream {
    private final OutputStream out;
    private volatile IOException failure;

    Stdout(OutputStream out) {
        this.out = out;
    }

    @Override
    public void write(int b) throws IOException {
        try {
            out.write(b);
        } catch (IOException ex) {
            throw failed(ex);
        }
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        try {
            out.write(b, off, len);
        } catch (IOException ex) {
            throw failed(ex);
        }
    }

    @Override
    public void flush() throws IOException {
        try {
            out.flush();
        } catch (IOException ex) {
            throw failed(ex);
        }
    }

    private IOException failed(IOException ex) {
        if (failure == null) {
            failure = ex;
        }
        return ex;
    }

    /**
     * What went wrong writing standard output, for one line: {@code No space left on device}; {@code null} when
     * nothing did, or when the reader closed the pipe.
     */
    String failure() {
        IOException f = failure;
        if (f == null) {
            return null;
        }
        String m = f.getMessage() == null ? f.toString() : f.getMessage();
        return m.contains("Broken pipe") || m.contains("pipe is being closed") || m.contains("pipe has been ended")
                ? null
                : m;
    }

    /**
     * Prints a JSON document (one of the run record's digits: {@link RunJson#write(Object, OutputStream)}) on standard
     * output in UTF-8 whatever the locale's charset, for every command's {@code --json}: JSON between programs is UTF-8
     * (RFC 8259), and under the C locale (cron's, a monitoring agent's) the console's writer would write a name's letters
     * as others ({@code SİPARİŞ} as {@code SIPARIS}). Without the process's standard output (a test), through {@code
     * out}. A write that fails is remembered by {@link Stdout} ({@link #failure}), which {@code Main} reports.
     *
     * @return whether it was written
     */
    static boolean json(PrintWriter out, Object document) {
        OutputStream bytes = Main.stdoutBytes;
        try {
            if (bytes == null) {
                RunJson.write(document, out);
            } else {
                out.flush();
                RunJson.write(document, bytes);
            }
            return !out.checkError();
        } catch (IOException ex) {
            return false; // remembered by Stdout; a reader that went away wanted no more
        }
    }

    /** Prints a JSON document's text on standard output in UTF-8, as {@link #json(PrintWriter, Object)}. */
    static boolean jsonText(PrintWriter out, String text) {
        OutputStream bytes = Main.stdoutBytes;
        if (bytes == null) {
            out.print(text);
            out.flush();
            return !out.checkError();
        }
        out.flush();
        try {
            bytes.write(text.getBytes(StandardCharsets.UTF_8));
            bytes.flush();
            return true;
        } catch (IOException ex) {
            return false; // remembered by Stdout; a reader that went away wanted no more
        }
    }
}
