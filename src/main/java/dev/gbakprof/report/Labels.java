package dev.gbakprof.report;

/** Names of label groups as the charts show them. */
final class Labels {
    private Labels() {}

    /** The label cut to {@code max} characters, its end replaced by "…" when cut. */
    static String cut(String label, int max) {
        return label.length() <= max ? label : label.substring(0, max - 1).strip() + "…";
    }

    /**
     * The label cut to {@code max} characters in its middle: its start and its end kept ("High perf…BIOS 2.1a"), for
     * labels that differ only at their ends.
     */
    static String cutMiddle(String label, int max) {
        if (label.length() <= max) {
            return label;
        }
        int head = (max - 1) / 2;
        int tail = max - 1 - head;
        return label.substring(0, head).strip() + "…"
                + label.substring(label.length() - tail).strip();
    }

    /**
     * The label as a legend names it, cut to {@link ChartStyle#MAX_CATEGORY_LABEL} characters with "…", with its run
     * count when the label was run more than once: "full-cpu (3 runs)".
     */
    static String seriesName(Grouped grouped, int group, Texts t) {
        var g = grouped.groups().get(group);
        return shortNames(grouped).get(group) + runCount(g, t);
    }

    /**
     * Every configuration's label cut to {@link ChartStyle#MAX_CATEGORY_LABEL} characters, at its end, or in its
     * middle when cut ends would make two alike.
     */
    static java.util.List<String> shortNames(Grouped grouped) {
        java.util.List<String> labels = grouped.groups().stream()
                .map(dev.gbakprof.stats.RunGroup::label)
                .toList();
        java.util.List<String> ends =
                labels.stream().map(l -> cut(l, ChartStyle.MAX_CATEGORY_LABEL)).toList();
        return ends.stream().distinct().count() == ends.size()
                ? ends
                : labels.stream()
                        .map(l -> cutMiddle(l, ChartStyle.MAX_CATEGORY_LABEL))
                        .toList();
    }

    /**
     * The table of an index as the report names it: {@code ORDERS}; {@code ORDERS?} when inferred; {@code AUDIT_EMPTY
     * or ORDER_LINES?} when the logs say only which tables it may belong to (no one guess); else "table unknown".
     */
    static String indexTable(dev.gbakprof.stats.ObjectTimes o, Texts t) {
        if (o.table() != null) {
            return o.table() + (o.inferred() ? "?" : "");
        }
        return o.tableCandidates().isEmpty()
                ? t.get("table.unknown")
                : t.get("table.candidates", String.join(t.get("table.or"), o.tableCandidates()));
    }

    /** {@code " (3 runs)"} after a label run more than once, nothing after one run once. */
    static String runCount(dev.gbakprof.stats.RunGroup g, Texts t) {
        return g.size() == 1 ? "" : " (" + t.runs(g.size()) + ")";
    }

    /**
     * How a run ended, in words: completed, failed, incomplete (stopped or cut), or excerpt (the log starts after
     * gbak's start, like the article's five index lines: not a stopped restore, though its record says incomplete).
     */
    static String status(dev.gbakprof.model.RestoreRun run, Texts t) {
        return t.get("status." + dev.gbakprof.stats.RunOutcome.of(run));
    }
}
