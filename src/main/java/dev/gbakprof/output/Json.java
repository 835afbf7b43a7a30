package dev.gbakprof.output;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.gbakprof.store.RunJson;
import java.io.IOException;
import java.io.Writer;

/**
 * Writes the JSON documents of this package (records, one per schema) through the run record's one configured
 * mapper ({@link RunJson#writer()}): indented, fields in the records' order, {@code null} written, one line separator
 * after the document; and reads what gbakprof reads as a tree through the same mapper ({@link #reader()}).
 */
public final class Json {
    /**
     * {@code compare}'s, {@code plan}'s and {@code advise}'s documents: Java's own digits of a double ({@link
     * Double#toString}), as each since its first schema has had; the others, as the run record, the shortest digits.
     */
    private static final ObjectWriter JAVA_DIGITS = RunJson.writer().without(StreamWriteFeature.USE_FAST_DOUBLE_WRITER);

    private Json() {}

    /**
     * The one mapper's reader, for a file read as a tree (a jobs file): JSON read as every other of gbakprof's, with
     * Jackson's parser and its messages.
     */
    public static ObjectReader reader() {
        return RunJson.reader();
    }

    /** Writes a document of the run record's digits (history, check, status) to {@code out}, then flushes it. */
    public static void write(Object document, Writer out) throws IOException {
        RunJson.write(document, out);
    }

    /** A document of {@code compare}, {@code plan} or {@code advise} as text, with its line separator. */
    public static String text(Object document) {
        try {
            return JAVA_DIGITS.writeValueAsString(document) + System.lineSeparator();
        } catch (JsonProcessingException ex) {
            throw new IllegalStateException(
                    "cannot write " + document.getClass().getSimpleName() + ": " + ex.getMessage(), ex);
        }
    }

    /** A document on one line, without a line separator, in Java's digits ({@code report.html}'s data block). */
    public static String compact(Object document) {
        try {
            return JAVA_DIGITS.without(SerializationFeature.INDENT_OUTPUT).writeValueAsString(document);
        } catch (JsonProcessingException ex) {
            throw new IllegalStateException(
                    "cannot write " + document.getClass().getSimpleName() + ": " + ex.getMessage(), ex);
        }
    }
}
