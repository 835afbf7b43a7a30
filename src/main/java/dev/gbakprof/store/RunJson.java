package dev.gbakprof.store;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationConfig;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.BeanPropertyWriter;
import com.fasterxml.jackson.databind.ser.BeanSerializerModifier;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import dev.gbakprof.log.LogFormatException;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.TableLoad;
import dev.gbakprof.model.Warning;
import dev.gbakprof.model.WarningCode;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The run record as JSON ({@code "schema": "gbakprof.run/1"}): read with Jackson's databind, written with
 * jackson-core's streaming generator ({@link RecordWriter}, the same bytes); anything else given to the
 * writing methods (an inspection) is written by databind.
 */
public final class RunJson {
    /** Made on first use: a parse writes records only, and needs none of databind's start-up. */
    private static final class Mapper {
        static final ObjectMapper MAPPER = JsonMapper.builder()
                // the shortest digits of a double (Schubfach), which every record written so far has
                .enable(StreamWriteFeature.USE_FAST_DOUBLE_WRITER)
                .enable(SerializationFeature.INDENT_OUTPUT)
                .enable(SerializationFeature.WRITE_ENUMS_USING_TO_STRING)
                .enable(DeserializationFeature.READ_ENUMS_USING_TO_STRING)
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .addModule(new SimpleModule("gbakprof-warnings")
                        .addSerializer(Warning.class, new WarningMessage())
                        .addDeserializer(Warning.class, new WarningWithoutCode())
                        .setSerializerModifier(new DerivedLast()))
                .addMixIn(RestoreRun.class, RunWithCodes.class)
                .addMixIn(TableLoad.class, TableWithRate.class)
                .build();
    }

    /**
     * A record's warnings stay a list of sentences ({@code warnings: [string]}, as every record since the
     * first); their codes follow, in the same order, as the last field {@code warningCodes}. Read back, the
     * two lists are paired again; a record without codes (written before them) gets {@link WarningCode#OTHER}.
     */
    @JsonIgnoreProperties(
            value = {"rows", "rowsPerSecond", "warningCodes"},
            allowGetters = true)
    private abstract static class RunWithCodes {
        @JsonProperty("rows")
        abstract long rows();

        @JsonProperty("rowsPerSecond")
        abstract Double rowsPerSecond();

        @JsonProperty("warningCodes")
        abstract List<WarningCode> warningCodes();
    }

    /** A table's rows per second, derived from its rows and seconds: written, never read back. */
    @JsonIgnoreProperties(value = "rowsPerSecond", allowGetters = true)
    private abstract static class TableWithRate {
        @JsonProperty("rowsPerSecond")
        abstract Double rowsPerSecondRounded();
    }

    /**
     * The derived fields after the components, in a fixed order (databind's order of properties that are not
     * components depends on reflection): a record's {@code rows, rowsPerSecond, warningCodes}, a table's
     * {@code rowsPerSecond}. {@link RecordWriter} writes them so.
     */
    private static final class DerivedLast extends BeanSerializerModifier {
        private static final long serialVersionUID = 1L;

        private static final Map<Class<?>, List<String>> LAST = Map.of(
                RestoreRun.class, List.of("rows", "rowsPerSecond", "warningCodes"),
                TableLoad.class, List.of("rowsPerSecond"));

        @Override
        public List<BeanPropertyWriter> orderProperties(
                SerializationConfig config, BeanDescription description, List<BeanPropertyWriter> properties) {
            List<String> last = LAST.get(description.getBeanClass());
            if (last == null) {
                return properties;
            }
            List<BeanPropertyWriter> ordered = new ArrayList<>(properties);
            for (String name : last) {
                for (int i = 0; i < ordered.size(); i++) {
                    if (ordered.get(i).getName().equals(name)) {
                        ordered.add(ordered.remove(i));
                        break;
                    }
                }
            }
            return ordered;
        }
    }

    private static final class WarningMessage extends StdSerializer<Warning> {
        private static final long serialVersionUID = 1L;

        WarningMessage() {
            super(Warning.class);
        }

        @Override
        public void serialize(Warning w, JsonGenerator gen, SerializerProvider provider) throws IOException {
            gen.writeString(w.message());
        }
    }

    private static final class WarningWithoutCode extends StdDeserializer<Warning> {
        private static final long serialVersionUID = 1L;

