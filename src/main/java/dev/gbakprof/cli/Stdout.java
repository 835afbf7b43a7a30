package dev.gbakprof.cli;

import java.io.IOException;
import java.io.OutputStream;

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
}
