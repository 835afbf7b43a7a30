package dev.gbakprof.output;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The summary's errors are gbak's own words, but for lines a later step adds with its author's mark: gfix's of a
 * failed {@code --validate}, gbakprof's of a {@code --replace} it refused. The heading says whose they are.
 */
class TextSummaryErrorsTest {
    @Test
    void theHeadingNamesWhoseWordsTheMarkedLinesAre() {
        assertThat(TextSummary.errorsWhose(List.of("ERROR:Unexpected end of file")))
                .isEqualTo("gbak's own words");
        assertThat(TextSummary.errorsWhose(List.of(
                        "gfix: Summary of validation errors", "gfix:         Number of record level errors : 1")))
                .isEqualTo("gbak's own words; those marked gfix: are gfix's");
        assertThat(TextSummary.errorsWhose(List.of("gbakprof: /db/erp.fdb is in use", "gfix: error")))
                .isEqualTo("gbak's own words; those marked gfix: or gbakprof: are theirs");
    }
}
