package dev.gbakprof.history;

import dev.gbakprof.model.Phase;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunKind;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.store.RunFolders;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.Map;

/**
 * What {@code check} judged, as data: what its monitoring outputs ({@code dev.gbakprof.output.CheckExport}) are
 * written from. A value that is not known (the total of a failed restore, the phases of a killed one) is {@code null}
 * or absent, never 0.
 *
 * @param backup    the backup's file name ({@code erp.fbk}), or the label when grouped by label
 * @param label     the judged run's label, or {@code null}
 * @param folder    the judged run folder, or {@code null} when there was none
 * @param startedAt when the judged run started, or {@code null}
 * @param status    {@code completed}, {@code failed}, {@code incomplete}, {@code running}, {@code no record}, {@code refused},
 *                  {@code damaged}, or {@code null} when nothing was judged
 * @param run       the judged record, or {@code null} when its folder has none that can be judged
 * @param band      the baseline band it was judged against, or {@code null}
 * @param slowerPct {@code check --slower}, or {@code null}
 */
public record CheckFacts(
        String backup,
        String label,
        Path folder,
        Instant startedAt,
        String status,
        RestoreRun run,
        Band band,
        Duration rto,
        Duration maxAge,
        Double slowerPct,
        Instant now) {

    /** The facts of a judged record. */
    public static CheckFacts of(
            Trend trend, Trend.Point p, Duration rto, Duration maxAge, Double slowerPct, Instant now) {
        RestoreRun r = p.run();
        String status = p.restored() ? r.status().toString() : "backup " + r.status();
        // grouped by label, the backup is the judged run's file (erp-20261206.fbk)
        String backup = trend.by() == Trend.By.LABEL ? Trend.backupName(r) : trend.backup();
        return new CheckFacts(
                backup, r.label(), p.folder(), p.startedAt(), status, r, p.band(), rto, maxAge, slowerPct, now);
    }

    /**
     * The same facts without the run's start and band: of a run whose start was written by a clock that went back, no
     * age is true.
     */
    public CheckFacts withoutStart() {
        return new CheckFacts(backup, label, folder, null, status, run, null, rto, maxAge, slowerPct, now);
    }

    /** The total of a completed restore, seconds; {@code null} otherwise. */
    public Double total() {
        return run == null || run.kind() != RunKind.RESTORE ? null : run.restoreSeconds();
    }

    /** The phases of a completed restore, seconds; empty otherwise. */
    public Map<Phase, Double> phases() {
        Map<Phase, Double> m = new EnumMap<>(Phase.class);
        if (total() == null) {
            return m;
        }
        for (Phase ph : Phase.values()) {
            Double s = run.phaseSeconds(ph);
            if (s != null) {
                m.put(ph, s);
            }
        }
        return m;
    }

    /**
     * Seconds since the judged run started; {@code null} when unknown, or when its start is ahead of this machine's
     * clock by more than two machines' clocks differ (a clock set wrong: no age is true); 0 within that slack.
     */
    public Double ageSeconds() {
        if (startedAt == null || now == null || startedAt.isAfter(now.plus(RunFolders.CLOCK_SLACK))) {
            return null;
        }
        return Math.max(0, Duration.between(startedAt, now).toMillis() / 1000.0);
    }

    /** The newest restore completed (1) or not (0); {@code null} when that is not known (running, damaged). */
    public Integer success() {
        if (status == null || status.equals("running") || status.equals("damaged")) {
            return null;
        }
        return run != null && run.status() == RunStatus.COMPLETED && total() != null ? 1 : 0;
    }

    /** The total above which {@code check} warns: the band's edge (or --slower), or 80% of the RTO; the lower. */
    public Double warningSeconds() {
        Double w = null;
        if (band != null) {
            w = slowerPct == null ? band.high() : band.median() * (1 + slowerPct / 100);
        }
        if (rto != null) {
            double r = Rto.of(rto).warningSeconds();
            w = w == null ? r : Math.min(w, r);
        }
        return w;
    }

    /** The total above which {@code check} is critical: the RTO; {@code null} without one. */
    public Double criticalSeconds() {
        return rto == null ? null : Rto.of(rto).seconds();
    }
}
