package dev.gbakprof.cli;

import dev.gbakprof.history.JobOutcome;
import dev.gbakprof.model.Durations;
import dev.gbakprof.model.ExitCode;
import dev.gbakprof.model.Interruption;
import dev.gbakprof.output.JobsText;
import dev.gbakprof.run.RestoreSession;
import dev.gbakprof.run.Signals;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
        // a stop signal ends the job it lands in; the summary is still said (each job holds the handlers too)
        try (Signals.Hold ctrlC = Signals.hold()) {
            return run(jobs, common, extra, ctrlC);
        }
    }

    private int run(List<JobsFile.Job> jobs, List<String> common, List<String> extra, Signals.Hold ctrlC) {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        List<JobOutcome> done = new ArrayList<>();
        boolean stopped = false;
        for (JobsFile.Job job : jobs) {
            if (stopped) {
                done.add(JobOutcome.none(
                        job.label(),
                        job.rto(),
                        job.rtoDuration(),
                        ExitCode.INTERRUPTED,
                        "not started (" + Interruption.word() + ")"));
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
                done.add(JobOutcome.none(job.label(), job.rto(), job.rtoDuration(), code, refusal(said.toString())));
            } else {
                RestoreSession.Outcome last = outcomes.get(outcomes.size() - 1);
                done.add(JobOutcome.ran(job.label(), job.rto(), job.rtoDuration(), code, last.run(), last.runDir()));
            }
            stopped = code == ExitCode.INTERRUPTED || ctrlC.pressed();
        }
        out.println();
        out.println("gbakprof: jobs of " + file);
        out.print(JobsText.summary(done, Durations::human));
        int worst = JobOutcome.worst(done);
        out.println("gbakprof: " + JobOutcome.counts(done) + "; exit code " + worst);
        out.flush();
        return worst;
    }

    private static String key(String option) {
        return switch (option) {
            case "--backup-dir" -> "backupDir";
            default -> option.substring(2);
        };
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
