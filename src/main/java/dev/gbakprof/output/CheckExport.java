package dev.gbakprof.output;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.gbakprof.history.Check;
import dev.gbakprof.history.CheckFacts;
import dev.gbakprof.history.History;
import dev.gbakprof.history.Verdict;
import dev.gbakprof.model.OneLine;
import dev.gbakprof.model.Phase;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What monitoring systems read of a {@code check}, written from its {@link CheckFacts}: Nagios/Icinga performance data,
 * a Prometheus textfile (node_exporter's or windows_exporter's textfile collector), Zabbix low-level discovery; the
 * JSON object is {@link CheckJson}. A value that is
 * not known (the total of a failed restore, the phases of a killed one) is left out, never written as 0.
 */
public final class CheckExport {
    private CheckExport() {}

    /**
     * Nagios plugin performance data (Nagios Plugin Development Guidelines, "Performance data"): {@code
     * 'label'=value[UOM];[warn];[crit];[min];[max]}, space-separated, numbers in the C locale. The total with its warning
     * and critical thresholds, each phase, the age with --max-age as its critical threshold; what is unknown is left
     * out. Empty when nothing is known.
     */
    public static String perfdata(CheckFacts f) {
        return perfdata(f, null);
    }

    /**
     * {@link #perfdata(CheckFacts)} with each label after {@code job} ({@code 'erp total'=…}, quoted as the guidelines
     * ask for a label with a space; a {@code '} doubled, an {@code =} or {@code |} made {@code -}): one job's among
     * several on one line ({@code check --jobs}), where the same label twice would leave a grapher one of them.
     * {@code job} {@code null}: the labels alone.
     */
    public static String perfdata(CheckFacts f, String job) {
        List<String> out = new ArrayList<>();
        if (f.total() != null) {
            out.add(perfLabel(job, "total") + "=" + num(f.total()) + "s;" + num(f.warningSeconds()) + ";"
                    + num(f.criticalSeconds()) + ";0");
            f.phases().forEach((ph, s) -> out.add(perfLabel(job, perfName(ph)) + "=" + num(s) + "s;;;0"));
        }
        if (f.ageSeconds() != null) {
            out.add(perfLabel(job, "age") + "=" + num(Math.floor(f.ageSeconds())) + "s;;"
                    + num(f.maxAge() == null ? null : f.maxAge().toMillis() / 1000.0) + ";0");
        }
        return String.join(" ", out);
    }

    private static String perfLabel(String job, String name) {
        return job == null ? name : "'" + OneLine.of(job).replace("'", "''").replaceAll("[=|]", "-") + " " + name + "'";
    }

    /** One job's verdict of {@code check --jobs}: its label, the verdict, its facts ({@code null}: nothing judged). */
    public record JobVerdict(String job, Check.Result result, CheckFacts facts) {}

    /**
     * {@code check --jobs} as a plugin's output, whose first line a monitoring system shows as the status: the worst
     * state and the jobs in each state, worst first ({@code CRITICAL: 3 jobs: 1 CRITICAL (badj), 2 OK (erpj, svcj)}),
     * with every job's performance data, labelled after its job; then each job's line in the jobs file's order, without
     * performance data (after the first line's, a {@code |} would start more of it).
     */
    public static List<String> jobsOutput(List<JobVerdict> jobs) {
        Check.State worst = worst(jobs);
        List<String> counts = new ArrayList<>();
        for (int i = Verdict.SEVERITY.size() - 1; i >= 0; i--) {
            Check.State state = Verdict.SEVERITY.get(i);
            List<String> named = jobs.stream()
                    .filter(j -> j.result().state() == state)
                    .map(JobVerdict::job)
                    .toList();
            if (!named.isEmpty()) {
                counts.add(named.size() + " " + state + " (" + String.join(", ", named) + ")");
            }
        }
        List<String> perf = new ArrayList<>();
        for (JobVerdict j : jobs) {
            String p = j.facts() == null ? "" : perfdata(j.facts(), j.job());
            if (!p.isEmpty()) {
                perf.add(p);
            }
        }
        List<String> out = new ArrayList<>();
        out.add(nagiosLine(
                        worst + ": " + jobs.size() + (jobs.size() == 1 ? " job: " : " jobs: ")
                                + String.join(", ", counts),
                        null)
                + (perf.isEmpty() ? "" : " | " + String.join(" ", perf)));
        jobs.forEach(j -> out.add(nagiosLine(j.result().line(), null)));
        return out;
    }

