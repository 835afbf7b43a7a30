package dev.gbakprof.history;

import dev.gbakprof.model.Phase;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunKind;
import dev.gbakprof.model.RunStatus;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What monitoring systems read of a {@code check}: Nagios/Icinga performance data, one JSON object, a Prometheus
 * textfile (node_exporter's or windows_exporter's textfile collector), Zabbix low-level discovery. A value that is
 * not known (the total of a failed restore, the phases of a killed one) is left out, never written as 0.
 */
public final class CheckExport {
    /** The JSON's schema. */
    public static final String SCHEMA = "gbakprof.check/1";

    private CheckExport() {}

    /**
     * What was judged.
     *
     * @param backup    the backup's file name ({@code erp.fbk}), or the label when grouped by label
     * @param label     the judged run's label, or {@code null}
     * @param folder    the judged run folder, or {@code null} when there was none
     * @param startedAt when the judged run started, or {@code null}
     * @param status    {@code completed}, {@code failed}, {@code incomplete}, {@code running}, {@code no record},
     *                  {@code damaged}, or {@code null} when nothing was judged
     * @param run       the judged record, or {@code null} when its folder has none that can be judged
     * @param band      the baseline band it was judged against, or {@code null}
     * @param slowerPct {@code check --slower}, or {@code null}
     */
    public record Facts(
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
        public static Facts of(
                Trend trend, Trend.Point p, Duration rto, Duration maxAge, Double slowerPct, Instant now) {
            RestoreRun r = p.run();
            String status = p.restored() ? r.status().toString() : "backup " + r.status();
            // grouped by label, the backup is the judged run's file (erp-20261206.fbk)
            String backup = trend.by() == Trend.By.LABEL ? Trend.backupName(r) : trend.backup();
            return new Facts(
                    backup, r.label(), p.folder(), p.startedAt(), status, r, p.band(), rto, maxAge, slowerPct, now);
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

        /** Seconds since the judged run started; {@code null} when unknown. */
        public Double ageSeconds() {
            return startedAt == null || now == null
                    ? null
                    : Math.max(0, Duration.between(startedAt, now).toMillis() / 1000.0);
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
                double r = (1 - Check.RTO_MARGIN) * rto.toMillis() / 1000.0;
                w = w == null ? r : Math.min(w, r);
            }
            return w;
        }

        /** The total above which {@code check} is critical: the RTO; {@code null} without one. */
        public Double criticalSeconds() {
            return rto == null ? null : rto.toMillis() / 1000.0;
        }
    }

    /**
     * Nagios plugin performance data (Nagios Plugin Development Guidelines, "Performance data"): {@code
     * 'label'=value[UOM];[warn];[crit];[min];[max]}, space-separated, numbers in the C locale. The total with its warning
     * and critical thresholds, each phase, the age with --max-age as its critical threshold; what is unknown is left
     * out. Empty when nothing is known.
     */
    public static String perfdata(Facts f) {
        List<String> out = new ArrayList<>();
        if (f.total() != null) {
            out.add("total=" + num(f.total()) + "s;" + num(f.warningSeconds()) + ";" + num(f.criticalSeconds()) + ";0");
            f.phases().forEach((ph, s) -> out.add(perfName(ph) + "=" + num(s) + "s;;;0"));
        }
        if (f.ageSeconds() != null) {
            out.add("age=" + num(Math.floor(f.ageSeconds())) + "s;;"
                    + num(f.maxAge() == null ? null : f.maxAge().toMillis() / 1000.0) + ";0");
        }
        return String.join(" ", out);
    }

    /** {@code data_phase}, {@code index_phase}: a phase as a perfdata label. */
    static String perfName(Phase ph) {
        return ph.prose().replace(' ', '_').replace("finishing", "finish");
    }

    /** The check's line with its performance data after {@code |} (a {@code |} in the text would end it: made {@code /}). */
    public static String nagiosLine(String line, Facts f) {
        String text = line.replace('|', '/');
        String perf = f == null ? "" : perfdata(f);
        return perf.isEmpty() ? text : text + " | " + perf;
    }

