package dev.gbakprof.timeline;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link NameIndex} answers as a {@code HashMap} would, through its growth, for names alike and names that collide. */
class NameIndexTest {
    @Test
    void answersAsAHashMapDoes() {
        NameIndex index = new NameIndex();
        Map<String, Integer> expected = new HashMap<>();
        Random random = new Random(15);
        for (int i = 0; i < 200_000; i++) {
            // names like a huge log's (IX_ORDERS_123), some again, and pairs with the same hashCode ("Aa", "BB")
            String name = switch (random.nextInt(4)) {
                case 0 -> "IX_ORDERS_" + random.nextInt(50_000);
                case 1 -> "RDB$" + random.nextInt(1_000);
                case 2 -> random.nextBoolean() ? "Aa" + random.nextInt(100) : "BB" + random.nextInt(100);
                default -> "T" + i;
            };
            int value = random.nextInt(1 << 20);
            if (random.nextBoolean()) {
                Integer before = expected.put(name, value);
                assertThat(index.put(name, value)).isEqualTo(before == null ? -1 : before);
            } else {
                Integer before = expected.putIfAbsent(name, value);
                assertThat(index.putIfAbsent(name, value)).isEqualTo(before == null ? -1 : before);
            }
            if (i % 1000 == 0) {
                assertThat(index.get("IX_ORDERS_" + i % 50_000))
                        .isEqualTo(expected.getOrDefault("IX_ORDERS_" + i % 50_000, -1));
            }
        }
        for (Map.Entry<String, Integer> e : expected.entrySet()) {
            assertThat(index.get(e.getKey())).as(e.getKey()).isEqualTo(e.getValue());
        }
        assertThat(index.get("NOT_THERE")).isEqualTo(-1);
        assertThat("Aa".hashCode()).isEqualTo("BB".hashCode()); // the collision is a real one
        assertThat(index.get("Aa")).isEqualTo(-1);
    }
}
