package dev.gbakprof.output;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.stats.Analysis;
import dev.gbakprof.store.RunInputs;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProvenanceTextTest {
    @Test
    void aSmallBackupsSizeIsNotRoundedToZero() {
        Texts en = Texts.of(Lang.EN);
        assertThat(ProvenanceText.size(26_112, en)).isEqualTo("0.026 MB"); // the small fixture's backup file
        assertThat(ProvenanceText.size(47_800_000, en)).isEqualTo("47.8 MB");
        assertThat(ProvenanceText.size(144_000_000_000L, en)).isEqualTo("144.0 GB");
        assertThat(ProvenanceText.size(26_112, Texts.of(Lang.PT_BR))).isEqualTo("0,026 MB");
    }

    /**
     * The published logs: two of five print their page size (16384). The line says so, in every language, and does not
     * give the three others the two's page size.
     */
    @Test
    void aPageSizeSomeLogsDoNotGiveIsTheirsAlone() throws Exception {
        List<dev.gbakprof.model.RestoreRun> runs = new ArrayList<>();
        try (var logs = java.nio.file.Files.list(Path.of("src/test/resources/published"))) {
            for (Path log :
                    logs.filter(p -> p.toString().endsWith(".log")).sorted().toList()) {
                runs.addAll(RunInputs.load(log, null));
            }
        }
        assertThat(runs).hasSize(5);
        Analysis a = Analysis.of(runs, null);
        assertThat(a.provenance().partly()).containsExactly(java.util.Map.entry("pageSizes", 2));
        assertThat(ProvenanceText.of(a.provenance(), Texts.of(Lang.EN)))
                .isEqualTo("page size 16384 (2 of 5 runs; the others do not say)");
        assertThat(ProvenanceText.of(a.provenance(), Texts.of(Lang.TR)))
                .isEqualTo("sayfa boyutu 16384 (5 çalıştırmanın 2 tanesi; diğerleri belirtmiyor)");
        // every run gives it: said once, no count
        Analysis two =
                Analysis.of(runs.stream().filter(r -> r.pageSize() != null).toList(), null);
        assertThat(ProvenanceText.of(two.provenance(), Texts.of(Lang.EN))).isEqualTo("page size 16384");
    }
}
