package dev.gbakprof.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.log.LinePipeline;
import dev.gbakprof.testutil.Logs;
import dev.gbakprof.timeline.RestoreTimeline;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProgressDisplayTest {

    @Test
    void theStatusLineIsCutToTheTerminalSoRedrawsDoNotPileUp() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        RestoreTimeline timeline = new RestoreTimeline();
        try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
                ProgressDisplay display = new ProgressDisplay(
                        timeline,
                        out,
                        true,
                        new ProgressDisplay.Eta(
                                new dev.gbakprof.forecast.LiveEta(Logs.read("shop-tdrw.log")),
                                null,
                                null,
                                "no position in this test"),
                        80)) {
            LinePipeline pipeline = new LinePipeline(timeline, display);
            for (String line : Files.readAllLines(Logs.log("shop-tdrw.log"))) {
                pipeline.push(line);
            }
        }
        List<String> drawn = Arrays.stream(
                        bytes.toString(StandardCharsets.UTF_8).split("\r"))
                .filter(s -> !s.isBlank())
                .toList();
        assertThat(drawn)
                .isNotEmpty()
                .filteredOn(s -> !s.contains("read position cannot be read"))
                .allSatisfy(s -> {
                    assertThat(s.length()).isLessThanOrEqualTo(79);
                    assertThat(s).startsWith("gbakprof: ").contains(" | elapsed ", " | ETA ");
                });
        // the shop's index lines are longer than 79: their middle gives way, phase and times stay
        assertThat(drawn)
                .anySatisfy(s -> assertThat(s)
                        .startsWith("gbakprof: indexes  | indexes ")
                        .contains("..."));
    }

    @Test
    void indexesAreCountedAsDefinedSoFarUntilTheIndexPhaseAndTheDataPhaseSaysWhenItGoesByRows() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        RestoreTimeline timeline = new RestoreTimeline();
        try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
                ProgressDisplay display = new ProgressDisplay(
                        timeline,
                        out,
                        true,
                        new ProgressDisplay.Eta(
                                new dev.gbakprof.forecast.LiveEta(Logs.read("shop-tdrw.log")),
                                null,
                                null,
                                "no position in this test"),
                        200)) {
            LinePipeline pipeline = new LinePipeline(timeline, display);
            for (String line : Files.readAllLines(Logs.log("shop-tdrw.log"))) {
                pipeline.push(line);
            }
        }
        List<String> drawn = Arrays.stream(
                        bytes.toString(StandardCharsets.UTF_8).split("\r"))
                .filter(s -> !s.isBlank())
                .toList();
        // gbak defines each table's indexes right before its data: 5 before ORDER_LINES, 10 before ORDERS
        assertThat(drawn)
                .anySatisfy(s -> assertThat(s)
                        .startsWith("gbakprof: data     | table ORDER_LINES ")
                        .contains(" | indexes: 5 defined so far | "))
                .anySatisfy(s -> assertThat(s)
                        .startsWith("gbakprof: data     | table ORDERS ")
                        .contains(" | indexes: 10 defined so far | "))
                .noneSatisfy(s -> assertThat(s).containsPattern("indexes \\d+ of (5|10)\\b"))
                .anySatisfy(s -> assertThat(s).startsWith("gbakprof: indexes  | indexes 0 of 14"));
        // no read position here: the data phase says so once, on its own line, and that it goes by rows
        assertThat(drawn)
                .anySatisfy(s -> assertThat(s).startsWith("gbakprof: data").endsWith(" by rows"));
        assertThat(bytes.toString(StandardCharsets.UTF_8))
                .containsOnlyOnce("gbakprof: the ETA goes by rows restored: "
                        + "the backup's read position cannot be read (no position in this test)\n");
    }

    /** A log's lines in a burst, as gbak prints them: one redraw at the first, the last state drawn at the end. */
    @Test
    void aBurstOfLinesIsOneRedrawAndTheLastStateIsDrawn() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        RestoreTimeline timeline = new RestoreTimeline();
        long start = System.nanoTime();
        try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
                ProgressDisplay display =
                        new ProgressDisplay(timeline, out, true, ProgressDisplay.Eta.NONE, 120, null)) {
            LinePipeline pipeline = new LinePipeline(timeline, display);
            for (String line : Files.readAllLines(Logs.log("shop-tdrw.log"))) {
                pipeline.push(line);
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        List<String> drawn = Arrays.stream(
                        bytes.toString(StandardCharsets.UTF_8).split("\r"))
                .filter(s -> !s.isBlank())
                .toList();
        assertThat(drawn.size())
                .as("redraws of 289 lines pushed in %.3f s", seconds)
                .isBetween(2, (int) Math.ceil(seconds * 10) + 2);
        assertThat(drawn.get(0)).startsWith("gbakprof: setup");
        assertThat(drawn.get(drawn.size() - 1)).startsWith("gbakprof: finish");
    }

    @Test
    void aGbakThatDoesNotExitAfterTheEndOfTheRestoreIsSaidOnceOnALineOfItsOwn() throws Exception {
        List<String> lines = Files.readAllLines(Logs.log("shop-tdrw.log"));
        String finished = plainOutput(lines, Duration.ofMillis(200), 1200);
        assertThat(finished)
                .containsOnlyOnce("\ngbakprof: gbak printed the end of the restore ")
                .contains(" ago and has not exited: what it does after its last line prints nothing, and an embedded"
                        + " Firebird tool can hang at its detach (FirebirdSQL/firebird#7589). gbakprof waits for it;"
                        + " Ctrl-C (or --timeout, in a scheduled"
                        + " run) stops it, and the database, restored to its end, is not removed as partial\n");
        // a restore still going (its output stops before the end, as it does while an index builds): nothing said
        String going = plainOutput(
                lines.subList(
                        0,
                        lines.indexOf(lines.stream()
                                .filter(l -> l.contains("finishing, closing"))
                                .findFirst()
                                .orElseThrow())),
                Duration.ofMillis(200),
                1200);
        assertThat(going).startsWith("gbakprof: ").doesNotContain("has not exited");
        // the services route runs no gbak here: no watch
        assertThat(plainOutput(lines, null, 600)).doesNotContain("has not exited");
    }

    /** What a display off the terminal prints for {@code lines}, then {@code waitMs} of silence from gbak. */
    private static String plainOutput(List<String> lines, Duration exitWait, long waitMs) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        RestoreTimeline timeline = new RestoreTimeline();
        try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
                ProgressDisplay display =
                        new ProgressDisplay(timeline, out, false, ProgressDisplay.Eta.NONE, 0, exitWait)) {
            LinePipeline pipeline = new LinePipeline(timeline, display);
            for (String line : lines) {
                pipeline.push(line);
            }
            Thread.sleep(waitMs);
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void theRangeIsShownInOneUnit() {
        assertThat(ProgressDisplay.range(40, 35.2, 46.1)).isEqualTo("40 s (35–47)");
        // under 5 minutes in seconds: in whole minutes this would be 1 min (0–2)
        assertThat(ProgressDisplay.range(55, 42.3, 94.6)).isEqualTo("55 s (42–95)");
        assertThat(ProgressDisplay.range(200, 150, 299)).isEqualTo("200 s (150–299)");
        assertThat(ProgressDisplay.range(240, 180, 320)).isEqualTo("4 min (3–6)");
        assertThat(ProgressDisplay.range(720, 660, 840)).isEqualTo("12 min (11–14)");
        assertThat(ProgressDisplay.range(3900, 3480, 4320)).isEqualTo("65 min (58–72)");
        assertThat(ProgressDisplay.range(7200, 6500, 7900)).isEqualTo("2 h 00 min (1 h 48 min–2 h 12 min)");
    }

    @Test
    void aLineThatFitsIsLeftAsItIsALongerOneLosesItsMiddle() {
        String s = "gbakprof: data     | table ORDERS 120,000 records | elapsed 3.1 s";
        assertThat(ProgressDisplay.fit(s, 79)).isEqualTo(s);
        assertThat(ProgressDisplay.fit(s, 50)).isEqualTo("gbakprof: data     | table ORDE... | elapsed 3.1 s");
        assertThat(ProgressDisplay.fit(s, 30)).isEqualTo(s.substring(0, 30)); // too narrow for both ends
    }
}
