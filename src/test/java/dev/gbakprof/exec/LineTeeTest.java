package dev.gbakprof.exec;

import dev.gbakprof.testutil.Logs;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

class LineTeeTest {

    @Test
    void fragmentsAreAssembledIntoLinesAndBytesKeptAsWritten() throws Exception {
        byte[] real = Files.readAllBytes(Logs.log("small-tdrw.crlf.log"));
        ByteArrayOutputStream raw = new ByteArrayOutputStream();
        List<String> lines = new ArrayList<>();
        LineTee tee = new LineTee(raw, new Object(), lines::add, StandardCharsets.UTF_8);
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
        LineTee tee = new LineTee(raw, new Object(), lines::add, StandardCharsets.UTF_8);
        tee.write("gbak:    0.498 ".getBytes(StandardCharsets.UTF_8)); // killed mid-line
        assertThat(lines).isEmpty();
        tee.close();
        assertThat(lines).containsExactly("gbak:    0.498 ");
        assertThat(raw.toString(StandardCharsets.UTF_8)).isEqualTo("gbak:    0.498 ");
    }
}
