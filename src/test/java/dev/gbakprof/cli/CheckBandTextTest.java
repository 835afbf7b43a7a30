package dev.gbakprof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.testutil.Cli;
import org.junit.jupiter.api.Test;

/**
 * {@code check}'s line names the rule that set its baseline band: on the small fixture's records
 * (src/test/resources/output/runs: 0.135 s restores, then one of 2.0 s) 3 MAD is 0 and the band is the median ± 1 s.
 */
class CheckBandTextTest {

    @Test
    void aBandAtItsLeastWidthSaysSo() {
        Cli.Result r = Cli.run("check", "src/test/resources/output/runs", "--max-age", "0"); // records of 2026-01-01
        assertThat(r.code()).as(r.err()).isEqualTo(1); // WARNING: above the band
        assertThat(r.out())
                .startsWith("WARNING: small restored in 2.0 s on 2026-01-01 08:00 UTC, ")
                .contains(
                        " days ago, 1381% slower than the baseline median 0.1 s, above the band (baseline band 0.0 s to"
                                + " 1.1 s = median ± 1 s, its least width, from 6 runs) | ");
    }
}
