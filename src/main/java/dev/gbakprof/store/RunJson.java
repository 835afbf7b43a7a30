package dev.gbakprof.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.gbakprof.log.LogFormatException;
import dev.gbakprof.model.RestoreRun;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** The run record as JSON ({@code "schema": "gbakprof.run/1"}). */
public final class RunJson {
    private static final ObjectMapper MAPPER = JsonMapper.builder()
            // Schubfach instead of Double.toString: a huge log's record has hundreds of thousands of
            // seconds values (bench/parse-throughput: the JSON of 197,008 indexes 0.94 -> 0.77 s)
            .enable(StreamWriteFeature.USE_FAST_DOUBLE_WRITER)
            .enable(SerializationFeature.INDENT_OUTPUT)
            .enable(SerializationFeature.WRITE_ENUMS_USING_TO_STRING)
            .enable(DeserializationFeature.READ_ENUMS_USING_TO_STRING)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    private RunJson() {
    }

    public static String toJson(RestoreRun run) {
        return write(run);
    }

    public static String toJson(List<RestoreRun> runs) {
        return write(runs);
    }

    private static String write(Object value) {
        try {
            return MAPPER.writeValueAsString(value) + System.lineSeparator();
        } catch (JsonProcessingException ex) {
            throw new IllegalStateException("cannot write run record: " + ex.getMessage(), ex);
        }
    }

    /** Writes one run record atomically (temporary file, then rename). */
    public static void write(RestoreRun run, Path file) throws IOException {
        writeAtomically(run, file);
    }

    /** Writes a record or a list of them as JSON to a stream, without building the text in memory. */
    public static void write(Object runOrRuns, java.io.Writer out) throws IOException {
        MAPPER.writer().without(com.fasterxml.jackson.core.JsonGenerator.Feature.AUTO_CLOSE_TARGET)
                .writeValue(out, runOrRuns);
        out.write(System.lineSeparator());
        out.flush();
    }

    /** Writes a record or a list of them as UTF-8 JSON bytes to a stream (left open, flushed). */
    public static void write(Object runOrRuns, java.io.OutputStream out) throws IOException {
        java.io.OutputStream buffered = new java.io.BufferedOutputStream(out, 1 << 16);
        MAPPER.writer().without(com.fasterxml.jackson.core.JsonGenerator.Feature.AUTO_CLOSE_TARGET)
                .writeValue(buffered, runOrRuns);
        buffered.write(System.lineSeparator().getBytes(java.nio.charset.StandardCharsets.UTF_8));
        buffered.flush();
    }

    /** Writes a record or a list of them to a file atomically, streaming. */
    public static void writeAtomically(Object runOrRuns, Path file) throws IOException {
        AtomicFiles.write(file, tmp -> {
            try (java.io.OutputStream os = java.nio.file.Files.newOutputStream(tmp)) {
                write(runOrRuns, os);
            }
        });
    }

    /** Reads a run record, or each record of a JSON array of them. */
    public static List<RestoreRun> read(Path file) {
        try {
            var tree = MAPPER.readTree(file.toFile());
            if (tree.isArray()) {
                return List.of(MAPPER.treeToValue(tree, RestoreRun[].class));
            }
            String schema = tree.path("schema").asText("");
            if (!schema.startsWith("gbakprof.run/")) {
                throw new LogFormatException(file.toString(), 0,
                        "JSON without \"schema\": \"gbakprof.run/1\"; expected a gbakprof run record or a gbak log");
            }
            return List.of(MAPPER.treeToValue(tree, RestoreRun.class));
        } catch (IOException ex) {
            String msg = ex.getMessage() == null ? ex.toString() : ex.getMessage().lines().findFirst().orElse("");
            throw new LogFormatException(file.toString(), 0, "not a readable run record: " + msg);
        }
    }
}
