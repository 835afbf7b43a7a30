package dev.gbakprof.store;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.gbakprof.model.Warning;
import dev.gbakprof.model.WarningCode;
import java.io.IOException;
import java.lang.reflect.Array;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads run records (and the run folder's marker) with jackson-core's streaming {@link JsonParser} into the model's
 * records, as databind with {@link RunJson}'s configuration reads them ({@code RecordReaderTest} compares the two on
 * every log of the tests and samples and on a record with every field set): each record by the names and types of
 * its components, through its canonical constructor; an enum by its {@code @JsonValue} or its {@code toString()};
 * a {@link Warning} from its sentence; unknown fields skipped; a missing or {@code null} field {@code null} (a
 * primitive's zero); the scalars databind takes in place of another (a number for a text, a text that is a number).
 *
 * <p>Why a reader of its own: reading one record with databind cost about 0.2 CPU seconds at every start (the
 * mapper, then a deserializer made for each record type by introspection, and the JIT compiler's work on both):
 * {@code run} reads up to five earlier records for its ETA, {@code history}, {@code check} and {@code status}
 * read run folders. Measured in docs/dev/BENCHMARKS.md ({@code bench/costs}, {@code bench/wrapper-overhead}).
 *
 * <p>What is wrong in a record is kept, not thrown at once: the first field of the wrong kind, with its path in the
 * record's own terms ({@code phases[2].seconds}) and the kind expected; the rest is still read, so that
 * {@link RunJson#read} can choose which of its refusals to give (a missing schema first).
 */
final class RecordReader {
    static final JsonFactory FACTORY = JsonFactory.builder().build();

    /** The first value of the wrong kind: where, and what was expected ({@code null}: a value not made). */
    record Mismatch(String path, Class<?> expected) {}

    private Mismatch mismatch;

    /** The first value of the wrong kind met so far, or {@code null}. */
    Mismatch mismatch() {
        return mismatch;
    }

    /**
     * The value at the parser's current token as {@code type}, at {@code path} of the record, read to its last token;
     * {@code null} when it is of the wrong kind (skipped), and once any value was, no list or record is made.
     */
    Object value(JsonParser p, Type type, String path) throws IOException {
        Class<?> raw = raw(type);
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_NULL) {
            return raw.isPrimitive() ? zero(raw) : null;
        }
        if (raw == String.class) {
            return t.isScalarValue() ? p.getText() : wrong(p, path, raw);
        }
        if (raw == Double.class || raw == double.class) {
            if (t.isNumeric()) {
                return p.getDoubleValue();
            }
            return t == JsonToken.VALUE_STRING ? parsed(p, path, raw) : wrong(p, path, raw);
        }
        if (raw == Long.class || raw == long.class || raw == Integer.class || raw == int.class) {
            return integral(p, path, raw);
        }
        if (raw == Boolean.class || raw == boolean.class) {
            if (t == JsonToken.VALUE_TRUE || t == JsonToken.VALUE_FALSE) {
                return t == JsonToken.VALUE_TRUE;
            }
            String text = t == JsonToken.VALUE_STRING ? p.getText() : null;
            return "true".equals(text) ? Boolean.TRUE : "false".equals(text) ? Boolean.FALSE : wrong(p, path, raw);
        }
        if (raw.isEnum()) {
            Object e = t == JsonToken.VALUE_STRING ? ENUM_WORDS.get(raw).get(p.getText()) : null;
            return e != null ? e : wrong(p, path, raw);
        }
        if (raw == Warning.class) { // a sentence; its code is paired from warningCodes by RunJson
            return t == JsonToken.VALUE_STRING
                    ? new Warning(WarningCode.OTHER, p.getText())
                    : wrong(p, path, String.class);
        }
        if (raw == List.class) {
            if (t != JsonToken.START_ARRAY) {
                return wrong(p, path, raw);
            }
            Type element = ((ParameterizedType) type).getActualTypeArguments()[0];
            List<Object> out = new ArrayList<>();
            for (int i = 0; p.nextToken() != JsonToken.END_ARRAY; i++) {
                out.add(value(p, element, path + "[" + i + "]"));
            }
            return mismatch == null ? out : null;
        }
        if (raw.isRecord()) {
            return t == JsonToken.START_OBJECT ? record(p, raw, path, null) : wrong(p, path, raw);
        }
        throw new IllegalStateException("no JSON reading for " + raw.getName() + " (" + path + ")");
    }

    /**
     * The record of type {@code type} whose object starts at the parser's current token; {@code null} after a
     * mismatch. Each field is shown to {@code fields} first (when not {@code null}), which may read its value
     * itself; a field the record does not have is skipped.
     */
    Object record(JsonParser p, Class<?> type, String path, FieldSink fields) throws IOException {
        Shape shape = SHAPES.get(type);
        Object[] args = new Object[shape.types.length];
        for (int i = 0; i < args.length; i++) {
            args[i] = shape.types[i] instanceof Class<?> c && c.isPrimitive() ? zero(c) : null;
        }
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            p.nextToken();
            if (fields != null && fields.read(name, p)) {
                continue;
            }
            Integer at = shape.index.get(name);
            if (at != null) {
                args[at] = value(p, shape.types[at], path.isEmpty() ? name : path + "." + name);
            } else {
                p.skipChildren();
            }
        }
        if (mismatch != null) {
            return null;
        }
        try {
            return shape.constructor.newInstance(args);
        } catch (InvocationTargetException refused) { // the record's own checks: the values, not their kinds
            mismatch = new Mismatch(path, null);
            return null;
        } catch (ReflectiveOperationException ex) {
            throw new IllegalStateException("cannot make a " + type.getName(), ex);
        }
    }

    /** What sees a record's fields before they are bound ({@link #record}). */
    interface FieldSink {
        /**
         * The field {@code name}, the parser on its value: {@code true} when this read the value (to its last
         * token), {@code false} to leave it to the record (a look at the current token reads nothing).
         */
        boolean read(String name, JsonParser p) throws IOException;
    }

    private Object integral(JsonParser p, String path, Class<?> raw) throws IOException {
        JsonToken t = p.currentToken();
        boolean isLong = raw == Long.class || raw == long.class;
        if (t == JsonToken.VALUE_NUMBER_INT) {
            if (isLong) {
                return p.getNumberType() == JsonParser.NumberType.BIG_INTEGER ? wrong(p, path, raw) : p.getLongValue();
            }
            return p.getNumberType() == JsonParser.NumberType.INT ? (Object) p.getIntValue() : wrong(p, path, raw);
        }
        if (t == JsonToken.VALUE_NUMBER_FLOAT) { // databind's ACCEPT_FLOAT_AS_INT: the whole part
            double d = p.getDoubleValue();
            return isLong ? (Object) (long) d : (Object) (int) d;
        }
        if (t == JsonToken.VALUE_STRING) {
            try {
                return isLong
                        ? (Object) Long.parseLong(p.getText().trim())
                        : (Object) Integer.parseInt(p.getText().trim());
            } catch (NumberFormatException ex) {
                return wrong(p, path, raw);
            }
        }
        return wrong(p, path, raw);
    }

    /** A number written as a text ({@code "1.5"}), as databind takes it; anything else is of the wrong kind. */
    private Object parsed(JsonParser p, String path, Class<?> raw) throws IOException {
        try {
            return Double.parseDouble(p.getText().trim());
        } catch (NumberFormatException ex) {
            return wrong(p, path, raw);
        }
    }

    private Object wrong(JsonParser p, String path, Class<?> expected) throws IOException {
        if (mismatch == null) {
            mismatch = new Mismatch(path, expected);
        }
        p.skipChildren();
        return null;
    }

    private static Class<?> raw(Type type) {
        return type instanceof ParameterizedType pt ? (Class<?>) pt.getRawType() : (Class<?>) type;
    }

    private static Object zero(Class<?> primitive) {
        return Array.get(Array.newInstance(primitive, 1), 0);
    }

    /** A record type's components by name, their types, and its canonical constructor. */
    private record Shape(Map<String, Integer> index, Type[] types, Constructor<?> constructor) {}

    private static final ClassValue<Shape> SHAPES = new ClassValue<>() {
        @Override
        protected Shape computeValue(Class<?> type) {
            RecordComponent[] components = type.getRecordComponents();
            Map<String, Integer> index = new HashMap<>();
            Type[] types = new Type[components.length];
            Class<?>[] raw = new Class<?>[components.length];
            for (int i = 0; i < components.length; i++) {
                index.put(components[i].getName(), i);
                types[i] = components[i].getGenericType();
                raw[i] = components[i].getType();
            }
            try {
                Constructor<?> c = type.getDeclaredConstructor(raw);
                c.setAccessible(true); // a private record of a class (the marker's)
                return new Shape(index, types, c);
            } catch (NoSuchMethodException ex) {
                throw new IllegalStateException("a record without its canonical constructor: " + type.getName(), ex);
            }
        }
    };

    /** An enum's constants by their word in JSON ({@link RecordWriter#word}). */
    private static final ClassValue<Map<String, Object>> ENUM_WORDS = new ClassValue<>() {
        @Override
        protected Map<String, Object> computeValue(Class<?> type) {
            Map<String, Object> words = new HashMap<>();
            for (Object constant : type.getEnumConstants()) {
                words.put(RecordWriter.word((Enum<?>) constant), constant);
            }
            return words;
        }
    };
}
