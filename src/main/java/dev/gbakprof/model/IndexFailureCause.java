package dev.gbakprof.model;

import java.util.List;
import java.util.Locale;

/**
 * Why gbak could not build an index ({@code cannot commit index}), as its own error lines say: the one place gbak's
 * words are read for it.
 */
public enum IndexFailureCause {
    /** {@code attempt to store duplicate value (visible to active transactions) in unique index}. */
    DUPLICATE_KEY,
    /** {@code violation of FOREIGN KEY constraint}: a row without its parent row. */
    FOREIGN_KEY;

    /** The cause in short, as notes and JSON give it: {@code duplicate-key}, {@code foreign-key}. */
    public String code() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The cause one of gbak's error lines names, or {@code null} when it names none. */
    public static IndexFailureCause of(String errorLine) {
        if (errorLine.contains("duplicate value")) {
            return DUPLICATE_KEY;
        }
        return errorLine.contains("FOREIGN KEY") ? FOREIGN_KEY : null;
    }

    /**
     * The cause of {@code build}'s failure: from its own error lines ({@link IndexBuild#errors}), or from the run's
     * ({@code runErrors}) in a record written before those; {@code null} when they name none.
     */
    public static IndexFailureCause of(IndexBuild build, List<String> runErrors) {
        for (String e : build.errors() != null ? build.errors() : runErrors) {
            IndexFailureCause c = of(e);
            if (c != null) {
                return c;
            }
        }
        return null;
    }
}
