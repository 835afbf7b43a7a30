package dev.gbakprof.cli;

import dev.gbakprof.model.ExitCode;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.output.AdviseJson;
import dev.gbakprof.output.AdviseText;
import dev.gbakprof.output.Json;
import dev.gbakprof.output.Lang;
import dev.gbakprof.output.Settled;
import dev.gbakprof.output.Texts;
import dev.gbakprof.stats.Analysis;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code gbakprof advise INPUT...}: why the restore is slow and what to try, per configuration. */
@Command(
        name = "advise",
        header = "What would make the restore faster: hints, each with the command that proves it.",
        footer = "  gbakprof advise samples/shop-tdrw.log",
        description = {
            "Why a restore is slow and what to try: rules over the runs' phases, the restore process's CPU"
                    + " and I/O per phase (recorded by gbakprof run), the environment and gbak's warnings. Each hint says"
                    + " what it saw, the expected effect with its source, and the gbakprof command that proves it here.",
            "Inputs as for report: logs, run records or run folders; LABEL=PATH groups them into configurations."
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            ExitCode.OK + ":advice printed (also when there is nothing to advise)",
            ExitCode.BAD_INPUT + ":bad usage or unreadable input"
        })
final class AdviseCommand implements Callable<Integer> {

    @Mixin
    InputRuns inputs;

    @Option(names = "--json", description = "Print the advice as JSON (\"schema\": \"gbakprof.advice/1\").")
    boolean json;

    @Option(
            names = "--baseline",
            paramLabel = "LABEL",
            description = "With several configurations: the one the others are compared with, as compare takes it"
                    + " (default: the first).")
    String baseline;

    @Mixin
    MarginOption margin;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        List<RestoreRun> runs = inputs.load();
        double marginFraction = margin.fraction();
        // the one analysis: warm-ups set aside as in every comparison (matrix --warmup, run --warmup)
        Analysis analysis = Analysis.of(runs, null, marginFraction);
        List<Settled> settled = analysis.groups().size() < 2 ? List.of() : settled(analysis, runs, marginFraction);
        AdviseJson advice = AdviseJson.of(analysis, settled);
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            Stdout.jsonText(out, Json.text(advice));
        } else {
            out.print(AdviseText.of(advice));
        }
        out.flush();
        return ExitCode.OK;
    }

    /**
     * What the comparison of the configurations settled, as compare makes it: against the first ({@code analysis}) or
     * {@code --baseline} (English, as advise prints).
     */
    private List<Settled> settled(Analysis analysis, List<RestoreRun> runs, double marginFraction) {
        if (baseline == null) {
            return Settled.of(analysis, Texts.of(Lang.EN)); // against the first configuration, as analysed
        }
        if (runs.stream().noneMatch(r -> r.label().equals(baseline))) {
            throw new UsageException("--baseline " + baseline + ": no configuration is labelled so");
        }
        return Settled.of(Analysis.of(runs, baseline, marginFraction), Texts.of(Lang.EN));
    }
}
