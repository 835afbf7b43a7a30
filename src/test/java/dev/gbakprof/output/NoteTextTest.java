package dev.gbakprof.output;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.model.Phase;
import dev.gbakprof.stats.Note;
import dev.gbakprof.stats.NoteCode;
import dev.gbakprof.stats.Why;
import java.util.List;
import org.junit.jupiter.api.Test;

class NoteTextTest {

    /**
     * A total whose whole gap lies in a phase with no table or index of its own (metadata): the phase is the news. Its
     * sentence was once null, and compare stopped on it with a NullPointerException before writing its Markdown.
     */
    @Test
    void whyNamesThePhaseWhenItIsTheWholeGapAndNoObjectAccountsForIt() {
        Note note = Note.of(NoteCode.WHY, new Why(0.003, Phase.METADATA, 0.003, List.of()));
        for (Lang lang : Lang.values()) {
            assertThat(NoteText.of(note, Texts.of(lang)).message())
                    .as(lang.tag())
                    .isNotBlank();
        }
        assertThat(NoteText.of(note, Texts.of(Lang.EN)).message())
                .isEqualTo("Why: the metadata phase accounts for 0.003 s of the 0.003 s difference.");
    }

    @Test
    void whyOfOnePhaseWithItsIndexesNamesOnlyTheIndexes() {
        Note note = Note.of(NoteCode.WHY, new Why(2.0, Phase.INDEXES, 2.0, List.of(new Why.Part("IX_A", "T", 1.5))));
        assertThat(NoteText.of(note, Texts.of(Lang.EN)).message())
                .contains("IX_A")
                .doesNotContain("phase accounts");
    }
}
