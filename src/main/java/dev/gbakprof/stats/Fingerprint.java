package dev.gbakprof.stats;

import dev.gbakprof.model.IndexBuild;
import dev.gbakprof.model.PhaseTime;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.TableLoad;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What identifies one restore: what it restored and when, as its statistics lines said it (every table's rows
 * and clock, every index's clock, reads and writes, the phases and the last clock). A run record and its own raw
 * log, or one log saved as UTF-8, with CRLF or as UTF-16, have the same fingerprint though their bytes differ;
 * two real restores that got anywhere never print the same clock to the millisecond on every line (two that failed at
 * once may: their records' start times tell them apart).
 */
public record Fingerprint(List<Object> lines) {

    public static Fingerprint of(RestoreRun r) {
        List<Object> parts = new ArrayList<>();
        parts.add(r.lastSeenSeconds());
        parts.add(r.totalReads());
        parts.add(r.totalWrites());
        for (PhaseTime p : r.phases()) {
            parts.add(p.name() + "=" + p.seconds());
        }
        for (TableLoad t : r.tables()) {
            parts.add(List.of(
                    t.name(),
                    Objects.toString(t.records()),
                    Objects.toString(t.startSeconds()),
                    Objects.toString(t.seconds())));
        }
        for (IndexBuild i : r.indexes()) {
            parts.add(List.of(
                    i.name(),
                    Objects.toString(i.startSeconds()),
                    Objects.toString(i.seconds()),
                    Objects.toString(i.reads()),
                    Objects.toString(i.writes())));
        }
        return new Fingerprint(
                List.copyOf(parts.stream().map(o -> o == null ? "null" : o).toList()));
    }

    /** Whether the run shows any statistics at all (a log without a line of them identifies nothing). */
    public boolean empty() {
        return lines.stream().allMatch("null"::equals);
    }
}
