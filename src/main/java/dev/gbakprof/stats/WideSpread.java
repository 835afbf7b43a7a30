package dev.gbakprof.stats;

import dev.gbakprof.model.RestoreRun;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * A configuration of the headline whose own runs differ by more than the difference reported between the two, or by
 * more than 2×: its median stands for runs that disagree ("emb: 16.6 s (median of 2 runs)" for 27.7 s and 5.6 s), so
 * the headline says so and names the runs (note {@code wide-spread}), where it claims a difference. Not for a paired
 * comparison: there the drift
 * between rounds is what the pairs take out, and the within-round ratios are what is weighed.
 */
final class WideSpread {
    /** Slowest run over fastest, from which a configuration's runs are said to disagree whatever the difference. */
    static final double FACTOR = 2.0;

    private WideSpread() {}

    /**
     * The notes of the headline's configurations, faster first; args: label, the fastest run's time and name, the
     * slowest run's time and name, whether the spread is wider than the headline's difference (Boolean).
     */
    static List<Note> of(Headline h) {
        List<Note> out = new ArrayList<>();
        if (h.measure() == null
                || h.slower() == null
                || h.comparison().paired()
                || h.comparison().verdict() == Verdict.SAME
                || h.comparison().verdict() == Verdict.CANNOT_TELL) {
            // paired: the drift between rounds is what the pairs take out; the same or cannot tell: no difference
            // claimed
            return out;
        }
        double gap = Math.abs(h.slower().spread(h.measure()).median()
                - h.faster().spread(h.measure()).median());
        for (RunGroup g : List.of(h.faster(), h.slower())) {
            List<RestoreRun> known = g.runs().stream()
                    .filter(r -> h.measure().of(r) != null)
                    .sorted(Comparator.comparing(r -> h.measure().of(r)))
                    .toList();
            if (known.size() < 2) {
                continue;
            }
            RestoreRun fast = known.get(0);
            RestoreRun slow = known.get(known.size() - 1);
            double min = h.measure().of(fast);
            double max = h.measure().of(slow);
            boolean widerThanGap = max - min > gap;
            if (widerThanGap || (min > 0 && max / min > FACTOR)) {
                out.add(Note.of(NoteCode.WIDE_SPREAD, g.label(), min, name(fast), max, name(slow), widerThanGap));
            }
        }
        return out;
    }

    /** A run by the name a DBA finds it by: its run folder, or its log file. */
    static String name(RestoreRun r) {
        if (r.source() == null) {
            return Objects.requireNonNullElse(r.startedAt(), "?");
        }
        Path source = Path.of(r.source());
        Path file = source.getFileName();
        Path parent = source.getParent();
        Path folder = parent == null ? null : parent.getFileName();
        if (file == null) {
            return r.source();
        }
        return file.toString().equals("gbak.log") && folder != null ? folder.toString() : file.toString();
    }
}
