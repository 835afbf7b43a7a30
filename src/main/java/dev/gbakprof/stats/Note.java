package dev.gbakprof.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * A fact a comparison must not hide, as a code with its arguments (what each code carries is on
 * {@link NoteCode}); the report turns it into a sentence.
 */
public record Note(NoteCode code, List<Object> args) {

    public Note {
        args = Collections.unmodifiableList(new ArrayList<>(args));
    }

    public static Note of(NoteCode code, Object... args) {
        return new Note(code, Arrays.asList(args));
    }

    /** The argument at {@code i}, of the type the code documents. */
    public Object arg(int i) {
        return args.get(i);
    }
}
