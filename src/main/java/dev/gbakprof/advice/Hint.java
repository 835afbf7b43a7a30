package dev.gbakprof.advice;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.List;
import java.util.Locale;

/**
 * One thing to try, with what the runs showed, what it is expected to change and where that expectation comes
 * from, the {@code gbakprof} command that proves it on this server, and how sure the advice is.
 *
 * @param code      stable: what scripts test ({@link HintCode})
 * @param title     what to try, in one line
 * @param evidence  what the runs showed, with their numbers
 * @param effect    the expected effect and its source (a published measurement), or {@code null}
 * @param prove     the command that measures it here (usually {@code gbakprof matrix …}), or {@code null}
 * @param certainty how sure the advice is that the cause it names is this restore's ({@link Certainty})
 * @param basis     why that sure: what was measured, what was only inferred or is not known
 * @param titleArgs the values in the title ({@code {0}}, … of its text {@code hint.CODE} in each report language);
 *                  not in the JSON, whose title is the English one
 */
public record Hint(
        HintCode code,
        String title,
        String evidence,
        String effect,
        String prove,
        Certainty certainty,
        String basis,
        @JsonIgnore List<String> titleArgs) {

    public Hint {
        titleArgs = titleArgs == null ? List.of() : List.copyOf(titleArgs);
    }

    /** How sure a hint is that the cause it names is this restore's (docs/guide/advise.md, "What to try"). */
    public enum Certainty {
        /** Seen directly: gbak's own words, or a measurement of the restore's process that names the cause. */
        HIGH,
        /** Measured in part: the symptom was seen, the cause is the usual one for it but was not observed. */
        MEDIUM,
        /** Inferred: the log shows where the time went, not why (no resources sampled, a setting unknown). */
        LOW;

        @JsonValue
        @Override
        public String toString() {
            return name().toLowerCase(Locale.ROOT);
        }
    }
}
