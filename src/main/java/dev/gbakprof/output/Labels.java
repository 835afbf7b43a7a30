package dev.gbakprof.output;

import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.stats.ObjectTimes;
import dev.gbakprof.stats.RunGroup;
import dev.gbakprof.stats.RunOutcome;
import java.util.List;

/** Names of label groups as the charts show them. */
public final class Labels {
    /** Longest label a category axis shows whole; a longer one is cut with "…" (tables and Markdown keep it whole). */
    public static final int MAX_CATEGORY_LABEL = 40;

    private Labels() {}

    /** The label cut to {@code max} characters, its end replaced by "…" when cut. */
    public static String cut(String label, int max) {
        return label.length() <= max ? label : label.substring(0, max - 1).strip() + "…";
    }

    /**
     * The label cut to {@code max} characters in its middle: its start and its end kept ("High perf…BIOS 2.1a"), for
     * labels that differ only at their ends.
     */
    public static String cutMiddle(String label, int max) {
        return cutAt(label, max, (max - 1) / 2);
    }

    /**
     * Labels cut to {@code max} characters each, at their ends, or in their middles when cut ends would make two alike
     * ("High performance po…" twice for labels that differ only at their ends): a reader must still tell them apart.
     */
    public static List<String> cutApart(List<String> labels, int max) {
        List<String> ends = labels.stream().map(l -> cut(l, max)).toList();
        long apart = labels.stream().distinct().count();
        if (ends.stream().distinct().count() == apart) {
            return ends;
        }
        // the cut moved towards the start until the kept end tells them apart ("Bal…bu 2048, SAS RAID 10")
        for (int head = (max - 1) / 2; head >= 1; head--) {
            int h = head;
            List<String> cut = labels.stream().map(l -> cutAt(l, max, h)).toList();
            if (cut.stream().distinct().count() == apart) {
                return cut;
            }
        }
        return labels.stream().map(l -> cutMiddle(l, max)).toList();
    }

    /** The label cut to {@code max} characters with its first {@code head} characters and its end kept. */
    private static String cutAt(String label, int max, int head) {
        if (label.length() <= max) {
            return label;
        }
        return label.substring(0, head).strip() + "…"
                + label.substring(label.length() - (max - 1 - head)).strip();
    }

    /**
     * The label as a legend names it, cut to {@link #MAX_CATEGORY_LABEL} characters with "…", with its run
     * count when the label was run more than once: "full-cpu (3 runs)".
     */
    public static String seriesName(Grouped grouped, int group, Texts t) {
        var g = grouped.groups().get(group);
        return shortNames(grouped).get(group) + runCount(g, t);
    }

    /**
     * Every configuration's label cut to {@link #MAX_CATEGORY_LABEL} characters, at its end, or in its
     * middle when cut ends would make two alike.
     */
    public static List<String> shortNames(Grouped grouped) {
        List<String> labels = grouped.groups().stream().map(RunGroup::label).toList();
        List<String> ends = labels.stream().map(l -> cut(l, MAX_CATEGORY_LABEL)).toList();
        return ends.stream().distinct().count() == ends.size()
                ? ends
                : labels.stream().map(l -> cutMiddle(l, MAX_CATEGORY_LABEL)).toList();
    }

    /**
     * The table of an index as the report names it: {@code ORDERS}; {@code ORDERS?} when inferred; {@code AUDIT_EMPTY
     * or ORDER_LINES?} when the logs say only which tables it may belong to (no one guess); else "table unknown".
     */
    public static String indexTable(ObjectTimes o, Texts t) {
        if (o.table() != null) {
            return o.table() + (o.inferred() ? "?" : "");
        }
        return o.tableCandidates().isEmpty()
                ? t.get("table.unknown")
                : t.get("table.candidates", String.join(t.get("table.or"), o.tableCandidates()));
    }

    /** {@code " (3 runs)"} after a label run more than once, nothing after one run once. */
    public static String runCount(RunGroup g, Texts t) {
        return g.size() == 1 ? "" : " (" + t.runs(g.size()) + ")";
    }

    /**
     * How a run ended, in words: completed, failed, incomplete (stopped or cut), or excerpt (the log starts after
     * gbak's start, like the article's five index lines: not a stopped restore, though its record says incomplete).
     */
    public static String status(RestoreRun run, Texts t) {
        return t.get("status." + RunOutcome.of(run));
    }
}
