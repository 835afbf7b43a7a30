package dev.gbakprof.stats;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.output.Lang;
import dev.gbakprof.output.ProvenanceText;
import dev.gbakprof.output.Texts;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProvenanceTest {
    private static RestoreRun restore(String label, int pageSize) {
        return RestoreRun.builder()
                .label(label)
                .status(RunStatus.COMPLETED)
                .totalSeconds(1.0)
                .pageSize(pageSize)
                .build();
    }

    @Test
    void pageSizesAreSortedAsNumbersNotAsText() {
        // matrix -- -p over 4096, 16384 and 8192: as text "16384" sorts before "4096"
        List<RestoreRun> runs = List.of(
                restore("-p 16384", 16384),
                restore("-p 4096", 4096),
                restore("-p 8192", 8192),
                restore("-p 4096", 4096));
        Provenance p = Provenance.of(runs);
        assertThat(p.pageSizes()).containsExactly("4096", "8192", "16384");
        assertThat(ProvenanceText.of(p, Texts.of(Lang.EN)))
                .contains("page size 4096 · page size 8192 · page size 16384");
    }
}
