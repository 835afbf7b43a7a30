package dev.gbakprof.cli;

import dev.gbakprof.advice.Advisor;
import dev.gbakprof.advice.Hint;
import dev.gbakprof.model.ExitCode;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.output.Json;
import dev.gbakprof.report.Lang;
import dev.gbakprof.report.Settled;
import dev.gbakprof.report.Texts;
import dev.gbakprof.stats.Analysis;
import dev.gbakprof.stats.RunGroup;
import java.io.PrintWriter;
import java.util.ArrayList;
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

    /** One configuration's advice. */
    record Configuration(String label, int runs, String typicalRun, List<Hint> hints, String nothingBecause) {}

    /**
     * @param configurations each configuration's hints
     * @param settled        what the comparison of the configurations settled ({@link Settled}): changes to stop
     *                       tuning, or that nothing shows to pay; empty for one configuration
     */
    record AdviceJson(String schema, List<Configuration> configurations, List<Settled> settled) {}

    @Override
    public Integer call() {
        List<RestoreRun> runs = inputs.load();
        double marginFraction = margin.fraction();
        List<Configuration> configs = new ArrayList<>();
        // the one analysis: warm-ups set aside as in every comparison (matrix --warmup, run --warmup)
        Analysis analysis = Analysis.of(runs, null, marginFraction);
        for (RunGroup g : analysis.groups()) {
            RestoreRun typical = Advisor.typical(g.runs());
            List<Hint> hints = Advisor.advise(g.runs());
            String nothing = hints.isEmpty() ? Advisor.nothingBecause(g.runs()) : null;
            configs.add(new Configuration(
                    g.label(), g.runs().size(), typical == null ? null : typical.source(), hints, nothing));
        }
        List<Settled> settled = configs.size() < 2 ? List.of() : settled(analysis, runs, marginFraction);
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.print(Json.text(new AdviceJson("gbakprof.advice/1", configs, settled)));
        } else {
            if (!settled.isEmpty()) {
                out.println("What the comparison settled:");
                for (Settled st : settled) {
                    out.println("  [" + st.advice() + "] " + st.sentence());
                }
                out.println();
            }
            for (Configuration c : configs) {
                out.println("What to try: " + c.label() + " (" + c.runs() + (c.runs() == 1 ? " run" : " runs")
                        + (c.runs() > 1 ? ", the median one: " + c.typicalRun() : "") + ")");
                if (c.hints().isEmpty()) {
                    out.println("  nothing to advise: " + c.nothingBecause());
                }
                int n = 1;
                for (Hint h : c.hints()) {
                    out.println("  " + n++ + ". [" + h.code() + "] " + h.title());
                    out.println("     Seen:     " + h.evidence());
                    if (h.effect() != null) {
                        out.println("     Expected: " + h.effect());
                    }
                    if (h.prove() != null) {
                        out.println("     Prove it: " + h.prove());
                    }
                    out.println("     How sure: " + h.certainty() + " (" + h.basis() + ")");
                }
                out.println();
            }
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
