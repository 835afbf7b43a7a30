package dev.gbakprof.cli;

import dev.gbakprof.model.ExitCode;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.report.Durations;
import dev.gbakprof.run.RestoreSession;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/**
 * {@code run --jobs FILE}: each job of a jobs file ({@link JobsFile}) run in its order as {@code gbakprof run} with the
 * job's options and the ones given beside {@code --jobs}, through the same command and pipeline; then one summary
 * table and the worst exit code. Ctrl-C stops the job it lands in and the ones after it.
 */
final class JobsRun {
    private final CommandSpec spec;
    private final Path file;

    JobsRun(CommandSpec spec, Path file) {
        this.spec = spec;
        this.file = file;
    }

    /** What one job came to: its exit code, its record (none when refused), and a line on it. */
    private record Done(JobsFile.Job job, int code, RestoreRun run, Path runDir, String why) {}

    int run() {
        ParseResult pr = spec.commandLine().getParseResult();
        for (OptionSpec o : pr.matchedOptions()) {
            if (JobsFile.PER_JOB_OPTIONS.contains(o.longestName())) {
                throw new UsageException(o.longestName() + ": each job of --jobs " + file + " gives its own"
                        + (JobsFile.KEYS.contains(key(o.longestName())) ? " (\"" + key(o.longestName()) + "\")" : "")
                        + "; leave it out of the command line");
            }
        }
        List<JobsFile.Job> jobs = JobsFile.read(file);
        List<String> common = new ArrayList<>();
        for (OptionSpec o : pr.matchedOptions()) {
            if (o.longestName().equals("--jobs")) {
                continue;
            }
            if (o.arity().max() == 0) {
                common.add(o.longestName());
            } else {
                for (String v : o.originalStringValues()) {
                    common.add(o.longestName());
                    common.add(v);
                }
            }
        }
        List<String> extra = pr.matchedPositionals().stream()
                .flatMap(p -> p.originalStringValues().stream())
                .toList();
        // the JVM, told to stop, waits for the summary (each job's own hold ends with that job)
        try (CtrlC ctrlC = new CtrlC()) {
            return run(jobs, common, extra, ctrlC);
        }
    }

    private int run(List<JobsFile.Job> jobs, List<String> common, List<String> extra, CtrlC ctrlC) {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        List<Done> done = new ArrayList<>();
        boolean stopped = false;
        for (JobsFile.Job job : jobs) {
            if (stopped) {
                done.add(new Done(job, ExitCode.INTERRUPTED, null, null, "not started (Ctrl-C)"));
                continue;
            }
            err.println("gbakprof: job " + job.index() + " of " + jobs.size() + ": " + job.label());
            err.flush();
            List<String> args = new ArrayList<>(job.runArgs());
            args.addAll(common);
            if (!extra.isEmpty()) {
                args.add("--");
                args.addAll(extra);
            }
            StringWriter said = new StringWriter();
            RunCommand[] made = new RunCommand[1];
            CommandLine.IFactory factory = new CommandLine.IFactory() {
                @Override
                public <K> K create(Class<K> cls) throws Exception {
                    K k = CommandLine.defaultFactory().create(cls);
                    if (k instanceof RunCommand r) {
                        made[0] = r;
                    }
                    return k;
                }
            };
            int code =
                    Main.execute(args.toArray(String[]::new), out, new PrintWriter(new Tee(err, said), true), factory);
            List<RestoreSession.Outcome> outcomes = made[0] == null ? null : made[0].outcomes;
            if (outcomes == null || outcomes.isEmpty()) {
                done.add(new Done(job, code, null, null, refusal(said.toString())));
            } else {
                RestoreSession.Outcome last = outcomes.get(outcomes.size() - 1);
                int judged = code;
                Duration rto = job.rtoDuration();
                Double total = last.run().totalSeconds();
                if (code == ExitCode.OK && rto != null && total != null && total > rto.toMillis() / 1000.0) {
                    judged = ExitCode.FAILED; // the restore worked, too slowly for its objective
                }
                done.add(new Done(job, judged, last.run(), last.runDir(), null));
            }
            stopped = code == ExitCode.INTERRUPTED || ctrlC.pressed();
        }
        out.println();
        out.println("gbakprof: jobs of " + file);
        out.print(summary(done));
        int worst = done.stream().mapToInt(Done::code).max().orElse(ExitCode.OK);
        out.println("gbakprof: " + counts(done) + "; exit code " + worst);
        out.flush();
        return worst;
    }

