package dev.gbakprof.store;

import dev.gbakprof.log.LogFormatException;
import dev.gbakprof.model.PhaseTime;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.testutil.Logs;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Property: whatever happens to the lines of a real log (deleted, duplicated, truncated, garbled), reading
 * it gives either a run record that keeps its own invariants or the documented {@link LogFormatException}.
 */
class MutatedLogsTest {
    private static final String[] LOGS = {"shop-tdrw.log", "small-tdrw.log", "dupfail-tdrw.log", "shop-cut.log",
            "shop-services-fbsvcmgr.log", "shop-td.log"};

    static Stream<Long> seeds() {
        return IntStream.range(0, 300).mapToObj(i -> 0x5EED0000L + i);
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void mutatedRealLogGivesARunOrTheDocumentedError(long seed, @TempDir Path dir) throws Exception {
        Random rnd = new Random(seed);
        String name = LOGS[rnd.nextInt(LOGS.length)];
        List<String> lines = new ArrayList<>(Files.readAllLines(Logs.log(name), StandardCharsets.UTF_8));
        int mutations = 1 + rnd.nextInt(12);
        for (int m = 0; m < mutations && !lines.isEmpty(); m++) {
            int i = rnd.nextInt(lines.size());
            switch (rnd.nextInt(6)) {
                case 0 -> lines.remove(i);
                case 1 -> lines.add(i, lines.get(i));
                case 2 -> lines.set(i, lines.get(i).substring(0, rnd.nextInt(lines.get(i).length() + 1)));
                case 3 -> lines.set(i, garble(lines.get(i), rnd));
                case 4 -> lines.subList(i, lines.size()).clear(); // cut off
                default -> {
                    int j = rnd.nextInt(lines.size());
                    String t = lines.get(i);
                    lines.set(i, lines.get(j));
                    lines.set(j, t);
                }
            }
        }
        Path f = dir.resolve(name);
        Files.write(f, lines, StandardCharsets.UTF_8);
        try {
            RestoreRun run = LogReader.read(f, null);
            assertThat(run.status()).isNotNull();
            assertThat(run.phases()).allSatisfy(p -> assertThat(p.seconds()).isGreaterThanOrEqualTo(0));
            run.indexes().forEach(ix -> {
                if (ix.seconds() != null) {
                    assertThat(ix.seconds()).isGreaterThanOrEqualTo(0);
                }
            });
            if (run.totalSeconds() != null) {
                double sum = run.phases().stream().mapToDouble(PhaseTime::seconds).sum();
                assertThat(sum).isCloseTo(run.totalSeconds(), org.assertj.core.api.Assertions.within(0.001));
            }
            assertThat(RunJson.toJson(run)).contains("gbakprof.run/1");
        } catch (LogFormatException ex) {
            assertThat(ex.oneLine()).startsWith(f.toString()).doesNotContain("\n");
        }
    }

    private static String garble(String s, Random rnd) {
        char[] c = s.toCharArray();
        for (int k = 0; k < 1 + rnd.nextInt(5) && c.length > 0; k++) {
            c[rnd.nextInt(c.length)] = (char) (rnd.nextInt(3) == 0 ? rnd.nextInt(0x250) : " 0123456789.:gbakx".charAt(rnd.nextInt(18)));
        }
        return new String(c);
    }
}
