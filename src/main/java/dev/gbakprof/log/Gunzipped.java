package dev.gbakprof.log;

import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.ZipException;

/**
 * A gzip file's text: where gzip's own data ends early or does not check (a copy that stopped, a damaged archive),
 * the file is refused in gbakprof's words, naming it, instead of zlib's ("Unexpected end of ZLIB input stream").
 */
final class Gunzipped extends FilterInputStream {
    private final String name;

    Gunzipped(InputStream in, String name) {
        super(in);
        this.name = name;
    }

    @Override
    public int read() throws IOException {
        try {
            return super.read();
        } catch (ZipException | EOFException ex) {
            throw cut(ex);
        }
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        try {
            return super.read(b, off, len);
        } catch (ZipException | EOFException ex) {
            throw cut(ex);
        }
    }

    private LogFormatException cut(IOException ex) {
        return new LogFormatException(
                name,
                0,
                "the gzip file is cut or damaged; expected a whole gbak log compressed with gzip (what is left"
                        + " of it: zcat " + name + " > restore.log, then read that)",
                ex);
    }
}
