package dev.gbakprof.cli;

import dev.gbakprof.model.ExitCode;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.report.TextSummary;
import dev.gbakprof.store.LogReader;
import dev.gbakprof.store.Outputs;
import dev.gbakprof.store.RunJson;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * {@code gbakprof parse LOG...}: turns existing gbak restore logs into run records.
 *
 * <p>Declared with picocli's programmatic API, as gbakprof's own options are ({@link Main#spec}), where the other
 * commands use its annotations: to read annotations the JVM makes a proxy class for each annotation type and picocli
 * reflects over every field and method, which was a third of the CPU of a parse of a small log (start-up,
 * docs/dev/BENCHMARKS.md). The help, man page and completion are the same ({@code ManPagesTest}, {@code CompletionTest}).
 */
final class ParseCommand implements Callable<Integer> {
    private final CommandSpec spec = CommandSpec.wrapWithoutInspection(this);
    private final PositionalParamSpec logsArg = PositionalParamSpec.builder()
            .arity("1..*")
            .required(true)
            .paramLabel("LOG")
            .type(List.class)
            .auxiliaryTypes(Path.class)
            .description("gbak restore log file(s).")
            .build();
    private final OptionSpec labelOpt = OptionSpec.builder("--label")
            .paramLabel("L")
            .type(String.class)
            .description("Label of the run (default: the file name without extension).")
            .build();
    private final OptionSpec jsonOpt = OptionSpec.builder("--json")
            .type(boolean.class)
            .description(
                    "Print the run record as JSON (an array for several logs, or a log holding several gbak runs).")
            .build();
    private final OptionSpec outputOpt = OptionSpec.builder("-o", "--output")
            .paramLabel("FILE")
            .type(Path.class)
            .description("Write the JSON run record(s) to FILE (atomically).")
            .build();
    private final OptionSpec topOpt = OptionSpec.builder("--top")
            .paramLabel("N")
            .type(int.class)
            .defaultValue("10")
            .description("Indexes and tables listed in the summary (default: ${DEFAULT-VALUE}).")
            .build();
    private final OptionSpec encodingOpt = OptionSpec.builder("--encoding")
            .paramLabel("NAME")
            .type(java.nio.charset.Charset.class)
            .converters(new Encodings())
            .description(Encodings.DESCRIPTION)
            .build();

    ParseCommand() {
        spec.name("parse");
        spec.usageMessage()
                .description(
                        "Read gbak restore logs and print a summary per log, or the run record as JSON.",
                        "Any Firebird version, any -st columns, with or without the gbak: prefix, UTF-8/UTF-16, LF/CRLF.",
                        "Exits 1 when a log shows a failed restore, 2 when a file is not a readable restore log",
                        "(each such file is named in one line, the others are still parsed).");
        Main.standardHelpOptions(spec);
        spec.addPositional(logsArg);
        for (OptionSpec o : new OptionSpec[] {labelOpt, jsonOpt, outputOpt, topOpt, encodingOpt}) {
            spec.addOption(o);
        }
    }

    /** The command as picocli runs it. */
    CommandSpec spec() {
        return spec;
    }

    @Override
    public Integer call() throws Exception {
        List<Path> logs = logsArg.getValue();
        String label = labelOpt.getValue();
        boolean json = Boolean.TRUE.equals(jsonOpt.getValue()); // unset: null
        Path output = outputOpt.getValue();
        int top = topOpt.<Integer>getValue();
        java.nio.charset.Charset encoding = encodingOpt.getValue();
        if (label != null && logs.size() > 1) {
            throw new UsageException("--label names one run; it cannot be given with " + logs.size() + " logs");
        }
        if (output != null) {
            if (Files.isDirectory(output)) {
                throw new UsageException("-o " + output + ": a directory; expected the name of the JSON file to write");
            }
            Outputs.refuseInput(output, logs, "-o FILE");
            Outputs.refuseSpecial(output, "-o FILE");
            Outputs.refuseNonRecord(output, "-o FILE");
            Outputs.refuseUnwritableFile(output, "-o FILE");
        }
        PrintWriter out = spec.commandLine().getOut();
        List<RestoreRun> runs = new ArrayList<>();
        int bad = 0;
        for (Path log : logs) {
            List<RestoreRun> read;
            try {
                read = LogReader.readAll(log, label, encoding);
            } catch (dev.gbakprof.log.LogFormatException ex) {
                if (logs.size() == 1) {
                    throw ex;
                }
                bad++; // said in one line; the other logs are still parsed
                spec.commandLine().getErr().println("gbakprof: " + ex.oneLine());
                spec.commandLine().getErr().flush();
                continue;
            }
            for (RestoreRun run : read) { // one per gbak run appended to the log
                runs.add(run);
                if (!json) {
                    out.print(TextSummary.of(run, top));
                    out.println();
                    out.flush();
                }
            }
        }
        Object record = runs.size() == 1 ? runs.get(0) : runs;
        if (output != null) {
            RunJson.writeAtomically(record, output);
        }
        if (json) {
            if (Main.stdoutBytes != null) {
                out.flush();
                try {
                    RunJson.write(record, Main.stdoutBytes);
                } catch (java.io.IOException ex) {
                    return ExitCode.OK; // the reader went away (| head, | grep -m1): nothing left to say to it
                }
            } else {
                RunJson.write(record, out);
            }
        }
        if (bad > 0) {
            spec.commandLine()
                    .getErr()
                    .println("gbakprof: " + bad + " of " + logs.size() + " files "
                            + (bad == 1 ? "is" : "are") + " not a readable gbak log (said above); the other "
                            + (logs.size() - bad == 1 ? "one was" : (logs.size() - bad) + " were") + " parsed");
            return ExitCode.BAD_INPUT;
        }
        return runs.stream().anyMatch(r -> r.status() == RunStatus.FAILED) ? ExitCode.FAILED : ExitCode.OK;
    }
}
