package dev.gbakprof.output;

import static org.assertj.core.api.Assertions.assertThat;

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
}
