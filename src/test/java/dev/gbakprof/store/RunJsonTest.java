package dev.gbakprof.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gbakprof.log.LogFormatException;
import dev.gbakprof.model.IndexMapping;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.TableLoad;
import dev.gbakprof.model.WarningCode;
import dev.gbakprof.testutil.Logs;
import dev.gbakprof.testutil.Records;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The run record as JSON: every field of the records, and it reads back to the same record. */
class RunJsonTest {
    /** A plain Jackson mapper: what the records' own components give, the reference. */
    private static final ObjectMapper PLAIN = JsonMapper.builder()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .enable(SerializationFeature.WRITE_ENUMS_USING_TO_STRING)
            .enable(DeserializationFeature.READ_ENUMS_USING_TO_STRING)
            .build();

    @ParameterizedTest
    @ValueSource(
            strings = {
                "shop-tdrw.log",
                "dupfail-tdrw.log",
                "shop-cut.log",
                "shop-td.log",
                "shop-t.log",
                "shop-services-fbsvcmgr.log",
                "small-tdrw.utf16le.log"
            })
    void realLogsRoundTrip(String log) throws Exception {
        RestoreRun run = Logs.read(log);
        assertSameAsJackson(run);
    }

    @Test
    void nullsFailedIndexesExtremeValuesAndNonAsciiNamesRoundTrip() throws Exception {
        RestoreRun run = Logs.read("shop-tdrw.log").toBuilder()
                .indexes(List.of(
                        Records.index("IX_A", null, null, null, null, null, null, true),
                        Records.index("IX_\"quoted\" ä", "T", IndexMapping.LOG, 1.5, 1e-4, 0L, Long.MAX_VALUE, false)
                                .withKeys(1_000_000L),
                        Records.index("IX_BIG", "T", IndexMapping.DATABASE, 1234567.891, 12345678.9, 1L, 2L, false)
                                .withKeys(3L)))
                .tables(List.of(new TableLoad("T", 0L, null, null), new TableLoad("U", Long.MAX_VALUE, 0.0, 0.001)))
                .build();
        assertSameAsJackson(run);
    }

    @Test
    void warningsStaySentencesAndTheirCodesFollowInTheSameOrder(@TempDir Path dir) throws Exception {
        RestoreRun run = Logs.read("shop-cut.log").withWarning(WarningCode.INTERRUPTED, "interrupted (Ctrl-C): x");
        JsonNode json = PLAIN.readTree(RunJson.toJson(run));
        assertThat(json.get("warnings"))
                .allSatisfy(w -> assertThat(w.isTextual()).isTrue());
        assertThat(json.get("warnings").get(json.get("warnings").size() - 1).asText())
                .isEqualTo("interrupted (Ctrl-C): x");
        assertThat(json.get("warningCodes"))
                .extracting(JsonNode::asText)
                .containsExactlyElementsOf(
                        run.warningCodes().stream().map(WarningCode::toString).toList())
                .contains("index-time-unknown", "interrupted");
        List<String> names = new java.util.ArrayList<>();
        json.fieldNames().forEachRemaining(names::add);
        assertThat(names.get(names.size() - 1)).isEqualTo("warningCodes");

        Path file = Files.writeString(dir.resolve("run.json"), RunJson.toJson(run));
        assertThat(RunJson.read(file).get(0).hasWarning(WarningCode.INTERRUPTED))
                .isTrue();
    }

    @Test
    void aRecordWrittenBeforeWarningCodesReadsItsWarningsAsOther(@TempDir Path dir) throws Exception {
        RestoreRun run = Logs.read("shop-cut.log");
        ObjectNode old = (ObjectNode) PLAIN.readTree(RunJson.toJson(run));
        old.remove("warningCodes");
        Path file = Files.writeString(dir.resolve("old.json"), PLAIN.writeValueAsString(old));
        RestoreRun read = RunJson.read(file).get(0);
        assertThat(read.warningMessages()).isEqualTo(run.warningMessages()).isNotEmpty();
        assertThat(read.warningCodes()).containsOnly(WarningCode.OTHER);
    }

