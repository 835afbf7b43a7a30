package dev.gbakprof.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gbakprof.log.LogFormatException;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.testutil.Logs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link RecordReader} (jackson-core's streaming parser, through {@link RunJson#read}) reads what databind with
 * RunJson's mapper reads from the same JSON: every log of the tests and samples written as a record, every record
 * file, and a record with every field set; the scalars databind takes in place of another, too. The warnings,
 * which databind never read with their codes, are checked against the record that was written.
 */
class RecordReaderTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @MethodSource("dev.gbakprof.store.RecordWriterTest#logsAndRecords")
    void readsWhatDatabindReads(Path file) throws Exception {
        for (RestoreRun run : RecordWriterTest.records(file)) {
            assertReadsAsDatabindAndAsWritten(run);
        }
    }

    @Test
    void aRecordWithEveryFieldSet() throws Exception {
        RestoreRun run = RecordWriterTest.everyFieldSet();
        assertReadsAsDatabindAndAsWritten(run);
        assertReadsAsDatabindAndAsWritten(run.toBuilder()
                .environment(null)
                .inspection(null)
                .cpuSamples(null)
                .build());
        // an array of them, as parse --json of several logs writes
        Path file = dir.resolve("runs.json");
        RunJson.writeAtomically(List.of(run, run), file);
        assertThat(RunJson.read(file)).containsExactly(run, run);
    }

    @Test
    void scalarsDatabindTakesInPlaceOfAnother() throws Exception {
        String json = RunJson.toJson(Logs.read("shop-tdrw.log"))
                .replaceFirst("\"totalSeconds\" : ([0-9.]+)", "\"totalSeconds\" : \"$1\"")
                .replaceFirst("\"pageSize\" : ([0-9]+)", "\"pageSize\" : $1.0")
                .replaceFirst("\"label\" : \"[^\"]*\"", "\"label\" : 42")
                .replaceFirst("\"reachedEnd\" : true", "\"reachedEnd\" : \"true\"")
                .replaceFirst("\\{", "{\n  \"addedLater\" : {\"a\" : [1, {\"b\" : null}]},");
        Path file = Files.writeString(dir.resolve("lenient.json"), json);
        RestoreRun ours = RunJson.read(file).get(0);
        assertThat(ours.label()).isEqualTo("42");
        assertThat(ours.pageSize()).isEqualTo(8192);
        assertThat(ours.reachedEnd()).isTrue();
        assertThat(withoutWarnings(ours)).isEqualTo(databind(json));
    }

    @Test
    void aFieldOfTheWrongKindIsNamedWithItsPathAndTheKindExpected() throws Exception {
        String json = RunJson.toJson(Logs.read("shop-tdrw.log"));
        assertRefused(
                json.replaceFirst("\"seconds\" : [0-9.]+", "\"seconds\" : {\"a\" : 1}"),
                "not a valid gbakprof run record: field phases[0].seconds: not a number");
        assertRefused(
                json.replaceFirst("\"via\" : \"log\"", "\"via\" : \"carrier pigeon\""),
                "not a valid gbakprof run record: field via: not a known word (gbak, service, log)");
        assertRefused(
                json.replaceFirst("\"errors\" : \\[ \\]", "\"errors\" : \"none\""),
                "not a complete gbakprof run record: \"errors\" is not a list");
        assertThat(json).contains("\"indexesNeverBuilt\" : [ ]");
        assertRefused(
                json.replace("\"indexesNeverBuilt\" : [ ]", "\"indexesNeverBuilt\" : \"none\""),
                "not a valid gbakprof run record: field indexesNeverBuilt: not a list");
        assertRefused(
                json.replaceFirst("\"label\" : \"[^\"]*\"", "\"label\" : [ ]"),
                "not a valid gbakprof run record: field label: not a text");
        // the schema first, then the lists, then the kinds
        assertRefused(
                json.replaceFirst("\"schema\" : \"[^\"]*\"", "\"schema\" : 1")
                        .replaceFirst("\"label\" : \"[^\"]*\"", "\"label\" : [ ]"),
                "not a gbakprof run record (no \"schema\": \"gbakprof.run/1\"); expected a gbakprof run record or a"
                        + " gbak log");
    }

    @Test
    void aRecordWhoseCodesDoNotMatchItsWarningsKeepsItsSentences() throws Exception {
        RestoreRun run = RecordWriterTest.everyFieldSet();
        String json = RunJson.toJson(run).replaceFirst("\"warningCodes\" : \\[[^]]*]", "\"warningCodes\" : [ ]");
        RestoreRun read =
                RunJson.read(Files.writeString(dir.resolve("codes.json"), json)).get(0);
        assertThat(read.warningMessages()).isEqualTo(run.warningMessages());
        assertThat(read.warningCodes()).containsOnly(dev.gbakprof.model.WarningCode.OTHER);
    }

    @Test
    void anEmptyFileAndAScalarAreNoRecords() throws Exception {
        for (String text : List.of("", "42", "\"text\"")) {
            Path file = Files.writeString(dir.resolve("scalar.json"), text);
            assertThatThrownBy(() -> RunJson.read(file))
                    .isInstanceOf(LogFormatException.class)
                    .hasMessageStartingWith("not a gbakprof run record");
        }
    }

    private void assertRefused(String json, String message) throws IOException {
        Path file = Files.writeString(dir.resolve("wrong.json"), json);
        assertThatThrownBy(() -> RunJson.read(file))
                .isInstanceOf(LogFormatException.class)
                .hasMessage(message);
    }

    /** Written by RunJson, read back: the record itself, and what databind reads of the same text. */
    private void assertReadsAsDatabindAndAsWritten(RestoreRun run) throws Exception {
        Path file = dir.resolve("run.json");
        RunJson.writeAtomically(run, file);
        RestoreRun ours = RunJson.read(file).get(0);
        assertThat(ours).isEqualTo(run);
        assertThat(withoutWarnings(ours)).isEqualTo(databind(Files.readString(file)));
    }

    /** What databind with RunJson's mapper reads, the warnings left out (it reads no sentence into a warning). */
    private static RestoreRun databind(String json) throws IOException {
        ObjectNode tree = (ObjectNode) RunJson.mapper().readTree(json);
        tree.putArray("warnings");
        return RunJson.mapper().treeToValue(tree, RestoreRun.class);
    }

    private static RestoreRun withoutWarnings(RestoreRun run) {
        return run.toBuilder().warnings(new ArrayList<>()).build();
    }
}
