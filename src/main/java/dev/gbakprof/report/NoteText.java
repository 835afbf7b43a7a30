package dev.gbakprof.report;

import dev.gbakprof.stats.Comparison;
import dev.gbakprof.stats.DataDifference;
import dev.gbakprof.stats.Measure;
import dev.gbakprof.stats.Note;

/** A note of the analysis as a sentence in the reader's language, with its stable code. */
record NoteText(String code, String message) {

    static NoteText of(Note note, Texts t) {
        return new NoteText(note.code().code(), message(note, t));
    }

    private static String message(Note n, Texts t) {
        return switch (n.code()) {
            case RUNS_FAILED -> t.get("note.failed", n.arg(0), t.integer(n.<Integer>arg(1)), t.integer(n.<Integer>arg(2)),
                    n.arg(3));
            case RUNS_INCOMPLETE -> t.get("note.incomplete", n.arg(0), t.integer(n.<Integer>arg(1)),
                    t.integer(n.<Integer>arg(2)));
            case EXCERPT -> t.get("note.excerpt", n.arg(0));
            case PARTIAL_MEASURE -> t.get("note.partial", phaseName(n.arg(0), t));
            case VERDICT -> VerdictText.sentence(n.<Comparison>arg(0), t);
            case DIFFERENT_DATA -> t.get("note.different.data", n.arg(0), n.arg(1), difference(n.arg(2), t));
            case UNKNOWN_BUILDS -> t.get("note.unknown.builds", n.<Long>arg(0));
        };
    }

    static String phaseName(Measure m, Texts t) {
        return t.get("headline.phase." + m.phase().label());
    }

    static String difference(DataDifference d, Texts t) {
        return d.onlyIn() != null ? t.get("data.only", d.table(), d.onlyIn())
                : t.get("data.rows", d.table(), t.integer(d.rows()), t.integer(d.baselineRows()));
    }
}
