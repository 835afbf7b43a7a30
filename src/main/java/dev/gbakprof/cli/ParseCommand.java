package dev.gbakprof.cli;

import dev.gbakprof.log.LogFormatException;
import dev.gbakprof.model.Anonymizer;
import dev.gbakprof.model.ExitCode;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.output.TextSummary;
import dev.gbakprof.store.LogReader;
import dev.gbakprof.store.Outputs;
import dev.gbakprof.store.RunJson;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code gbakprof parse LOG...}: turns existing gbak restore logs into run records. */
@Command(
        name = "parse",
        header = "Read gbak restore logs: where the time went, per phase, table load and index build.",
        footer = "  gbakprof parse samples/shop-tdrw.log",
        description = {
            "Print a summary per log, or the run record as JSON.",
            "Any Firebird version, any -st columns, with or without the gbak: prefix, UTF-8/UTF-16, LF/CRLF.",
            "Exits 1 when a log shows a failed restore, 2 when a file is not a readable restore log",
            "(each such file is named in one line, the others are still parsed), else 0: also for a log that",
            "just stops (incomplete: cut, even in the middle of a line, which a warning names, or still being written)."
        })
final class ParseCommand implements Callable<Integer> {
    @Parameters(arity = "1..*", paramLabel = "LOG", description = "gbak restore log file(s).")
    List<Path> logs;

    @Option(
            names = "--label",
            paramLabel = "L",
            description = "Label of the run (default: the file name without extension).")
    String label;

    @Option(
            names = "--json",
            description = "Print the run record as JSON: an object for one log, an array for several logs or for a log"
                    + " holding several gbak runs. The array holds the records of the logs that were read, in the"
                    + " order given; a log that is not readable adds none (it is named on standard error, exit 2):"
                    + " each record's source names its log.")
    boolean json;

    @Option(
            names = {"-o", "--output"},
            paramLabel = "FILE",
            description = "Write the JSON run record(s) to FILE (atomically), in a folder that exists.")
    Path output;

    @Mixin
    TopOption top;

    @Option(names = "--encoding", paramLabel = "NAME", converter = Encodings.class, description = Encodings.DESCRIPTION)
    Charset encoding;

    @Mixin
    AnonymizeOption anonymize;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        top.value(); // refused before any log is read
        LabelOption.refuse(label, "the log's file name without its extension");
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
            Outputs.refuseInRunFolder(output, "-o FILE");
            Outputs.refuseUnwritableFile(output, "-o FILE");
        }
        PrintWriter out = spec.commandLine().getOut();
        List<RestoreRun> runs = new ArrayList<>();
        // anonymized, nothing is printed before every log is read: one name is one token across all of them
        List<String> unreadable = new ArrayList<>();
        boolean stream = !anonymize.on;
        int bad = 0;
        for (Path log : logs) {
            List<RestoreRun> read;
            try {
                read = LogReader.readAll(log, label, encoding);
            } catch (LogFormatException ex) {
                if (logs.size() == 1) {
                    throw ex;
                }
                bad++; // said in one line; the other logs are still parsed
                unreadable.add("gbakprof: " + ex.oneLine());
                if (stream) {
                    sayUnreadable(unreadable);
                }
                continue;
            }
            for (RestoreRun run : read) { // one per gbak run appended to the log
                runs.add(run);
                if (stream) {
                    summary(out, run);
                }
            }
        }
        if (!stream) {
            Anonymizer tokens =
                    Anonymizer.of(runs, logs.stream().map(Path::toString).toList());
            runs = new ArrayList<>(tokens.apply(runs));
            unreadable.replaceAll(tokens::text);
            sayUnreadable(unreadable);
            runs.forEach(r -> summary(out, r));
        }
        // the shape follows the logs given, not how many of them could be read: several logs are an array always
        Object record = logs.size() == 1 && runs.size() == 1 ? runs.get(0) : runs;
        if (output != null) {
            RunJson.writeAtomically(record, output);
        }
        if (json && !Stdout.json(out, record)) {
            return ExitCode.OK; // the reader went away (| head, | grep -m1): nothing left to say to it
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

    private void summary(PrintWriter out, RestoreRun run) {
        if (!json) {
            out.print(TextSummary.of(run, top.value()));
            out.println();
            out.flush();
        }
    }

    /** The lines naming logs that could not be read, said on standard error (and then forgotten). */
    private void sayUnreadable(List<String> lines) {
        lines.forEach(spec.commandLine().getErr()::println);
        spec.commandLine().getErr().flush();
        lines.clear();
    }
}
