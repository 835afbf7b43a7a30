package dev.gbakprof.log;

import java.nio.charset.StandardCharsets;

/**
 * A line of ASCII bytes seen in place, inside the reader's buffer: no {@code String} is made for the
 * whole line, only for the parts kept (the message text). Valid only during the call it is passed to;
 * the decoder reuses it for the next line.
 */
final class AsciiLine implements CharSequence {
    private byte[] bytes;
    private int offset;
    private int length;

    AsciiLine set(byte[] b, int off, int len) {
        bytes = b;
        offset = off;
        length = len;
        return this;
    }

    byte[] bytes() {
        return bytes;
    }

    int offset() {
        return offset;
    }

    @Override
    public int length() {
        return length;
    }

    @Override
    public char charAt(int index) {
        return (char) bytes[offset + index];
    }

    @Override
    public String subSequence(int start, int end) {
        return new String(bytes, offset + start, end - start, StandardCharsets.ISO_8859_1);
    }

    @Override
    public String toString() {
        return subSequence(0, length);
    }
}