        WarningWithoutCode() {
            super(Warning.class);
        }

        @Override
        public Warning deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            if (!p.hasToken(JsonToken.VALUE_STRING)) {
                return (Warning) ctxt.handleUnexpectedToken(String.class, p);
            }
            return new Warning(WarningCode.OTHER, p.getText());
        }
    }

    /** Pairs the warnings read as sentences with the record's {@code warningCodes}, when it has them. */
    private static RestoreRun withCodes(RestoreRun run, JsonNode codes) {
        if (!codes.isArray() || codes.size() != run.warnings().size()) {
            return run;
        }
        List<Warning> paired = new ArrayList<>(codes.size());
        for (int i = 0; i < codes.size(); i++) {
            paired.add(new Warning(
                    WarningCode.fromJson(codes.get(i).asText()),
                    run.warnings().get(i).message()));
        }
        return run.toBuilder().warnings(paired).build();
    }

    private RunJson() {}

    static ObjectMapper mapper() {
        return Mapper.MAPPER;
    }

    /**
     * The one configured writer (indented, the shortest digits of a double, enums by their JSON words): every JSON
     * document gbakprof writes goes through it, the run record's and the analyses' ({@code dev.gbakprof.output}).
     */
    public static ObjectWriter writer() {
        return mapper().writer();
    }

    /** The same mapper's reader: JSON as gbakprof reads it (a jobs file's trees too). */
    public static ObjectReader reader() {
        return mapper().reader();
    }

    public static String toJson(RestoreRun run) {
        return write(run);
    }

    public static String toJson(List<RestoreRun> runs) {
        return write(runs);
    }

    private static String write(Object value) {
        StringWriter out = new StringWriter();
        try {
            write(value, out);
        } catch (IOException ex) {
            throw new IllegalStateException("cannot write run record: " + ex.getMessage(), ex);
        }
        return out.toString();
    }

    /** What databind writes as text for a record or a list of them: what {@link RecordWriter} must equal. */
    static String withDatabind(Object value) throws JsonProcessingException {
        return mapper().writeValueAsString(value) + System.lineSeparator();
    }

    /**
     * What databind writes as UTF-8 bytes: as {@link #withDatabind} but for a character beyond the BMP, which
     * jackson-core's byte generator writes as two escaped surrogates ({@code \uD83D\uDE00}).
     */
    static byte[] withDatabindBytes(Object value) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        mapper().writeValue(out, value);
        out.write(System.lineSeparator().getBytes(StandardCharsets.UTF_8));
        return out.toByteArray();
    }

    /** Writes one run record atomically (temporary file, then rename). */
    public static void write(RestoreRun run, Path file) throws IOException {
        writeAtomically(run, file);
    }

    /** Writes a record or a list of them as JSON to a stream, without building the text in memory. */
    public static void write(Object runOrRuns, Writer out) throws IOException {
        if (RecordWriter.writes(runOrRuns)) {
            RecordWriter.write(runOrRuns, out);
        } else {
            mapper().writer().without(JsonGenerator.Feature.AUTO_CLOSE_TARGET).writeValue(out, runOrRuns);
        }
        out.write(System.lineSeparator());
        out.flush();
    }

    /** Writes a record or a list of them as UTF-8 JSON bytes to a stream (left open, flushed). */
    public static void write(Object runOrRuns, OutputStream out) throws IOException {
        OutputStream buffered = new BufferedOutputStream(out, 1 << 16);
        if (RecordWriter.writes(runOrRuns)) {
            RecordWriter.write(runOrRuns, buffered);
        } else {
            mapper().writer().without(JsonGenerator.Feature.AUTO_CLOSE_TARGET).writeValue(buffered, runOrRuns);
        }
        buffered.write(System.lineSeparator().getBytes(StandardCharsets.UTF_8));
        buffered.flush();
    }

    /** Writes a record or a list of them to a file atomically, streaming. */
    public static void writeAtomically(Object runOrRuns, Path file) throws IOException {
        AtomicFiles.write(file, tmp -> {
            try (OutputStream os = Files.newOutputStream(tmp)) {
                write(runOrRuns, os);
            }
        });
    }

    /**
     * The lists every record has ({@link RestoreRun} refuses a missing one): a JSON object without them is
     * not a run record, whatever its {@code schema} says.
     */
    private static final List<String> REQUIRED_LISTS =
            List.of("columns", "phases", "tables", "indexes", "errors", "warnings");

    /**
     * Reads a run record, or each record of a JSON array of them; anything else is refused with a
     * {@link LogFormatException} naming the file (and the array element or field).
     */
    public static List<RestoreRun> read(Path file) {
        JsonNode tree;
        try {
            tree = mapper().readTree(file.toFile());
        } catch (JsonProcessingException ex) {
            // Jackson's own message quotes the text it met: the file may be a password file given by mistake
            long line =
                    ex.getLocation() == null ? 0 : Math.max(0, ex.getLocation().getLineNr());
            long column = ex.getLocation() == null ? 0 : ex.getLocation().getColumnNr();
            throw new LogFormatException(
                    file.toString(),
                    line,
                    "not valid JSON" + (column > 0 ? " (column " + column + ")" : "")
                            + "; expected a gbakprof run record or a gbak log");
        } catch (IOException ex) {
            throw new LogFormatException(file.toString(), 0, "cannot read: " + firstLine(ex.getMessage()));
        }
        if (!tree.isArray()) {
            return List.of(record(file, tree, ""));
        }
        if (tree.isEmpty()) {
            throw new LogFormatException(
                    file.toString(),
                    0,
                    "an empty JSON array, no run records in it; expected a gbakprof run record or an array of them");
        }
        List<RestoreRun> runs = new ArrayList<>(tree.size());
        for (int i = 0; i < tree.size(); i++) {
            runs.add(record(file, tree.get(i), "element " + (i + 1) + " of the array: "));
        }
        return runs;
    }

    private static RestoreRun record(Path file, JsonNode node, String where) {
        String schema = node.path("schema").asText("");
        if (!schema.startsWith(RestoreRun.SCHEMA_FAMILY)) {
            throw new LogFormatException(
                    file.toString(),
                    0,
                    where + "not a gbakprof run record (no \"schema\": \"" + RestoreRun.SCHEMA
                            + "\"); expected a gbakprof run record or a gbak log");
        }
        for (String field : REQUIRED_LISTS) {
            if (!node.path(field).isArray()) {
                throw new LogFormatException(
                        file.toString(),
                        0,
                        where + "not a complete gbakprof run record: \"" + field + "\" is "
                                + (node.has(field) ? "not a list" : "missing"));
            }
        }
        try {
            return withCodes(mapper().treeToValue(node, RestoreRun.class), node.path("warningCodes"));
        } catch (JsonProcessingException ex) {
            String field = ex instanceof JsonMappingException m && !m.getPath().isEmpty()
                    ? "field " + path(m.getPath()) + ": "
                    : "";
            // the type expected, not Jackson's message, which quotes the value it met
            Class<?> type = ex instanceof MismatchedInputException mi ? mi.getTargetType() : null;
            throw new LogFormatException(
                    file.toString(),
                    0,
                    where + "not a valid gbakprof run record: " + field
                            + (type != null ? "not a " + typeName(type) : "a value of the wrong kind"));
        }
    }

    /** What a JSON reader calls a Java type: {@code number}, {@code text}, {@code list}… */
    private static String typeName(Class<?> type) {
        return Number.class.isAssignableFrom(type) || type == double.class || type == long.class || type == int.class
                ? "number"
                : type == String.class
                        ? "text"
                        : type == Boolean.class || type == boolean.class
                                ? "true/false"
                                : List.class.isAssignableFrom(type) || type.isArray()
                                        ? "list"
                                        : type.isEnum()
                                                ? "known word ("
                                                        + Arrays.stream(type.getEnumConstants())
                                                                .map(Object::toString)
                                                                .collect(Collectors.joining(", "))
                                                        + ")"
                                                : "JSON object";
    }

    /** {@code phases[2].seconds}: where in the record Jackson failed, in the JSON's own names. */
    private static String path(List<JsonMappingException.Reference> refs) {
        StringBuilder sb = new StringBuilder();
        for (JsonMappingException.Reference r : refs) {
            if (r.getFieldName() != null) {
                sb.append(sb.isEmpty() ? "" : ".").append(r.getFieldName());
            } else if (r.getIndex() >= 0) {
                sb.append('[').append(r.getIndex()).append(']');
            }
        }
        return sb.toString();
    }

    private static String firstLine(String message) {
        return message == null ? "" : message.lines().findFirst().orElse("");
    }
}
