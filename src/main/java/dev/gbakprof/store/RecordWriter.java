package dev.gbakprof.store;

import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import dev.gbakprof.model.IndexBuild;
import dev.gbakprof.model.PhaseTime;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.TableLoad;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Writes run records with jackson-core's streaming {@link JsonGenerator}, in the bytes {@link RunJson}'s
 * databind mapper would write (its field order, pretty printer and number format; {@code RecordWriterTest}
 * compares the two on every log of the tests and samples and on a record with every field set).
 *
 * <p>Why a writer of its own: {@code parse --json} writes a record and nothing else, and building databind's
 * serializers for it costs about 0.35 CPU seconds per run, measured through the launcher on the 19 KB sample
 * (0.37 to 0.78 s) and on a real-size 3.7 MB log (0.90 to 1.23 s); see docs/dev/parse-cost.md. Written here
 * field by field, neither a parse nor a run needs databind ({@link RecordReader} reads them back).
 *
 * <p>The record's own fields are written in the order of its components, as databind orders them: texts,
 * numbers, enums and lists of texts here; the lists of phases, table loads and index builds field by field
 * below (the most of a large record); any other record (an environment, CPU samples, an inspection, a validation:
 * live runs) by its components, in their order, as databind writes records without annotations. So a field added
 * to {@link RestoreRun} or to one of those records is written without a change here. A field added to one of the
 * three element types is not: {@link #HAND_WRITTEN} then writes that list by its components (the bytes stay right,
 * but for the derived rate of a table) and {@code RecordWriterTest} names the type to update.
 */
final class RecordWriter {
    private static final JsonFactory FACTORY = JsonFactory.builder()
            .enable(StreamWriteFeature.USE_FAST_DOUBLE_WRITER) // as RunJson's mapper: the same digits
            .disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
            .build();

    /** The element types written here, with the components each method below writes, in order. */
    static final Map<Class<?>, List<String>> HAND_WRITTEN = Map.of(
            PhaseTime.class, List.of("name", "seconds", "cut"),
            TableLoad.class, List.of("name", "records", "startSeconds", "seconds"),
            IndexBuild.class,
                    List.of(
                            "name",
                            "table",
                            "tableSource",
                            "startSeconds",
                            "seconds",
                            "reads",
                            "writes",
                            "failed",
                            "keysPerSecond",
                            "tableCandidates",
                            "errors"));

    /** The element types whose components are still the ones written here. */
    private static final Set<Class<?>> CURRENT = HAND_WRITTEN.entrySet().stream()
            .filter(e -> Arrays.stream(e.getKey().getRecordComponents())
                    .map(RecordComponent::getName)
                    .toList()
                    .equals(e.getValue()))
            .map(Map.Entry::getKey)
            .collect(Collectors.toUnmodifiableSet());

    /** The element types of {@link #HAND_WRITTEN} whose fields changed (written by databind until updated here). */
    static Set<Class<?>> outdated() {
        Set<Class<?>> out = new HashSet<>(HAND_WRITTEN.keySet());
        out.removeAll(CURRENT);
        return out;
    }

    /**
     * An enum's word in JSON: what its {@code @JsonValue} method gives, one the enum or an interface of it declares
     * (its declared methods only: reading the annotations of every public method, up to {@code Object}'s, loads
     * annotation types no record uses, at every start-up), else its {@code toString()} (databind's
     * WRITE_ENUMS_USING_TO_STRING). {@link RecordReader} reads the same words.
     */
    static String word(Enum<?> e) {
        Method m = JSON_VALUE.get(e.getDeclaringClass()).orElse(null);
        if (m == null) {
            return e.toString();
        }
        try {
            return String.valueOf(m.invoke(e));
        } catch (ReflectiveOperationException ex) {
            throw new IllegalStateException("cannot read the JSON word of " + e, ex);
        }
    }

    private static final ClassValue<Optional<Method>> JSON_VALUE = new ClassValue<>() {
        @Override
        protected Optional<Method> computeValue(Class<?> type) {
            List<Class<?>> declaring = new ArrayList<>(List.of(type.getInterfaces()));
            declaring.add(type);
            for (Class<?> c : declaring) {
                for (Method m : c.getDeclaredMethods()) {
                    if (m.isAnnotationPresent(JsonValue.class)) {
                        m.setAccessible(true);
                        return Optional.of(m);
                    }
                }
            }
            return Optional.empty();
        }
    };

    private RecordWriter() {}

    /** True for what this class writes: a record, or a list of records. */
    static boolean writes(Object value) {
        return value instanceof RestoreRun
                || value instanceof List<?> l && l.stream().allMatch(RestoreRun.class::isInstance);
    }

    static void write(Object runOrRuns, OutputStream out) throws IOException {
        try (JsonGenerator g = FACTORY.createGenerator(out)) {
            write(g, runOrRuns);
        }
    }

    static void write(Object runOrRuns, Writer out) throws IOException {
        try (JsonGenerator g = FACTORY.createGenerator(out)) {
            write(g, runOrRuns);
        }
    }

    private static void write(JsonGenerator g, Object runOrRuns) throws IOException {
        g.setPrettyPrinter(new DefaultPrettyPrinter()); // what databind's INDENT_OUTPUT uses
        if (runOrRuns instanceof RestoreRun run) {
            run(g, run);
        } else {
            g.writeStartArray();
            for (Object run : (List<?>) runOrRuns) {
                run(g, (RestoreRun) run);
            }
            g.writeEndArray();
        }
    }

