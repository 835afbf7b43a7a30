package dev.gbakprof.cli;

import java.nio.charset.Charset;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;

/**
 * {@code --encoding NAME}: the code page of logs that have no BOM, as a Windows DBA names it: windows-1254,
 * cp1254, 1254, OEM 857, cp857, IBM857, UTF-8, any charset Java knows. gbak writes its messages in the
 * console's code page: the ANSI one (windows-125x) when redirected by cmd, the OEM one (cp850, cp857, cp866 ...)
 * in some consoles and tools.
 */
final class Encodings implements CommandLine.ITypeConverter<Charset> {
    static final String DESCRIPTION = "Code page of logs without BOM: windows-1250/1251/1252/1254, cp850/857/866"
            + " (OEM), UTF-8, any Java charset. Default: each line UTF-8 when it is valid UTF-8, else windows-1252"
            + " (and a warning says so). A BOM (UTF-8, UTF-16) still wins.";
    private static final Pattern OEM = Pattern.compile("(?:oem|ibm|cp)[ _-]?(\\d{3,4})");
    private static final Pattern NUMBER = Pattern.compile("\\d{3,4}");
    private static final byte[] ASCII_SAMPLE =
            "gbak: 0.011 restoring index RDB$1 \t\r\n".getBytes(StandardCharsets.US_ASCII);

    @Override
    public Charset convert(String value) {
        return parse(value);
    }

    static Charset parse(String value) {
        String v = value.strip().toLowerCase(Locale.ROOT);
        Charset cs = lookup(v);
        if (cs == null) {
            Matcher oem = OEM.matcher(v);
            if (oem.matches()) {
                cs = lookup(oem.group(1).startsWith("12") ? "windows-" + oem.group(1) : "IBM" + oem.group(1));
            } else if (NUMBER.matcher(v).matches()) {
                cs = lookup(v.startsWith("12") ? "windows-" + v : "IBM" + v);
            }
        }
        if (cs == null) {
            throw new CommandLine.TypeConversionException(
                    "'" + value + "' is not a code page Java knows; expected e.g."
                            + " windows-1250, windows-1251, windows-1252, windows-1254, cp850, cp857, cp866, UTF-8 or UTF-16LE");
        }
        // the same instances the decoder compares against (its UTF-16 path)
        if (cs.equals(StandardCharsets.UTF_16LE)) {
            return StandardCharsets.UTF_16LE;
        }
        if (cs.equals(StandardCharsets.UTF_16BE)) {
            return StandardCharsets.UTF_16BE;
        }
        if (cs.equals(StandardCharsets.UTF_8)) {
            return StandardCharsets.UTF_8;
        }
        if (!Arrays.equals(new String(ASCII_SAMPLE, StandardCharsets.US_ASCII).getBytes(cs), ASCII_SAMPLE)) {
            throw new CommandLine.TypeConversionException("'" + value + "' (" + cs.name() + ") does not write ASCII as"
                    + " ASCII, as gbak's output needs; for UTF-16 without BOM give UTF-16LE or UTF-16BE");
        }
        return cs;
    }

    private static Charset lookup(String name) {
        try {
            return Charset.isSupported(name) ? Charset.forName(name) : null;
        } catch (IllegalCharsetNameException ex) {
            return null;
        }
    }
}
