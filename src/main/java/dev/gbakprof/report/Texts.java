package dev.gbakprof.report;

import java.text.NumberFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.MissingResourceException;
import java.util.ResourceBundle;

/**
 * The words and number formats of one report language. Texts live in {@code texts*.properties}
 * (UTF-8) with {@code {0}}-style placeholders that are replaced as they are, without
 * {@code MessageFormat}'s quoting rules.
 */
public final class Texts {
    private static final String BUNDLE = "dev.gbakprof.report.texts";

    private final Lang lang;
    private final Locale locale;
    private final ResourceBundle bundle;

    private Texts(Lang lang) {
        this.lang = lang;
        this.locale = lang.locale();
        this.bundle = ResourceBundle.getBundle(BUNDLE, locale,
                ResourceBundle.Control.getNoFallbackControl(ResourceBundle.Control.FORMAT_PROPERTIES));
    }

    public static Texts of(Lang lang) {
        return new Texts(lang);
    }

    public Lang lang() {
        return lang;
    }

    public Locale locale() {
        return locale;
    }

    /** The text of a key with its placeholders filled in. */
    public String get(String key, Object... args) {
        String text;
        try {
            text = bundle.getString(key);
        } catch (MissingResourceException ex) {
            throw new IllegalStateException("report text '" + key + "' missing for " + lang, ex);
        }
        for (int i = 0; i < args.length; i++) {
            text = text.replace("{" + i + "}", String.valueOf(args[i]));
        }
        return text;
    }

    /** Every text of the language (to check that the font has their glyphs). */
    public List<String> all() {
        List<String> all = new ArrayList<>();
        bundle.keySet().stream().sorted().forEach(k -> all.add(bundle.getString(k)));
        return all;
    }

    /** A number with exactly {@code decimals} decimals, grouped the way the locale groups. */
    public String number(double value, int decimals) {
        NumberFormat f = NumberFormat.getNumberInstance(locale);
        f.setMinimumFractionDigits(decimals);
        f.setMaximumFractionDigits(decimals);
        return f.format(value);
    }

    public String integer(long value) {
        return NumberFormat.getIntegerInstance(locale).format(value);
    }

    /** {@code 1,000,000}, or {@code 440,000–1,000,000} when {@code min} and {@code max} differ. */
    public String integerRange(long min, long max) {
        return min == max ? integer(min) : integer(min) + "–" + integer(max);
    }

    /** {@code 0.37} as {@code 37%} ({@code %37} in Turkish, {@code 37 %} in Spanish). */
    public String percent(double share) {
        return NumberFormat.getPercentInstance(locale).format(share);
    }

    /** A speed-up or time ratio: {@code 1.59×}. */
    public String factor(double ratio) {
        return number(ratio, 2) + "×";
    }

    /**
     * {@code 4 h 07 min}, {@code 43 min 13 s}, {@code 12.3 s}, {@code 0.004 s} (gbak's millisecond), with the
     * language's units; or "unknown".
     */
    public String duration(Double seconds) {
        if (seconds == null) {
            return get("unknown");
        }
        if (seconds < 60) {
            return number(seconds, seconds < 1 ? 3 : seconds < 10 ? 2 : 1) + " " + get("dur.s");
        }
        long total = Math.round(seconds);
        if (total >= 3600) {
            long minutes = Math.round(seconds / 60);
            return minutes / 60 + " " + get("dur.h") + " " + String.format(Locale.ROOT, "%02d", minutes % 60) + " "
                    + get("dur.min");
        }
        long m = total / 60;
        long s = total % 60;
        return m + " " + get("dur.min") + " " + String.format(Locale.ROOT, "%02d", s) + " " + get("dur.s");
    }

    /** "1 run" / "3 runs". */
    public String runs(int n) {
        return n == 1 ? get("runs.one") : get("runs.many", n);
    }
}
