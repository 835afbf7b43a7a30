package dev.gbakprof.output;

import dev.gbakprof.model.Rounding;
import java.text.ChoiceFormat;
import java.text.NumberFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.MissingResourceException;
import java.util.ResourceBundle;

/**
 * The words and number formats of one report language. Texts live in {@code texts*.properties}
 * (UTF-8) with {@code {0}}-style placeholders that are replaced as they are, without
 * {@code MessageFormat}'s quoting rules (an apostrophe is just an apostrophe: "Dengeli'ye"). A word that
 * depends on a count takes its real plural form from a {@link ChoiceFormat} placeholder:
 * {@code {1,choice,1#execução falhou|1<execuções falharam}} picks by the number in argument 1, and
 * {@code #} in the chosen form stands for that number in the language's format.
 */
public final class Texts {
    private static final String BUNDLE = "dev.gbakprof.output.texts";

    private final Lang lang;
    private final Locale locale;
    private final ResourceBundle bundle;

    private Texts(Lang lang) {
        this.lang = lang;
        this.locale = lang.locale();
        this.bundle = ResourceBundle.getBundle(
                BUNDLE, locale, ResourceBundle.Control.getNoFallbackControl(ResourceBundle.Control.FORMAT_PROPERTIES));
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
        text = choices(text, args);
        for (int i = 0; i < args.length; i++) {
            text = text.replace("{" + i + "}", String.valueOf(args[i]));
        }
        return text;
    }

    /** Replaces each {@code {N,choice,…}} by the form its count picks. */
    private String choices(String text, Object[] args) {
        int at;
        while ((at = text.indexOf(",choice,")) >= 0) {
            int open = text.lastIndexOf('{', at);
            int close = matching(text, open);
            int n = Integer.parseInt(text.substring(open + 1, at));
            double count = args[n] instanceof Number num ? num.doubleValue() : number(String.valueOf(args[n]));
            String form =
                    new ChoiceFormat(counted(withZero(text.substring(at + ",choice,".length(), close)))).format(count);
            text = text.substring(0, open) + form.replace(COUNT, integer((long) count)) + text.substring(close + 1);
        }
        return text;
    }

    /**
     * A pattern whose first case is {@code 1#} ("1 run") given a case for 0 too: the plural form, its last case ("0
     * runs"); ChoiceFormat would otherwise give a count below the first limit the first form ("1 run" for 0).
     */
    private static String withZero(String pattern) {
        if (!pattern.startsWith("1#")) {
            return pattern;
        }
        String last = pattern.substring(pattern.lastIndexOf('|') + 1);
        int sep = 0;
        while (sep < last.length() && "#<\u2264".indexOf(last.charAt(sep)) < 0) {
            sep++;
        }
        return "0#" + last.substring(Math.min(sep + 1, last.length())) + "|" + pattern;
    }

    /** Stands for the count in a chosen form (ChoiceFormat would read a {@code #} there as a limit). */
    private static final String COUNT = "\uE000";

    /** A choice pattern with each form's {@code #} (the count) replaced by {@link #COUNT}. */
    private static String counted(String pattern) {
        StringBuilder out = new StringBuilder();
        for (String segment : pattern.split("\\|", -1)) {
            int sep = 0;
            while (sep < segment.length() && "#<\u2264".indexOf(segment.charAt(sep)) < 0) {
                sep++;
            }
            if (out.length() > 0) {
                out.append('|');
            }
            out.append(segment, 0, Math.min(sep + 1, segment.length()))
                    .append(
                            sep + 1 < segment.length()
                                    ? segment.substring(sep + 1).replace("#", COUNT)
                                    : "");
        }
        return out.toString();
    }

    private static int matching(String text, int open) {
        int depth = 0;
        for (int i = open; i < text.length(); i++) {
            depth += text.charAt(i) == '{' ? 1 : text.charAt(i) == '}' ? -1 : 0;
            if (depth == 0) {
                return i;
            }
        }
        throw new IllegalStateException("unclosed choice in report text: " + text);
    }

    /** A count passed already formatted ("1.000"): its digits. */
    private static double number(String formatted) {
        return Double.parseDouble(formatted.replaceAll("[^0-9]", ""));
    }

    /** Every text of the language (to check that the font has their glyphs). */
    public List<String> all() {
        List<String> all = new ArrayList<>();
        bundle.keySet().stream()
                .sorted()
                .forEach(k -> all.add(bundle.getString(k)
                        .replaceAll("\\{\\d+,choice,", "")
                        .replace('|', ' ')
                        .replace('#', '0')));
        return all;
    }

    /** A number with exactly {@code decimals} decimals ({@link Rounding}), grouped the way the locale groups. */
    public String number(double value, int decimals) {
        NumberFormat f = NumberFormat.getNumberInstance(locale);
        f.setMinimumFractionDigits(decimals);
        f.setMaximumFractionDigits(decimals);
        return Double.isFinite(value) ? f.format(Rounding.halfEven(value, decimals)) : f.format(value);
    }

    public String integer(long value) {
        return NumberFormat.getIntegerInstance(locale).format(value);
    }

    /** {@link #integer}, or "unknown" for {@code null} (a count the log does not show). */
    public String count(Number value) {
        return value == null ? get("unknown") : integer(value.longValue());
    }

    /** {@code 1,000,000}, or {@code 440,000–1,000,000} when {@code min} and {@code max} differ. */
    public String integerRange(long min, long max) {
        return min == max ? integer(min) : integer(min) + "–" + integer(max);
    }

    /** {@code 0.37} as {@code 37%} ({@code %37} in Turkish, {@code 37 %} in Spanish). */
    public String percent(double share) {
        return NumberFormat.getPercentInstance(locale).format(share);
    }

    /**
     * A margin ({@code --margin}) as a share: with the decimals it needs, up to {@link #MARGIN_DECIMALS} ("5%",
     * "0.05%", "%0,05" in Turkish): never rounded to a "0%" the verdicts did not use.
     */
    public String margin(double share) {
        NumberFormat f = NumberFormat.getPercentInstance(locale);
        f.setMaximumFractionDigits(MARGIN_DECIMALS);
        return f.format(share);
    }

    /** Decimals of a percent {@link #margin} shows at most. */
    public static final int MARGIN_DECIMALS = 4;

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
        long total = Rounding.whole(seconds);
        if (total >= 3600) {
            long minutes = Rounding.whole(seconds / 60);
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