    /** {@code check --json}: one object, the schema {@value #SCHEMA}. */
    public static Map<String, Object> json(Check.Result result, Facts f) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("schema", SCHEMA);
        m.put("status", result.state().toString());
        m.put("code", result.state().exitCode());
        m.put("text", result.line());
        m.put("backup", f == null ? null : f.backup());
        m.put("label", f == null ? null : f.label());
        Map<String, Object> run = null;
        if (f != null && f.status() != null) {
            run = new LinkedHashMap<>();
            run.put("folder", f.folder() == null ? null : f.folder().toString());
            run.put("startedAt", f.startedAt() == null ? null : f.startedAt().toString());
            run.put("ageSeconds", f.ageSeconds());
            run.put("status", f.status());
            run.put("totalSeconds", f.total());
            Map<String, Object> phases = new LinkedHashMap<>();
            f.phases().forEach((ph, s) -> phases.put(ph.label(), s));
            run.put("phases", phases.isEmpty() ? null : phases);
            run.put("rows", f.total() == null ? null : f.run().rows());
        }
        m.put("run", run);
        m.put("band", f == null ? null : f.band());
        Map<String, Object> t = new LinkedHashMap<>();
        t.put("warningSeconds", f == null ? null : f.warningSeconds());
        t.put("criticalSeconds", f == null ? null : f.criticalSeconds());
        t.put("rtoSeconds", f == null ? null : f.criticalSeconds());
        t.put(
                "maxAgeSeconds",
                f == null || f.maxAge() == null ? null : f.maxAge().toMillis() / 1000.0);
        t.put("slowerPercent", f == null ? null : f.slowerPct());
        m.put("thresholds", t);
        String reason = result.line().replaceFirst("^[A-Z]+: ", "");
        m.put("reasons", List.of(reason));
        return m;
    }

    /**
     * The Prometheus text exposition format (version 0.0.4), for node_exporter's {@code --collector.textfile.directory}
     * or windows_exporter's textfile collector: {@code # HELP} and {@code # TYPE} before each metric, every sample
     * labelled {@code backup} and {@code label}. A value not known is left out.
     */
    public static String prometheus(Check.Result result, Facts f) {
        StringBuilder sb = new StringBuilder();
        String backup = f == null || f.backup() == null ? "" : f.backup();
        String label = f == null || f.label() == null ? "" : f.label();
        String labels = "backup=\"" + escapeLabel(backup) + "\",label=\"" + escapeLabel(label) + "\"";
        metric(
                sb,
                "gbakprof_check_status",
                "The state of gbakprof check: 0 OK, 1 WARNING, 2 CRITICAL, 3 UNKNOWN.",
                labels,
                (double) result.state().exitCode());
        if (f != null) {
            metric(
                    sb,
                    "gbakprof_restore_success",
                    "1 when the newest restore test completed, 0 when it failed, was stopped or left no record.",
                    labels,
                    f.success() == null ? null : f.success().doubleValue());
            metric(
                    sb,
                    "gbakprof_restore_last_seconds",
                    "Seconds the newest completed restore took (gbak's clock).",
                    labels,
                    f.total());
            Map<Phase, Double> phases = f.phases();
            if (!phases.isEmpty()) {
                head(sb, "gbakprof_restore_phase_seconds", "Seconds of each phase of the newest completed restore.");
                phases.forEach((ph, s) ->
                        sample(sb, "gbakprof_restore_phase_seconds", labels + ",phase=\"" + ph.label() + "\"", s));
            }
            metric(
                    sb,
                    "gbakprof_restore_last_start_timestamp_seconds",
                    "When the newest restore test started, seconds since the Unix epoch.",
                    labels,
                    f.startedAt() == null ? null : f.startedAt().toEpochMilli() / 1000.0);
            metric(
                    sb,
                    "gbakprof_restore_age_seconds",
                    "Seconds from the start of the newest restore test to the check.",
                    labels,
                    f.ageSeconds());
            metric(
                    sb,
                    "gbakprof_restore_rto_seconds",
                    "The recovery time objective the restore is checked against (check --rto).",
                    labels,
                    f.criticalSeconds());
            metric(
                    sb,
                    "gbakprof_restore_baseline_high_seconds",
                    "The upper edge of the baseline band of the newest restore.",
                    labels,
                    f.band() == null ? null : f.band().high());
        }
        return sb.toString();
    }

    private static void metric(StringBuilder sb, String name, String help, String labels, Double value) {
        if (value == null) {
            return;
        }
        head(sb, name, help);
        sample(sb, name, labels, value);
    }

    private static void head(StringBuilder sb, String name, String help) {
        sb.append("# HELP ")
                .append(name)
                .append(' ')
                .append(help.replace("\\", "\\\\").replace("\n", "\\n"))
                .append('\n');
        sb.append("# TYPE ").append(name).append(" gauge\n");
    }

    private static void sample(StringBuilder sb, String name, String labels, double value) {
        sb.append(name)
                .append('{')
                .append(labels)
                .append("} ")
                .append(num(value))
                .append('\n');
    }

    /** A label value of the text format: backslash, double quote and line feed escaped. */
    static String escapeLabel(String v) {
        return v.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
    }

    /**
     * Zabbix low-level discovery: {@code {"data": [{"{#BACKUP}": …, "{#LABEL}": …, "{#RUNS_DIR}": …}]}}, one element per
     * backup the runs folder holds (those of run folders without a usable record too), always all of them.
     */
    public static Map<String, Object> discovery(List<String[]> backups) {
        List<Object> data = new ArrayList<>();
        for (String[] b : backups) {
            Map<String, Object> e = new LinkedHashMap<>();
            e.put("{#BACKUP}", b[0]);
            e.put("{#LABEL}", b[1] == null ? "" : b[1]);
            e.put("{#RUNS_DIR}", b[2]);
            data.add(e);
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("data", data);
        return m;
    }

    /** A number in the C locale, without trailing zeros ({@code 17.3}, {@code 14400}); empty for {@code null}. */
    static String num(Double v) {
        if (v == null || !Double.isFinite(v)) {
            return "";
        }
        return BigDecimal.valueOf(Math.round(v * 1000) / 1000.0)
                .stripTrailingZeros()
                .toPlainString()
                .toLowerCase(Locale.ROOT);
    }
}
