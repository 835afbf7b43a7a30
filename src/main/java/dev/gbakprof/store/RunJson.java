package dev.gbakprof.store;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationConfig;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The run record as JSON ({@code "schema": "gbakprof.run/1"}): read with jackson-core's streaming parser
 * ({@link RecordReader}) and written with its generator ({@link RecordWriter}), as databind with the mapper
 * configured here reads and writes it (their tests compare the two); anything else given to the writing methods is
 * written by databind. The same mapper writes the analyses' documents ({@code dev.gbakprof.output.Json}).
 */
public final class RunJson {
    /** Made on first use: a record is read and written without it, and needs none of databind's start-up. */
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
        abstract Long rows();

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

    /** Pairs the warnings read as sentences with the record's {@code warningCodes}, when it has one per warning. */
    private static RestoreRun withCodes(RestoreRun run, List<String> codes) {
        if (codes.size() != run.warnings().size()) {
            return run;
        }
        List<Warning> paired = new ArrayList<>(codes.size());
        for (int i = 0; i < codes.size(); i++) {
            paired.add(new Warning(
                    WarningCode.fromJson(codes.get(i)), run.warnings().get(i).message()));
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
     * {@link LogFormatException} naming the file (and the array element or field). Read by {@link RecordReader}.
     */
    public static List<RestoreRun> read(Path file) {
        try (JsonParser p = RecordReader.FACTORY.createParser(file.toFile())) {
            if (p.nextToken() != JsonToken.START_ARRAY) {
                return List.of(record(file, p, ""));
            }
            List<RestoreRun> runs = new ArrayList<>();
            while (p.nextToken() != JsonToken.END_ARRAY) {
                runs.add(record(file, p, "element " + (runs.size() + 1) + " of the array: "));
            }
            if (runs.isEmpty()) {
                throw new LogFormatException(
                        file.toString(),
                        0,
                        "an empty JSON array, no run records in it; expected a gbakprof run record or an array of"
                                + " them");
            }
            return runs;
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
    }

    /**
     * The record whose object starts at the parser's current token (read to its end), or why it is none: not an
     * object with the schema, without one of its lists, or with a field of the wrong kind, in that order.
     */
    private static RestoreRun record(Path file, JsonParser p, String where) throws IOException {
        if (p.currentToken() != JsonToken.START_OBJECT) {
            p.skipChildren();
            throw notARecord(file, where);
        }
        Around around = new Around();
        RecordReader reader = new RecordReader();
        RestoreRun run = (RestoreRun) reader.record(p, RestoreRun.class, "", around);
        if (!around.schema.startsWith(RestoreRun.SCHEMA_FAMILY)) {
            throw notARecord(file, where);
        }
        for (String field : REQUIRED_LISTS) {
            if (around.lists.get(field) != JsonToken.START_ARRAY) {
                throw new LogFormatException(
                        file.toString(),
                        0,
                        where + "not a complete gbakprof run record: \"" + field + "\" is "
                                + (around.lists.containsKey(field) ? "not a list" : "missing"));
            }
        }
        RecordReader.Mismatch wrong = reader.mismatch();
        if (wrong != null) {
            // the type expected, not the value met, which may be anything
            throw new LogFormatException(
                    file.toString(),
                    0,
                    where + "not a valid gbakprof run record: "
                            + (wrong.path().isEmpty() ? "" : "field " + wrong.path() + ": ")
                            + (wrong.expected() != null
                                    ? "not a " + typeName(wrong.expected())
                                    : "a value of the wrong kind"));
        }
        return (around.codes != null ? withCodes(run, around.codes) : run).withCutBuildNotFailed();
    }

    /**
     * What a record's reading notes beside its components: its schema, the kind of each of its lists, and the codes
     * of its warnings ({@code warningCodes}, not a component: read here).
     */
    private static final class Around implements RecordReader.FieldSink {
        String schema = "";
        final Map<String, JsonToken> lists = new HashMap<>();
        /** The warnings' codes, {@code null} when the record has no list of them. */
        List<String> codes;

        @Override
        public boolean read(String name, JsonParser p) throws IOException {
            if (name.equals("schema")) {
                schema = text(p);
            } else if (REQUIRED_LISTS.contains(name)) {
                lists.put(name, p.currentToken());
            } else if (name.equals("warningCodes")) {
                if (p.currentToken() != JsonToken.START_ARRAY) {
                    codes = null;
                    p.skipChildren();
                    return true;
                }
                codes = new ArrayList<>();
                while (p.nextToken() != JsonToken.END_ARRAY) {
                    codes.add(text(p));
                    p.skipChildren();
                }
                return true;
            }
            return false;
        }

        /** A scalar's text ({@code asText}), {@code ""} for {@code null}, an object or a list. */
        private static String text(JsonParser p) throws IOException {
            JsonToken t = p.currentToken();
            return t.isScalarValue() && t != JsonToken.VALUE_NULL ? p.getText() : "";
        }
    }

    private static LogFormatException notARecord(Path file, String where) {
        return new LogFormatException(
                file.toString(),
                0,
                where + "not a gbakprof run record (no \"schema\": \"" + RestoreRun.SCHEMA
                        + "\"); expected a gbakprof run record or a gbak log");
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

    private static String firstLine(String message) {
        return message == null ? "" : message.lines().findFirst().orElse("");
    }
}
