package dev.gbakprof.cli;

import picocli.CommandLine.Option;

/** {@code --top N}: how many of the slowest indexes and tables a command shows; one option, one rule, everywhere. */
final class TopOption {

    @Option(
            names = "--top",
            paramLabel = "N",
            defaultValue = "10",
            description = "How many of the slowest indexes and tables to show, 1 or more (default: ${DEFAULT-VALUE}):"
                    + " on the console, the charts and in summary.md; --json and the CSV files list them all.")
    int top;

    /** N, refused unless 1 or more: a list of none says nothing, and a report's charts would be empty. */
    int value() {
        if (top < 1) {
            throw new UsageException("--top " + top + ": expected 1 or more");
        }
        return top;
    }
}
