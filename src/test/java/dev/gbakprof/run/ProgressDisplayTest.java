package dev.gbakprof.run;

import dev.gbakprof.log.LinePipeline;
import dev.gbakprof.testutil.Logs;
import dev.gbakprof.timeline.RestoreTimeline;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class ProgressDisplayTest {

    @Test
    void theStatusLineIsCutToTheTerminalSoRedrawsDoNotPileUp() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        RestoreTimeline timeline = new RestoreTimeline();
        try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
             ProgressDisplay display = new ProgressDisplay(timeline, out, true, 600.0, 80)) {
            LinePipeline pipeline = new LinePipeline(timeline, display);
            for (String line : Files.readAllLines(Logs.log("shop-tdrw.log"))) {
                pipeline.push(line);
            }
        }
        List<String> drawn = Arrays.stream(bytes.toString(StandardCharsets.UTF_8).split("\r"))
                .filter(s -> !s.isBlank()).toList();
        assertThat(drawn).isNotEmpty().allSatisfy(s -> {
            assertThat(s.length()).isLessThanOrEqualTo(79);
            assertThat(s).startsWith("gbakprof: ").contains(" | elapsed ", " | ETA ~");
        });
        // the shop's index lines are longer than 79: their middle gives way, phase and times stay
        assertThat(drawn).anySatisfy(s -> assertThat(s).startsWith("gbakprof: indexes  | indexes ").contains("..."));
    }

    @Test
    void aLineThatFitsIsLeftAsItIsALongerOneLosesItsMiddle() {
        String s = "gbakprof: data     | table ORDERS 120,000 records | elapsed 3.1 s";
        assertThat(ProgressDisplay.fit(s, 79)).isEqualTo(s);
        assertThat(ProgressDisplay.fit(s, 50)).isEqualTo("gbakprof: data     | table ORDE... | elapsed 3.1 s");
        assertThat(ProgressDisplay.fit(s, 30)).isEqualTo(s.substring(0, 30)); // too narrow for both ends
    }
}
