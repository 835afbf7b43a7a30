package dev.gbakprof.output;

import dev.gbakprof.model.Rounding;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** CSV as RFC 4180 writes it: comma-separated, quoted when needed, CRLF; numbers with a dot, for any tool. */
final class Csv {
    private final StringBuilder sb = new StringBuilder();

    Csv row(List<?> cells) {
        for (int i = 0; i < cells.size(); i++) {
            if (i > 0) {
                sb.append(',');
            }
            sb.append(cell(cells.get(i)));
        }
        sb.append("\r\n");
        return this;
    }

    byte[] bytes() {
        return sb.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** Seconds with milliseconds (gbak's resolution), or empty when unknown. */
    static String seconds(Double s) {
        return s == null ? "" : fixed(s, 3);
    }

    /** A ratio with 4 decimals, or empty when unknown. */
    static String ratio(Double r) {
        return r == null ? "" : fixed(r, 4);
    }

    /** {@code value} rounded to {@code decimals} places as every other file rounds it ({@link Rounding}), with a dot. */
    static String fixed(double value, int decimals) {
        return Rounding.halfEven(value, decimals).toPlainString();
    }

    private static String cell(Object value) {
        String s = value == null ? "" : value.toString();
        if (s.indexOf(',') >= 0 || s.indexOf('"') >= 0 || s.indexOf('\n') >= 0 || s.indexOf('\r') >= 0) {
            return '"' + s.replace("\"", "\"\"") + '"';
        }
        return s;
    }
}
