package dev.gbakprof.cli;

import dev.gbakprof.model.ExitCode;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.model.WarningCode;
import dev.gbakprof.output.CompareJson;
import dev.gbakprof.output.ConsoleSummary;
import dev.gbakprof.output.ReportSettings;
import dev.gbakprof.output.Texts;
import dev.gbakprof.report.Reports;
import dev.gbakprof.stats.Analysis;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code gbakprof report INPUT...}: charts, the one-page report and the tables of one or more runs. */
@Command(
        name = "report",
        header = "The report a manager reads: report.png, report.html, charts, summary.md, CSV files.",
        footer = "  gbakprof report samples/shop-cpu.json --out /tmp/shop-report",
        description = {
            "Write the charts, the one-page report (report.png), summary.md and CSV files of one or more runs.",
            "Runs with the same label are repeated runs of one configuration (medians, min–max).",
            "Exits 1 when an input shows a failed restore, 2 when an input is not readable."
        })
final class ReportCommand implements Callable<Integer> {

    @Mixin
    InputRuns inputs;

    @Mixin
    ReportOptions options;

    @Option(
            names = "--title",
            paramLabel = "T",
            description = "Title of report.png and summary.md (default: a title in the --lang language).")
    String title;

    @Mixin
    JsonOption json;

    @Mixin
    AnonymizeOption anonymize;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        ReportSettings settings = options.settings(title, null);
        JsonOption.Output output = json.output(spec);
        if (output != JsonOption.Output.JSON) {
            ReportWriter.check(options.out, inputs.paths());
        }
        List<RestoreRun> runs = inputs.load(anonymize.on);
        return print(spec.commandLine().getOut(), runs, settings, options.out, inputs.paths(), output);
    }

    /**
     * Writes the report, prints its summary and the files; exit 1 when a run failed.
     *
     * @param inputs the files the runs were read from (none of them is replaced)
     */
    static int print(PrintWriter out, List<RestoreRun> runs, ReportSettings settings, Path dir, List<Path> inputs)
            throws Exception {
        return print(out, runs, settings, dir, inputs, JsonOption.Output.FILES);
    }

    /**
     * The one analysis of the runs, written as the report's files (unless only JSON is asked for) and printed as
     * the summary, or as its JSON.
     */
    static int print(
            PrintWriter out,
            List<RestoreRun> runs,
            ReportSettings settings,
            Path dir,
            List<Path> inputs,
            JsonOption.Output output)
            throws Exception {
        return print(out, Reports.analyse(runs, settings), settings, dir, inputs, output);
    }

    /** {@link #print} of an analysis already made (matrix prints its table of runs from the same one). */
    static int print(
            PrintWriter out,
            Analysis analysis,
            ReportSettings settings,
            Path dir,
            List<Path> inputs,
            JsonOption.Output output)
            throws Exception {
        List<RestoreRun> runs = analysis.runs();
        boolean replacing = output != JsonOption.Output.JSON && ReportWriter.earlierReport(dir, inputs);
        List<Path> written =
                output == JsonOption.Output.JSON ? List.of() : ReportWriter.write(analysis, settings, dir, inputs);
        if (output == JsonOption.Output.FILES) {
            out.print(ConsoleSummary.of(analysis, settings));
            out.println();
            // where, also when --out was not given (gbakprof-report in the current folder) or is relative; an
            // anonymized report names the folder only as it was given (the current folder may name the user)
            Path absolute = dir.toAbsolutePath().normalize();
            boolean anonymized = runs.stream().anyMatch(r -> r.hasWarning(WarningCode.ANONYMIZED));
            // in --lang, as the summary above it
            Texts t = settings.texts();
            out.println(t.get(
                    "report.wrote",
                    written.size(),
                    dir + (dir.isAbsolute() || anonymized ? "" : " (" + absolute + ")"),
                    replacing ? t.get("report.replacing") : "",
                    String.join(
                            ", ",
                            written.stream()
                                    .map(p -> p.getFileName().toString())
                                    .toList())));
        } else {
            Stdout.jsonText(out, CompareJson.of(analysis, settings));
        }
        out.flush();
        return runs.stream().anyMatch(r -> r.status() == RunStatus.FAILED) ? ExitCode.FAILED : ExitCode.OK;
    }
}
