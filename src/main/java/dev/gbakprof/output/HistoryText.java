package dev.gbakprof.output;

import dev.gbakprof.history.Band;
import dev.gbakprof.history.Trend;
import dev.gbakprof.model.Phase;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.Rounding;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.model.UtcMinute;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** {@code history}'s table: one per backup, a line per restore, oldest first. */
public final class HistoryText {
    private HistoryText() {}

    /** The table of one trend, with its heading line; the {@code within RTO} column when there is an RTO. */
    public static String table(Trend t, Duration rto) {
        StringBuilder sb = new StringBuilder();
        sb.append(t.backup()).append(": ").append(counts(t));
        sb.append(System.lineSeparator());
        boolean drills = t.drills();
        sb.append(String.format(
                Locale.ROOT,
                "  %-16s  " + (drills ? "%-10s " : "%s") + "%-10s %10s %9s %9s %9s %9s %9s %12s  %-9s %-9s %-17s%s%n",
                "started (UTC)",
                drills ? "backup" : "",
                "status",
                "total",
                "setup",
                "metadata",
                "data",
                "indexes",
                "finish",
                "rows",
                "verified",
                "validated",
                "baseline",
                rto == null ? "" : "  within RTO"));
        for (Trend.Point p : t.points()) {
            RestoreRun r = p.run();
            boolean done = p.done();
            StringBuilder phases = new StringBuilder();
            for (Phase ph : Phase.values()) {
                Double seconds = done ? r.phaseSeconds(ph) : null;
                phases.append(String.format(Locale.ROOT, " %9s", seconds == null ? "-" : secs(seconds)));
            }
            sb.append(String.format(
                    Locale.ROOT,
                    "  %-16s  " + (drills ? "%-10s " : "%s") + "%-10s %10s%s %12s  %-9s %-9s %-17s%s%n",
                    UtcMinute.of(p.startedAt()),
                    drills ? backupCell(p.backup()) : "",
                    p.restored() ? r.status() : "-",
                    r.totalSeconds() == null || !p.restored() ? "-" : secs(r.totalSeconds()),
                    phases,
                    p.restored() && r.rows() != null ? String.format(Locale.ROOT, "%,d", r.rows()) : "-",
                    p.verification() == null ? "-" : p.verification(),
                    p.validation() == null ? "-" : p.validation(),
                    baseline(p),
                    rto == null ? "" : "  " + (done ? p.withinRto(rto) ? "yes" : "NO" : "-")));
        }
        return sb.toString();
    }

    /**
     * {@code 6 runs: 4 completed, 1 failed, 1 incomplete; 1 drill stopped at its backup}: every run the table lists,
     * by its status column's word, so that the numbers add up to its lines.
     */
    static String counts(Trend t) {
        Map<RunStatus, Long> by = new EnumMap<>(RunStatus.class);
        long stopped = 0; // drills that stopped at their backups: no restore, no status
        for (Trend.Point p : t.points()) {
            if (p.restored()) {
                by.merge(p.run().status(), 1L, Long::sum);
            } else {
                stopped++;
            }
        }
        List<String> parts = new ArrayList<>();
        by.forEach((status, n) -> parts.add(n + " " + status));
        if (stopped > 0) {
            parts.add(stopped + (stopped == 1 ? " drill stopped at its backup" : " drills stopped at their backups"));
        }
        int n = t.points().size();
        return n + (n == 1 ? " run: " : " runs: ") + String.join(", ", parts);
    }

    /** A drill's backup: its total, or FAILED (INCOMPLETE when stopped); {@code -} when the run restored a backup file. */
    private static String backupCell(RestoreRun b) {
        if (b == null) {
            return "-";
        }
        return b.restoreSeconds() != null
                ? secs(b.restoreSeconds())
                : b.status() == RunStatus.INCOMPLETE ? "INCOMPLETE" : "FAILED";
    }

    private static String secs(double s) {
        return Rounding.halfEven(s, 1).toPlainString() + " s";
    }

    /** The band ({@code 0.0-1.1 s}), {@code ABOVE} or {@code below} when a finished restore lies outside it. */
    private static String baseline(Trend.Point p) {
        Band b = p.band();
        if (b == null) {
            return "none yet";
        }
        String range = Rounding.halfEven(b.low(), 1).toPlainString() + "-"
                + Rounding.halfEven(b.high(), 1).toPlainString() + " s";
        Trend.Standing s = p.standing();
        return range + (s == Trend.Standing.ABOVE ? " ABOVE" : s == Trend.Standing.BELOW ? " below" : "");
    }
}
