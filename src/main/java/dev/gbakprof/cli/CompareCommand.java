package dev.gbakprof.cli;

import dev.gbakprof.model.ExitCode;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.output.ReportSettings;
import dev.gbakprof.stats.Groups;
import dev.gbakprof.stats.RunGroup;
import dev.gbakprof.stats.SlowerCheck;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code gbakprof compare INPUT...}: label groups against a baseline, with a verdict on noise. */
@Command(
        name = "compare",
        header = "Is configuration A faster than B? Medians, a confidence interval and a verdict.",
        footer =
                "  gbakprof compare --label-from dir samples/ab/full-cpu/*.log samples/ab/cpu-quota-50/*.log --out /tmp/ab",
        description = {
            "Compare configurations: runs grouped by label, each against the baseline (the first label, "
                    + "or --baseline), with medians and the 95%% confidence interval of their time ratio: runs made in "
                    + "rounds (matrix, or your own alternating runs) compared round by round (paired t-test on the "
                    + "log-ratios, 3 rounds or more), other runs as two groups (Welch's t-test on the log-times, 2 runs "
                    + "or more a side). A verdict is faster or slower (the interval excludes 1), the same within "
                    + "--margin (it lies inside it), or cannot tell (with the runs that would tell). Warm-up runs "
                    + "(--warmup) are set aside. Writes the same files as report.",
            "Exits 1 with --fail-if-slower when a configuration's median total is slower than allowed "
                    + "(or cannot be checked), or when an input shows a failed restore; 2 on bad input."
        })
final class CompareCommand implements Callable<Integer> {

    @Mixin
    InputRuns inputs;

    @Mixin
    ReportOptions options;

    @Mixin
    JsonOption json;

    @Mixin
    AnonymizeOption anonymize;

    @Option(
            names = "--baseline",
            paramLabel = "LABEL",
            description = "Label every other is compared with (default: the first).")
    String baseline;

    @Option(
            names = "--title",
            paramLabel = "T",
            description = "Title of report.png and summary.md (default: a title in the --lang language).")
    String title;

    @Option(
            names = "--fail-if-slower",
            paramLabel = "PCT",
            description =
                    "Exit 1 when a configuration's median total time is more than PCT %% slower than the baseline's.")
    Double failIfSlower;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (failIfSlower != null && (failIfSlower < 0 || failIfSlower.isNaN())) {
            throw new UsageException("--fail-if-slower takes a percentage of 0 or more, not " + failIfSlower);
        }
        JsonOption.Output output = json.output(spec);
        if (output != JsonOption.Output.JSON) {
            ReportWriter.check(options.out, inputs.paths());
        }
        List<RestoreRun> runs = inputs.load(anonymize.on);
        List<RunGroup> groups = Groups.byLabel(runs);
        if (groups.size() < 2) {
            throw new UsageException("compare needs at least two labels; "
                    + (runs.size() == 1 ? "the 1 run is" : "all " + runs.size() + " runs are") + " labelled '"
                    + groups.get(0).label() + "'. Label inputs with LABEL=PATH or --label-from dir "
                    + "(or use 'gbakprof report' for one configuration).");
        }
        int base;
        try {
            base = Groups.baselineIndex(groups, inputs.label(baseline));
        } catch (IllegalArgumentException ex) {
            throw new UsageException("--baseline: " + ex.getMessage());
        }
        ReportSettings settings = options.settings(title, groups.get(base).label());
        PrintWriter out = spec.commandLine().getOut();
        int code = ReportCommand.print(out, runs, settings, options.out, inputs.paths(), output);
        if (failIfSlower == null) {
            return code;
        }
        boolean failed = false;
        for (int g = 0; g < groups.size(); g++) {
            if (g == base) {
                continue;
            }
            SlowerCheck check = SlowerCheck.of(groups.get(base), groups.get(g), failIfSlower);
            // the JSON stays the only thing on standard output
            (output == JsonOption.Output.FILES ? out : spec.commandLine().getErr()).println(check.message());
            failed |= !check.passed();
        }
        out.flush();
        spec.commandLine().getErr().flush();
        return failed ? ExitCode.FAILED : code;
    }
}