    private static void run(JsonGenerator g, RestoreRun r) throws IOException {
        g.writeStartObject();
        for (RecordComponent c : COMPONENTS.get(RestoreRun.class)) {
            g.writeFieldName(c.getName());
            if (c.getName().equals("warnings")) {
                strings(g, r.warningMessages()); // RunJson: the messages here, the codes last
            } else {
                value(g, get(c, r));
            }
        }
        // derived, after the components as databind writes them (RunJson's RunWithCodes)
        number(g, "rows", r.rows());
        number(g, "rowsPerSecond", r.rowsPerSecond());
        g.writeFieldName("warningCodes");
        strings(g, r.warningCodes());
        g.writeEndObject();
    }

    private static Object get(RecordComponent c, Record r) {
        try {
            return c.getAccessor().invoke(r);
        } catch (ReflectiveOperationException ex) {
            throw new IllegalStateException(
                    "cannot read " + c.getName() + " of " + r.getClass().getName(), ex);
        }
    }

    private static void value(JsonGenerator g, Object v) throws IOException {
        if (v == null) {
            g.writeNull();
        } else if (v instanceof String text) {
            g.writeString(text);
        } else if (v instanceof Double d) {
            g.writeNumber(d.doubleValue());
        } else if (v instanceof Long l) {
            g.writeNumber(l.longValue());
        } else if (v instanceof Integer i) {
            g.writeNumber(i.intValue());
        } else if (v instanceof Boolean b) {
            g.writeBoolean(b);
        } else if (v instanceof Enum<?> e) {
            g.writeString(word(e));
        } else if (v instanceof List<?> list) {
            list(g, list);
        } else if (v instanceof Record r) {
            record(g, r);
        } else {
            RunJson.mapper().writeValue(g, v);
        }
    }

    /** Any other record (an environment, a CPU sample, an inspection): its components in order, as databind does. */
    private static void record(JsonGenerator g, Record r) throws IOException {
        g.writeStartObject();
        for (RecordComponent c : COMPONENTS.get(r.getClass())) {
            g.writeFieldName(c.getName());
            value(g, get(c, r));
        }
        g.writeEndObject();
    }

    private static final ClassValue<RecordComponent[]> COMPONENTS = new ClassValue<>() {
        @Override
        protected RecordComponent[] computeValue(Class<?> type) {
            RecordComponent[] components = type.getRecordComponents();
            for (RecordComponent c : components) {
                c.getAccessor().setAccessible(true); // a record nested in a class that is not public
            }
            return components;
        }
    };

    private static void list(JsonGenerator g, List<?> list) throws IOException {
        Class<?> type = list.isEmpty() ? null : list.get(0).getClass();
        if (type == null || type == String.class) {
            strings(g, list);
            return;
        }
        g.writeStartArray();
        for (Object o : list) {
            if (CURRENT.contains(type)) {
                element(g, o);
            } else {
                value(g, o);
            }
        }
        g.writeEndArray();
    }

    /** One element of a list, field by field: a record's lists hold one type each, as databind writes them. */
    private static void element(JsonGenerator g, Object o) throws IOException {
        g.writeStartObject();
        if (o instanceof IndexBuild i) {
            index(g, i);
        } else if (o instanceof TableLoad t) {
            text(g, "name", t.name());
            number(g, "records", t.records());
            number(g, "startSeconds", t.startSeconds());
            number(g, "seconds", t.seconds());
            number(g, "rowsPerSecond", t.rowsPerSecondRounded()); // derived: RunJson's TableWithRate
        } else {
            PhaseTime p = (PhaseTime) o;
            text(g, "name", p.name());
            number(g, "seconds", p.seconds());
            g.writeFieldName("cut");
            g.writeBoolean(p.cut());
        }
        g.writeEndObject();
    }

    private static void index(JsonGenerator g, IndexBuild i) throws IOException {
        text(g, "name", i.name());
        text(g, "table", i.table());
        text(g, "tableSource", i.tableSource());
        number(g, "startSeconds", i.startSeconds());
        number(g, "seconds", i.seconds());
        number(g, "reads", i.reads());
        number(g, "writes", i.writes());
        g.writeFieldName("failed");
        g.writeBoolean(i.failed());
        number(g, "keysPerSecond", i.keysPerSecond());
        g.writeFieldName("tableCandidates");
        if (i.tableCandidates() == null) {
            g.writeNull();
        } else {
            strings(g, i.tableCandidates());
        }
        g.writeFieldName("errors");
        if (i.errors() == null) {
            g.writeNull();
        } else {
            strings(g, i.errors());
        }
    }

    private static void strings(JsonGenerator g, List<?> values) throws IOException {
        g.writeStartArray();
        for (Object v : values) {
            g.writeString(v.toString());
        }
        g.writeEndArray();
    }

    /** A text, or a value written as its {@code toString()} (an enum: databind's WRITE_ENUMS_USING_TO_STRING). */
    private static void text(JsonGenerator g, String field, Object value) throws IOException {
        g.writeFieldName(field);
        if (value == null) {
            g.writeNull();
        } else {
            g.writeString(value.toString());
        }
    }

    private static void number(JsonGenerator g, String field, Number value) throws IOException {
        g.writeFieldName(field);
        number(g, value);
    }

    private static void number(JsonGenerator g, Number value) throws IOException {
        if (value == null) {
            g.writeNull();
        } else if (value instanceof Double d) {
            g.writeNumber(d.doubleValue());
        } else if (value instanceof Long l) {
            g.writeNumber(l.longValue());
        } else {
            g.writeNumber(value.intValue());
        }
    }
}
