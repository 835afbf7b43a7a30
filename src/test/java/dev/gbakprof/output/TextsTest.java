package dev.gbakprof.output;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Counted texts in every language: 0 takes the plural form (ChoiceFormat alone gave "1 run" for 0). */
class TextsTest {
    @Test
    void zeroOneAndManyInEveryLanguage() {
        Texts en = Texts.of(Lang.EN);
        assertThat(en.get("runs.each", 0)).isEqualTo("0 runs each");
        assertThat(en.get("runs.each", 1)).isEqualTo("1 run each");
        assertThat(en.get("runs.each", 3)).isEqualTo("3 runs each");
        assertThat(Texts.of(Lang.ES).get("runs.each", 0)).isEqualTo("0 ejecuciones cada una");
        assertThat(Texts.of(Lang.PT_BR).get("runs.pair", 2, 0)).isEqualTo("2 contra 0 execuções");
        assertThat(Texts.of(Lang.TR).get("runs.each", 0)).isEqualTo("her biri için 0 çalıştırma var");
        for (Lang lang : Lang.values()) {
            assertThat(Texts.of(lang).get("note.unknown.builds", 0L))
                    .as(lang.tag())
                    .doesNotStartWith("1 ");
        }
    }
}
