package dev.gbakprof.report;

import java.awt.Font;
import java.awt.GraphicsEnvironment;
import java.util.Arrays;
import java.util.List;

/**
 * The font every chart is drawn with. Without a usable font Java would draw empty boxes or nothing
 * at all, so the program stops with a message that says what to install instead of writing blank PNGs.
 */
public final class Fonts {
    /** Families tried in order; DejaVu Sans has every glyph of the report languages. */
    static final List<String> PREFERRED =
            List.of("DejaVu Sans", "Noto Sans", "Liberation Sans", "Arial", "Segoe UI", "Helvetica");
    /** Letters of the report languages a font must have (Turkish ı ş ğ İ, Portuguese ã ç, Spanish ñ ó). */
    static final String PROBE = "AaÇçÃãÉéÍíÑñÓóÚúİıŞşĞğÖöÜü–×%0123456789";

    /** Java's own names, listed even when no font file exists. */
    private static final List<String> JAVA_LOGICAL =
            List.of("Dialog", "DialogInput", "Monospaced", "SansSerif", "Serif");

    private static volatile String family;

    private Fonts() {}

    /** The family charts use; the first call looks at the fonts installed. */
    public static String family() {
        String f = family;
        if (f == null) {
            f = choose(installedFamilies());
            family = f;
        }
        return f;
    }

    public static Font plain(float size) {
        return new Font(family(), Font.PLAIN, 1).deriveFont(size);
    }

    public static Font bold(float size) {
        return new Font(family(), Font.BOLD, 1).deriveFont(size);
    }

    /** The first preferred family among {@code installed} that draws {@link #PROBE}. */
    static String choose(List<String> installed) {
        for (String name : PREFERRED) {
            if (installed.contains(name) && new Font(name, Font.PLAIN, 12).canDisplayUpTo(PROBE) == -1) {
                return name;
            }
        }
        boolean none = installed.stream().allMatch(JAVA_LOGICAL::contains);
        throw new FontsUnavailableException(
                none
                        ? "no fonts found: charts cannot be drawn. Install a font package (Debian/Ubuntu: "
                                + "apt-get install fonts-dejavu-core; RHEL/Fedora: dnf install dejavu-sans-fonts) and try again"
                        : "none of the fonts " + PREFERRED + " is installed (found "
                                + installed.stream()
                                        .filter(f -> !JAVA_LOGICAL.contains(f))
                                        .count()
                                + " others): charts would lack letters. Install one (Debian/Ubuntu: apt-get install fonts-dejavu-core)");
    }

    private static List<String> installedFamilies() {
        try {
            return Arrays.asList(
                    GraphicsEnvironment.getLocalGraphicsEnvironment().getAvailableFontFamilyNames());
        } catch (RuntimeException | Error ex) {
            // With no font at all, Java's font manager fails inside fontconfig (NullPointerException or Error)
            return List.of();
        }
    }
}
