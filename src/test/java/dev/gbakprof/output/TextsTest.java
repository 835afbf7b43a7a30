package dev.gbakprof.output;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
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

    /**
     * The page's tables name a table's rows as summary.md does ("Registros" in Brazilian Portuguese, "Kayıt" in Turkish:
     * not "linhas", "satır"), capitalised as every other header; a stop by gbakprof is said in the report's language.
     */
    @Test
    void thePageNamesRowsAsSummaryMdDoesAndAStopIsSaidInTheLanguage() {
        for (Lang lang : Lang.values()) {
            Texts t = Texts.of(lang);
            assertThat(t.get("html.col.rows")).as(lang.tag()).isEqualTo(t.get("md.rows"));
            assertThat(t.get("html.col.rowsps")).as(lang.tag()).startsWith(t.get("md.rows") + "/");
            for (String header : List.of("html.col.rows", "html.col.rowsps", "html.col.keys")) {
                assertThat(Character.isUpperCase(t.get(header).codePointAt(0)))
                        .as(lang.tag() + " " + header)
                        .isTrue();
            }
        }
        assertThat(Texts.of(Lang.PT_BR).get("md.rows")).isEqualTo("Registros");
        assertThat(Texts.of(Lang.TR).get("rows", "1.000")).isEqualTo("1.000 kayıt");
        dev.gbakprof.model.FailureReason.Stop stop = new dev.gbakprof.model.FailureReason.Stop("--timeout", 3.0, false);
        assertThat(NoteText.stop(stop, Texts.of(Lang.EN))).isEqualTo("stopped by --timeout after 3.0 s");
        assertThat(NoteText.stop(stop, Texts.of(Lang.TR))).isEqualTo("--timeout ile 3,0 sn sonra durduruldu");
        assertThat(NoteText.stop(stop, Texts.of(Lang.PT_BR))).isEqualTo("interrompida por --timeout após 3,0 s");
        assertThat(NoteText.stop(stop, Texts.of(Lang.ES))).isEqualTo("detenida por --timeout tras 3,0 s");
    }
}
