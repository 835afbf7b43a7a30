package dev.gbakprof.output;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** Languages of the report texts; numbers and durations follow the same locale. */
public enum Lang {
    EN("en"),
    PT_BR("pt-BR"),
    ES("es"),
    TR("tr");

    private final String tag;

    Lang(String tag) {
        this.tag = tag;
    }

    public String tag() {
        return tag;
    }

    public Locale locale() {
        return Locale.forLanguageTag(tag);
    }

    /** The language of a tag such as {@code pt-BR} or {@code pt_br}, case-insensitively. */
    public static Lang of(String tag) {
        String wanted = tag.replace('_', '-');
        return Arrays.stream(values())
                .filter(l -> l.tag.equalsIgnoreCase(wanted))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown language '" + tag + "'; expected one of "
                        + Arrays.stream(values()).map(Lang::tag).collect(Collectors.joining(", "))));
    }

    @Override
    public String toString() {
        return tag;
    }
}
