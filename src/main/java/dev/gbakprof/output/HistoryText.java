package dev.gbakprof.output;

import dev.gbakprof.history.Band;
import dev.gbakprof.history.Trend;
import dev.gbakprof.model.Phase;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.model.UtcMinute;
import java.time.Duration;
import java.util.Locale;

/** {@code history}'s table: one per backup, a line per restore, oldest first. */
public final class HistoryText {
    private HistoryText() {}

    /** The table of one trend, with its heading line; the {@code within RTO} column when there is an RTO. */
    public static String table(Trend t, Duration rto) {
        StringBuilder sb = new StringBuilder();
        long restored = t.points().stream().filter(Trend.Point::restored).count();
        long stopped = t.points().size() - restored; // drills that stopped at their backup: no restore
        sb.append(t.backup())
                .append(": ")
                .append(restored)
                .append(restored == 1 ? " restore, " : " restores, ")
                .append(t.completed())
                .append(" completed");
        if (stopped > 0) {
            sb.append("; ")
                    .append(stopped)
                    .append(stopped == 1 ? " drill stopped at its backup" : " drills stopped at their backups");
        }
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
        return String.format(Locale.ROOT, "%.1f s", s);
    }

    /** The band ({@code 0.0-1.1 s}), {@code ABOVE} or {@code below} when a finished restore lies outside it. */
    private static String baseline(Trend.Point p) {
        Band b = p.band();
        if (b == null) {
            return "none yet";
        }
        String range = String.format(Locale.ROOT, "%.1f-%.1f s", b.low(), b.high());
        Trend.Standing s = p.standing();
        return range + (s == Trend.Standing.ABOVE ? " ABOVE" : s == Trend.Standing.BELOW ? " below" : "");
    }
}
