package dev.gbakprof.exec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.testutil.Logs;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class LineTeeTest {

    @Test
    void fragmentsAreAssembledIntoLinesAndBytesKeptAsWritten() throws Exception {
        byte[] real = Files.readAllBytes(Logs.log("small-tdrw.crlf.log"));
        ByteArrayOutputStream raw = new ByteArrayOutputStream();
        List<String> lines = new ArrayList<>();
        LineTee tee = new LineTee(raw, new Object(), l -> lines.add(l.toString()));
        Random rnd = new Random(7);
        int pos = 0;
        while (pos < real.length) {
            int n = Math.min(real.length - pos, 1 + rnd.nextInt(9)); // gbak writes prefix, columns, text apart
            tee.write(real, pos, n);
            pos += n;
        }
        tee.close();
        assertThat(raw.toByteArray()).isEqualTo(real);
        assertThat(lines).isEqualTo(Files.readAllLines(Logs.log("small-tdrw.log")));
    }

    @Test
    void aLastLineWithoutEndIsEmittedOnClose() throws Exception {
        ByteArrayOutputStream raw = new ByteArrayOutputStream();
        List<String> lines = new ArrayList<>();
        LineTee tee = new LineTee(raw, new Object(), l -> lines.add(l.toString()));
        tee.write("gbak:    0.498 ".getBytes(StandardCharsets.UTF_8)); // killed mid-line
        assertThat(lines).isEmpty();
        tee.close();
        assertThat(lines).containsExactly("gbak:    0.498 ");
        assertThat(raw.toString(StandardCharsets.UTF_8)).isEqualTo("gbak:    0.498 ");
    }

    @Test
    void aLiveRunKilledInTheMiddleOfItsDigitsDoesNotTimeTheLastIndexWithThem() throws Exception {
        // gbak killed (timeout, Ctrl-C) after writing "gbak:   11.8" of "gbak:   11.858  3.326 ...": the
        // pipeline is told the line is unfinished, so 11.8 s is not taken for the end of the index build
        List<String> lines = Files.readAllLines(Logs.log("shop-tdrw.log"));
        int at = 0;
        while (!lines.get(at).contains("activating and creating deferred index IX_ORDERS_STATUS_YEAR")) {
            at++;
        }
        String next = lines.get(at + 1);
        for (String cut : List.of(next.substring(0, next.indexOf('.') + 3), next.substring(0, next.indexOf('.') + 5))) {
            dev.gbakprof.timeline.RestoreTimeline timeline = new dev.gbakprof.timeline.RestoreTimeline();
            dev.gbakprof.log.LinePipeline pipeline = new dev.gbakprof.log.LinePipeline(timeline);
            LineTee tee = new LineTee(new ByteArrayOutputStream(), new Object(), pipeline::push);
            tee.write((String.join("\n", lines.subList(0, at + 1)) + "\n" + cut).getBytes(StandardCharsets.UTF_8));
            tee.close();

            Double seconds = timeline.toRun("live", "live").indexes().stream()
                    .filter(i -> i.name().equals("IX_ORDERS_STATUS_YEAR"))
                    .findFirst()
                    .orElseThrow()
                    .seconds();
            // "gbak:   11.8" is a cut column: unknown; "gbak:   11.858 " is a whole one: 11.858 - 8.532
            assertThat(seconds).as(cut).isEqualTo(cut.endsWith(" ") ? 3.326 : null);
        }
    }
}
