package dev.gbakprof.store;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.io.NumberOutput;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import dev.gbakprof.model.IndexBuild;
import dev.gbakprof.model.IndexMapping;
import dev.gbakprof.model.TableLoad;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link ElementText}: its numbers are jackson-core's digits, and it makes the elements of a parsed log (the bytes of
 * whole records are {@code RecordWriterTest}'s).
 */
class ElementTextTest {

    @Test
    void writesEachDoubleAsJacksonCoreDoes() {
        List<Double> values = new ArrayList<>();
        for (long m = 0; m <= 300_000; m++) {
            values.add(m / 1000.0); // every millisecond of the first five minutes
        }
        Random random = new Random(15);
        for (int i = 0; i < 300_000; i++) {
            values.add(random.nextLong(10_000_000_000L) / 1000.0); // milliseconds below 10^7 s
            values.add(Math.round(random.nextDouble() * 1e7) / 10.0); // a rate rounded to a tenth
            values.add(random.nextDouble() * Math.pow(10, random.nextInt(20) - 6)); // any double
            values.add(Double.longBitsToDouble(random.nextLong()));
        }
        values.addAll(List.of(
                -0.0,
                -1.5,
                1e-3,
                9.99e-4,
                1e-4,
                1e7,
                1e7 - 0.001,
                9_999_999.999,
                0.1 + 0.2,
                2.0 / 3,
                Double.MIN_VALUE,
                Double.MAX_VALUE,
                1e23,
                2e-3,
                5e-324));
        ElementText text = new ElementText();
        for (double v : values) {
            if (!Double.isFinite(v)) {
                continue; // the element is left to the generator
            }
            assertThat(decimal(text, v)).as("%s", v).isEqualTo(NumberOutput.toString(v, true));
        }
    }

    @Test
    void makesTheElementsOfAParsedLogAndLeavesOthersToTheGenerator() throws Exception {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = RecordWriter.generator(out)) {
            g.setPrettyPrinter(new DefaultPrettyPrinter());
            g.writeStartObject();
            g.writeFieldName("indexes");
            g.writeStartArray();
            ElementText text = ElementText.at(g);
            assertThat(text).isNotNull();
            assertThat(text.of(new IndexBuild("IX_A", "T", IndexMapping.LOG, 1.5, 0.25, 10L, 20L, false)))
                    .isTrue();
            assertThat(text.getValue())
                    .isEqualTo("{\n    \"name\" : \"IX_A\",\n    \"table\" : \"T\",\n    \"tableSource\" : \"log\",\n"
                                    .replace("\n", System.lineSeparator())
                            + ("    \"startSeconds\" : 1.5,\n    \"seconds\" : 0.25,\n    \"reads\" : 10,\n"
                                            + "    \"writes\" : 20,\n    \"failed\" : false,\n"
                                            + "    \"keysPerSecond\" : null,\n    \"tableCandidates\" : null,\n    \"errors\" : null\n  }")
                                    .replace("\n", System.lineSeparator()));
            assertThat(text.of(new TableLoad("ORDERS", 1000, 0.5, 2.0))).isTrue();
            assertThat(text.of(new TableLoad("\"quoted\"", 1000, 0.5, 2.0))).isFalse();
            assertThat(text.of(new TableLoad("ÄRGER", 1000, 0.5, 2.0))).isFalse();
            assertThat(text.of(new TableLoad("T", 1000, Double.NaN, 2.0))).isFalse();
            g.writeEndArray();
            g.writeEndObject();
        }
        StringWriter nested = new StringWriter();
        try (JsonGenerator g = RecordWriter.generator(nested)) {
            g.setPrettyPrinter(new DefaultPrettyPrinter());
            g.writeStartObject();
            g.writeFieldName("a");
            g.writeStartObject();
            g.writeFieldName("indexes");
            g.writeStartArray();
            assertThat(ElementText.at(g))
                    .as("another depth: the generator writes it")
                    .isNull();
        }
    }

    private static String decimal(ElementText text, double v) {
        text.of(new TableLoad("T", 0, null, null)); // resets the text
        int from = text.charLength();
        text.decimal(v);
        return text.getValue().substring(from);
    }
}
