package dev.gbakprof.report;

/** Names of label groups as the charts show them. */
final class Labels {
    private Labels() {
    }

    /** The label cut to {@code max} characters, its end replaced by "…" when cut. */
    static String cut(String label, int max) {
        return label.length() <= max ? label : label.substring(0, max - 1).strip() + "…";
    }

    /** The label, with its run count when the label was run more than once: "full-cpu (3 runs)". */
    static String seriesName(Grouped grouped, int group, Texts t) {
        var g = grouped.groups().get(group);
        return g.size() == 1 ? g.label() : g.label() + " (" + t.runs(g.size()) + ")";
    }
}
