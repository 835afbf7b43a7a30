package dev.gbakprof.output;

import dev.gbakprof.history.Band;
import dev.gbakprof.history.Trend;
import dev.gbakprof.model.FailureReason;
import dev.gbakprof.model.Phase;
import dev.gbakprof.model.RestoreRun;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code history --json} ({@value #SCHEMA}): the RTO, each backup's restores oldest first with their phases, band and
 * verdicts, and the notes on what was left out. Unknown is {@code null}, never 0.
 */
public record HistoryJson(String schema, Double rtoSeconds, List<Backup> backups, List<String> notes) {
    /** The schema. */
    public static final String SCHEMA = "gbakprof.history/1";

    /** The trends as {@code history --json} writes them. */
    public static HistoryJson of(List<Trend> trends, List<String> notes, Duration rto) {
        return new HistoryJson(
                SCHEMA,
                rto == null ? null : rto.toMillis() / 1000.0,
                trends.stream().map(t -> Backup.of(t, rto)).toList(),
                notes);
    }

    /** One backup's restores. */
    public record Backup(String backup, List<Restore> restores) {
        static Backup of(Trend t, Duration rto) {
            return new Backup(
                    t.backup(), t.points().stream().map(p -> Restore.of(p, rto)).toList());
        }
    }

    /**
     * One restore (or a drill stopped at its backup: {@code restored} false, its restore's fields {@code null}).
     *
     * @param phases seconds of each phase of a finished restore, every phase named ({@code null} when not finished)
     * @param backup a drill's backup, {@code null} when the run restored a backup file
     */
    public record Restore(
            String folder,
            String startedAt,
            String label,
            boolean restored,
            String status,
            Double totalSeconds,
            Double lastSeenSeconds,
            Map<String, Double> phases,
            Long rows,
            Double rowsPerSecond,
            String backupSha256,
            String verification,
            String validation,
            Band band,
            Boolean aboveBand,
            Boolean withinRto,
            DrillBackup backup) {

        static Restore of(Trend.Point p, Duration rto) {
            RestoreRun r = p.run();
            boolean restored = p.restored();
            return new Restore(
                    p.folder().toString(),
                    p.startedAt().toString(),
                    r.label(),
                    restored,
                    restored ? r.status().toString() : null,
                    restored ? r.totalSeconds() : null,
                    restored ? r.lastSeenSeconds() : null,
                    phaseSeconds(r, p.done()),
                    restored ? r.rows() : null,
                    restored ? r.rowsPerSecond() : null,
                    restored ? r.backupSha256() : null,
                    p.verification(),
                    p.validation(),
                    p.band(),
                    p.aboveBand(),
                    p.withinRto(rto),
                    DrillBackup.of(p.backup()));
        }
    }

    /** A drill's backup ({@code run --backup-from}). */
    public record DrillBackup(
            String status,
            Double totalSeconds,
            Double wallSeconds,
            Double lastSeenSeconds,
            String database,
            String file,
            Long bytes,
            String sha256,
            Long rows,
            Double rowsPerSecond,
            String failure) {

        static DrillBackup of(RestoreRun b) {
            return b == null
                    ? null
                    : new DrillBackup(
                            b.status().toString(),
                            b.totalSeconds(),
                            b.wallSeconds(),
                            b.lastSeenSeconds(),
                            b.database(),
                            b.backupFile(),
                            b.backupBytes(),
                            b.backupSha256(),
                            b.rows(),
                            b.rowsPerSecond(),
                            FailureReason.of(b));
        }
    }

    /** Every phase by its JSON name, in the phases' order: its seconds when {@code known}, else {@code null}. */
    static Map<String, Double> phaseSeconds(RestoreRun r, boolean known) {
        Map<String, Double> m = new LinkedHashMap<>();
        for (Phase ph : Phase.values()) {
            m.put(ph.label(), known ? r.phaseSeconds(ph) : null);
        }
        return m;
    }
}