    /** The worst state of the jobs ({@link Verdict#SEVERITY}): {@code check --jobs}' exit code. */
    public static Check.State worst(List<JobVerdict> jobs) {
        Check.State worst = Check.State.OK;
        for (JobVerdict j : jobs) {
            worst = Verdict.worse(worst, j.result().state());
        }
        return worst;
    }

    /** {@code data_phase}, {@code index_phase}: a phase as a perfdata label. */
    static String perfName(Phase ph) {
        return ph.prose().replace(' ', '_').replace("finishing", "finish");
    }

    /**
     * The check's line with its performance data after {@code |} (a {@code |} in the text would end it: made {@code /}),
     * one line ({@link OneLine}: a label or gfix's words recorded with a tab or a line feed do not split it).
     */
    public static String nagiosLine(String line, CheckFacts f) {
        String text = OneLine.of(line).replace('|', '/');
        String perf = f == null ? "" : perfdata(f);
        return perf.isEmpty() ? text : text + " | " + perf;
    }

    /**
     * How the Prometheus text of {@link #prometheus} starts (the {@code # HELP} line of its first metric, {@code
     * gbakprof_check_status}, always there): {@code check --prometheus} replaces only a file that starts so.
     */
    public static final String PROMETHEUS_START = "# HELP gbakprof_";

    /**
     * The Prometheus text exposition format (version 0.0.4), for node_exporter's {@code --collector.textfile.directory}
     * or windows_exporter's textfile collector: {@code # HELP} and {@code # TYPE} before each metric, every sample
     * labelled {@code backup} and {@code label}. A value not known is left out. It starts with {@link
     * #PROMETHEUS_START}.
     */
    public static String prometheus(Check.Result result, CheckFacts f, Series unjudged) {
        StringBuilder sb = new StringBuilder();
        String backup = f != null && f.backup() != null ? f.backup() : unjudged.backup();
        String label = f != null && f.label() != null ? f.label() : unjudged.label();
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
                    "1 when the newest restore test completed, 0 when it failed, was stopped, was refused or left no record.",
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

    /**
     * The labels of a check's samples when it judged no run: those of the file an earlier check wrote (one file per
     * backup), so that its series goes on, at 3 (UNKNOWN), instead of vanishing (an alert on a series that is gone
     * goes silent); without such a file, {@code check --backup} and {@code --label} as given. Empty strings where
     * neither is known.
     */
    public record Series(String backup, String label) {
        private static final Pattern STATUS = Pattern.compile(
                "^gbakprof_check_status\\{backup=\"((?:[^\"\\\\]|\\\\.)*)\",label=\"((?:[^\"\\\\]|\\\\.)*)\"\\}",
                Pattern.MULTILINE);

        public Series {
            backup = backup == null ? "" : backup;
            label = label == null ? "" : label;
        }

        /** The series of {@code earlier}, an earlier check's text, else {@code backup} and {@code label}. */
        public static Series of(String earlier, String backup, String label) {
            Matcher m = earlier == null ? null : STATUS.matcher(earlier);
            return m != null && m.find()
                    ? new Series(unescapeLabel(m.group(1)), unescapeLabel(m.group(2)))
                    : new Series(backup, label);
        }
    }

    private static String unescapeLabel(String v) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            if (c == '\\' && i + 1 < v.length()) {
                char n = v.charAt(++i);
                sb.append(n == 'n' ? '\n' : n);
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }

    /** A label value of the text format: backslash, double quote and line feed escaped. */
    static String escapeLabel(String v) {
        return v.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
    }

    /**
     * Zabbix low-level discovery: {@code {"data": [{"{#BACKUP}": …, "{#LABEL}": …, "{#RUNS_DIR}": …}]}}, one element per
     * job the runs folder holds ({@link History#jobs}: a backup file name under one label, {@code ""} for the runs
     * without one; those of run folders without a usable record too), always all of them, each what {@code check
     * --backup {#BACKUP} --label {#LABEL}} judges.
     *
     * @param jobs    the jobs, in backup then label order
     * @param runsDir the runs folder, as given
     */
    public static Discovery discovery(List<History.Job> jobs, String runsDir) {
        return new Discovery(jobs.stream()
                .map(j -> new Discovery.Macros(j.backup(), j.label(), runsDir))
                .toList());
    }

    /** Zabbix low-level discovery's document. */
    public record Discovery(List<Macros> data) {
        /** One job's LLD macros. */
        public record Macros(
                @JsonProperty("{#BACKUP}") String backup,
                @JsonProperty("{#LABEL}") String label,
                @JsonProperty("{#RUNS_DIR}") String runsDir) {}
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
