package dev.gbakprof.run;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The raw log as the restore's output reaches it: the first write error (a full disk) is kept and stops the
 * restore at once, instead of surfacing at the end when the measurement is lost.
 */
final class RawLog extends OutputStream {
    private final OutputStream out;
    private final Path path;
    private final Runnable stop;
    private volatile String failure;

    RawLog(OutputStream out, Path path, Runnable stop) {
        this.out = out;
        this.path = path;
        this.stop = stop;
    }

    /** A new file (never one that exists) that {@code stop}s the work at its first write error. */
    static RawLog create(Path path, Runnable stop) throws IOException {
        return new RawLog(
                new BufferedOutputStream(
                        Files.newOutputStream(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)),
                path,
                stop);
    }

    /** {@code PATH (reason)} of the first write error, or {@code null}. */
    String failure() {
        return failure;
    }

    @Override
    public void write(int b) {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) {
        if (failure == null) {
            try {
                out.write(b, off, len);
            } catch (IOException ex) {
                fail(ex);
            }
        }
    }

    @Override
    public void flush() {
        if (failure == null) {
            try {
                out.flush();
            } catch (IOException ex) {
                fail(ex);
            }
        }
    }

    @Override
    public void close() {
        try {
            out.close();
        } catch (IOException ex) {
            if (failure == null) {
                failure = path + " (" + RestoreSession.reason(ex) + ")";
            }
        }
    }

    private void fail(IOException ex) {
        failure = path + " (" + RestoreSession.reason(ex) + ")";
        stop.run();
    }
}