    private static String key(String option) {
        return switch (option) {
            case "--backup-dir" -> "backupDir";
            default -> option.substring(2);
        };
    }

    /** The table: each job's label, status, total, RTO, how the total stands against it, and its run folder or why. */
    private static String summary(List<Done> done) {
        List<List<String>> rows = new ArrayList<>();
        for (Done d : done) {
            String rto = d.job().rto() == null ? "-" : d.job().rto();
            if (d.run() == null) {
                rows.add(List.of(d.job().label(), status(d), "-", rto, "-", d.why()));
                continue;
            }
            Double total = d.run().totalSeconds();
            rows.add(List.of(
                    d.job().label(),
                    status(d),
                    Durations.human(total),
                    rto,
                    vsRto(total, d.job().rtoDuration()),
                    d.runDir().toString()));
        }
        return TextTable.of(List.of("LABEL", "STATUS", "TOTAL", "RTO", "VS RTO", "RUN FOLDER OR WHY"), rows);
    }

    private static String status(Done d) {
        if (d.run() == null) {
            return d.code() == ExitCode.INTERRUPTED ? "not started" : "refused";
        }
        if (d.code() == ExitCode.INTERRUPTED) {
            return d.run().status() + " (Ctrl-C)";
        }
        return d.code() == ExitCode.FAILED && d.run().status() == RunStatus.COMPLETED
                ? "over its RTO"
                : d.run().status().toString();
    }

    /** {@code 62 % of it}, {@code over by 1 min 05 s}, {@code -} without an RTO, {@code unknown} without a total. */
    static String vsRto(Double total, Duration rto) {
        if (rto == null) {
            return "-";
        }
        if (total == null) {
            return "unknown";
        }
        double r = rto.toMillis() / 1000.0;
        return total > r
                ? "over by " + Durations.human(total - r)
                : String.format(Locale.ROOT, "%.0f %% of it", 100 * total / r);
    }

    /** {@code 2 jobs: 1 completed, 1 refused}. */
    private static String counts(List<Done> done) {
        Map<String, Integer> n = new TreeMap<>();
        for (Done d : done) {
            n.merge(status(d), 1, Integer::sum);
        }
        List<String> parts = new ArrayList<>();
        n.forEach((k, v) -> parts.add(v + " " + k));
        return done.size() + (done.size() == 1 ? " job: " : " jobs: ") + String.join(", ", parts);
    }

    /** The last line gbakprof said a job was refused with, without its {@code gbakprof: }. */
    private static String refusal(String said) {
        String why = "refused (see above)";
        for (String l : (Iterable<String>) said.lines()::iterator) {
            if (l.startsWith("gbakprof: ") && !l.startsWith("gbakprof: warning: ")) {
                why = l.substring("gbakprof: ".length());
            }
        }
        return why;
    }

    /** Standard error, also kept: the refusal of a job goes into its line of the summary. */
    private static final class Tee extends Writer {
        private final Writer a;
        private final StringWriter b;

        Tee(Writer a, StringWriter b) {
            this.a = a;
            this.b = b;
        }

        @Override
        public void write(char[] cbuf, int off, int len) throws IOException {
            a.write(cbuf, off, len);
            b.write(cbuf, off, len);
        }

        @Override
        public void flush() throws IOException {
            a.flush();
        }

        @Override
        public void close() throws IOException {
            a.flush();
        }
    }
}