    @Test
    void anEmptyArrayIsRefusedNamingTheFile(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("empty.json"), "[]\n");
        assertThatThrownBy(() -> RunJson.read(file))
                .isInstanceOf(LogFormatException.class)
                .extracting(ex -> ((LogFormatException) ex).oneLine())
                .isEqualTo(
                        file
                                + ": an empty JSON array, no run records in it; expected a gbakprof run record or an array of them");
    }

    @Test
    void anArrayElementThatIsNotARunRecordIsNamed(@TempDir Path dir) throws Exception {
        String record = RunJson.toJson(Logs.read("shop-tdrw.log"));
        Path file = Files.writeString(dir.resolve("mixed.json"), "[" + record + ", {\"foo\": 1}]\n");
        assertThatThrownBy(() -> RunJson.read(file))
                .isInstanceOf(LogFormatException.class)
                .extracting(ex -> ((LogFormatException) ex).oneLine())
                .isEqualTo(file
                        + ": element 2 of the array: not a gbakprof run record (no \"schema\": \"gbakprof.run/1\"); "
                        + "expected a gbakprof run record or a gbak log");
    }

    @Test
    void aRecordWithoutItsListsSaysWhichIsMissing(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("bare.json"), "{\"schema\": \"gbakprof.run/1\", \"columns\": 3}\n");
        assertThatThrownBy(() -> RunJson.read(file))
                .isInstanceOf(LogFormatException.class)
                .hasMessage("not a complete gbakprof run record: \"columns\" is not a list");
        Files.writeString(file, "{\"schema\": \"gbakprof.run/1\", \"columns\": []}\n");
        assertThatThrownBy(() -> RunJson.read(file))
                .hasMessage("not a complete gbakprof run record: \"phases\" is missing");
    }

    @Test
    void aFieldOfTheWrongTypeIsNamedInTheRecordsOwnTerms(@TempDir Path dir) throws Exception {
        String record = RunJson.toJson(Logs.read("shop-tdrw.log"))
                .replaceFirst("\"totalSeconds\" : [0-9.]+", "\"totalSeconds\" : \"soon\"");
        Path file = Files.writeString(dir.resolve("typo.json"), record);
        assertThatThrownBy(() -> RunJson.read(file))
                .isInstanceOf(LogFormatException.class)
                .hasMessage("not a valid gbakprof run record: field totalSeconds: not a number")
                .message()
                .doesNotContain("soon"); // Jackson's message would quote the value
    }

    @Test
    void brokenJsonGivesTheLine(@TempDir Path dir) throws Exception {
        Path file =
                Files.writeString(dir.resolve("cut.json"), "{\n  \"schema\": \"gbakprof.run/1\",\n  \"label\": x\n}\n");
        assertThatThrownBy(() -> RunJson.read(file))
                .isInstanceOf(LogFormatException.class)
                .extracting(ex -> ((LogFormatException) ex).oneLine())
                .asString()
                .isEqualTo(file + ":3: not valid JSON (column 12); expected a gbakprof run record or a gbak log");
    }

    @Test
    void aPasswordFileGivenForARecordIsRefusedWithoutShowingItsContent(@TempDir Path dir) throws Exception {
        // run --baseline FILE and inspect --run FILE read records: a password file given by mistake (tab completion)
        Path file = Files.writeString(dir.resolve("sysdba.password"), "df91e497\n");
        assertThatThrownBy(() -> RunJson.read(file))
                .isInstanceOf(LogFormatException.class)
                .extracting(ex -> ((LogFormatException) ex).oneLine())
                .asString()
                .startsWith(file + ":1: not valid JSON")
                .doesNotContain("df91e497");
    }

    private static void assertSameAsJackson(RestoreRun run) throws Exception {
        ByteArrayOutputStream ours = new ByteArrayOutputStream();
        RunJson.write(run, ours);
        ObjectNode expected = (ObjectNode) PLAIN.readTree(PLAIN.writeValueAsBytes(run));
        // the warnings stay sentences, their codes follow in the same order as the last field
        expected.set("warnings", PLAIN.valueToTree(run.warningMessages()));
        // the rates are derived from the rows and seconds: written after them, never read back
        for (int i = 0; i < run.tables().size(); i++) {
            ((ObjectNode) expected.get("tables").get(i))
                    .put("rowsPerSecond", run.tables().get(i).rowsPerSecondRounded());
        }
        expected.put("rows", run.rows());
        expected.put("rowsPerSecond", run.rowsPerSecond());
        expected.set("warningCodes", PLAIN.valueToTree(run.warningCodes()));
        JsonNode actual = PLAIN.readTree(ours.toByteArray());
        assertThat(actual.toString()).isEqualTo(expected.toString()); // names, values and their order
        assertThat(actual.get("indexes").size()).isEqualTo(run.indexes().size());
        // and it reads back to the same record
        Path file = Files.createTempFile("gbakprof-runjson", ".json");
        try {
            Files.write(file, ours.toByteArray());
            assertThat(RunJson.read(file)).containsExactly(run);
        } finally {
            Files.delete(file);
        }
    }
}
