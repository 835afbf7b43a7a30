package dev.gbakprof.output;

import dev.gbakprof.advice.Hint;

/** What {@code advise} prints: what the comparison settled, then each configuration's hints. */
public final class AdviseText {
    private AdviseText() {}

    /** The advice, each line ending in a line separator. */
    public static String of(AdviseJson advice) {
        String nl = System.lineSeparator();
        StringBuilder out = new StringBuilder();
        if (!advice.settled().isEmpty()) {
            out.append("What the comparison settled:").append(nl);
            for (Settled st : advice.settled()) {
                out.append("  [")
                        .append(st.advice())
                        .append("] ")
                        .append(st.sentence())
                        .append(nl);
            }
            out.append(nl);
        }
        for (AdviseJson.Configuration c : advice.configurations()) {
            out.append("What to try: " + c.label() + " (" + runs(c) + ")").append(nl);
            for (String m : c.mixed()) {
                out.append("  mixed: " + m).append(nl);
            }
            if (c.hints().isEmpty()) {
                out.append("  nothing to advise: " + c.nothingBecause()).append(nl);
            }
            int n = 1;
            for (Hint h : c.hints()) {
                out.append("  " + n++ + ". [" + h.code() + "] " + h.title()).append(nl);
                out.append("     Seen:     " + h.evidence()).append(nl);
                if (h.effect() != null) {
                    out.append("     Expected: " + h.effect()).append(nl);
                }
                if (h.prove() != null) {
                    out.append("     Prove it: " + h.prove()).append(nl);
                }
                out.append("     How sure: " + h.certainty() + " (" + h.basis() + ")")
                        .append(nl);
            }
            out.append(nl);
        }
        return out.toString();
    }

    /**
     * The configuration's runs, and which one the hints read: {@code 1 run}, {@code 3 runs, the median one: LOG},
     * {@code 4 runs, 3 finished; the median of those: LOG}, {@code 2 runs, none finished}.
     */
    private static String runs(AdviseJson.Configuration c) {
        String runs = c.runs() + (c.runs() == 1 ? " run" : " runs");
        if (c.finished() == c.runs()) {
            return runs + (c.runs() > 1 ? ", the median one: " + c.typicalRun() : "");
        }
        if (c.finished() == 0) {
            return runs + (c.runs() == 1 ? ", not finished" : ", none finished");
        }
        return runs + ", " + c.finished() + " finished" + (c.finished() == 1 ? ": " : "; the median of those: ")
                + c.typicalRun();
    }
}
