package dev.gbakprof.cli;

import picocli.CommandLine.Option;

/** {@code --margin PCT}: the equivalence margin of every verdict, shared by the commands that compare. */
final class MarginOption {

    @Option(
            names = "--margin",
            paramLabel = "PCT",
            defaultValue = "5",
            description = "Equivalence margin in percent: two configurations are called the same only when the whole"
                    + " 95%% confidence interval of their time ratio lies within ±PCT; an interval that holds 1 and"
                    + " reaches past it is \"cannot tell\". Default: ${DEFAULT-VALUE}.")
    double percent;

    /** The margin as a fraction (0.05), refused outside (0, 100) %. */
    double fraction() {
        if (!(percent > 0 && percent < 100)) {
            throw new UsageException("--margin " + percent + ": expected a percentage above 0 and below 100 (e.g. 5)");
        }
        return percent / 100;
    }
}
