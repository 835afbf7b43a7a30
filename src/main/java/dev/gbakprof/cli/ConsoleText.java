package dev.gbakprof.cli;

import java.io.FilterWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.Charset;
import java.nio.charset.CharsetEncoder;
import java.text.Normalizer;
import java.util.Map;

/**
 * A standard stream's writer in the charset it has, which writes what that charset cannot encode in characters it
 * can, instead of the {@code ?} Java writes: under the C or POSIX locale (cron's, a monitoring agent's, {@code LANG=C}),
 * whose charset is ASCII, {@code ±} becomes {@code +/-}, {@code …} {@code ...}, {@code ×} {@code x}, a letter with an
 * accent the letter ({@code é} → {@code e}); what has no such form stays {@code ?}. In a charset that encodes everything
 * (UTF-8), every character is written as it is.
 */
final class ConsoleText extends FilterWriter {
    /** What a character is written as where it cannot be encoded. */
    private static final Map<Character, String> ASCII = Map.ofEntries(
            Map.entry('±', "+/-"),
            Map.entry('×', "x"),
            Map.entry('…', "..."),
            Map.entry('–', "-"),
            Map.entry('—', "-"),
            Map.entry('→', "->"),
            Map.entry('←', "<-"),
            Map.entry('≥', ">="),
            Map.entry('≤', "<="),
            Map.entry('≈', "~"),
            Map.entry('·', "."),
            Map.entry('•', "*"),
            Map.entry('‘', "'"),
            Map.entry('’', "'"),
            Map.entry('“', "\""),
            Map.entry('”', "\""),
            Map.entry('«', "\""),
            Map.entry('»', "\""),
            Map.entry('\u00A0', " "),
            Map.entry('\u202F', " "),
            Map.entry('µ', "u"),
            Map.entry('ß', "ss"),
            Map.entry('ı', "i"),
            Map.entry('°', " deg"));

    private final CharsetEncoder encoder;

    private ConsoleText(Writer out, CharsetEncoder encoder) {
        super(out);
        this.encoder = encoder;
    }

    /** A writer of {@code stream} in {@code charset}; one that replaces what the charset cannot encode (see the class). */
    static Writer of(OutputStream stream, Charset charset) {
        Writer w = new OutputStreamWriter(stream, charset);
        CharsetEncoder encoder = charset.newEncoder();
        return encoder.canEncode("±…é\uD83D\uDE00") ? w : new ConsoleText(w, encoder);
    }

    /** {@code text} with what {@code encoder} cannot encode replaced (see the class). */
    static String encodable(String text, CharsetEncoder encoder) {
        StringBuilder sb = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x80 || encoder.canEncode(c)) {
                if (sb != null) {
                    sb.append(c);
                }
                continue;
            }
            if (sb == null) {
                sb = new StringBuilder(text.length() + 8).append(text, 0, i);
            }
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                i++; // one character outside the BMP (an emoji): one ?
                sb.append('?');
                continue;
            }
            sb.append(replacement(c, encoder));
        }
        return sb == null ? text : sb.toString();
    }

    private static String replacement(char c, CharsetEncoder encoder) {
        String known = ASCII.get(c);
        if (known != null) {
            return known;
        }
        // a letter with an accent (é, ç, Ş, İ): its letter
        String base =
                Normalizer.normalize(String.valueOf(c), Normalizer.Form.NFD).replaceAll("\\p{M}", "");
        return !base.isEmpty() && encoder.canEncode(base) ? base : "?";
    }

    @Override
    public void write(int c) throws IOException {
        write(String.valueOf((char) c));
    }

    @Override
    public void write(char[] cbuf, int off, int len) throws IOException {
        write(new String(cbuf, off, len));
    }

    @Override
    public void write(String str, int off, int len) throws IOException {
        String s = encodable(str.substring(off, off + len), encoder);
        out.write(s, 0, s.length());
    }
}
