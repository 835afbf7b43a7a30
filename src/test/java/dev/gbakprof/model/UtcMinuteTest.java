package dev.gbakprof.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class UtcMinuteTest {
    @Test
    void aMinuteInUtcWhateverTheSecondsAndTheMachinesZone() {
        assertThat(UtcMinute.of(Instant.parse("2026-12-07T14:00:00Z"))).isEqualTo("2026-12-07 14:00");
        assertThat(UtcMinute.of(Instant.parse("2026-12-07T23:59:59.999Z"))).isEqualTo("2026-12-07 23:59");
        assertThat(UtcMinute.of(Instant.parse("2026-01-02T03:04:05.123456789Z")))
                .isEqualTo("2026-01-02 03:04");
    }
}
